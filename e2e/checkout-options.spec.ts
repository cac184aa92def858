import type { Page } from '@playwright/test';
import { expect, signUpByPhone, test } from './helpers.ts';

// Checkout choices (docs/ARCHITECTURE.md, 'Orders and payments': "Payment methods", "Orderer",
// "Address search", "Saving the checkout address") at 390×844: the orderer comes from the account,
// the recipient from the orderer (주문자와 동일), the address from 주소 검색, saved with 배송지 목록에
// 저장; 간편결제 · 카카오페이 chosen shows in the sandbox window and the order detail API says it; the
// address book finds an address the same way.

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

test('member: orderer prefilled, searched address saved, 카카오페이 through the sandbox into the order', async ({
  page,
}) => {
  let phone = '01055551500';
  phone = await signUpByPhone(page, '이간편', phone);
  await addToCart(page, 3);
  await page.goto('/cart');
  await page.getByRole('link', { name: /주문하기/ }).click();

  const form = page.getByRole('form', { name: '주문서' });
  await expect(form).toBeVisible();
  // The orderer is the account's name and phone, editable.
  await expect(form.getByLabel('주문자명')).toHaveValue('이간편');
  await expect(form.getByLabel('휴대폰 번호')).toHaveValue(phone);

  // A new address: the recipient copied from the orderer.
  await form.getByLabel('주문자와 동일').check();
  await expect(form.getByLabel('받는 분')).toHaveValue('이간편');
  await expect(form.getByLabel('연락처')).toHaveValue(phone);

  // Postcode search: a refused keyword explains itself, a road name finds the address.
  await form.getByRole('button', { name: '주소 검색' }).click();
  const search = form.getByRole('region', { name: '주소 검색' });
  await search.getByLabel('도로명, 건물명 또는 동').fill('가');
  await search.getByRole('button', { name: '검색' }).click();
  await expect(search.getByRole('alert')).toHaveText('검색어를 2글자 이상 입력해주세요.');
  await search.getByLabel('도로명, 건물명 또는 동').fill('테헤란로 152');
  await search.getByLabel('도로명, 건물명 또는 동').press('Enter');
  const results = search.getByRole('list', { name: '주소 검색 결과' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await results.getByRole('button', { name: /강남파이낸스센터/ }).click();
  await expect(form.getByLabel('우편번호')).toHaveValue('06236');
  await expect(form.getByLabel('주소', { exact: true })).toHaveValue(
    '서울특별시 강남구 테헤란로 152 (역삼동, 강남파이낸스센터)',
  );
  await form.getByLabel('상세 주소').fill('12층');
  await form.getByLabel('배송지 목록에 저장').check();

  // 간편결제 · 카카오페이.
  await form.getByRole('radio', { name: '간편결제' }).check();
  await form.getByRole('radio', { name: '카카오페이' }).check();
  await form.getByLabel(/구매조건/).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();

  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?.*method=KAKAOPAY/);
  await expect(page.getByTestId('sandbox-method')).toHaveText('결제수단 간편결제 · 카카오페이');
  const confirmed = page.waitForResponse((r) => r.url().endsWith('/api/orders/confirm-order'));
  await page.getByRole('button', { name: '결제하기' }).click();
  expect(await (await confirmed).json()).toMatchObject({
    payment_method: 'KAKAOPAY',
    payment: { method: '간편결제', easy_pay_provider: '카카오페이' },
  });
  await expect(page).toHaveURL(/\/payment\/complete\/\d+$/, { timeout: 15_000 });

  // The order detail API answers the method and the orderer.
  const detail = page.waitForResponse((r) => /\/api\/orders\/\d+\/detail$/.test(r.url()));
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  expect(await (await detail).json()).toMatchObject({
    payment_method: 'KAKAOPAY',
    payment_method_label: '간편결제 · 카카오페이',
    orderer: { name: '이간편', phone },
    address: { zipcode: '06236', detail_address: '12층' },
  });

  // The searched address is in the book, the default (the member's first).
  await page.goto('/mypage/addresses');
  const saved = page.getByRole('listitem').filter({ hasText: '테헤란로 152' });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('(06236)');
  await expect(saved.getByText('기본 배송지', { exact: true })).toBeVisible();

  // The address book finds an address the same way.
  await page.getByRole('button', { name: '새 배송지 추가' }).click();
  const add = page.getByRole('form', { name: '새 배송지' });
  await add.getByLabel('배송지명').fill('회사');
  await add.getByLabel('받는 분').fill('이간편');
  await add.getByLabel('연락처').fill(phone);
  await add.getByRole('button', { name: '주소 검색' }).click();
  const bookSearch = add.getByRole('region', { name: '주소 검색' });
  await bookSearch.getByLabel('도로명, 건물명 또는 동').fill('판교역로');
  await bookSearch.getByRole('button', { name: '검색' }).click();
  await expect(bookSearch.getByRole('list', { name: '주소 검색 결과' }).getByRole('button')).toHaveCount(2);
  await bookSearch.getByRole('button', { name: /판교역로 235/ }).click();
  await expect(add.getByLabel('우편번호')).toHaveValue('13494');
  await add.getByRole('button', { name: '저장하기' }).click();
  const office = page.getByRole('listitem').filter({ hasText: '판교역로 235' });
  await expect(office).toContainText('(13494)');
  // Not the default: the first address stays it.
  await expect(office.getByRole('button', { name: '기본 배송지로 설정' })).toBeVisible();
  await expect(saved.getByText('기본 배송지', { exact: true })).toBeVisible();
});
