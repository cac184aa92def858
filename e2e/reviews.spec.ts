import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { buyOneProduct, expect, signUpByPhone, test } from './helpers.ts';

// Reviews and sizing (docs/ARCHITECTURE.md, "Reviews" and "Sizing") at 390×844: a guest asks for a
// size with height and weight; a member buys, the order is shipped by the operator and received,
// and the member writes a review with a photo and a size review and sees it on the product page.

/** A top with a size sheet (the recommendation can size it) and a size in stock. */
async function sizedTop(request: APIRequestContext): Promise<number> {
  const list = await (
    await request.get('/api/products/category-products?category_main=top&sort=popular')
  ).json();
  for (const p of list.result as { id: number; is_sold_out: boolean }[]) {
    if (p.is_sold_out) continue;
    const grading = await (await request.get(`/api/products/size-grading?product_display_id=${p.id}`)).json();
    if (grading.set?.code !== 'TOP' || grading.rows.length < 3) continue;
    // The size level needs five size feels (sizeLevelText): the most popular top changes as the
    // journeys before this one buy and the rankings are refreshed, so the premise is checked.
    const summary = await (await request.get(`/api/reviews/review-count?product_display_id=${p.id}`)).json();
    const feels = summary.size_feel as { SMALL: number; FIT: number; LARGE: number };
    if (feels.SMALL + feels.FIT + feels.LARGE >= 5) return p.id;
  }
  throw new Error('no top with a size sheet and five size feels');
}

async function askSize(page: Page, height: string, weight: string) {
  const box = page.getByTestId('size-recommendation');
  await box.getByLabel('키(cm)').fill(height);
  await box.getByLabel('몸무게(kg)').fill(weight);
  // Answered in place once the page is interactive, or by the page itself when the form is sent
  // before (a plain GET with the body in the query).
  await box.getByRole('button', { name: '추천' }).click();
  await expect(page.getByTestId('size-explanation')).toContainText(`키 ${height}·몸무게 ${weight}`);
}

test('guest: height and weight give a recommended size with its explanation @smoke', async ({ page }) => {
  const id = await sizedTop(page.request);
  await page.goto(`/product/${id}`);
  await askSize(page, '175', '72');
  await expect(page.getByTestId('recommended-size')).toHaveText(/^(XS|S|M|L|XL|XXL|3XL|\d+)$/);
  await expect(page.getByTestId('size-explanation')).toContainText('키 175·몸무게 72 고객님 기준 가슴');
  // The size sheet shows the estimated body next to the garment; the size-level popup the level.
  await expect(page.getByTestId('body-row')).toContainText('내 체형');
  await page.getByRole('button', { name: '사이즈 레벨 안내' }).click();
  await expect(page.getByTestId('size-level')).toContainText('편이에요');
  await page.keyboard.press('Escape');
  // The body is remembered: the next visit is answered by the page itself.
  await askSize(page, '176', '73');
  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('size-explanation')).toContainText('키 176·몸무게 73');
  // The size selector marks the recommended size.
  const size = (await page.getByTestId('recommended-size').innerText()).trim();
  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  await expect(sheet.getByRole('button', { name: new RegExp(`^${size}.*추천`) })).toBeVisible();
});

test('guest: shoes are sized from the usual shoe size and the reviews, not the body', async ({
  page,
  browser,
}) => {
  const list = await (
    await page.request.get('/api/products/category-products?category_main=shoes&sort=popular')
  ).json();
  const shoe = (list.result as { id: number; is_sold_out: boolean }[]).find((p) => !p.is_sold_out);
  expect(shoe, 'a shoe in stock').toBeDefined();
  const id = (shoe as { id: number }).id;
  const api = await (await page.request.get(`/api/products/recommended-size/${id}?shoe_size=270`)).json();
  await page.goto(`/product/${id}`);
  const box = page.getByTestId('size-recommendation');
  await expect(box.getByLabel('키(cm)')).toHaveCount(0);
  await box.getByLabel('평소 신발 사이즈(mm)').fill('270');
  await box.getByRole('button', { name: '추천' }).click();
  // The product page's answer is the API's: 270, or half a size off it with the reviews' reason.
  await expect(page.getByTestId('recommended-size')).toHaveText(api.recommended_size);
  await expect(page.getByTestId('size-explanation')).toHaveText(api.explanation);
  await expect(page.getByTestId('size-explanation')).toContainText('270');
  // Remembered: the next visit is answered by the page itself.
  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('recommended-size')).toHaveText(api.recommended_size);
  await expect(page.getByTestId('size-explanation')).toHaveText(api.explanation);
  // Without scripts the form is a plain GET the page's loader answers.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const bare = await plain.newPage();
  await bare.goto(`/product/${id}`, { waitUntil: 'domcontentloaded' });
  await bare.getByLabel('평소 신발 사이즈(mm)').fill('270');
  // Sent with Enter (the buy bar, fixed at the bottom, covers the button once scrolled to it).
  await bare.getByLabel('평소 신발 사이즈(mm)').press('Enter', { noWaitAfter: true });
  await bare.waitForURL(/shoe_size=270/, { waitUntil: 'domcontentloaded' });
  await expect(bare.getByTestId('recommended-size')).toHaveText(api.recommended_size);
  await plain.close();
});

