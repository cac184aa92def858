import { kstDateString } from '@codiroom/shared/time';
import { buyOneProduct, expect, signUpByPhone, test } from './helpers.ts';

// What a shopper notices at 390×844 (docs/ARCHITECTURE.md, "Bottom sheets" and "Shopper text"):
// header icons at the right end without a title, a 404 to go on from, a calm payment-window cancel
// with no code, a cancel with a reason in the shop's bottom sheet, the order's readable number,
// date, method and phone, codes never shown, the category filter in the search page's sheet.

test('header icons stay at the right end of a title-less header', async ({ page }) => {
  for (const path of ['/', '/no-such-page-header']) {
    await page.goto(path);
    const header = page.locator('header').first();
    const box = await header.boundingBox();
    const cart = await page.getByTestId('header-cart').boundingBox();
    const search = await header.getByRole('link', { name: '검색' }).boundingBox();
    expect(box && cart && search).toBeTruthy();
    if (!box || !cart || !search) return;
    // The cart at the right edge (the header's 8px padding), search just left of it.
    expect(box.x + box.width - (cart.x + cart.width)).toBeLessThanOrEqual(12);
    expect(search.x).toBeGreaterThan(box.x + box.width / 2);
    expect(search.x + search.width).toBeLessThanOrEqual(cart.x + 1);
  }
});

