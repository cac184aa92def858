import { kstDateString } from '@codiroom/shared/time';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { buyOneProduct, expect, signUpByPhone, test } from './helpers.ts';

// The back office (docs/ARCHITECTURE.md, "Back office") on a desktop viewport: a curator signs in,
// finds a member's draft in the curation queue, swaps nothing, writes a note and publishes it; the
// member sees the note on /curation (390×844); an ADMIN finds the publication in the audit log.

const key = { 'x-admin-key': E2E_ADMIN_KEY };

/** The readable order number (YYYYMMDD-000123: KST order day and id), as the shop shows it. */
function orderNumber(o: { id: number; created_at: string }): string {
  return `${kstDateString(new Date(o.created_at)).replaceAll('-', '')}-${String(o.id).padStart(6, '0')}`;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  const form = page.getByRole('form', { name: '운영자 로그인' });
  await form.getByLabel('이메일').fill(email);
  await form.getByLabel('비밀번호').fill(password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('a curator notes and publishes a draft; the member sees it; the audit log shows it', async ({
  browser,
  page,
}) => {
  // The member: signs up and takes the quiz (through the API here; the quiz screen has its own journey).
  await signUpByPhone(page, '김초안', '01055550311');
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const auth = { authorization: `Bearer ${token}` };
  const quiz = await page.request.post('/api/v1/curations/style-quiz', {
    headers: auth,
    data: { height: 176, weight: 74, liked_styles: ['미니멀', '클래식'], occasions: ['office'] },
  });
  expect(quiz.status()).toBe(200);
  const [draft] = (
    await (await page.request.get('/api/curations/get-styling-request', { headers: auth })).json()
  ).result as { id: number }[];

  // Operators, created by automation (the admin key); the first ADMIN comes from `npm run admin`.
  const stamp = Date.now();
  const curator = { email: `curator${stamp}@codiroom.test`, password: 'curator-pass-2026' };
  const admin = { email: `admin${stamp}@codiroom.test`, password: 'admin-pass-2026' };
  for (const [o, name, roles] of [
    [curator, '박큐레이터', ['CURATOR']],
    [admin, '최관리자', ['ADMIN']],
  ] as const) {
    const r = await page.request.post('/api/admin/operators', { headers: key, data: { ...o, name, roles } });
    expect(r.status()).toBe(200);
  }

  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cp = await desk.newPage();
  await signIn(cp, curator.email, curator.password);
  const menu = cp.getByRole('navigation', { name: '백오피스 메뉴' });
  await expect(menu.getByRole('link', { name: '운영자 계정' })).toHaveCount(0); // ADMIN only
  await menu.getByRole('link', { name: '큐레이션 큐' }).click();
  const table = cp.getByRole('table', { name: '큐레이션 목록' });
  await table.getByRole('link', { name: `#${draft?.id}` }).click();
  await expect(cp.getByRole('heading', { level: 1 })).toContainText(`큐레이션 #${draft?.id}`);
  await expect(cp.getByTestId('curator-pick').first()).toBeVisible();
  const note = cp.getByRole('form', { name: '노트' });
  await note.getByLabel('회원에게 보일 노트').fill('출근룩은 네이비 재킷에 회색 슬랙스로 맞춰봤어요.');
  await note.getByRole('button', { name: '노트 저장' }).click();
  await expect(cp.locator('output')).toContainText('노트를 저장했어요');
  await cp.getByRole('button', { name: '지금 게시하기' }).click();
  await expect(cp.locator('output')).toContainText('게시했어요');
  await expect(cp.getByRole('button', { name: '지금 게시하기' })).toBeDisabled();
  // A direct call without the CSRF token is refused, even with the session cookie.
  const forged = await cp.request.post(`/api/admin/curations/${draft?.id}/publish`);
  expect(forged.status()).toBe(403);
  await desk.close();

  // The member sees the curator's note and name.
  await page.goto('/curation');
  await expect(page.getByTestId('curator-note')).toContainText('네이비 재킷');
  await expect(page.getByTestId('curation-byline')).toHaveText('박큐레이터 스타일리스트가 다듬었어요');

  // An ADMIN sees who published it.
  const adminDesk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ap = await adminDesk.newPage();
  await signIn(ap, admin.email, admin.password);
  await ap
    .getByRole('navigation', { name: '백오피스 메뉴' })
    .getByRole('link', { name: '감사 로그' })
    .click();
  const log = ap.getByRole('table', { name: '감사 로그' });
  await expect(
    log.getByRole('row').filter({ hasText: `/api/admin/curations/:id/publish` }).first(),
  ).toContainText('박큐레이터');
  await adminDesk.close();
});

test('a CS operator ships a paid order with a tracking number; the shopper sees it in the order detail and a notification', async ({
  browser,
  page,
}) => {
  await signUpByPhone(page, '김배송', '01055550313');
  await buyOneProduct(page, 3, '김배송', '01055550313');
  const orderPath = `/mypage/orders/${page.url().split('/').pop()}`;
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  // The readable number the shopper reads (YYYYMMDD-000123): CS finds the order by it.
  const orderNo = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
  expect(orderNo).toMatch(/^\d{8}-\d{6,}$/);

  const cs = { email: `cs${Date.now()}@codiroom.test`, password: 'cs-password-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...cs, name: '이상담', roles: ['CS'] },
      })
    ).status(),
  ).toBe(200);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cp = await desk.newPage();
  await signIn(cp, cs.email, cs.password);
  await cp.getByRole('navigation', { name: '백오피스 메뉴' }).getByRole('link', { name: '주문' }).click();
  const search = cp.getByRole('form', { name: '주문 검색' });
  await search.getByLabel('주문번호 또는 연락처').fill(orderNo);
  await search.getByRole('button', { name: '검색' }).click();
  await cp.getByRole('table', { name: '주문 목록' }).getByRole('link', { name: orderNo }).click();
  const item = cp.getByTestId('admin-order-item').first();
  const ship = item.getByRole('form');
  await ship.getByLabel('택배사').selectOption('CJ');
  await ship.getByLabel('송장번호').fill('12');
  await ship.getByRole('button', { name: '발송' }).click();
  await expect(cp.getByRole('alert')).toContainText('CJ대한통운 송장번호 형식이 아닙니다');
  await ship.getByLabel('송장번호').fill('6543-2109-8765');
  await ship.getByRole('button', { name: '발송' }).click();
  await expect(cp.locator('output')).toContainText('발송 처리했어요');
  await expect(item).toContainText('CJ대한통운 654321098765');
  await desk.close();

  await page.goto(orderPath);
  const tracking = page.getByTestId('tracking').first();
  await expect(tracking).toContainText('CJ대한통운 654321098765');
  await expect(tracking.getByRole('link', { name: '배송 조회' })).toHaveAttribute(
    'href',
    'https://trace.cjlogistics.com/next/tracking.html?wblNo=654321098765',
  );
  await expect(page.getByTestId('item-status').first()).toHaveText('배송중');

  // And a notification: the mypage badge, the list with the tracking number, a link to the order.
  await page.goto('/mypage');
  await expect(page.getByTestId('unread-notifications')).toHaveText('1');
  await page.getByRole('link', { name: /^알림\s*\d*$/ }).click();
  const note = page.getByTestId('notification').filter({ hasText: '주문하신 상품이 출발했어요' });
  await expect(note).toContainText('CJ대한통운 송장번호 654321098765');
  await note.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  await page.goto('/mypage');
  await expect(page.getByTestId('unread-notifications')).toHaveCount(0);
});

