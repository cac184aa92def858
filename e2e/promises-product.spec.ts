import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { buyOneProduct, expect, signUpByPhone, test } from './helpers.ts';

// The product page and its forms keep what they show consistent at 390×844 (docs/ARCHITECTURE.md,
// "Sizing", "Shipping promise", "Shopper text"): the size answer's numbers agree and its sentence backs it,
// the shipping badge names the sentence's day, the address search fits, the like toast leaves an
// open sheet alone, chips stay on one line, and photos are chosen with a Korean picker and previews.

/** A top with a size sheet (the recommendation can size it) and a size in stock. */
async function sizedTop(request: APIRequestContext): Promise<number> {
  const list = await (
    await request.get('/api/products/category-products?category_main=top&sort=popular')
  ).json();
  for (const p of list.result as { id: number; is_sold_out: boolean }[]) {
    if (p.is_sold_out) continue;
    const grading = await (await request.get(`/api/products/size-grading?product_display_id=${p.id}`)).json();
    if (grading.set?.code === 'TOP' && grading.rows.length >= 3) return p.id;
  }
  throw new Error('no top with a size sheet');
}

/** The text of an element lies on one line: every line box of its text has the same top. */
async function lineCount(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set<number>();
    for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) tops.add(Math.round(r.top));
    // Text on one line gives rects whose tops differ by less than a line's height.
    const sorted = [...tops].sort((a, b) => a - b);
    const lh = Number.parseFloat(getComputedStyle(node as Element).lineHeight) || 16;
    let lines = sorted.length > 0 ? 1 : 0;
    for (let i = 1; i < sorted.length; i++) {
      if ((sorted[i] as number) - (sorted[i - 1] as number) >= lh * 0.6) lines += 1;
    }
    return lines;
  });
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function askSize(page: Page, height: string, weight: string) {
  const box = page.getByTestId('size-recommendation');
  await box.getByLabel('키(cm)').fill(height);
  await box.getByLabel('몸무게(kg)').fill(weight);
  await box.getByRole('button', { name: '추천' }).click();
  await expect(page.getByTestId('size-explanation')).toContainText(`키 ${height}·몸무게 ${weight}`);
}

test('size recommendation: the likelihood beside each size agrees, and the sentence backs the answer', async ({
  page,
}) => {
  const id = await sizedTop(page.request);
  await page.goto(`/product/${id}`);
  for (const [h, w] of [
    ['175', '72'],
    ['168', '64'],
    ['182', '85'],
  ] as const) {
    await askSize(page, h, w);
    const size = (await page.getByTestId('recommended-size').innerText()).trim();
    const headline = (await page.getByTestId('size-confidence').innerText()).match(/(\d+)%/)?.[1];
    const row = page.locator(`li[data-size="${size}"]`).getByTestId('size-fits');
    const fits = (await row.innerText()).match(/(\d+)%/)?.[1];
    expect(headline, `잘 맞을 확률 for ${size}`).toBeDefined();
    expect(headline).toBe(fits);
    // The API's confidence is the same number as the size's row.
    const api = await (
      await page.request.get(`/api/products/recommended-size/${id}?height=${h}&weight=${w}&fit=regular`)
    ).json();
    const chosen = (api.sizes as { size_name: string; fits: number }[]).find(
      (s) => s.size_name === api.recommended_size,
    );
    expect(api.confidence).toBe(chosen?.fits);
    // When the sentence quotes similar bodies, they wore the recommended size and most said it fits.
    const line = await page.getByTestId('size-explanation').innerText();
    const quoted = /비슷한 체형으로 (.+?)[을를] 입은 (\d+)명 중 (\d+)명이 잘 맞는다고/.exec(line);
    if (quoted) {
      expect(quoted[1]).toBe(size);
      expect(Number(quoted[3]) * 2).toBeGreaterThan(Number(quoted[2]));
    }
    expect(line).not.toMatch(/비슷한 체형 \d+명 중/);
  }
});

test('shipping: the badge and the sentence beside it name the same dispatch day', async ({ page }) => {
  // A product of a today_shipping brand (or a forced id): its badge depends on the clock.
  let id: number | null = null;
  let info: { label: string; message: string; is_before_cutoff: boolean } | null = null;
  for (let i = 1; i <= 80 && id === null; i++) {
    const r = await page.request.get(`/api/products/shipping-info?product_display_id=${i}`);
    if (r.status() !== 200) continue;
    const body = await r.json();
    if (body.shipping_type === 'today') {
      id = i;
      info = body;
    }
  }
  expect(id, 'a today-shipping product').not.toBeNull();
  if (id === null || info === null) return;
  await page.goto(`/product/${id}`);
  const promise = page.getByTestId('shipping-promise');
  await expect(promise).toBeVisible();
  const badge = (await promise.locator('span').first().innerText()).trim();
  const text = await promise.innerText();
  expect(badge).toBe(info.label);
  if (badge === '오늘출발') {
    expect(text).toContain('오늘 출발');
  } else {
    // After 12:00 KST or on the weekend: never 오늘출발 beside "내일(월) 출발".
    expect(text).not.toContain('오늘 출발');
    expect(badge).toMatch(/^(내일출발|[월화수목금]요일 출발)$/);
    if (badge === '내일출발') expect(text).toMatch(/내일\([월화수목금]\) 출발/);
    else expect(text).toContain(`(${badge[0]}) 출발`);
  }
});

