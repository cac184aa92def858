import { kstDatetimeLocal } from '@codiroom/shared/time';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { buyOneProduct, expect, signUpByPhone, test } from './helpers.ts';

// The operator's day in the back office (1280×800) and what the shop (390×844) then shows: one time
// sale at a time, stock by SKU, every banner placement displayed, new products as drafts with an
// editable size table, the back office in Korean words (form errors, positions, a curator's product
// search and name, masked call-back numbers), a decided return without a stale error.

// Each journey signs an operator in and walks several screens of both sides.
test.describe.configure({ timeout: 180_000 });

const key = { 'x-admin-key': E2E_ADMIN_KEY };
const desktop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };
/** A datetime-local value (KST wall clock) for an instant. */
const kstInput = (ms: number) => kstDatetimeLocal(new Date(ms));

async function mdDesk(browser: Browser, page: Page): Promise<Page> {
  return operatorDesk(browser, page, ['MD'], '이엠디');
}

/** A new operator with these roles (made with the admin key), signed in on a desktop context. */
async function operatorDesk(browser: Browser, page: Page, roles: string[], name: string): Promise<Page> {
  const md = {
    email: `${roles.join('-').toLowerCase()}${Date.now()}${Math.floor(Math.random() * 1000)}@codiroom.test`,
    password: 'md-pass-2026!',
  };
  const r = await page.request.post('/api/admin/operators', {
    headers: key,
    data: { ...md, name, roles },
  });
  expect(r.status()).toBe(200);
  const desk = await browser.newContext(desktop);
  const p = await desk.newPage();
  await p.goto('/admin');
  await expect(p).toHaveURL(/\/admin\/login/);
  const form = p.getByRole('form', { name: '운영자 로그인' });
  await form.getByLabel('이메일').fill(md.email);
  await form.getByLabel('비밀번호').fill(md.password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(p).toHaveURL(/\/admin$/);
  return p;
}

async function someProduct(page: Page) {
  const list = (await (
    await page.request.get('/api/admin/products?active=true', { headers: key })
  ).json()) as {
    result: { product_id: number; display_id: number; price_discount: number }[];
  };
  const p = list.result.find((r) => r.price_discount >= 20_000) ?? list.result[0];
  if (!p) throw new Error('no product');
  return p;
}

test('12. one time sale at a time: an overlap is refused and the back office labels what the shop shows', async ({
  browser,
  page,
}) => {
  const shop = (await (await page.request.get('/api/contents/time-sale')).json()) as {
    running: { title: string; ends_at: string } | null;
    upcoming: { title: string; ends_at: string } | null;
  };
  expect(shop.running, 'the seed runs a time sale').not.toBeNull();
  const product = await someProduct(page);
  // Titles of their own, and the sale made here ended afterwards: a retry on the same data finds
  // neither this attempt's rows nor its window.
  const stamp = Date.now() % 1_000_000;
  const clashing = `겹치는 점심 특가 ${stamp}`;
  const evening = `이어지는 저녁 특가 ${stamp}`;
  type SaleRow = { id: number; title: string; state: string; ends_at: string };
  const sales = async () =>
    (
      (await (await page.request.get('/api/admin/time-sales', { headers: key })).json()) as {
        result: SaleRow[];
      }
    ).result;
  const desk = await mdDesk(browser, page);
  try {
    await desk.goto('/admin/time-sales');
    const table = desk.getByRole('table', { name: '타임세일 목록' });
    // The back office says 진행 중 for exactly the sale the shop shows.
    await expect(table.getByRole('row').filter({ hasText: '진행 중' })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: '진행 중' })).toContainText(
      shop.running?.title ?? '',
    );

    const form = desk.getByRole('form', { name: '타임세일 만들기' });
    const fill = async (title: string, from: number, to: number) => {
      await form.getByLabel('제목').fill(title);
      await form.getByLabel('시작(KST)').fill(kstInput(from));
      await form.getByLabel('종료(KST)').fill(kstInput(to));
      await form.getByLabel(/상품/).fill(`${product.display_id}:${product.price_discount - 1000}:5`);
      await form.getByRole('button', { name: '만들기' }).click();
    };
    const now = Date.now();
    await fill(clashing, now + 3_600_000, now + 3 * 3_600_000);
    await expect(desk.getByRole('alert')).toContainText('한 번에 하나만');
    await expect(desk.getByRole('alert')).toContainText('겹칩니다');
    await expect(table.getByRole('row').filter({ hasText: clashing })).toHaveCount(0);

    // After the last sale ends: accepted, 예정.
    const last = Math.max(
      now,
      ...(await sales()).filter((r) => r.state !== 'ENDED').map((r) => Date.parse(r.ends_at)),
    );
    await fill(evening, last + 3_600_000, last + 2 * 3_600_000);
    await expect(desk.locator('output')).toContainText('타임세일을 만들었어요.');
    await expect(table.getByRole('row').filter({ hasText: evening })).toContainText('예정');

    // The shopper's /timeSale shows the sale the back office calls 진행 중.
    await page.goto('/timeSale');
    await expect(page.getByText(shop.running?.title ?? '').first()).toBeVisible();
  } finally {
    for (const r of (await sales()).filter((x) => x.title === evening && x.state !== 'ENDED')) {
      await page.request.post(`/api/admin/time-sales/${r.id}/end`, { headers: key });
    }
    await desk.context().close();
  }
});