test('an MD previews a stock CSV with one bad row, applies it, and the product page follows', async ({
  browser,
  page,
}) => {
  const detail = await (await page.request.get('/api/products/detail/5')).json();
  const items = detail.items as { id: number; size_name: string; stock: number }[];
  expect(items.length).toBeGreaterThanOrEqual(2);
  const [first, second] = items as [(typeof items)[number], (typeof items)[number]];
  const csv = `product_item_id,stock\n${first.id},0\n${second.id},-1\n`;

  const md = { email: `md${Date.now()}@codiroom.test`, password: 'md-password-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...md, name: '한엠디', roles: ['MD'] },
      })
    ).status(),
  ).toBe(200);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mp = await desk.newPage();
  await signIn(mp, md.email, md.password);
  await mp
    .getByRole('navigation', { name: '백오피스 메뉴' })
    .getByRole('link', { name: '재고·가격 CSV' })
    .click();
  await mp
    .getByLabel('CSV 파일')
    .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await mp.getByRole('button', { name: '미리보기' }).click();
  await expect(mp.getByTestId('csv-summary')).toContainText('1줄을 바꿀 수 있고 1줄은 바꿀 수 없어요');
  await expect(mp.getByTestId('csv-refused')).toContainText('재고는 0~100,000 사이의 정수여야 합니다');
  // Nothing changed by the preview.
  const still = await (await page.request.get('/api/products/detail/5')).json();
  expect((still.items as { id: number; stock: number }[]).find((i) => i.id === first.id)?.stock).toBe(
    first.stock,
  );
  await mp.getByRole('button', { name: '적용' }).click();
  await expect(mp.getByTestId('csv-summary')).toContainText('1줄을 바꿨고 1줄은 바꾸지 않았어요');
  await desk.close();

  const after = await (await page.request.get('/api/products/detail/5')).json();
  const byId = new Map(
    (after.items as { id: number; stock: number; is_sold_out: boolean }[]).map((i) => [i.id, i]),
  );
  expect(byId.get(first.id)).toMatchObject({ stock: 0, is_sold_out: true });
  expect(byId.get(second.id)?.stock).toBe(second.stock);
});

