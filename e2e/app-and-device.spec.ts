import { kstDatetimeLocal } from '@codiroom/shared/time';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { expect, signUpByPhone, test } from './helpers.ts';

// SPEC.md §3 "Stored on the device" and §4 "Session": the app's webview hears who signed in (the
// push SDK's external id) and the user status; desktop screens get the closable side panel
// (isPC, isPCcontentShow); the size recommendation nudges once a day (the size-sheet view
// cookie); a colourway flagged almost sold-out in the back office says 품절임박.

type AppMessage = { type: string; [k: string]: unknown };
const appMessages = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __appMessages: string[] }).__appMessages.map((m) => JSON.parse(m)),
  );

test('in the app, sign-up tells the native shell the uuid and groups, and the user status arrives', async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 CodiroomApp/2.3',
  });
  // The native shell's bridge, as react-native-webview injects it.
  await context.addInitScript(() => {
    const w = window as unknown as { __appMessages: string[]; ReactNativeWebView: unknown };
    w.__appMessages = JSON.parse(sessionStorage.getItem('__appMessages') ?? '[]');
    w.ReactNativeWebView = {
      postMessage: (m: string) => {
        w.__appMessages.push(m);
        sessionStorage.setItem('__appMessages', JSON.stringify(w.__appMessages));
      },
    };
  });
  const page = await context.newPage();
  await page.goto('/');
  // A guest's status check at start.
  await expect
    .poll(async () => (await appMessages(page)).find((m: AppMessage) => m.type === 'user_status'))
    .toMatchObject({ type: 'user_status', user_id: null, status: { is_login: false } });

  await signUpByPhone(page, '앱회원', '01055550891');
  const login = (await appMessages(page)).find((m: AppMessage) => m.type === 'login');
  const detail = await (
    await page.request.get('/api/users/user-detail', {
      headers: {
        authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'accessToken')?.value}`,
      },
    })
  ).json();
  expect(login).toMatchObject({ type: 'login', user_id: detail.uuid, login_method: 'phone' });
  expect(login.ab_type).toMatch(/^[AB]$/);
  // After sign-up the page reloads the member's status: the app hears the member and the switches.
  // The check the page after sign-up started may be cut short by this navigation (its alarm
  // switches unanswered, so null): the new page's own check is the one that carries them.
  await page.goto('/mypage');
  const withSwitches = (m: AppMessage) =>
    m.type === 'user_status' && m.user_id === detail.uuid && typeof m.is_app_alert === 'boolean';
  await expect.poll(async () => (await appMessages(page)).some(withSwitches)).toBe(true);
  const status = (await appMessages(page)).find(withSwitches);
  expect(status).toMatchObject({ status: { is_login: true }, is_app_alert: expect.any(Boolean) });
  // The app's screens have no desktop panel.
  await expect(page.getByTestId('pc-side-panel')).toHaveCount(0);
  await context.close();
});

test('on a desktop screen the side panel shows beside the column until closed for good', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  });
  const page = await context.newPage();
  await page.goto('/');
  const panel = page.getByTestId('pc-side-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('MY큐레이션');
  // Beside the 480px column, never over it.
  const box = await panel.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((1280 - 480) / 2);
  expect((await context.cookies()).find((c) => c.name === 'isPC')?.value).toBe('true');
  await panel.getByRole('button', { name: '다시 보지 않기' }).click();
  await expect(panel).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('isPCcontentShow'))).toBe('false');
  await page.reload();
  await expect(page.getByRole('link', { name: /홈/ }).first()).toBeVisible();
  await expect(page.getByTestId('pc-side-panel')).toHaveCount(0);
  await context.close();
});

test('a phone gets no side panel and isPC=false', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('pc-side-panel')).toHaveCount(0);
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'isPC')?.value)
    .toBe('false');
});

test('the size recommendation nudges on the first product page of the day, then is one line to open', async ({
  page,
  context,
}) => {
  const list = await (
    await page.request.get('/api/products/category-products?category_main=top&sort=popular')
  ).json();
  const [first, second] = (list.result as { id: number }[]).map((p) => p.id);
  await page.goto(`/product/${first}`);
  const box = page.getByTestId('size-recommendation');
  await box.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('size-nudge')).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'sizeSheetView'))
    .toMatchObject({ value: '1' });
  const cookie = (await context.cookies()).find((c) => c.name === 'sizeSheetView');
  // One day.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(86_400 - 120);
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(86_400 + 5);

  await page.goto(`/product/${second}`);
  await expect(page.getByTestId('size-recommendation')).toHaveAttribute('data-mode', 'collapsed');
  await expect(page.getByLabel('키(cm)')).toHaveCount(0);
  await page.getByRole('button', { name: '내 사이즈 추천 받기' }).click();
  await expect(page.getByLabel('키(cm)')).toBeVisible();
});

test('an MD flags a colourway almost sold-out in the back office; the product page says 품절임박', async ({
  browser,
  page,
}) => {
  const list = await (
    await page.request.get('/api/products/category-products?category_main=bottom&sort=newest')
  ).json();
  let detail: { id: number; product_id: number; color_name: string } | null = null;
  for (const p of list.result as { id: number; is_sold_out: boolean }[]) {
    if (p.is_sold_out) continue;
    const d = await (await page.request.get(`/api/products/detail/${p.id}`)).json();
    if (d.is_almost_sold_out === false) {
      detail = d;
      break;
    }
  }
  if (!detail) throw new Error('no colourway in stock without a flag');
  const id = detail.id;
  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('product-price')).toBeVisible();
  await expect(page.getByTestId('almost-sold-out')).toHaveCount(0);

  const stamp = Date.now();
  const md = { email: `md-soldout${stamp}@codiroom.test`, password: 'md-pass-2026-xx' };
  const made = await page.request.post('/api/admin/operators', {
    headers: { 'x-admin-key': E2E_ADMIN_KEY },
    data: { ...md, name: '김엠디', roles: ['MD'] },
  });
  expect(made.status()).toBe(200);
  const desk = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const mp = await desk.newPage();
  await mp.goto('/admin');
  const form = mp.getByRole('form', { name: '운영자 로그인' });
  await form.getByLabel('이메일').fill(md.email);
  await form.getByLabel('비밀번호').fill(md.password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(mp).toHaveURL(/\/admin$/);
  await mp.goto(`/admin/products/${detail.product_id}`);
  const window = mp.getByRole('form', { name: `${detail.color_name} 품절임박 기간` });
  // From an hour ago until tomorrow, in KST as the form reads it.
  await window.getByLabel('품절임박 시작 (KST)').fill(kstDatetimeLocal(new Date(Date.now() - 3_600_000)));
  await window
    .getByLabel('품절임박 끝 (그 분까지)')
    .fill(kstDatetimeLocal(new Date(Date.now() + 86_400_000)));
  await window.getByRole('button', { name: '기간 저장' }).click();
  await expect(mp.locator('output')).toContainText('품절임박 기간을 정했어요');
  await desk.close();

  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('almost-sold-out')).toContainText('품절임박');
});
