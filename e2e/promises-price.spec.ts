import { expect, signUpByPhone, test } from './helpers.ts';

// "첫 구매 시 N원" is a price the shopper can pay (docs/ARCHITECTURE.md, 'Prices'), at 390×844: a new
// member opens a product, reads 첫 구매 시 N원, checks out that product alone and pays exactly N원
// plus the shipping shown; after the purchase the label is gone.

const wonOf = (text: string) => Number(text.replace(/[^0-9]/g, ''));

test('1. the first-purchase price is the price paid, and is gone after the first purchase', async ({
  page,
}) => {
  test.setTimeout(120_000); // sign-up, checkout and payment in one journey
  let phone = `0105${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  phone = await signUpByPhone(page, '김첫구매', phone);

  // A product the new member is promised a first-purchase price on (none while a time sale runs:
  // the first-purchase coupon does not take time-sale lines).
  let productId = 0;
  for (let id = 3; id <= 30 && productId === 0; id += 1) {
    const answered = page.waitForResponse((r) => r.url().includes(`/api/products/${id}/benefits`));
    await page.goto(`/product/${id}`);
    const r = await answered;
    if (r.ok() && (await r.json()).first_discount_price !== null) productId = id;
  }
  expect(productId, 'a product with a first-purchase price').toBeGreaterThan(0);

  const label = page.getByTestId('first-price');
  await expect(label).toContainText(/첫 구매 시 [\d,]+원/);
  const promised = wonOf(await label.locator('strong').innerText());
  const unit = wonOf(await page.getByTestId('product-price').innerText());
  // The coupon's 7 % (at most 10,000 won), not 85 % of the price.
  expect(promised).toBe(unit - Math.min(10_000, Math.floor((unit * 7) / 100)));

  // That product alone, in a size without a surcharge.
  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  await sheet.locator('fieldset button:not([disabled])').filter({ hasNotText: '+' }).first().click();
  await sheet.getByRole('button', { name: '장바구니 담기' }).click();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('link', { name: /주문하기/ }).click();
  const form = page.getByRole('form', { name: '주문서' });
  await expect(form).toBeVisible();
  await expect(page.getByTestId('coupon-discount')).toHaveText(/할인 -[1-9][\d,]*원/);
  await expect(page.getByTestId('coupon-discount')).not.toContainText('확인 중');
  const money = page.getByTestId('money');
  const shippingText = await money.locator('dt:text-is("배송비") + dd').innerText();
  const shipping = shippingText.includes('무료') ? 0 : wonOf(shippingText);
  await expect(page.getByTestId('order-amount')).toHaveText(
    `${(promised + shipping).toLocaleString('ko-KR')}원`,
  );
  // No zero point line reads "-0원".
  await expect(money.locator('dt:text-is("포인트 사용") + dd')).toHaveText('0원');

  await form.getByLabel('받는 분').fill('김첫구매');
  await form.getByLabel('연락처').fill(phone);
  await form.getByLabel('우편번호').fill('06236');
  await form.getByLabel('주소', { exact: true }).fill('서울 강남구 테헤란로 123');
  await form.getByLabel('상세 주소').fill('4층');
  await form.getByLabel(/구매조건/).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?/);
  await expect(page.getByText(`${(promised + shipping).toLocaleString('ko-KR')}원`).first()).toBeVisible();
  await page.getByRole('button', { name: '결제하기' }).click();
  await expect(page).toHaveURL(/\/payment\/complete\/\d+$/, { timeout: 15_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText(
    `${(promised + shipping).toLocaleString('ko-KR')}원`,
  );

  // After the first purchase the promise is gone: the API promises none, and once the page has drawn
  // that answer (the render that would draw the label marks its slot answered) there is no label.
  const benefits = page.waitForResponse((r) => r.url().includes(`/api/products/${productId}/benefits`));
  await page.goto(`/product/${productId}`);
  await expect(page.getByTestId('product-price')).toBeVisible();
  const after = await benefits;
  expect(after.ok()).toBe(true);
  expect((await after.json()).first_discount_price).toBeNull();
  await expect(page.getByTestId('first-price-slot')).toHaveAttribute('data-answered', 'true');
  await expect(page.getByTestId('first-price')).toHaveCount(0);
});
