import type { Page } from '@playwright/test';
import { expect, signUpByPhone, test } from './helpers.ts';

// Orders journey (docs/ARCHITECTURE.md, 'Orders and payments') at 390×844: a member puts two products in the
// cart, checks out with a new address, pays in the sandbox payment window, lands on the order-complete page,
// opens the order detail (status timeline) and cancels one item, refunded through the gateway.

async function addToCart(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  await expect(sheet).toBeVisible();
  await sheet.locator('fieldset button:not([disabled])').first().click();
  const added = page.waitForResponse(
    (r) => r.url().includes('/api/carts') && r.request().method() === 'POST',
  );
  await sheet.getByRole('button', { name: '장바구니 담기' }).click();
  expect((await added).status()).toBe(200);
}

test('member: cart → checkout → sandbox payment → order complete → detail → cancel one item', async ({
  page,
}) => {
  let phone = '01055550081';
  phone = await signUpByPhone(page, '김주문', phone);

  await addToCart(page, 1);
  await addToCart(page, 2);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByRole('link', { name: /주문하기/ }).click();

  await expect(page).toHaveURL(/\/payment\?cart_ids=\d+,\d+/);
  const form = page.getByRole('form', { name: '주문서' });
  await expect(form).toBeVisible();
  await expect(page.getByTestId('order-amount')).toHaveText(/원$/);
  const amount = (await page.getByTestId('order-amount').innerText()).trim();
  // SPEC.md: interest-free card instalments from 50,000 won.
  const won = Number(amount.replace(/[^0-9]/g, ''));
  await expect(page.getByTestId('interest-free')).toHaveCount(won >= 50_000 ? 1 : 0);
  await form.getByLabel('받는 분').fill('김주문');
  await form.getByLabel('연락처').fill('01055550081');
  await form.getByLabel('우편번호').fill('06236');
  await form.getByLabel('주소', { exact: true }).fill('서울 강남구 테헤란로 123');
  await form.getByLabel('상세 주소').fill('4층');
  await form.getByRole('button', { name: /배송 요청사항/ }).click();
  await page
    .getByRole('dialog', { name: '배송 요청사항' })
    .getByRole('radio', { name: '문 앞에 놓아주세요' })
    .click();
  const pay = page.getByRole('button', { name: /결제하기$/ });
  await expect(pay).toBeDisabled();
  await form.getByLabel(/구매조건/).check();
  await pay.click();

  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?/);
  await expect(page.getByText(amount)).toBeVisible();
  await page.getByRole('button', { name: '결제하기' }).click();

  await expect(page).toHaveURL(/\/payment\/complete\/\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
  await expect(page.getByTestId('paid-amount')).toHaveText(amount);
  await page.getByRole('link', { name: '주문 상세 보기' }).click();

  await expect(page).toHaveURL(/\/mypage\/orders\/\d+$/);
  const items = page.getByTestId('order-item');
  await expect(items).toHaveCount(2);
  await expect(items.first().getByRole('list', { name: '주문 상태' })).toContainText('결제완료');
  await expect(page.getByTestId('order-status')).toHaveText('결제완료');

  const cancelled = page.waitForResponse((r) => /\/order-items\/\d+\/cancel$/.test(r.url()));
  await items.first().getByRole('button', { name: '주문 취소' }).click();
  const sheet = page.getByRole('dialog', { name: '주문 취소' });
  await sheet.getByRole('radio', { name: '단순 변심' }).click();
  await sheet.getByRole('button', { name: '주문 취소하기' }).click();
  expect((await cancelled).status()).toBe(200);
  await expect(page.locator('output')).toContainText('취소되었습니다');
  await expect(items.first().getByTestId('item-status')).toHaveText('취소완료');
  await expect(items.nth(1).getByTestId('item-status')).toHaveText('결제완료');
  await expect(page.getByTestId('order-status')).toHaveText('부분취소');
  await expect(page.getByTestId('cancelled-amount')).toContainText('원');

  await page.goto('/mypage/orders');
  await expect(page.getByTestId('order-row')).toHaveCount(1);
});
