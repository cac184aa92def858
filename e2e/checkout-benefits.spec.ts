import { expect, signUpByPhone, test } from './helpers.ts';

// Coupons and points at checkout (docs/ARCHITECTURE.md, 'Orders and payments'), at 390×844: a member
// downloads a coupon on a product page, puts the product in the cart, finds the best combination applied at
// checkout (the sign-up's first-purchase coupon) and takes the downloaded coupon instead, pays through the
// sandbox (the first-purchase coupon is then no longer usable), cancels the order, and finds the downloaded
// coupon usable again in the coupon box.

test('member: download coupon → checkout applies it → pay → cancel → coupon usable again', async ({
  page,
}) => {
  let phone = '01055550101';
  phone = await signUpByPhone(page, '김혜택', phone);

  // Download a coupon on the product page.
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

  // Add to cart and check out.
  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  await expect(sheet).toBeVisible();
  await sheet.locator('fieldset button:not([disabled])').first().click();
  const added = page.waitForResponse(
    (r) => r.url().includes('/api/carts') && r.request().method() === 'POST',
  );
  await sheet.getByRole('button', { name: '장바구니 담기' }).click();
  expect((await added).status()).toBe(200);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('link', { name: /주문하기/ }).click();

  await expect(page).toHaveURL(/\/payment\?cart_ids=\d+/);
  const form = page.getByRole('form', { name: '주문서' });
  await expect(form).toBeVisible();
  // The best combination is pre-selected: a new member also holds the sign-up's first-purchase
  // coupon (7 %), which beats the downloaded 3,000 won cart coupon; two cart coupons do not stack,
  // so the shopper takes the downloaded one instead (a downloaded line coupon would stack with it).
  const coupons = page.getByTestId('coupons');
  await expect(coupons).toBeVisible();
  await expect(page.getByTestId('coupon-discount')).toHaveText(/할인 -[1-9][\d,]*원/);
  const firstPurchase = coupons.locator('label', { hasText: '첫 구매 7% 할인 쿠폰' }).locator('input');
  await expect(firstPurchase).toBeChecked();
  const downloadedBox = coupons.locator('label', { hasText: name }).locator('input[type=checkbox]');
  if ((await downloadedBox.count()) > 0) {
    await firstPurchase.uncheck();
    await expect(page.getByTestId('coupon-discount')).toHaveText(/할인 0원$/);
    await downloadedBox.check();
    await expect(downloadedBox).toBeChecked();
    await expect(firstPurchase).not.toBeChecked();
  }
  await expect(page.getByTestId('coupon-discount')).not.toContainText('확인 중');
  await expect(page.getByTestId('coupon-discount')).toHaveText(/할인 -[1-9][\d,]*원/);
  await expect
    .poll(async () => {
      const inSelect = await coupons.locator('select option:checked', { hasText: name }).count();
      const inCart = await coupons.locator('label', { hasText: name }).locator('input:checked').count();
      return inSelect + inCart;
    })
    .toBe(1);
  const discount = (await page.getByTestId('coupon-discount').innerText()).replace(/[^0-9]/g, '');
  await expect(page.getByTestId('money')).toContainText(Number(discount).toLocaleString('ko-KR'));
  const amount = (await page.getByTestId('order-amount').innerText()).trim();

  await form.getByLabel('받는 분').fill('김혜택');
  await form.getByLabel('연락처').fill(phone);
  await form.getByLabel('우편번호').fill('06236');
  await form.getByLabel('주소', { exact: true }).fill('서울 강남구 테헤란로 123');
  await form.getByLabel('상세 주소').fill('4층');
  await form.getByLabel(/구매조건/).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();

  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?/);
  await expect(page.getByText(amount)).toBeVisible();
  await page.getByRole('button', { name: '결제하기' }).click();
  await expect(page).toHaveURL(/\/payment\/complete\/\d+$/, { timeout: 15_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText(amount);
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page).toHaveURL(/\/mypage\/orders\/\d+$/);
  const detailUrl = page.url();

  // Used by the paid order: not in the usable coupons.
  await page.goto('/mypage/coupons');
  await expect(page.getByText('사용 가능한 쿠폰이 없어요')).toBeVisible();
  await expect(page.getByTestId('owned-coupon').filter({ hasText: name })).toHaveCount(0);

  // Cancel the (only) item: the whole order is cancelled and the coupon comes back.
  await page.goto(detailUrl);
  const items = page.getByTestId('order-item');
  await expect(items).toHaveCount(1);
  const cancelled = page.waitForResponse((r) => /\/order-items\/\d+\/cancel$/.test(r.url()));
  await items.first().getByRole('button', { name: '주문 취소' }).click();
  const cancelSheet = page.getByRole('dialog', { name: '주문 취소' });
  await cancelSheet.getByRole('radio', { name: '다른 상품으로 다시 주문할게요' }).click();
  await cancelSheet.getByRole('button', { name: '주문 취소하기' }).click();
  expect((await cancelled).status()).toBe(200);
  await expect(page.getByTestId('order-status')).toHaveText('주문취소');

  await page.goto('/mypage/coupons');
  await expect(page.getByTestId('owned-coupon').filter({ hasText: name }).first()).toBeVisible();
});