test('a member returns a delivered item; a CS operator approves it and the sandbox gateway refunds it', async ({
  browser,
  page,
}) => {
  await signUpByPhone(page, '박반품', '01055550427');
  await buyOneProduct(page, 3, '박반품', '01055550427');
  const orderId = page.url().split('/').pop() as string;
  // Shipped and delivered by the API (the shipping screen has its own journey).
  const order = await (await page.request.get(`/api/admin/orders/${orderId}`, { headers: key })).json();
  const itemId = (order.items as { id: number }[])[0]?.id as number;
  // The claims list shows the shop's readable 주문번호 (YYYYMMDD-000123).
  const orderNo = orderNumber(order);
  expect(
    (
      await page.request.post(`/api/admin/orders/items/${itemId}/ship`, {
        headers: key,
        data: { carrier_code: 'CJ', tracking_number: '654321098766' },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await page.request.post(`/api/admin/orders/items/${itemId}/status`, {
        headers: key,
        data: { status: 'COMPLETE' },
      })
    ).status(),
  ).toBe(200);

  // The member asks for a return (change of mind: the return cost comes off the refund).
  await page.goto(`/mypage/orders/${orderId}`);
  await page.getByRole('button', { name: '반품 신청', exact: true }).click();
  const claim = page.getByRole('form', { name: '반품 신청' });
  await claim.getByLabel('상세 사유').fill('생각보다 색이 밝아요');
  await expect(claim).toContainText('환불 예정 금액');
  const expected = ((await claim.textContent()) ?? '').match(/환불 예정 금액 ([\d,]+원)/)?.[1] as string;
  expect(expected).toBeTruthy();
  await claim.getByRole('button', { name: '반품 신청하기' }).click();
  await expect(page.getByTestId('item-status').first()).toHaveText('반품요청');

  const cs = { email: `cs-return${Date.now()}@codiroom.test`, password: 'cs-password-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...cs, name: '최환불', roles: ['CS'] },
      })
    ).status(),
  ).toBe(200);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cp = await desk.newPage();
  await signIn(cp, cs.email, cs.password);
  await cp
    .getByRole('navigation', { name: '백오피스 메뉴' })
    .getByRole('link', { name: '반품·교환' })
    .click();
  const row = cp.getByRole('table', { name: '반품 요청' }).getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('생각보다 색이 밝아요');
  await expect(row).toContainText(expected);
  // 반품 접수 → 회수 완료 → 검수 완료, then the refund after its confirmation.
  await row.getByRole('button', { name: '회수 완료' }).click();
  await row.getByRole('button', { name: '검수 완료' }).click();
  await row.getByRole('button', { name: '반품 승인·환불' }).click();
  await expect(row.getByTestId('refund-preview')).toContainText(expected);
  await row.getByRole('button', { name: '환불 확정' }).click();
  await expect(cp.locator('output')).toContainText('반품을 승인하고');
  await expect(row).toHaveCount(0);
  await desk.close();

  await page.reload();
  await expect(page.getByTestId('item-status').first()).toHaveText('반품완료');
  await expect(page.getByTestId('cancelled-amount')).toContainText(expected);
  await page.goto('/mypage/notifications');
  await expect(page.getByTestId('notification').filter({ hasText: '반품 환불이 완료됐어요' })).toContainText(
    `${expected} 환불`,
  );
});