test('address search: the search button is whole inside the viewport at 390 px', async ({ page }) => {
  await signUpByPhone(page, '주소검', '01055553128');
  await page.goto('/mypage/addresses');
  await page.getByRole('button', { name: '새 배송지 추가' }).click();
  const add = page.getByRole('form', { name: '새 배송지' });
  await add.getByRole('button', { name: '주소 검색' }).click();
  const search = add.getByRole('region', { name: '주소 검색' });
  const button = search.getByRole('button', { name: '검색', exact: true });
  await button.scrollIntoViewIfNeeded();
  const b = await button.boundingBox();
  const panel = await search.boundingBox();
  const field = await search.getByLabel('도로명, 건물명 또는 동').boundingBox();
  expect(b && panel && field).toBeTruthy();
  if (!b || !panel || !field) return;
  const vw = page.viewportSize()?.width ?? 390;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(vw);
  // Inside its panel, beside the field, wide enough to read and tap.
  expect(b.x + b.width).toBeLessThanOrEqual(panel.x + panel.width);
  expect(b.x).toBeGreaterThanOrEqual(field.x + field.width);
  expect(b.width).toBeGreaterThanOrEqual(44);
  expect(await lineCount(button)).toBe(1);
  // It still searches.
  await search.getByLabel('도로명, 건물명 또는 동').fill('판교역로');
  await button.click();
  await expect(search.getByRole('list', { name: '주소 검색 결과' }).getByRole('button')).toHaveCount(2);
});

test('the like toast does not cover an open size sheet', async ({ page }) => {
  const id = await sizedTop(page.request);
  await page.goto(`/product/${id}`);
  const bar = page.getByTestId('buy-bar');
  const like = bar.getByRole('button', { name: /^좋아요/ });
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  // Both boxes at one instant (the toast lives 2.5 s), or null while there is no toast.
  const boxes = () =>
    page.evaluate(() => {
      const toast = [...document.querySelectorAll('output')].find((o) => /좋아요/.test(o.textContent ?? ''));
      const dialog = document.querySelector('[role="dialog"][aria-label="사이즈 선택"]');
      if (!toast || !dialog) return null;
      const r = (e: Element) => {
        const b = e.getBoundingClientRect();
        return { x: b.x, y: b.y, width: b.width, height: b.height };
      };
      return { toast: r(toast), sheet: r(dialog) };
    });
  // Liked, then the size sheet opened while the toast still shows.
  await like.click();
  await expect(page.locator('output', { hasText: /좋아요/ })).toBeVisible();
  await bar.getByRole('button', { name: '구매하기' }).click();
  await expect(sheet).toBeVisible();
  let seen = await boxes();
  if (!seen) {
    // A slow machine outlived the toast: like (unlike) again with the sheet open, as a tap would.
    await like.dispatchEvent('click');
    await expect
      .poll(async () => {
        seen = await boxes();
        return seen !== null;
      })
      .toBe(true);
  }
  expect(seen).not.toBeNull();
  if (!seen) return;
  const { toast, sheet: s } = seen;
  expect(overlaps(toast, s), `toast ${JSON.stringify(toast)} over sheet ${JSON.stringify(s)}`).toBe(false);
  // And the toast is whole on screen.
  expect(toast.y).toBeGreaterThanOrEqual(0);
  expect(toast.y + toast.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 844);
});

test('chips stay on one line: sizes, the size sheet, the size answer, the filter sheet', async ({ page }) => {
  test.setTimeout(90_000);
  const id = await sizedTop(page.request);
  await page.goto(`/product/${id}`);
  await askSize(page, '175', '72');
  const sizes = page.locator('section[aria-labelledby="sizes"] > ul > li > span');
  expect(await sizes.count()).toBeGreaterThan(0);
  for (const chip of await sizes.all()) expect(await lineCount(chip), await chip.innerText()).toBe(1);
  for (const row of await page.locator('li[data-size]').all()) {
    for (const cell of await row.locator(':scope > span').all())
      expect(await lineCount(cell)).toBeLessThanOrEqual(1);
  }
  // The measurement labels of the size sheet.
  for (const th of await page.locator('table thead th').all()) expect(await lineCount(th)).toBe(1);
  await page.getByTestId('buy-bar').getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  const options = sheet.locator('fieldset button');
  expect(await options.count()).toBeGreaterThan(0);
  for (const o of await options.all()) {
    expect(await lineCount(o), await o.innerText()).toBe(1);
    const box = await o.boundingBox();
    const sheetBox = await sheet.boundingBox();
    if (box && sheetBox) expect(box.x + box.width).toBeLessThanOrEqual(sheetBox.x + sheetBox.width + 0.5);
  }
  await page.keyboard.press('Escape');

  // The search filter sheet's option chips.
  await page.goto('/search?query=%EC%85%94%EC%B8%A0');
  await page.getByRole('button', { name: /^필터/ }).click();
  const filter = page.getByRole('dialog', { name: '필터' });
  await expect(filter).toBeVisible();
  const chips = filter.locator('label');
  expect(await chips.count()).toBeGreaterThan(0);
  for (const c of (await chips.all()).slice(0, 40)) {
    if (!(await c.isVisible())) continue;
    expect(await lineCount(c), await c.innerText()).toBe(1);
  }
});

