import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { buyOneProduct, expect, signUpByPhone, test } from './helpers.ts';

// What SPEC.md promises and the shop now does (campaign codes, the outlet strip, the header's top
// state, the error screen's configured contact), at 390×844; the back office at 1280×800.

const key = { 'x-admin-key': E2E_ADMIN_KEY };

async function adminSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  const form = page.getByRole('form', { name: '운영자 로그인' });
  await form.getByLabel('이메일').fill(email);
  await form.getByLabel('비밀번호').fill(password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('a. a campaign link is counted on the dashboard: visit, sign-up and order', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?product_Id=15');
  // The visit's code is kept for the session (utmInfo) and sent to the server as a cookie.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'campaignCode')?.value)
    .toBe('15');
  const utm = await page.evaluate(() => JSON.parse(sessionStorage.getItem('utmInfo') ?? '{}'));
  expect(utm).toMatchObject({ product_Id: '15', utm_source: 'Owned', utm_medium: 'promotion' });
  let phone = `0105${String(Date.now()).slice(-7)}`;
  phone = await signUpByPhone(page, '김캠페인', phone);
  await buyOneProduct(page, 4, '김캠페인', phone);

  const md = { email: `md-campaign${Date.now()}@codiroom.test`, password: 'md-password-2026' };
  const made = await page.request.post('/api/admin/operators', {
    headers: key,
    data: { ...md, name: '윤캠페인', roles: ['MD'] },
  });
  expect(made.status()).toBe(200);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mp = await desk.newPage();
  await adminSignIn(mp, md.email, md.password);
  await mp.goto('/admin/dashboard');
  const row = mp.getByTestId('campaigns').locator('tr[data-code="15"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText('promotion_weekend');
  await expect(row.locator('[data-col="sign_ups"]')).toHaveText('1');
  await expect(row.locator('[data-col="orders"]')).toHaveText('1');
  await desk.close();
});

test('c. the home outlet strip shows up to ten outlet products', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  const strip = page.getByTestId('home-outlet');
  await strip.scrollIntoViewIfNeeded();
  const count = await strip.locator('li').count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(10);
  const section = page.locator('section[data-track-section="home_outlet"]');
  await section.getByRole('link', { name: '전체보기' }).click();
  await expect(page).toHaveURL(/\/collection\/outlet$/, { timeout: 30_000 });
});

test('e. the header leaves its top state at 60px of scroll and returns under it', async ({ page }) => {
  await page.goto('/');
  const header = page.getByTestId('page-header').first();
  await expect(header).toHaveAttribute('data-top', 'true');
  await page.evaluate(() => window.scrollTo(0, 59));
  await expect(header).toHaveAttribute('data-top', 'true');
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(header).toHaveAttribute('data-top', 'false');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-top', 'true');
});

test('f. the error screen mails the configured contact address', async ({ page }) => {
  const set = async (body: Record<string, unknown>) =>
    expect((await page.request.put('/api/admin/web-status', { data: body, headers: key })).status()).toBe(
      200,
    );
  await set({ result: true, variant: 'error4' });
  try {
    await page.goto('/');
    const screen = page.locator('[data-screen="error4"]');
    await expect(screen).toBeVisible();
    const href = await screen.getByRole('link', { name: '팀에 오류 알리기' }).getAttribute('href');
    expect(href).toMatch(/^mailto:errors@codiroom\.test\?subject=/);
  } finally {
    await set({ result: false });
  }
});