test('an MD creates a product with sizes and stock; it is on the storefront at once', async ({
  browser,
  page,
}) => {
  const md = { email: `md-new${Date.now()}@codiroom.test`, password: 'md-password-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...md, name: '정상품', roles: ['MD'] },
      })
    ).status(),
  ).toBe(200);
  const name = `램스울 크루넥 니트 ${Date.now() % 100000}`;
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mp = await desk.newPage();
  await signIn(mp, md.email, md.password);
  await mp
    .getByRole('navigation', { name: '백오피스 메뉴' })
    .getByRole('link', { name: '상품', exact: true })
    .click();
  await mp.getByRole('link', { name: '상품 등록' }).click();
  const form = mp.getByRole('form', { name: '상품 등록' });
  const category = form.getByLabel('카테고리');
  const top = await category
    .locator('option')
    .filter({ hasText: /^top · / })
    .first()
    .getAttribute('value');
  await category.selectOption(top as string);
  await form.getByLabel('상품명').fill(name);
  await form.getByLabel('정가(원)').fill('89000');
  await form.getByLabel('판매가(원)').fill('99000');
  await form.getByLabel('미니멀').check();
  // A new product is a draft unless it goes on sale at once.
  await form.getByLabel('바로 판매').check();
  const color = form.getByRole('region', { name: '색상 1' });
  await color.getByLabel('색상 이름').fill('차콜');
  await color.getByLabel('M 재고').fill('7');
  await color.getByLabel('XL 재고').fill('3');
  // The shared schema refuses a sale price above the list price before anything is sent.
  await form.getByRole('button', { name: '등록' }).click();
  await expect(form.getByRole('alert')).toContainText('판매가는 정가보다 클 수 없어요');
  await form.getByLabel('판매가(원)').fill('69000');
  const measures = form.getByRole('table', { name: '실측 사이즈표' });
  if (await measures.isVisible()) {
    const firstInput = measures.getByRole('textbox').first();
    await firstInput.fill('66');
  }
  // No photos yet: selling at once asks first.
  mp.once('dialog', (d) => void d.accept());
  await form.getByRole('button', { name: '등록' }).click();
  await expect(mp).toHaveURL(/\/admin\/products\/\d+\?created=1$/);
  await expect(mp.locator('output')).toContainText('등록했어요');
  const href = (await mp
    .getByTestId('admin-display')
    .first()
    .getByRole('link', { name: '상품 페이지' })
    .getAttribute('href')) as string;
  expect(href).toMatch(/^\/product\/\d+$/);
  await desk.close();

  // The shopper (390×844) sees it: name, price, and only the sizes in stock in the buy sheet.
  await page.goto(href);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText('69,000').first()).toBeVisible();
  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  await expect(sheet.locator('fieldset button:not([disabled])')).toHaveText([/M/, /XL/]);
  await expect(sheet.locator('fieldset button[disabled]')).toHaveText([/L/]);
  // And search finds it.
  await page.goto(`/search?query=${encodeURIComponent(name)}`);
  await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
});

