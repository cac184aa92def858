import { expect, signUpByPhone, test } from './helpers.ts';

// Benefits journey (docs/ARCHITECTURE.md, 'Benefits'), first part: a guest's download asks to log in (popup
// of type coupon); a member downloads a coupon on a product page and finds it in the coupon box; a serial
// registers there. The checkout part (best combination applied, pay, cancel, coupon usable again) is in
// checkout-benefits.spec.ts.

test('a guest who taps a coupon download sees the login-required popup of type coupon', async ({ page }) => {
  await page.goto('/product/2');
  const block = page.getByTestId('coupon-download');
  await expect(block).toBeVisible();
  await block.getByRole('button', { name: '받기' }).first().click();
  const dialog = page.getByRole('dialog', { name: '로그인이 필요해요' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('쿠폰을 받으려면 로그인해주세요');
});

test('a member downloads a coupon on a product page and sees it in the coupon box', async ({ page }) => {
  let phone = '01055550091';
  phone = await signUpByPhone(page, '김쿠폰', phone);

  await page.goto('/product/2');
  const block = page.getByTestId('coupon-download');
  await expect(block).toBeVisible();
  await expect(block.getByTestId('best-coupon-price')).toContainText('원');
  const offer = block
    .getByTestId('coupon-offer')
    .filter({ has: page.getByRole('button', { name: '받기' }) })
    .first();
  const name = (await offer.locator('p').nth(1).innerText()).trim();
  await offer.getByRole('button', { name: '받기' }).click();
  await expect(block.locator('output')).toContainText('쿠폰을 받았어요');
  await expect(
    block.getByTestId('coupon-offer').filter({ hasText: name }).getByRole('button', { name: '받음' }),
  ).toBeDisabled();

  await page.goto('/mypage');
  await page.getByRole('link', { name: '쿠폰함' }).click();
  await expect(page).toHaveURL(/\/mypage\/coupons$/);
  await expect(page.getByTestId('owned-coupon').filter({ hasText: name })).toBeVisible();

  // A serial coupon registers in the box; a wrong serial shows the server's detail.
  await page.getByLabel('쿠폰 번호').fill('NOT-A-SERIAL');
  await page.getByRole('button', { name: '등록' }).click();
  await expect(page.locator('main output')).toContainText('유효하지 않은 쿠폰 번호입니다.');
  await page.getByLabel('쿠폰 번호').fill('CODIROOM2026');
  await page.getByRole('button', { name: '등록' }).click();
  await expect(page.locator('main output')).toContainText('쿠폰이 등록되었어요');
  await expect(page.getByTestId('owned-coupon').filter({ hasText: '시리얼 쿠폰' })).toBeVisible();

  await page.goto('/mypage/points');
  await expect(page.getByTestId('point-balance')).toHaveText('0원');
});
