import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { expect, signUpByPhone, test } from './helpers.ts';

// What a shopper does around buying (docs/ARCHITECTURE.md, "Buying"): 바로 구매 with a size and a
// quantity bounded by its stock, the image viewer (swipe, 1/4 indicator, double tap and pinch zoom,
// arrow keys, Escape), 재입고 알림 from asking to the notification after an MD's restock, a
// sold-out product without promises, 코디 한번에 담기 on the codi and style pages, and the cart's
// option change. Stock is set through the admin API (x-admin-key) on products no other journey
// uses, and put back afterwards.

const admin = { 'x-admin-key': E2E_ADMIN_KEY };
type Item = { id: number; size_name: string; stock: number };
type Detail = { id: number; name: string; images: string[]; items: Item[]; color_name: string };

async function detail(request: APIRequestContext, id: number): Promise<Detail> {
  return (await request.get(`/api/products/detail/${id}`)).json();
}

async function setStock(request: APIRequestContext, itemId: number, stock: number) {
  const r = await request.patch(`/api/admin/products/items/${itemId}`, { headers: admin, data: { stock } });
  expect(r.status()).toBe(200);
}

/** Dispatches a pointer event of one finger on the viewer's stage. */
async function finger(stage: Locator, type: string, pointerId: number, x: number, y: number) {
  await stage.dispatchEvent(type, {
    pointerId,
    pointerType: 'touch',
    isPrimary: pointerId === 1,
    clientX: x,
    clientY: y,
    bubbles: true,
  });
}

async function checkout(page: Page, phone: string) {
  const form = page.getByRole('form', { name: '주문서' });
  await form.getByLabel('받는 분').fill('김바로');
  await form.getByLabel('연락처').fill(phone);
  await form.getByLabel('우편번호').fill('06236');
  await form.getByLabel('주소', { exact: true }).fill('서울 강남구 테헤란로 123');
  await form.getByLabel('상세 주소').fill('4층');
  await form.getByLabel(/구매조건/).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?/);
  await page.getByRole('button', { name: '결제하기' }).click();
  await expect(page).toHaveURL(/\/payment\/complete\/\d+$/, { timeout: 15_000 });
}

test('바로 구매: a size and a quantity bounded by its stock straight to checkout, the cart untouched', async ({
  page,
}) => {
  const id = 290;
  const p = await detail(page.request, id);
  const item = p.items.find((i) => i.stock > 0) as Item;
  await setStock(page.request, item.id, 2);
  try {
    // A guest is asked to log in first.
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: '구매하기' }).click();
    let sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await sheet.getByRole('button', { name: item.size_name, exact: true }).click();
    await sheet.getByRole('button', { name: '바로 구매' }).click();
    await expect(page.getByRole('dialog', { name: '로그인이 필요해요' })).toBeVisible();

    await signUpByPhone(page, '김바로', '01055551300');
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: '구매하기' }).click();
    sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    const buy = sheet.getByRole('button', { name: '바로 구매' });
    await expect(buy).toBeDisabled();
    await sheet.getByRole('button', { name: item.size_name, exact: true }).click();
    const quantity = sheet.getByTestId('buy-quantity');
    await expect(quantity).toHaveText('1');
    const plus = sheet.getByRole('button', { name: '수량 늘리기' });
    await plus.click();
    await expect(quantity).toHaveText('2');
    // Two left: no third.
    await expect(plus).toBeDisabled();
    await expect(sheet.getByText('2개 남았어요')).toBeVisible();
    await buy.click();

    await expect(page).toHaveURL(new RegExp(`/payment\\?product_item_ids=${item.id}&quantities=2$`));
    await expect(page.getByRole('heading', { name: '주문 상품 1개' })).toBeVisible();
    await expect(page.getByText(`${p.color_name} / ${item.size_name} · 2개`)).toBeVisible();
    await checkout(page, '01055551300');
    // Not through the cart: it is still empty.
    await page.goto('/cart');
    await expect(page.getByText('장바구니가 비어 있어요')).toBeVisible();
    // Both units sold: the size is sold out now (the detail's short cache may answer a moment).
    await expect
      .poll(async () => (await detail(page.request, id)).items.find((i) => i.id === item.id)?.stock, {
        timeout: 15_000,
      })
      .toBe(0);
  } finally {
    await setStock(page.request, item.id, item.stock);
  }
});