test('photos: a Korean picker with previews, a remove button and the count limit on the inquiry and review forms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const png = (colour: string) =>
    sharp({ create: { width: 60, height: 60, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const [a, b, c, d] = await Promise.all(['#aa3344', '#33aa44', '#3344aa', '#999933'].map(png));
  let phone = '01055553129';
  phone = await signUpByPhone(page, '사진추', phone);

  // The inquiry form: 사진 추가, thumbnails, one taken out, the limit shown.
  await page.goto('/mypage/inquiries/new');
  const form = page.getByRole('form', { name: '1:1 문의' });
  // No bare "Choose Files": the native input is visually hidden behind the Korean button.
  expect((await form.locator('input[type="file"]').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  const add = form.getByText('사진 추가');
  await expect(add).toBeVisible();
  await expect(form.getByTestId('photo-count')).toHaveText(/^0\/\d+$/);
  const limit = Number((await form.getByTestId('photo-count').innerText()).split('/')[1]);
  await form.getByLabel('사진 추가').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: a as Buffer },
    { name: 'b.png', mimeType: 'image/png', buffer: b as Buffer },
  ]);
  const thumbs = form.getByRole('list', { name: '고른 사진' }).getByRole('img');
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.first()).toHaveJSProperty('complete', true);
  expect(await thumbs.first().evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(60);
  await expect(form.getByTestId('photo-count')).toHaveText(`2/${limit}`);
  await form.getByRole('button', { name: '사진 1 빼기' }).click();
  await expect(thumbs).toHaveCount(1);
  await expect(form.getByTestId('photo-count')).toHaveText(`1/${limit}`);
  // Adding more, up to the limit: then the button goes and the limit is said.
  const more = [c, d, a, b, c, d].slice(0, limit - 1).map((buffer, i) => ({
    name: `m${i}.png`,
    mimeType: 'image/png',
    buffer: buffer as Buffer,
  }));
  await form.getByLabel('사진 추가').setInputFiles(more);
  await expect(thumbs).toHaveCount(limit);
  await expect(form.getByText('사진 추가')).toHaveCount(0);
  await expect(form).toContainText(`사진은 최대 ${limit}장까지 올릴 수 있어요.`);
  // It still sends: the inquiry keeps the photos.
  await form.getByLabel('제목').fill('사진 문의드려요');
  await form.getByLabel('내용').fill('사진을 여러 장 골랐다가 한 장 뺐어요. 잘 올라가나요?');
  await form.getByRole('button', { name: '문의 남기기' }).click();
  await expect(page).toHaveURL(/\/mypage\/inquiries\/\d+$/);
  await expect(page.locator(`main img[alt="사진 ${limit}"]`)).toBeVisible();

  // The review form: the same picker.
  const id = await sizedTop(page.request);
  await buyOneProduct(page, id, '사진추', phone);
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page).toHaveURL(/\/mypage\/orders\/\d+$/);
  const orderId = page.url().split('/').pop();
  const token = (await page.context().cookies()).find((k) => k.name === 'accessToken')?.value;
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
  await page.getByTestId('write-review').click();
  await expect(page).toHaveURL(new RegExp(`/mypage/reviews/write/${itemId}$`));
  const review = page.getByRole('form', { name: '후기' });
  await expect(review.getByText('사진 추가')).toBeVisible();
  expect((await review.locator('input[type="file"]').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  await review
    .getByLabel('사진 추가')
    .setInputFiles([{ name: 'fit.png', mimeType: 'image/png', buffer: a as Buffer }]);
  const reviewThumbs = review.getByRole('list', { name: '고른 사진' }).getByRole('img');
  await expect(reviewThumbs).toHaveCount(1);
  await expect(review.getByTestId('photo-count')).toHaveText(/^1\/\d+$/);
  await review.getByRole('button', { name: '사진 1 빼기' }).click();
  await expect(reviewThumbs).toHaveCount(0);
  await expect(review.getByTestId('photo-count')).toHaveText(/^0\/\d+$/);
});