test('the dashboard shows the day, charts, and a search that found nothing', async ({ browser, page }) => {
  const keyword = `없는상품${Date.now() % 100000}`;
  await page.goto(`/search?query=${encodeURIComponent(keyword)}`);
  await expect(page.getByText(/검색 결과가 없|결과가 없어요/).first()).toBeVisible();
  // The shopper's visit reaches the funnel: a product page seen (its batch is sent seconds later).
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/loggers/batch') && (r.postData() ?? '').includes('"product_display_id":3'),
  );
  await page.goto('/product/3');
  await sent;

  const md = { email: `md-dash${Date.now()}@codiroom.test`, password: 'md-password-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...md, name: '윤대시', roles: ['MD'] },
      })
    ).status(),
  ).toBe(200);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mp = await desk.newPage();
  await signIn(mp, md.email, md.password);
  await mp.getByRole('navigation', { name: '백오피스 메뉴' }).getByRole('link', { name: '대시보드' }).click();
  await expect(mp.getByRole('heading', { name: '대시보드' })).toBeVisible();
  await expect(mp.getByTestId('dashboard-totals')).toHaveCount(2);
  await expect(mp.getByTestId('zero-result-searches')).toContainText(keyword);
  await expect(mp.getByTestId('funnel').getByRole('row', { name: /전체/ })).toContainText(/[1-9][0-9]*명/);
  // Both charts are drawn (uPlot's canvas) and readable as tables.
  await expect(mp.locator('figure canvas')).toHaveCount(2);
  await mp.getByText('표로 보기').first().click();
  await expect(mp.getByRole('table', { name: '일별 매출 (최근 30일)' }).getByRole('row')).toHaveCount(31);
  await mp.screenshot({ path: 'test-results/admin-dashboard.png', fullPage: true });
  await desk.close();
});

test('an MD makes a coupon policy and a serial batch; a member registers one of its codes', async ({
  browser,
  page,
}) => {
  const md = { email: `md-coupon${Date.now()}@codiroom.test`, password: 'md-password-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...md, name: '서쿠폰', roles: ['MD'] },
      })
    ).status(),
  ).toBe(200);
  const name = `단골 감사 5천원 ${Date.now() % 100000}`;
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mp = await desk.newPage();
  await signIn(mp, md.email, md.password);
  await mp.getByRole('navigation', { name: '백오피스 메뉴' }).getByRole('link', { name: '쿠폰' }).click();
  const form = mp.getByRole('form', { name: '쿠폰 정책 만들기' });
  await form.getByLabel('쿠폰 이름').fill(name);
  await form.getByLabel('할인 값').fill('5000');
  await form.getByLabel('최대 할인(원, 정률만)').fill('3000');
  await form.getByRole('button', { name: '만들기' }).click();
  // The shared schema refuses a cap on a fixed amount before anything is sent.
  await expect(mp.getByRole('alert')).toContainText('최대 할인 금액은 정률 할인에만');
  await form.getByLabel('최대 할인(원, 정률만)').fill('');
  await form.getByLabel('다운로드 가능').uncheck();
  await form.getByRole('button', { name: '만들기' }).click();
  await expect(mp.locator('output')).toContainText('쿠폰 정책을 만들었어요');
  const row = mp.getByRole('table', { name: '쿠폰 정책' }).getByRole('row').filter({ hasText: name });
  await row.getByLabel('만들 개수').fill('2');
  await row.getByRole('button', { name: '번호 만들기' }).click();
  await expect(mp.locator('output')).toContainText('쿠폰 번호 2개를 만들었어요');
  // The row's switch (the back office's one on/off button, with the coupon's own words).
  await row.getByRole('button', { name: '중지' }).click();
  await expect(mp.locator('output')).toContainText(`${name}: 발급을 멈췄어요.`);
  await row.getByRole('button', { name: '재개' }).click();
  await expect(mp.locator('output')).toContainText(`${name}: 다시 발급해요.`);
  await expect(row.getByRole('button', { name: '중지' })).toBeVisible();
  const csvLink = row.getByRole('link', { name: /일회용 0\/2 CSV/ });
  const csv = await (await desk.request.get((await csvLink.getAttribute('href')) as string)).text();
  const code = csv.split('\r\n')[1]?.split(',')[0] as string;
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await desk.close();

  await signUpByPhone(page, '정단골', '01055550519');
  await page.goto('/mypage/coupons');
  await page.getByLabel('쿠폰 번호').fill(code.toLowerCase());
  await page.getByRole('button', { name: '등록' }).click();
  await expect(page.locator('main output')).toContainText('쿠폰이 등록되었어요');
  await expect(page.getByTestId('owned-coupon').filter({ hasText: name })).toBeVisible();
  // Used once: the same code again is refused with the server's detail.
  await page.getByLabel('쿠폰 번호').fill(code);
  await page.getByRole('button', { name: '등록' }).click();
  await expect(page.locator('main output')).toContainText('이미 사용된 쿠폰 번호입니다');
});