test('the image viewer: swipe with a page indicator, double tap and pinch zoom, arrows and Escape', async ({
  page,
}) => {
  const id = 253;
  const p = await detail(page.request, id);
  const n = p.images.length;
  expect(n).toBeGreaterThanOrEqual(3);
  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: '이미지 1 크게 보기' }).click();
  const viewer = page.getByRole('dialog', { name: '이미지 확대' });
  await expect(viewer).toBeVisible();
  const pageNo = viewer.getByTestId('viewer-page');
  await expect(pageNo).toHaveText(`1/${n}`);
  await expect(viewer.getByRole('img', { name: `${p.name} 이미지 1`, exact: false })).toBeVisible();

  // Swipe left: the next image; a short drag stays.
  const stage = viewer.getByTestId('viewer-stage');
  const box = (await stage.boundingBox()) as { x: number; y: number; width: number; height: number };
  const cy = box.y + box.height / 2;
  await finger(stage, 'pointerdown', 1, box.x + 300, cy);
  await finger(stage, 'pointermove', 1, box.x + 200, cy);
  await finger(stage, 'pointermove', 1, box.x + 120, cy);
  await finger(stage, 'pointerup', 1, box.x + 120, cy);
  await expect(pageNo).toHaveText(`2/${n}`);
  await expect(viewer.getByRole('img', { name: /이미지 2$/ })).toBeVisible();
  await finger(stage, 'pointerdown', 1, box.x + 200, cy);
  await finger(stage, 'pointerup', 1, box.x + 190, cy);
  await expect(pageNo).toHaveText(`2/${n}`);
  // Swipe right: back.
  await finger(stage, 'pointerdown', 1, box.x + 100, cy);
  await finger(stage, 'pointermove', 1, box.x + 300, cy);
  await finger(stage, 'pointerup', 1, box.x + 300, cy);
  await expect(pageNo).toHaveText(`1/${n}`);

  // Double tap zooms in, and out again.
  await expect(stage).toHaveAttribute('data-scale', '1.00');
  for (let i = 0; i < 2; i += 1) {
    await finger(stage, 'pointerdown', 1, box.x + 195, cy);
    await finger(stage, 'pointerup', 1, box.x + 195, cy);
  }
  await expect(stage).toHaveAttribute('data-scale', '2.50');
  for (let i = 0; i < 2; i += 1) {
    await finger(stage, 'pointerdown', 1, box.x + 195, cy);
    await finger(stage, 'pointerup', 1, box.x + 195, cy);
  }
  await expect(stage).toHaveAttribute('data-scale', '1.00');

  // Pinch: two fingers moving apart zoom in (here twice the distance).
  await finger(stage, 'pointerdown', 1, box.x + 150, cy);
  await finger(stage, 'pointerdown', 2, box.x + 250, cy);
  await finger(stage, 'pointermove', 1, box.x + 100, cy);
  await finger(stage, 'pointermove', 2, box.x + 300, cy);
  await finger(stage, 'pointerup', 1, box.x + 100, cy);
  await finger(stage, 'pointerup', 2, box.x + 300, cy);
  await expect(stage).toHaveAttribute('data-scale', '2.00');

  // Keyboard (desktop): arrows turn the page and reset the zoom, Escape closes.
  await page.keyboard.press('ArrowRight');
  await expect(pageNo).toHaveText(`2/${n}`);
  await expect(stage).toHaveAttribute('data-scale', '1.00');
  await page.keyboard.press('ArrowRight');
  await expect(pageNo).toHaveText(`3/${n}`);
  await page.keyboard.press('ArrowLeft');
  await expect(pageNo).toHaveText(`2/${n}`);
  await viewer.getByRole('button', { name: '다음 이미지' }).click();
  await expect(pageNo).toHaveText(`3/${n}`);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});

