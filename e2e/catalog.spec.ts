import type { Browser, Page } from '@playwright/test';
import { expect, test, watchCspViolations } from './helpers.ts';

/**
 * Catalogue journey at 390×844: home → category with a filter → product → size table → similar
 * products → brand. Once with JavaScript, once with it disabled (server-rendered content only).
 */

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

async function checkProductPage(page: Page) {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('main h1')).not.toBeEmpty();
  // Price, shipping promise from shipping-info, size picker and the measured size table.
  await expect(
    page
      .locator('main')
      .getByText(/[\d,]+원/)
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('shipping-promise')).toContainText(
    /오늘출발|내일출발|[월화수목금]요일 출발|빠른배송|일반배송/,
  );
  await expect(page.getByRole('heading', { name: '사이즈', exact: true })).toBeVisible();
  const table = page.locator('table', { has: page.locator('caption', { hasText: '실측 사이즈' }) });
  await table.scrollIntoViewIfNeeded();
  await expect(table).toBeVisible();
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('buy-bar')).toBeVisible();
  await expect(page.getByRole('heading', { name: '비슷한 상품' })).toBeAttached();
}

test('home → category with a filter → product → size table → similar → brand @smoke', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();

  await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '카테고리' }).click();
  await expect(page).toHaveURL(/\/category$/);
  await page.getByRole('navigation', { name: '카테고리' }).getByRole('link', { name: '상의' }).click();
  await expect(page).toHaveURL(/category_main=top/);

  // Filter: the first brand of the tab.
  await page.locator('summary', { hasText: '필터' }).click();
  const brandBox = page.getByRole('group', { name: '브랜드' }).getByRole('checkbox').first();
  const brandId = await brandBox.getAttribute('value');
  const brandName = (
    await page.getByRole('group', { name: '브랜드' }).locator('label').first().innerText()
  ).trim();
  // The chip's label covers its checkbox: a shopper taps the label.
  await page.getByRole('group', { name: '브랜드' }).locator('label').first().click();
  await expect(brandBox).toBeChecked();
  // The URL changes before the filtered list arrives: wait for its data, not to read a stale card.
  const filtered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/category.data' && r.url().includes(`brand_id=${brandId}`),
  );
  await page.getByRole('dialog', { name: '필터' }).getByRole('button', { name: '상품 보기' }).click();
  await expect(page).toHaveURL(new RegExp(`brand_id=${brandId}`));
  await filtered;
  // The response arriving is not the list rendered: wait for the filtered render (the filter count
  // and the first card's brand) before reading a card, or the click lands on a re-rendered list.
  await expect(page.getByRole('button', { name: /^필터 1$/ })).toBeVisible();
  const cards = page.locator('main a[href^="/product/"]');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText(brandName);
  // A list can hold two colourways of one product: every card names its colour, the product's own.
  const colour = ((await cards.first().textContent())?.match(/색상 ([가-힣]+)/) ?? [])[1] ?? '';
  expect(colour).not.toBe('');

  const href = (await cards.first().getAttribute('href')) as string;
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await checkProductPage(page);
  await expect(page.locator('main')).toContainText(colour);

  // Similar products page.
  await page.getByRole('link', { name: '전체보기' }).last().click();
  await expect(page).toHaveURL(/\/product\/\d+\/similar$/);
  await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  await expect(page.locator('main a[href^="/product/"]').first()).toContainText(/색상 \S+/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  // Brand page of the product (the filtered brand).
  await page.locator('main a[href^="/brands/"]').first().click();
  await expect(page).toHaveURL(new RegExp(`/brands/${brandId}$`));
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/catalog-brand.png' });
  expect(errors).toEqual([]);
});

test('category infinite scroll loads the next page with the cursor', async ({ page }) => {
  await page.goto('/category');
  const cards = page.locator('main a[href^="/product/"]');
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  expect(before).toBe(30);
  // Scroll to the end (again while hydration finishes) until the next 30 arrive.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return cards.count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(before);
  // The page links gave way to infinite scroll.
  await expect(page.getByRole('navigation', { name: '페이지' })).toHaveCount(0);
});

test('server-rendered content is visible with JavaScript disabled', async ({
  browser,
}: {
  browser: Browser;
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    locale: 'ko-KR',
  });
  const cspViolations = await watchCspViolations(context);
  // Without scripts Chromium loads every image at once (lazy loading needs scripting), and the
  // load event waits for all of them: the pages are read when their HTML is in.
  const NO_IMAGES_WAIT = { waitUntil: 'domcontentloaded' } as const;
  test.slow();
  const page = await context.newPage();
  await page.goto('/', NO_IMAGES_WAIT);
  await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();

  // Category with a filter, submitted as a plain GET form.
  await page.goto('/category?category_main=top', NO_IMAGES_WAIT);
  await page.locator('summary', { hasText: '필터' }).click();
  const brandBox = page.getByRole('group', { name: '브랜드' }).getByRole('checkbox').first();
  const brandId = await brandBox.getAttribute('value');
  // The chip's label covers its checkbox: a shopper taps the label.
  await page.getByRole('group', { name: '브랜드' }).locator('label').first().click();
  await expect(brandBox).toBeChecked();
  await page.getByRole('button', { name: '적용' }).click({ noWaitAfter: true });
  await page.waitForURL(new RegExp(`brand_id=${brandId}`), NO_IMAGES_WAIT);
  const first = page.locator('main a[href^="/product/"]').first();
  await expect(first).toBeVisible();
  // Without scripts the page links stand in for infinite scroll.
  const href = (await first.getAttribute('href')) as string;

  await page.goto(href, NO_IMAGES_WAIT);
  await checkProductPage(page);
  await page.goto(`${href}/similar`, NO_IMAGES_WAIT);
  await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  await page.goto(`/brands/${brandId}`, NO_IMAGES_WAIT);
  await expect(page.locator('main h1')).toBeVisible();
  await page.goto('/ranking?tab=brands', NO_IMAGES_WAIT);
  await expect(page.locator('main a[href^="/brands/"]').first()).toBeVisible();
  await page.goto('/ranking?tab=rising', NO_IMAGES_WAIT);
  await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
  await context.close();
});