test('an MD puts up a home banner; the shopper sees it on the home page; switched off, it is gone', async ({
  browser,
  page,
}) => {
  const md = { email: `md-banner${Date.now()}@codiroom.test`, password: 'md-password-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...md, name: '한배너', roles: ['MD'] },
      })
    ).status(),
  ).toBe(200);
  const title = `주말 니트 특가 ${Date.now() % 100000}`;
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mp = await desk.newPage();
  await signIn(mp, md.email, md.password);
  await mp.getByRole('navigation', { name: '백오피스 메뉴' }).getByRole('link', { name: '배너' }).click();
  const form = mp.getByRole('form', { name: '배너 만들기' });
  await form.getByLabel('제목').fill(title);
  await form.getByLabel(/링크/).fill('javascript:alert(1)');
  await form.getByRole('button', { name: '만들기' }).click();
  // The shared schema refuses a link out of the shop before anything is sent.
  await expect(mp.getByRole('alert')).toContainText('링크는 /로 시작하는 쇼핑몰 주소나 https 주소예요');
  await form.getByLabel(/링크/).fill('/collection/outlet');
  await form.getByRole('button', { name: '만들기' }).click();
  await expect(mp.locator('output')).toContainText('배너를 만들었어요');
  await expect(form.getByLabel('제목')).toHaveValue('');

  await page.goto('/');
  const banner = page.getByRole('region', { name: '기획전' }).getByRole('link', { name: new RegExp(title) });
  await expect(banner).toHaveAttribute('href', '/collection/outlet');

  const row = mp.getByRole('table', { name: '배너 목록' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('노출 중');
  await row.getByRole('button', { name: '끄기' }).click();
  await expect(row).toContainText('꺼짐');
  await desk.close();
  await page.reload();
  await expect(page.getByText(title)).toHaveCount(0);
});

// A 1×1 PNG: a real image for the upload pipeline to sniff and re-encode.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a member asks about an order with a photo; a CS operator answers; the member sees the answer and a notification', async ({
  browser,
  page,
}) => {
  await signUpByPhone(page, '윤문의', '01055550611');
  await buyOneProduct(page, 4, '윤문의', '01055550611');
  const orderId = page.url().split('/').pop() as string;

  await page.goto(`/mypage/inquiries/new?order=${orderId}`);
  const form = page.getByRole('form', { name: '1:1 문의' });
  // The shop's picker sheets, not native selects.
  await expect(form.getByRole('button', { name: /문의 유형/ })).toContainText('배송');
  await form.getByRole('button', { name: /세부 유형/ }).click();
  await page.getByRole('dialog', { name: '세부 유형' }).getByRole('radio', { name: '배송 지연' }).click();
  await expect(form.locator('input[name="order"]')).toHaveValue(orderId);
  const title = `셔츠 배송이 늦어요 ${Date.now() % 100000}`;
  await form.getByLabel('제목').fill(title);
  await form
    .getByLabel('내용')
    .fill('주문한 지 사흘이 지났는데 아직 출고 전이라고 나와요. 언제 받을 수 있을까요?');
  await form.getByLabel(/사진/).setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: '문의 남기기' }).click();
  await expect(page).toHaveURL(/\/mypage\/inquiries\/\d+$/);
  await expect(page.getByTestId('inquiry-status')).toHaveText('답변 대기');
  await expect(page.locator('main img[alt="사진 1"]')).toBeVisible();

  const cs = { email: `cs-ticket${Date.now()}@codiroom.test`, password: 'cs-password-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...cs, name: '문고객', roles: ['CS'] },
      })
    ).status(),
  ).toBe(200);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cp = await desk.newPage();
  await signIn(cp, cs.email, cs.password);
  await cp.getByRole('navigation', { name: '백오피스 메뉴' }).getByRole('link', { name: '1:1 문의' }).click();
  await cp.getByRole('table', { name: '문의 목록' }).getByRole('link', { name: title }).click();
  await expect(cp.getByRole('region', { name: '문의 내용' }).locator('img')).toBeVisible();
  await cp.getByRole('button', { name: '내가 맡기' }).click();
  await expect(cp.locator('output')).toContainText('내 문의로 가져왔어요');
  const answer = cp.getByRole('form', { name: '답변' });
  await answer.getByLabel('템플릿').selectOption('배송 지연 안내');
  await expect(answer.getByLabel('답변 내용')).toHaveValue(/출고가 늦어지고/);
  await answer.getByRole('button', { name: '답변 보내기' }).click();
  await expect(cp.locator('output')).toContainText('답변을 보냈어요');
  await desk.close();

  await page.goto('/mypage');
  await expect(page.getByTestId('unread-notifications')).toHaveText('1');
  await page.goto('/mypage/notifications');
  await page
    .getByTestId('notification')
    .filter({ hasText: '문의에 답변이 등록됐어요' })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/mypage\/inquiries\/\d+$/);
  await expect(page.getByTestId('inquiry-status')).toHaveText('답변 완료');
  await expect(page.getByTestId('answer')).toContainText('출고가 늦어지고');
});