test('재입고 알림: a member asks for a sold-out size, an MD restocks it, the member is told', async ({
  page,
}) => {
  const id = 280;
  const p = await detail(page.request, id);
  const item = p.items[0] as Item;
  await setStock(page.request, item.id, 0);
  const ask = `${item.size_name} 재입고 알림 신청`;
  try {
    // A guest is asked to log in.
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: '구매하기' }).click();
    let sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await expect(sheet.getByRole('button', { name: `${item.size_name} (품절)` })).toBeDisabled();
    await sheet.getByRole('button', { name: ask }).click();
    await expect(page.getByRole('dialog', { name: '로그인이 필요해요' })).toBeVisible();

    await signUpByPhone(page, '김재입고', '01055551301');
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: '구매하기' }).click();
    sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await sheet.getByRole('button', { name: ask }).click();
    const cancel = sheet.getByRole('button', { name: `${item.size_name} 재입고 알림 취소` });
    await expect(cancel).toHaveAttribute('aria-pressed', 'true');
    await expect(sheet.getByText('알림 신청됨')).toBeVisible();
    // Kept by the server: still asked after a reload; cancelling and asking again works.
    await page.reload();
    await page.getByRole('button', { name: '구매하기' }).click();
    sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await sheet.getByRole('button', { name: `${item.size_name} 재입고 알림 취소` }).click();
    await expect(sheet.getByRole('button', { name: ask })).toHaveAttribute('aria-pressed', 'false');
    await sheet.getByRole('button', { name: ask }).click();
    await expect(sheet.getByText('알림 신청됨')).toBeVisible();

    // The MD puts 5 back (the back office's call).
    await setStock(page.request, item.id, 5);
    await page.goto('/mypage/notifications');
    const note = page.getByTestId('notification').filter({ hasText: '재입고 알림' });
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(`${p.color_name} / ${item.size_name}`);
    // The alert is closed and the size is buyable again.
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: '구매하기' }).click();
    sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await expect(sheet.getByRole('button', { name: item.size_name, exact: true })).toBeEnabled();
    await expect(sheet.getByRole('button', { name: ask })).toHaveCount(0);
  } finally {
    await setStock(page.request, item.id, item.stock);
  }
});

test('a sold-out product promises nothing: no shipping date, coupon or first-purchase price', async ({
  page,
}) => {
  const id = 270;
  const p = await detail(page.request, id);
  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('shipping-promise')).toBeVisible();
  await expect(page.getByTestId('first-price')).toBeVisible();
  try {
    for (const i of p.items) await setStock(page.request, i.id, 0);
    await page.goto(`/product/${id}`);
    await expect(page.getByTestId('sold-out-note')).toBeVisible();
    await expect(page.getByTestId('shipping-promise')).toHaveCount(0);
    await expect(page.getByTestId('first-price')).toHaveCount(0);
    const head = page.locator('main section', { has: page.locator('h1') });
    await expect(head.getByText(/쿠폰가|첫 구매 시|배송비/)).toHaveCount(0);
    await expect(page.locator('[data-slot="product-benefits"]')).toBeEmpty();
    const bar = page.getByTestId('buy-bar');
    await expect(bar.getByRole('button', { name: '품절' })).toBeDisabled();
    // The sheet offers restock alerts only: no quantity, no buying.
    await bar.getByRole('button', { name: '재입고 알림' }).click();
    const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await expect(sheet.getByTestId('restock-row')).toHaveCount(p.items.length);
    await expect(sheet.getByRole('button', { name: '바로 구매' })).toHaveCount(0);
    await expect(sheet.getByText(/원$/)).toHaveCount(0);
  } finally {
    for (const i of p.items) await setStock(page.request, i.id, i.stock);
  }
});

