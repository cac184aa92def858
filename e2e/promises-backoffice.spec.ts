import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { expect, test } from './helpers.ts';

// The operator's day in the back office (1280×800) and what the shop (390×844) then shows: one time
// sale at a time, stock by SKU, every banner placement displayed, new products as drafts with an
// editable size table.

// Each journey signs an operator in and walks several screens of both sides.
test.describe.configure({ timeout: 180_000 });

const key = { 'x-admin-key': E2E_ADMIN_KEY };
const desktop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };
/** A datetime-local value (KST wall clock) for an instant. */
const kstInput = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16);

async function mdDesk(browser: Browser, page: Page): Promise<Page> {
  const md = {
    email: `md${Date.now()}${Math.floor(Math.random() * 1000)}@codiroom.test`,
    password: 'md-pass-2026!',
  };
  const r = await page.request.post('/api/admin/operators', {
    headers: key,
    data: { ...md, name: '이엠디', roles: ['MD'] },
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
  const desk = await mdDesk(browser, page);
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
  await fill('겹치는 점심 특가', now + 3_600_000, now + 3 * 3_600_000);
  await expect(desk.getByRole('alert')).toContainText('한 번에 하나만');
  await expect(desk.getByRole('alert')).toContainText('겹칩니다');
  await expect(table.getByRole('row').filter({ hasText: '겹치는 점심 특가' })).toHaveCount(0);

  // After the last sale ends: accepted, 예정.
  const last = Math.max(...[shop.running, shop.upcoming].map((s) => (s ? Date.parse(s.ends_at) : 0)));
  await fill('이어지는 저녁 특가', last + 3_600_000, last + 2 * 3_600_000);
  await expect(desk.locator('output')).toContainText('타임세일을 만들었어요.');
  await expect(table.getByRole('row').filter({ hasText: '이어지는 저녁 특가' })).toContainText('예정');

  // The shopper's /timeSale shows the sale the back office calls 진행 중.
  await page.goto('/timeSale');
  await expect(page.getByText(shop.running?.title ?? '').first()).toBeVisible();
  await desk.context().close();
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