test('an ADMIN adds an operator on the accounts screen, changes the roles, and switches the account off', async ({
  browser,
  page,
}) => {
  const stamp = Date.now();
  const admin = { email: `admin-ops${stamp}@codiroom.test`, password: 'admin-pass-2026' };
  expect(
    (
      await page.request.post('/api/admin/operators', {
        headers: key,
        data: { ...admin, name: '문관리', roles: ['ADMIN'] },
      })
    ).status(),
  ).toBe(200);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ap = await desk.newPage();
  await signIn(ap, admin.email, admin.password);
  await ap
    .getByRole('navigation', { name: '백오피스 메뉴' })
    .getByRole('link', { name: '운영자 계정' })
    .click();
  const form = ap.getByRole('form', { name: '새 운영자' });
  const email = `cs-ops${stamp}@codiroom.test`;
  await form.getByLabel('이름').fill('노상담');
  await form.getByLabel('이메일').fill(email);
  await form.getByLabel(/처음 비밀번호/).fill('short1');
  await form.getByRole('checkbox', { name: 'CS' }).check();
  await form.getByRole('button', { name: '추가' }).click();
  // The shared schema refuses a short password before anything is sent, naming the field.
  await expect(ap.getByRole('alert')).toContainText('password: 비밀번호는 10자 이상이어야 합니다.');
  await form.getByLabel(/처음 비밀번호/).fill('cs-password-2026');
  await form.getByRole('button', { name: '추가' }).click();
  await expect(ap.locator('output')).toContainText('노상담님을 추가했어요.');
  await expect(form.getByLabel('이름')).toHaveValue('');

  const row = ap.getByRole('table', { name: '운영자 목록' }).getByRole('row').filter({ hasText: email });
  // The box shows the server's roles: it is ticked once the change is saved and the list reloaded.
  await row.getByRole('checkbox', { name: 'MD' }).click();
  await expect(ap.locator('output')).toContainText('노상담님의 역할을 바꿨어요.');
  await expect(row.getByRole('checkbox', { name: 'MD' })).toBeChecked();
  await row.getByRole('button', { name: '사용 중 · 끄기' }).click();
  await expect(ap.locator('output')).toContainText('노상담님: 계정을 껐어요.');
  await expect(row.getByRole('button', { name: '꺼짐 · 켜기' })).toBeVisible();
  await desk.close();

  // Switched off, the account signs in no more (the same answer as a wrong password).
  const off = await page.request.post('/api/admin/auth/login', {
    data: { email, password: 'cs-password-2026' },
  });
  expect(off.status()).toBe(401);
  expect((await off.json()).detail).toBe('이메일 또는 비밀번호가 맞지 않습니다.');
});
