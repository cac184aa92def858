import { E2E_ADMIN_KEY } from '../playwright.config';
import { expect, signUpByPhone, test } from './helpers.ts';

// Back from the payment window (docs/ARCHITECTURE.md, 'Reserved until paid'), at 390×844: a member
// with a coupon checks out the last unit of a size, reaches the sandbox payment window and presses
// Back. The checkout page shows the coupon still applicable and the item orderable, the cart shows
// no 품절, and the coupon box still lists the coupon as usable (never 사용 완료).

test('member: coupon and last unit → payment window → Back → coupon available, item not sold out', async ({
  page,
}) => {
  let phone = '01055550841';
  phone = await signUpByPhone(page, '김뒤로', phone);
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const auth = { authorization: `Bearer ${token}` };

  // A coupon downloaded on the product page.
  await page.goto('/product/2');
  const block = page.getByTestId('coupon-download');
  await expect(block).toBeVisible();
  const offer = block
    .getByTestId('coupon-offer')
    .filter({ has: page.getByRole('button', { name: '받기' }) })
    .first();
  const name = (await offer.locator('p').nth(1).innerText()).trim();
  await offer.getByRole('button', { name: '받기' }).click();
  await expect(block.locator('output')).toContainText('쿠폰을 받았어요');

  // The last unit of a size (the last size in stock, left to the other journeys' first sizes).
  const detail = await (await page.request.get('/api/products/detail/2')).json();
  const sizes = (detail.items as { id: number; stock: number }[]).filter((i) => i.stock > 0);
  const item = sizes[sizes.length - 1] as { id: number };
  const set = await page.request.patch(`/api/admin/products/items/${item.id}`, {
    headers: { 'x-admin-key': E2E_ADMIN_KEY },
    data: { stock: 1 },
  });
  expect(set.status()).toBe(200);
  const added = await page.request.post('/api/carts', {
    headers: auth,
    data: { product_item_id: item.id, quantity: 1 },
  });
  expect(added.status()).toBe(200);

  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('1개 남음');
  await page.getByRole('link', { name: /주문하기/ }).click();
  await expect(page).toHaveURL(/\/payment\?cart_ids=\d+/);
  const checkoutUrl = page.url();
  const form = page.getByRole('form', { name: '주문서' });
  await expect(form).toBeVisible();
  await expect(page.getByTestId('coupon-discount')).toHaveText(/할인 -[1-9][\d,]*원/);
  await form.getByLabel('받는 분').fill('김뒤로');
  await form.getByLabel('연락처').fill(phone);
  await form.getByLabel('우편번호').fill('06236');
  await form.getByLabel('주소', { exact: true }).fill('서울 강남구 테헤란로 123');
  await form.getByLabel('상세 주소').fill('4층');
  await form.getByLabel(/구매조건/).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?/);
  await expect(page.getByRole('button', { name: '결제하기' })).toBeVisible();

  // Back, without the window's cancel button.
  await page.goBack();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(form).toBeVisible();
  await expect(form.getByText(/품절/)).toHaveCount(0);
  // The coupon is offered and applied again.
  const coupons = page.getByTestId('coupons');
  await expect(coupons).toBeVisible();
  await expect(coupons).toContainText(name);
  await expect(page.getByTestId('coupon-discount')).toHaveText(/할인 -[1-9][\d,]*원/);

  // The cart: the last unit is the shopper's to order, not 품절.
  await page.goto('/cart');
  await expect(line).toHaveCount(1);
  await expect(line.getByText('품절', { exact: true })).toHaveCount(0);
  await expect(line).toContainText('1개 남음');
  await expect(page.getByRole('link', { name: /주문하기/ })).toBeVisible();

  // The coupon box: usable, never 사용 완료.
  await page.goto('/mypage/coupons');
  await expect(page.getByTestId('owned-coupon').filter({ hasText: name }).first()).toBeVisible();
  await expect(page.getByText('사용 가능한 쿠폰이 없어요')).toHaveCount(0);
});
