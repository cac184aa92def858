import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers.ts';

/**
 * SPEC.md §4 "Device and scroll" for the storefront's lists at 390×844: Back from a product
 * brings the shopper to the same card with the pages the list had loaded; a fresh visit starts at
 * the top with the first page.
 */

const tabBar = (page: Page) => page.getByRole('navigation', { name: '주요 메뉴' });
const cards = (page: Page) => page.locator('main a[href^="/product/"]');

/** The index of the first card wholly on screen (below the sticky header, above the tab bar). */
async function cardOnScreen(list: Locator): Promise<number> {
  return list.evaluateAll((els) =>
    els.findIndex((e) => {
      const r = e.getBoundingClientRect();
      return r.top > 120 && r.bottom < window.innerHeight - 120;
    }),
  );
}

test('category: Back from a product on page 3 restores the loaded pages and the card in view', async ({
  page,
}) => {
  await page.goto('/category');
  await expect(cards(page)).toHaveCount(30);
  // Hydrated: the page links gave way to infinite scroll.
  await expect(page.getByRole('navigation', { name: '페이지' })).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return cards(page).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(90);
  // A card of the third page, brought on screen.
  await cards(page)
    .nth(75)
    .evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(200);
  const index = await cardOnScreen(cards(page));
  expect(index).toBeGreaterThanOrEqual(60);
  const target = cards(page).nth(index);
  const href = (await target.getAttribute('href')) as string;
  const loaded = await cards(page).count();

  await target.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('main h1')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/category$/);
  // The later pages are there again, and the card the shopper opened is in view.
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(loaded);
  const back = page.locator(`main a[href="${href}"]`);
  await expect(back).toBeInViewport();
  await page.waitForTimeout(300);
  await expect(back).toBeInViewport();
  // A restored position is not a scroll down by the shopper: the tab bar stays.
  await expect(tabBar(page)).toHaveAttribute('data-visible', 'true');

  // A fresh (client-side) visit starts at the top with the first page.
  await tabBar(page).getByRole('link', { name: '홈' }).click();
  await expect(page).toHaveURL(/\/$/);
  await tabBar(page).getByRole('link', { name: '카테고리' }).click();
  await expect(page).toHaveURL(/\/category$/);
  await expect(cards(page)).toHaveCount(30);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // A reload is an app start (SPEC.md §4 "cleared on app start"): the server's first page at the
  // top, whatever the list had loaded before.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return cards(page).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(60);
  await page.reload();
  await expect(page.getByRole('navigation', { name: '페이지' })).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(cards(page)).toHaveCount(30);
});

test('search results: Back from a product on the second page lands on the same card', async ({ page }) => {
  await page.goto(`/search?query=${encodeURIComponent('셔츠')}`);
  await expect(cards(page).first()).toBeVisible();
  const pager = page.getByRole('navigation', { name: '페이지' });
  await pager.getByRole('link', { name: '다음' }).click();
  await expect(page).toHaveURL(/page=2/);
  const url = page.url();
  // The next page is a new navigation: it starts at the top.
  await page.waitForFunction(() => window.scrollY === 0);
  await expect(cards(page).first()).toBeVisible();
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(12);
  await cards(page)
    .nth(count - 4)
    .evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(200);
  const index = await cardOnScreen(cards(page));
  expect(index).toBeGreaterThan(8);
  const href = (await cards(page).nth(index).getAttribute('href')) as string;

  await cards(page).nth(index).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('main h1')).toBeVisible();
  await page.goBack();
  expect(page.url()).toBe(url);
  const back = page.locator(`main a[href="${href}"]`);
  await expect(back).toBeInViewport();
  await page.waitForTimeout(300);
  await expect(back).toBeInViewport();
});