test('member: buys, receives, writes a review with a photo and a size review, sees it on the product page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = await sizedTop(page.request);
  await signUpByPhone(page, '김후기', '01055550093');

  // Buy one item.
  await buyOneProduct(page, id, '김후기', '01055550093');
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page).toHaveURL(/\/mypage\/orders\/\d+$/);

  // The operator prepares and ships it (operator call); the member confirms arrival.
  const orderId = page.url().split('/').pop();
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const detail = await (
    await page.request.get(`/api/orders/${orderId}/detail`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const itemId = detail.items[0].id as number;
  for (const status of ['PREPARING', 'SHIPPING']) {
    const r = await page.request.post(`/api/orders/order-items/${itemId}/status`, {
      headers: { 'x-admin-key': E2E_ADMIN_KEY },
      data: { status },
    });
    expect(r.status()).toBe(200);
  }
  await page.reload();
  await page.getByRole('button', { name: '수령 확인' }).click();
  await expect(page.getByTestId('item-status')).toHaveText('배송완료');

  // The review: rating, size feel and areas, text, a photo.
  await page.getByTestId('write-review').click();
  await expect(page).toHaveURL(new RegExp(`/mypage/reviews/write/${itemId}$`));
  const review = page.getByRole('form', { name: '후기' });
  await review.getByRole('button', { name: '별점 5점' }).click();
  const overall = review.getByRole('group', { name: '사이즈는 어땠나요? (전체)' });
  await overall.getByRole('button', { name: '잘 맞아요' }).click();
  for (const area of ['가슴', '기장', '어깨', '소매']) {
    await review
      .getByRole('group', { name: area, exact: true })
      .getByRole('button', { name: '잘 맞아요' })
      .click();
  }
  // Height and weight (no 내 사이즈 yet, so empty): the review then counts for bodies like this one.
  await expect(review.getByLabel('키 (cm)')).toHaveValue('');
  await review.getByLabel('키 (cm)').fill('250');
  await expect(review.getByRole('alert')).toContainText('키는 140~210cm');
  await review.getByLabel('키 (cm)').fill('176');
  await review.getByLabel('몸무게 (kg)').fill('74');
  const text = '어깨와 가슴이 딱 맞고 기장도 적당해요. 출근할 때 자주 입을 것 같아요.';
  await review.getByLabel('후기 내용').fill(text);
  const photo = await sharp({ create: { width: 80, height: 100, channels: 3, background: '#334455' } })
    .jpeg()
    .toBuffer();
  await review.getByLabel(/사진/).setInputFiles({ name: 'fit.jpg', mimeType: 'image/jpeg', buffer: photo });
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/reviews/review-photo'));
  await review.getByRole('button', { name: '후기 등록' }).click();
  expect((await uploaded).status()).toBe(200);

  // The product page shows it first, with the photo.
  await expect(page).toHaveURL(new RegExp(`/product/${id}\\?review=\\d+`), { timeout: 15_000 });
  const mine = page.getByTestId('review').first();
  await expect(mine).toContainText(text);
  await expect(mine).toContainText('김**');
  await expect(mine).toContainText('176cm');
  await expect(mine.getByRole('img', { name: '후기 사진' })).toBeVisible();

  // And the credit is in the point history: photo review plus the complete size review.
  await page.goto('/mypage/points');
  await expect(page.getByText('후기 작성 적립').first()).toBeVisible();
  await expect(page.getByTestId('point-balance')).toHaveText('1,200원');
});
