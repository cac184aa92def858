import { kstDateString } from '@codiroom/shared/time';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { buyOneProduct, expect, signUpByPhone, test } from './helpers.ts';

// What the order pages promise (SPEC.md, 'Orders'): the shopper at 390×844, the back office at 1280×800.

const key = { 'x-admin-key': E2E_ADMIN_KEY };

/** The readable order number (YYYYMMDD-000123: KST order day and id), as the shop shows it. */
function orderNumber(o: { id: number; created_at: string }): string {
  return `${kstDateString(new Date(o.created_at)).replaceAll('-', '')}-${String(o.id).padStart(6, '0')}`;
}

/** A CS operator signed in to the back office in a 1280×800 window. */
async function csDesk(browser: Browser, page: Page, tag: string) {
  const cs = { email: `cs-${tag}${Date.now()}@codiroom.test`, password: 'cs-password-2026' };
  const made = await page.request.post('/api/admin/operators', {
    headers: key,
    data: { ...cs, name: '최상담', roles: ['CS'] },
  });
  expect(made.status()).toBe(200);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cp = await desk.newPage();
  await cp.goto('/admin');
  const form = cp.getByRole('form', { name: '운영자 로그인' });
  await form.getByLabel('이메일').fill(cs.email);
  await form.getByLabel('비밀번호').fill(cs.password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(cp).toHaveURL(/\/admin$/);
  return { desk, cp };
}

async function adminOrder(page: Page, orderId: string) {
  return (await (await page.request.get(`/api/admin/orders/${orderId}`, { headers: key })).json()) as {
    id: number;
    order_id: string;
    created_at: string;
    items: { id: number }[];
  };
}

async function move(page: Page, itemId: number, status: string) {
  const r =
    status === 'SHIPPING'
      ? await page.request.post(`/api/admin/orders/items/${itemId}/ship`, {
          headers: key,
          data: { carrier_code: 'CJ', tracking_number: `6543210${String(itemId).padStart(5, '0')}` },
        })
      : await page.request.post(`/api/admin/orders/items/${itemId}/status`, {
          headers: key,
          data: { status },
        });
  expect(r.status(), await r.text()).toBe(200);
}

test('4. address change before shipping: the member and the back office', async ({ browser, page }) => {
  await signUpByPhone(page, '이주소', '01055553301');
  await buyOneProduct(page, 3, '이주소', '01055553301');
  const orderId = page.url().split('/').pop() as string;
  await page.goto(`/mypage/orders/${orderId}`);
  await page.getByRole('button', { name: '배송지 변경' }).click();
  const form = page.getByRole('form', { name: '배송지 변경' });
  const fresh = form.getByRole('radio', { name: '새 배송지 입력' });
  if (await fresh.count()) await fresh.check();
  await expect(form.getByRole('button', { name: '주소 검색' })).toBeVisible();
  await form.getByLabel('받는 분').fill('이주소');
  await form.getByLabel('연락처').fill('01055553301');
  await form.getByLabel('우편번호').fill('04524');
  await form.getByLabel('주소', { exact: true }).fill('서울 중구 세종대로 110');
  await form.getByLabel('상세 주소').fill('2층');
  await form.getByRole('button', { name: '이 주소로 변경' }).click();
  await expect(page.locator('output')).toContainText('배송지를 변경했어요.');
  await expect(page.getByText('서울 중구 세종대로 110 2층')).toBeVisible();

  // The operator changes it too (audited), from the order screen.
  const { desk, cp } = await csDesk(browser, page, 'address');
  await cp.goto(`/admin/orders/${orderId}`);
  await cp.getByRole('button', { name: '배송지 변경' }).click();
  const adminForm = cp.getByRole('form', { name: '배송지 변경' });
  await adminForm.getByLabel('받는 분').fill('이주소');
  await adminForm.getByLabel('연락처').fill('01055553301');
  await adminForm.getByLabel('우편번호').fill('06236');
  await adminForm.getByLabel('주소', { exact: true }).fill('서울 강남구 테헤란로 200');
  await adminForm.getByLabel('상세 주소').fill('7층');
  await adminForm.getByRole('button', { name: '이 주소로 변경' }).click();
  await expect(cp.locator('output')).toContainText('배송지를 변경했어요.');
  await expect(cp.getByText('서울 강남구 테헤란로 200 7층')).toBeVisible();

  // Once it ships, neither can.
  const order = await adminOrder(page, orderId);
  await move(page, order.items[0]?.id as number, 'SHIPPING');
  await cp.reload();
  await expect(cp.getByText('배송이 시작되어 배송지를 변경할 수 없어요.')).toBeVisible();
  await expect(cp.getByRole('button', { name: '배송지 변경' })).toHaveCount(0);
  await desk.close();
  await page.reload();
  await expect(page.getByText('서울 강남구 테헤란로 200 7층')).toBeVisible();
  await expect(page.getByText('배송이 시작되어 배송지를 변경할 수 없어요.')).toBeVisible();
  await expect(page.getByRole('button', { name: '배송지 변경' })).toHaveCount(0);
});

test('7. made-to-order items are labelled and cancelled with their own rules', async ({ page }) => {
  const brands = (await (await page.request.get('/api/brands/simple-brand-data')).json()) as {
    result: { id: number; name: string }[];
  };
  const brand = brands.result.find((b) => b.name === '젠틀폼');
  expect(brand).toBeTruthy();
  const contents = (await (await page.request.get(`/api/brands/${brand?.id}/contents`)).json()) as {
    products: { result: { id: number }[] };
  };
  const productId = contents.products.result[0]?.id as number;
  expect(productId).toBeGreaterThan(0);
  await signUpByPhone(page, '정맞춤', '01055553307');
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { name: '주문 제작 상품' })).toBeVisible();
  await expect(page.getByTestId('made-to-order')).toContainText(
    '제작이 시작되기 전(결제완료)에만 취소할 수 있고',
  );
  await buyOneProduct(page, productId, '정맞춤', '01055553307');
  const orderId = page.url().split('/').pop() as string;
  await page.goto(`/mypage/orders/${orderId}`);
  const item = page.getByTestId('order-item').first();
  await expect(item.getByTestId('made-to-order')).toContainText('주문 제작');
  await expect(item.getByRole('button', { name: '주문 취소' })).toHaveCount(0);
  const cancelled = page.waitForResponse((r) => /\/order-items\/\d+\/cancel-despoke$/.test(r.url()));
  await item.getByRole('button', { name: '제작 취소' }).click();
  const sheet = page.getByRole('dialog', { name: '주문 취소' });
  await sheet.getByRole('radio', { name: '단순 변심' }).click();
  await sheet.getByRole('button', { name: '주문 취소하기' }).click();
  expect((await cancelled).status()).toBe(200);
  await expect(page.locator('output')).toContainText('취소되었습니다');
  await expect(item.getByTestId('item-status')).toHaveText('취소완료');
  await expect(page.getByTestId('order-status')).toHaveText('주문취소');
});