test('13. stock CSV by SKU: the option table shows ids and SKUs, a SKU file sets stock, an unknown SKU is a row error', async ({
  browser,
  page,
}) => {
  const product = await someProduct(page);
  const desk = await mdDesk(browser, page);
  await desk.goto(`/admin/products/${product.product_id}`);
  const options = desk.getByRole('table', { name: /사이즈별 재고/ }).first();
  await expect(options.getByText('옵션 번호')).toBeVisible();
  const firstRow = options.getByRole('row').nth(1);
  const sku = (await firstRow.locator('code').innerText()).trim();
  expect(sku).not.toBe('');

  await desk.goto('/admin/catalog-csv');
  await expect(desk.getByText('sku,stock').first()).toBeVisible();
  await expect(desk.getByRole('link', { name: '재고 CSV 양식(SKU) 받기' })).toBeVisible();
  await desk.getByLabel('CSV 파일').setInputFiles({
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,stock\n${sku},37\nNO-SUCH-SKU,4\n`),
  });
  await desk.getByRole('button', { name: '미리보기' }).click();
  const result = desk.getByRole('table', { name: 'CSV 줄 (재고)' });
  await expect(result.getByTestId('csv-ok')).toContainText(sku);
  await expect(result.getByTestId('csv-refused')).toContainText('없는 SKU입니다 (NO-SUCH-SKU).');
  await desk.getByRole('button', { name: '적용' }).click();
  await expect(desk.getByRole('heading', { name: '적용 결과' })).toBeVisible();

  await desk.goto(`/admin/products/${product.product_id}`);
  const row = desk
    .getByRole('table', { name: /사이즈별 재고/ })
    .getByRole('row')
    .filter({ hasText: sku });
  await expect(row.getByRole('textbox', { name: '재고', exact: true })).toHaveValue('37');
  await desk.context().close();
});

test('14. every banner position the back office offers shows on the shop', async ({ browser, page }) => {
  const desk = await mdDesk(browser, page);
  await desk.goto('/admin/banners');
  const stamp = Date.now() % 100_000;
  const form = desk.getByRole('form', { name: '배너 만들기' });
  const placements = [
    ['홈 중간', 'home_middle', `홈 중간 기획전 ${stamp}`],
    ['카테고리', 'category', `카테고리 기획전 ${stamp}`],
    ['마이페이지', 'mypage', `마이페이지 혜택 ${stamp}`],
  ] as const;
  for (const [label, , title] of placements) {
    await form.getByLabel('위치').selectOption({ label });
    await form.getByLabel('제목').fill(title);
    await form.getByLabel(/링크/).fill('/timeSale');
    await form.getByLabel(/시작/).fill(kstInput(Date.now() - 3_600_000));
    await form.getByLabel(/종료/).fill(kstInput(Date.now() + 48 * 3_600_000));
    await form.getByRole('button', { name: '만들기' }).click();
    const row = desk.getByRole('table', { name: '배너 목록' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(label, { timeout: 20_000 });
    await expect(row).toContainText('노출 중');
  }
  await desk.context().close();

  for (const [path, placement, title] of [
    ['/', 'home_middle', placements[0][2]],
    ['/category', 'category', placements[1][2]],
    ['/mypage', 'mypage', placements[2][2]],
  ] as const) {
    await page.goto(path);
    const section = page.locator(`[data-banner-placement="${placement}"]`);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  }
  await page.locator('[data-banner-placement="mypage"]').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/timeSale$/);
});

test('15. a new product is a draft; publishing without photos asks; the size table is editable after saving', async ({
  browser,
  page,
}) => {
  const options = (await (await page.request.get('/api/admin/catalog/options', { headers: key })).json()) as {
    categories: { id: number; fields: { key: string; label: string }[] }[];
  };
  const category = options.categories.find((c) => c.fields.length >= 2);
  if (!category) throw new Error('no category with a size table');
  const [f1, f2] = category.fields as [{ label: string }, { label: string }];
  const desk = await mdDesk(browser, page);
  await desk.goto('/admin/products/new');
  const form = desk.getByRole('form', { name: '상품 등록' });
  await form.getByLabel('카테고리').selectOption(String(category.id));
  const name = `초안 울 블루종 ${Date.now() % 100_000}`;
  await form.getByLabel('상품명').fill(name);
  await form.getByLabel('정가(원)').fill('129000');
  await form.getByLabel('판매가(원)').fill('99000');
  await expect(form.getByLabel('바로 판매')).not.toBeChecked();
  await form.getByLabel('색상 이름').fill('네이비');
  await form.getByLabel('M 재고', { exact: true }).fill('5');
  // A value that is no number: the field is highlighted with a Korean message, no schema path.
  await form.getByLabel(`M ${f1.label}`, { exact: true }).fill('abc');
  await form.getByRole('button', { name: '등록' }).click();
  const alert = desk.getByRole('alert');
  await expect(alert).toContainText(`실측 사이즈표 · M ${f1.label}: 실측값을 숫자(cm)로 적어주세요.`);
  await expect(alert).not.toContainText('measurements.');
  await expect(form.getByLabel(`M ${f1.label}`, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(`M ${f1.label}`, { exact: true }).fill('66');
  await form.getByRole('button', { name: '등록' }).click();
  await expect(desk.locator('output')).toContainText('판매 전(임시 저장)으로 등록했어요.');
  const card = desk.getByTestId('admin-display');
  await expect(card).toContainText('판매 전·중지');
  await expect(card).toContainText('사진 없음');
  const href = await card.getByRole('link', { name: '상품 페이지' }).getAttribute('href');
  expect((await page.request.get(`/api${href?.replace('/product/', '/products/detail/')}`)).status()).toBe(
    404,
  );

  // The size table after saving: add L, change M.
  const table = desk.getByRole('form', { name: '실측 사이즈표' });
  await table.getByLabel(`L ${f2.label}`, { exact: true }).fill('58');
  await table.getByLabel(`M ${f1.label}`, { exact: true }).fill('67');
  await table.getByRole('button', { name: '사이즈표 저장' }).click();
  await expect(desk.locator('output')).toContainText('사이즈표를 저장했어요.');
  await desk.reload();
  await expect(
    desk.getByRole('form', { name: '실측 사이즈표' }).getByLabel(`M ${f1.label}`, { exact: true }),
  ).toHaveValue('67');
  await expect(
    desk.getByRole('form', { name: '실측 사이즈표' }).getByLabel(`L ${f2.label}`, { exact: true }),
  ).toHaveValue('58');

  // Publishing without photos asks first; declining keeps the draft.
  let asked = '';
  desk.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await desk.getByRole('button', { name: '판매 시작' }).click();
  expect(asked).toContain('사진이 없어요');
  await expect(desk.getByTestId('admin-display')).toContainText('판매 전·중지');
  desk.once('dialog', (d) => void d.accept());
  await desk.getByRole('button', { name: '판매 시작' }).click();
  await expect(desk.locator('output')).toContainText('판매를 시작했어요.');
  await page.goto(href ?? '/');
  await expect(page.getByRole('heading', { name: new RegExp(name) }).first()).toBeVisible();
  await desk.context().close();
});

const ROLE_LABEL: Record<string, string> = {
  outer: '아우터',
  top: '상의',
  bottom: '하의',
  shoes: '신발',
  bag: '가방',
};

test('17. the back office speaks Korean: form errors, positions, a product search for curators, their name, masked call-backs', async ({
  browser,
  page,
}) => {
  const stamp = Date.now() % 100_000_000;
  let phone = `010${String(stamp).padStart(8, '0')}`;
  // A product-form error: the field highlighted with a Korean message, no schema text.
  const options = (await (await page.request.get('/api/admin/catalog/options', { headers: key })).json()) as {
    categories: { id: number; fields: { key: string; label: string }[] }[];
  };
  const category = options.categories.find((c) => c.fields.length >= 2);
  if (!category) throw new Error('no category with a size table');
  const field = (category.fields[0] as { label: string }).label;
  const md = await mdDesk(browser, page);
  await md.goto('/admin/products/new');
  const form = md.getByRole('form', { name: '상품 등록' });
  await form.getByLabel('카테고리').selectOption(String(category.id));
  await form.getByLabel('상품명').fill(`에러 확인 셔츠 ${stamp}`);
  await form.getByLabel('정가(원)').fill('59000');
  await form.getByLabel('판매가(원)').fill('49000');
  await form.getByLabel('색상 이름').fill('화이트');
  await form.getByLabel('M 재고', { exact: true }).fill('3');
  await form.getByLabel(`M ${field}`, { exact: true }).fill('넓음');
  await form.getByRole('button', { name: '등록' }).click();
  await expect(md.getByRole('alert')).toContainText('실측값을 숫자(cm)로 적어주세요.');
  await expect(md.getByRole('alert')).not.toContainText('measurements');
  await expect(md.getByRole('alert')).not.toContainText('NaN');
  await expect(form.getByLabel(`M ${field}`, { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // Banner positions in words, not codes.
  await md.goto('/admin/banners');
  const position = md.getByRole('form', { name: '배너 만들기' }).getByLabel('위치');
  await expect(position.locator('option', { hasText: '홈 상단' })).toHaveCount(1);
  await expect(position).not.toContainText('home_top');
  await expect(md.getByRole('table', { name: '배너 목록' })).not.toContainText('home_top');
  await md.context().close();

  // A member's curation draft and a call-back request.
  phone = await signUpByPhone(page, '정스왑', phone);
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value as string;
  const auth = { authorization: `Bearer ${decodeURIComponent(token)}` };
  const quiz = await page.request.post('/api/v1/curations/style-quiz', {
    headers: auth,
    data: { height: 176, weight: 72, liked_styles: ['미니멀'], occasions: ['office'] },
  });
  expect(quiz.status()).toBe(200);
  const [draft] = (
    await (await page.request.get('/api/curations/get-styling-request', { headers: auth })).json()
  ).result as { id: number }[];
  const callback = await page.request.post('/api/contents/telephone-cs', {
    headers: auth,
    data: { phone, preferred_time: '평일 오후', content: '사이즈 교환을 전화로 묻고 싶어요.' },
  });
  expect(callback.status(), await callback.text()).toBe(200);

  // A product the server accepts for one pick: same category, in stock in the pick's size, not in
  // the curation yet, and a name the search finds among its first 8.
  type View = {
    items: { outfit: number; role: string; size_name: string | null; product_display_id: number }[];
  };
  type Row = { display_id: number; name: string; category_name: string; stock: number };
  const view = (await (
    await page.request.get(`/api/admin/curations/${draft?.id}`, { headers: key })
  ).json()) as View;
  const listed = async (q: string) =>
    (await (
      await page.request.get(`/api/admin/products?active=true&q=${encodeURIComponent(q)}`, { headers: key })
    ).json()) as { total: number; result: Row[] };
  const inCuration = new Set(view.items.map((i) => i.product_display_id));
  let swap: { pick: View['items'][number]; to: Row } | null = null;
  const pages: Row[] = [];
  for (let n = 1; n <= 6; n++) {
    const r = (await (
      await page.request.get(`/api/admin/products?active=true&page=${n}`, { headers: key })
    ).json()) as { result: Row[] };
    pages.push(...r.result);
  }
  for (const pick of [...view.items].sort(
    (a, b) => Number(a.size_name !== null) - Number(b.size_name !== null),
  )) {
    const own = (await listed(String(pick.product_display_id))).result.find(
      (r) => r.display_id === pick.product_display_id,
    );
    if (!own) continue;
    for (const row of pages) {
      if (row.category_name !== own.category_name || row.stock < 1 || inCuration.has(row.display_id))
        continue;
      const found = await listed(row.name);
      if (found.total > 8 || !found.result.some((r) => r.display_id === row.display_id)) continue;
      if (pick.size_name !== null) {
        const detail = (await (await page.request.get(`/api/products/detail/${row.display_id}`)).json()) as {
          items?: { size_name: string; stock: number }[];
        };
        if (!detail.items?.some((i) => i.size_name === pick.size_name && i.stock > 0)) continue;
      }
      swap = { pick, to: row };
      break;
    }
    if (swap) break;
  }
  if (!swap) throw new Error('no product to swap in');
  const chosen = swap;

  // A CURATOR-only operator swaps the pick through the product search; the name is theirs.
  const curator = await operatorDesk(browser, page, ['CURATOR'], `정큐레이터${stamp % 1000}`);
  await curator.goto(`/admin/curations/${draft?.id}`);
  const slot = `${chosen.pick.outfit + 1}번 코디 ${ROLE_LABEL[chosen.pick.role] ?? chosen.pick.role}`;
  const swapForm = curator.getByRole('form', { name: `${slot} 바꾸기` });
  await swapForm.getByLabel(`${slot} 바꿀 상품`).fill(chosen.to.name);
  await swapForm.getByRole('button', { name: new RegExp(`\\(#${chosen.to.display_id}\\)`) }).click();
  await swapForm.getByRole('button', { name: '바꾸기', exact: true }).click();
  await expect(curator.locator('output')).toContainText('아이템을 바꿨어요.');
  await expect(curator.getByRole('alert')).toHaveCount(0);
  const after = (await (
    await page.request.get(`/api/admin/curations/${draft?.id}`, { headers: key })
  ).json()) as View;
  expect(
    after.items.find((i) => i.outfit === chosen.pick.outfit && i.role === chosen.pick.role)
      ?.product_display_id,
  ).toBe(chosen.to.display_id);
  const note = curator.getByRole('form', { name: '노트' });
  await expect(note.getByRole('textbox', { name: /이름/ })).toHaveCount(0);
  await note.getByLabel('회원에게 보일 노트').fill('출근룩에 맞춰 한 벌 바꿨어요.');
  await note.getByRole('button', { name: '노트 저장' }).click();
  await expect(curator.locator('output')).toContainText('노트를 저장했어요');
  await expect(curator.getByTestId('curator-name')).toContainText(`큐레이터: 정큐레이터${stamp % 1000}`);
  await curator.context().close();

  // The ticket inbox masks the call-back number.
  const cs = await operatorDesk(browser, page, ['CS'], '한상담');
  await cs.goto('/admin/tickets?kind=CALLBACK');
  const masked = `010-****-${phone.slice(-4)}`;
  await expect(cs.getByTestId('callback-flag').filter({ hasText: masked }).first()).toBeVisible();
  await expect(cs.getByRole('table').first()).not.toContainText(phone);
  await expect(cs.getByRole('table').first()).not.toContainText('OPEN');
  await cs.context().close();
});

test('a return rejected on the order screen leaves no stale error', async ({ browser, page }) => {
  let phone = `010${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  phone = await signUpByPhone(page, '유반려', phone);
  await buyOneProduct(page, 3, '유반려', phone);
  const orderId = page.url().split('/').pop() as string;
  const order = (await (await page.request.get(`/api/admin/orders/${orderId}`, { headers: key })).json()) as {
    id: number;
    items: { id: number }[];
  };
  const itemId = order.items[0]?.id as number;
  const ship = await page.request.post(`/api/admin/orders/items/${itemId}/ship`, {
    headers: key,
    data: { carrier_code: 'CJ', tracking_number: `65432${String(itemId).padStart(7, '0')}` },
  });
  expect(ship.status(), await ship.text()).toBe(200);
  const done = await page.request.post(`/api/admin/orders/items/${itemId}/status`, {
    headers: key,
    data: { status: 'COMPLETE' },
  });
  expect(done.status(), await done.text()).toBe(200);
  await page.goto(`/mypage/orders/${orderId}`);
  await page.getByRole('button', { name: '반품 신청', exact: true }).click();
  const claim = page.getByRole('form', { name: '반품 신청' });
  await claim.getByLabel('상세 사유').fill('생각보다 두꺼워요');
  await claim.getByRole('button', { name: '반품 신청하기' }).click();
  await expect(page.getByTestId('item-status').first()).toHaveText('반품요청');

  const cs = await operatorDesk(browser, page, ['CS'], '유상담');
  await cs.goto(`/admin/orders/${order.id}`);
  const item = cs.getByTestId('admin-order-item').first();
  await expect(item.getByTestId('return-step')).toHaveText('반품 접수');
  const reject = item.getByRole('form', { name: /반품 거절/ });
  await reject.getByLabel('반품 거절 사유').fill('착용 흔적이 있어요');
  await reject.getByRole('button', { name: '반품 거절' }).click();
  await expect(cs.locator('output')).toContainText('반품 요청을 거절했어요.');
  await expect(item.getByTestId('return-step')).toHaveCount(0);
  await cs.waitForLoadState('networkidle');
  await expect(cs.getByRole('alert')).toHaveCount(0);
  await cs.context().close();
});