test('a 404 keeps the header, search and the main destinations; favicons everywhere', async ({ page }) => {
  const res = await page.goto('/no-such-page-404');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없어요' })).toBeVisible();
  await expect(page.getByRole('button', { name: '뒤로 가기' })).toBeVisible();
  await expect(page.getByTestId('header-cart')).toBeVisible();
  const links = page.getByRole('navigation', { name: '바로 가기' }).getByRole('link');
  await expect(links).toHaveCount(5);
  await expect(links.filter({ hasText: '카테고리' })).toHaveAttribute('href', '/category');
  // A missing product: the API's message, the same way on.
  await page.goto('/product/99999999');
  await expect(page.getByRole('heading', { name: '상품이 없습니다.' })).toBeVisible();
  await expect(page.getByRole('search', { name: '상품 검색' })).toBeVisible();

  await page.getByRole('searchbox', { name: '검색어' }).fill('셔츠');
  await page.getByRole('searchbox', { name: '검색어' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?query=%EC%85%94%EC%B8%A0/);

  for (const path of ['/no-such-page-404', '/admin/login', '/']) {
    await page.goto(path);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  }
  const ico = await page.request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toContain('image/svg+xml');
});

test('cancelling in the payment window is calm: no code, back to the checkout or the cart', async ({
  page,
}) => {
  let phone = '01055551200';
  phone = await signUpByPhone(page, '김취소', phone);
  await page.goto('/product/5');
  await page.getByRole('button', { name: '구매하기' }).click();
  const size = page.getByRole('dialog', { name: '사이즈 선택' });
  await size.locator('fieldset button:not([disabled])').first().click();
  await size.getByRole('button', { name: '장바구니 담기' }).click();
  await page.goto('/cart');
  await page.getByRole('link', { name: /주문하기/ }).click();
  await expect(page).toHaveURL(/\/payment\?cart_ids=\d+/);
  const checkoutUrl = new URL(page.url());
  const form = page.getByRole('form', { name: '주문서' });
  await form.getByLabel('받는 분').fill('김취소');
  await form.getByLabel('연락처').fill(phone);
  await form.getByLabel('우편번호').fill('06236');
  await form.getByLabel('주소', { exact: true }).fill('서울 강남구 테헤란로 123');
  await form.getByLabel('상세 주소').fill('4층');
  // The delivery request is the shop's picker sheet, not a native select.
  await form.getByRole('button', { name: /배송 요청사항/ }).click();
  const picker = page.getByRole('dialog', { name: '배송 요청사항' });
  await expect(picker).toHaveAttribute('aria-modal', 'true');
  await picker.getByRole('radio', { name: '경비실에 맡겨주세요' }).click();
  await expect(picker).toHaveCount(0);
  await expect(form.getByRole('button', { name: /배송 요청사항/ })).toContainText('경비실');
  await form.getByLabel(/구매조건/).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?/);
  await page.getByRole('button', { name: '결제 취소' }).click();

  await expect(page).toHaveURL(/\/payment\/fail\?/);
  await expect(page.getByText('결제를 취소했어요')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('PAY_PROCESS_CANCELED');
  await expect(page.locator('main')).not.toContainText('실패');
  await expect(page.getByRole('link', { name: '장바구니로 돌아가기' })).toHaveAttribute('href', '/cart');
  await page.getByRole('link', { name: '주문서로 돌아가기' }).click();
  await expect(page).toHaveURL(`${checkoutUrl.pathname}${checkoutUrl.search}`);
  await expect(page.getByRole('form', { name: '주문서' })).toBeVisible();
  await expect(page.getByRole('form', { name: '주문서' }).getByText(/품절/)).toHaveCount(0);

  // A real failure shows the window's Korean message, never its code.
  await page.goto(
    '/payment/fail?code=REJECT_CARD_COMPANY&message=%EC%B9%B4%EB%93%9C%EC%82%AC%EC%97%90%EC%84%9C%20%EA%B1%B0%EC%A0%88%ED%96%88%EC%8A%B5%EB%8B%88%EB%8B%A4.%20(REJECT_CARD_COMPANY)',
  );
  await expect(page.getByText('카드사에서 거절했습니다.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('REJECT_CARD_COMPANY');
});

test('order detail: readable number, date, method and phone; a cancel with a reason in the sheet', async ({
  page,
}) => {
  let phone = '01055551201';
  phone = await signUpByPhone(page, '이사유', phone);
  await buyOneProduct(page, 6, '이사유', phone);
  const id = page.url().split('/').pop() as string;
  await expect(page.getByTestId('order-number')).toHaveText(new RegExp(`^\\d{8}-${id.padStart(6, '0')}$`));
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${id}$`));

  // Today in Seoul (the browser's and the journey's time zone).
  const today = kstDateString(new Date()).replaceAll('-', '');
  await expect(page.getByTestId('order-number')).toHaveText(`${today}-${id.padStart(6, '0')}`);
  await expect(page.getByTestId('order-date')).toHaveText(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
  await expect(page.getByTestId('payment-method')).toHaveText('카드');
  await expect(page.getByTestId('address-phone')).toHaveText(
    `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`,
  );

  // No native confirm: a bottom sheet asks the reason.
  page.on('dialog', () => {
    throw new Error('a native dialog opened');
  });
  const item = page.getByTestId('order-item').first();
  const open = item.getByRole('button', { name: '주문 취소' });
  await open.click();
  const sheet = page.getByRole('dialog', { name: '주문 취소' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  await expect(sheet.getByTestId('cancel-refund')).toContainText('원');
  // Escape closes it and gives focus back.
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(open).toBeFocused();

  await open.click();
  await expect(sheet).toBeVisible();
  const confirm = sheet.getByRole('button', { name: '주문 취소하기' });
  await expect(confirm).toBeDisabled();
  // Focus stays inside the sheet.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await sheet.getByRole('radio', { name: '기타' }).click();
  await sheet.getByLabel('취소 사유 (직접 입력)').fill('선물 날짜가 안 맞아요');
  const cancelled = page.waitForRequest((r) => /\/order-items\/\d+\/cancel$/.test(r.url()));
  await confirm.click();
  expect((await cancelled).postDataJSON()).toEqual({ reason: '기타: 선물 날짜가 안 맞아요' });
  await expect(page.locator('main output')).toContainText('취소되었습니다');
  await expect(item.getByTestId('item-status')).toHaveText('취소완료');
  await expect(page.locator('main')).not.toContainText('[ERROR');
});

test('a wrong SMS code reads in Korean, without its [ERROR101] code', async ({ page }) => {
  const phone = '01055551202';
  await page.goto('/signup');
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요');
  const { code } = await (await page.request.get(`/api/dev/sms-outbox?phone=${phone}`)).json();
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel(/인증번호/).fill(wrong);
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호가 일치하지 않습니다');
  await expect(page.getByRole('status')).not.toContainText('ERROR');
});

test('the category filter and sort open in the bottom sheets the search page uses', async ({ page }) => {
  await page.goto('/category?category_main=top');
  await page.getByRole('button', { name: /^필터/ }).click();
  const sheet = page.getByRole('dialog', { name: '필터' });
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  const size = sheet.getByRole('group', { name: '사이즈' }).locator('label').first();
  const sizeName = (await size.innerText()).trim();
  await size.click();
  await sheet.getByRole('button', { name: '상품 보기' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`size=${encodeURIComponent(sizeName)}`));
  await expect(page.getByRole('button', { name: /^필터 1$/ })).toBeVisible();

  await page.getByRole('button', { name: /정렬/ }).click();
  const sort = page.getByRole('dialog', { name: '정렬' });
  await sort.getByRole('radio', { name: '낮은 가격순' }).click();
  await expect(page).toHaveURL(/sort=price_asc/);
  // The filter stays with the new order.
  await expect(page).toHaveURL(new RegExp(`size=${encodeURIComponent(sizeName)}`));
});

test('Kakao and Naver buttons in their brand colours with their symbols', async ({ page }) => {
  await page.goto('/login');
  const kakao = page.getByRole('link', { name: '카카오로 시작하기' });
  const naver = page.getByRole('link', { name: '네이버로 시작하기' });
  await expect(kakao).toHaveCSS('background-color', 'rgb(254, 229, 0)');
  await expect(naver).toHaveCSS('background-color', 'rgb(3, 199, 90)');
  await expect(kakao.locator('svg path')).toHaveAttribute('fill', '#000');
  await expect(naver.locator('svg path')).toHaveAttribute('fill', '#fff');
});