test('11. the order shows its real state on the shop and in the back office', async ({ browser, page }) => {
  await signUpByPhone(page, '한상태', '01055553311');
  await buyOneProduct(page, 4, '한상태', '01055553311');
  const orderId = page.url().split('/').pop() as string;
  const order = await adminOrder(page, orderId);
  const itemId = order.items[0]?.id as number;
  await page.goto(`/mypage/orders/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('결제완료');
  await move(page, itemId, 'SHIPPING');
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('배송중');
  await move(page, itemId, 'COMPLETE');
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('배송완료');
  await move(page, itemId, 'CONFIRMED');
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('구매확정');
  await page.goto('/mypage/orders');
  await expect(page.getByTestId('order-state').first()).toHaveText('구매확정');

  const { desk, cp } = await csDesk(browser, page, 'state');
  await cp.goto('/admin/orders');
  const no = orderNumber(order);
  const search = cp.getByRole('form', { name: '주문 검색' });
  await search.getByLabel('주문번호 또는 연락처').fill(no);
  await search.getByRole('button', { name: '검색' }).click();
  const row = cp.getByRole('table', { name: '주문 목록' }).getByRole('row').filter({ hasText: no });
  await expect(row).toContainText('구매확정');
  await cp.goto(`/admin/orders/${orderId}`);
  await expect(cp.getByTestId('admin-order-state')).toHaveText('구매확정');
  await desk.close();
});

test('16. a return is collected, inspected, then refunded after a confirmation', async ({
  browser,
  page,
}) => {
  await signUpByPhone(page, '오반품', '01055553316');
  await buyOneProduct(page, 3, '오반품', '01055553316');
  const orderId = page.url().split('/').pop() as string;
  const order = await adminOrder(page, orderId);
  const itemId = order.items[0]?.id as number;
  await move(page, itemId, 'SHIPPING');
  await move(page, itemId, 'COMPLETE');
  await page.goto(`/mypage/orders/${orderId}`);
  await page.getByRole('button', { name: '반품 신청', exact: true }).click();
  const claim = page.getByRole('form', { name: '반품 신청' });
  await claim.getByLabel('상세 사유').fill('소매가 길어요');
  await expect(claim).toContainText('환불 예정 금액');
  const expected = ((await claim.textContent()) ?? '').match(/환불 예정 금액 ([\d,]+원)/)?.[1] as string;
  await claim.getByRole('button', { name: '반품 신청하기' }).click();
  await expect(page.getByTestId('item-status').first()).toHaveText('반품요청');

  // Not refundable before it is collected and inspected.
  const early = await page.request.post(`/api/admin/orders/items/${itemId}/claim`, {
    headers: key,
    data: { kind: 'refund', decision: 'approve' },
  });
  expect(early.status()).toBe(409);
  expect((await early.json()).detail).toBe('회수와 검수가 끝난 반품만 환불할 수 있습니다.');

  const { desk, cp } = await csDesk(browser, page, 'return');
  await cp
    .getByRole('navigation', { name: '백오피스 메뉴' })
    .getByRole('link', { name: '반품·교환' })
    .click();
  const no = orderNumber(order);
  const row = cp.getByRole('table', { name: '반품 요청' }).getByRole('row').filter({ hasText: no });
  await expect(row).toContainText('단순 변심 · 소매가 길어요');
  await expect(row).not.toContainText('[CHANGE_OF_MIND]');
  await expect(row).not.toContainText(order.order_id);
  await expect(row.getByTestId('return-step')).toHaveText('반품 접수');
  await expect(row.getByRole('button', { name: '반품 승인·환불' })).toHaveCount(0);
  await row.getByRole('button', { name: '회수 완료' }).click();
  await expect(row.getByTestId('return-step')).toHaveText('회수 완료');
  await row.getByRole('button', { name: '검수 완료' }).click();
  await expect(row.getByTestId('return-step')).toHaveText('검수 완료');
  await row.getByRole('button', { name: '반품 승인·환불' }).click();
  const ask = row.getByRole('dialog', { name: /환불 확인/ });
  await expect(ask.getByTestId('refund-preview')).toContainText(expected);
  await expect(ask).toContainText('포인트 반환');
  await expect(ask).toContainText('쿠폰');
  await ask.getByRole('button', { name: '환불 확정' }).click();
  await expect(cp.locator('output')).toContainText(`${expected} 환불했어요`);
  await desk.close();

  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('반품완료');
});
