import { expect, test } from './helpers.ts';

test('home page shows seeded products at a 390×844 viewport @smoke', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/코디룸/);

  // Server-rendered product cards with brand, name and a won price.
  const cards = page.locator('a[href^="/product/"]');
  expect(await cards.count()).toBeGreaterThanOrEqual(12);
  const first = cards.first();
  await expect(first).toBeVisible();
  await expect(first).toContainText(/[\d,]+원/);
  const img = first.locator('img');
  await expect(img).toHaveAttribute('src', /\/api\/images\/product\//);
  // The generated product image actually loads.
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  // The layout is capped at 480px and the page does not scroll sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Bottom tab bar: five tabs in SPEC.md's order, 홈 active.
  const tabs = page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link');
  await expect(tabs).toHaveCount(5);
  const names = ['카테고리', 'MY큐레이션', '홈', '좋아요', '마이페이지'];
  for (const [i, name] of names.entries()) await expect(tabs.nth(i)).toHaveAccessibleName(name);
  await expect(page.getByRole('link', { name: '홈', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.screenshot({ path: 'test-results/home.png', fullPage: false });
  expect(errors).toEqual([]);
});

test('unknown paths render the 404 page with status 404 @smoke', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없어요' })).toBeVisible();
});

test('API answers under /api on the same origin @smoke', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect((await health.json()).database).toBe('pglite');
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toHaveProperty('detail');
});