test('코디 한번에 담기: a size per piece, sold-out pieces skipped, all in the cart in one call', async ({
  page,
}) => {
  const codi = await (await page.request.get('/api/curations/codi-detail/7')).json();
  const pieces = codi.products as { product_display_id: number; name: string }[];
  expect(pieces.length).toBeGreaterThanOrEqual(3);
  const gone = pieces[1] as { product_display_id: number; name: string };
  const goneItems = (await detail(page.request, gone.product_display_id)).items;
  try {
    for (const i of goneItems) await setStock(page.request, i.id, 0);
    await page.goto('/codybook/7');
    await page.getByRole('button', { name: '코디 한번에 담기' }).click();
    const sheet = page.getByRole('dialog', { name: '코디 한번에 담기' });
    await expect(sheet.getByTestId('codi-piece')).toHaveCount(pieces.length);
    await expect(sheet.getByTestId('codi-skip-note')).toContainText(gone.name);
    const add = sheet.getByRole('button', { name: `${pieces.length - 1}개 상품 장바구니 담기` });
    // Without sizes: asked for them, nothing sent.
    await add.click();
    await expect(sheet.getByRole('alert')).toContainText('사이즈를 골라주세요');
    for (const set of await sheet.locator('fieldset').all()) {
      await set.locator('button:not([disabled])').first().click();
    }
    const call = page.waitForResponse((r) => r.url().endsWith('/api/carts/codi-to-cart'));
    await add.click();
    expect((await call).status()).toBe(200);
    await expect(page.getByRole('dialog', { name: '장바구니에 담았어요' })).toContainText('품절 1개 제외');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(pieces.length - 1);
    await expect(page.getByText(codi.title)).toBeVisible();

    // The style page offers it under each outfit too.
    // A style with outfits and its first one (read from the API: the seed decides which outfits a
    // style has).
    let styleId = 0;
    let firstOutfit: number | undefined;
    for (let id = 1; id <= 40 && firstOutfit === undefined; id++) {
      const res = await page.request.get(`/api/contents/style-detail/${id}`);
      if (!res.ok()) continue;
      firstOutfit = ((await res.json()).codis.result as { id: number }[])[0]?.id;
      styleId = id;
    }
    expect(firstOutfit).toBeDefined();
    await page.goto(`/style/${styleId}`);
    const outfit = page
      .locator('section')
      .filter({ has: page.locator(`h2 a[href="/codybook/${firstOutfit}"]`) });
    await outfit.getByRole('button', { name: '코디 한번에 담기' }).click();
    const styleSheet = page.getByRole('dialog', { name: '코디 한번에 담기' });
    await expect(styleSheet.locator('fieldset').first()).toBeVisible();
    for (const set of await styleSheet.locator('fieldset').all()) {
      await set.locator('button:not([disabled])').first().click();
    }
    await styleSheet.getByRole('button', { name: /개 상품 장바구니 담기$/ }).click();
    await expect(page.getByRole('dialog', { name: '장바구니에 담았어요' })).toBeVisible();
  } finally {
    for (const i of goneItems) await setStock(page.request, i.id, i.stock);
  }
});

test("the cart's option change: another colour and size, joining a line of that item", async ({ page }) => {
  const [a, b] = [await detail(page.request, 251), await detail(page.request, 252)];
  const from = a.items[0] as Item;
  const to = b.items[1] as Item;
  const addFromPage = async (id: number, size: string) => {
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: '구매하기' }).click();
    const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await sheet.getByRole('button', { name: size, exact: true }).click();
    await sheet.getByRole('button', { name: '장바구니 담기' }).click();
    await expect(page.getByRole('dialog', { name: '장바구니에 담았어요' })).toBeVisible();
  };
  await addFromPage(251, from.size_name);
  await addFromPage(252, to.size_name);
  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const line = lines.filter({ hasText: `${a.color_name} / ${from.size_name}` });
  await line.getByRole('button', { name: /옵션 변경$/ }).click();
  const sheet = page.getByRole('dialog', { name: '옵션 변경' });
  await expect(
    sheet.getByRole('button', { name: new RegExp(`^${from.size_name} \\(현재\\)`) }),
  ).toBeDisabled();
  await sheet.getByRole('button', { name: b.color_name, exact: true }).click();
  await sheet.getByRole('button', { name: new RegExp(`^${to.size_name}`) }).click();
  const patched = page.waitForResponse(
    (r) => /\/api\/carts\/\d+$/.test(r.url()) && r.request().method() === 'PATCH',
  );
  await sheet.getByRole('button', { name: '변경하기' }).click();
  expect((await patched).status()).toBe(200);
  await expect(sheet).toHaveCount(0);
  // One line of that item with both units.
  await expect(lines).toHaveCount(1);
  await expect(lines.getByTestId('line-option')).toHaveText(`${b.color_name} / ${to.size_name}`);
  await expect(lines.getByTestId('line-quantity')).toHaveText('2');
  await page.reload();
  await expect(page.getByTestId('cart-line').getByTestId('line-quantity')).toHaveText('2');
});
