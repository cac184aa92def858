import { expect, test } from './helpers.ts';

/**
 * What makes the first screen fast on a phone (docs/ARCHITECTURE.md "Storefront speed"): the app's
 * JavaScript loads after the first paint, Pretendard comes from the cache on repeat visits only, and
 * what arrives after the paint shifts nothing.
 */
test.describe('storefront speed', () => {
  test('the page paints before the app loads: no module preload in the HTML, the app fetched after the first contentful paint', async ({
    page,
    request,
  }) => {
    const html = await (
      await request.get('/category', {
        headers: {
          'user-agent':
            'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
        },
      })
    ).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('rel="x-codiroom-modulepreload"');
    // The stylesheet is the first request the head asks for.
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('x-codiroom-modulepreload'));

    await page.goto('/category');
    const t = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/entry\.client-[^/]+\.js$/.test(e.name));
      return {
        fcp,
        boot: (window as { __codiroomBootAt?: number }).__codiroomBootAt,
        entry: entry?.startTime,
      };
    });
    expect(t.fcp).toBeGreaterThan(0);
    expect(t.boot).toBeGreaterThanOrEqual(t.fcp);
    expect(t.entry).toBeGreaterThanOrEqual(t.boot ?? Number.POSITIVE_INFINITY);
    // And the app runs: a tab click navigates on the client.
    await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '홈' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });

  test('Pretendard: none on a first visit, cached when idle, then in the page from the first paint', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.locator('link[href*="pretendard"]')).toHaveCount(0);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'fontCached')?.value, {
        timeout: 15_000,
      })
      .toBe('1');
    await page.goto('/ranking');
    const link = page.locator('link[rel="stylesheet"][href*="pretendard"]');
    await expect(link).toHaveCount(1);
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((f) => f.family.includes('Pretendard'))
        .map((f) => ({ status: f.status, display: f.display }));
    });
    // Its @font-face rules say optional, and the subsets the page uses came from the cache.
    expect(faces.length).toBe(92);
    expect(new Set(faces.map((f) => f.display))).toEqual(new Set(['optional']));
    expect(faces.filter((f) => f.status === 'loaded').length).toBeGreaterThan(0);
  });

  test('the live viewer count arriving under the price shifts nothing', async ({
    browser,
    page,
    baseURL,
  }) => {
    // A second shopper on the product makes the count show (2 or more).
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto('/product/1');
    // The elements each layout shift moved (class names keep the CSS module's name).
    await page.addInitScript(() => {
      const w = window as { __moved?: string[] };
      w.__moved = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<
          PerformanceEntry & { sources?: Array<{ node?: Node | null }> }
        >) {
          for (const s of e.sources ?? []) w.__moved?.push((s.node as Element | null)?.className ?? '');
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/product/1');
    await expect(page.getByTestId('live-viewers')).toContainText('명이 보고 있어요');
    await page.waitForTimeout(500);
    // The facts under the price (shipping, colour, material) stay where the server put them.
    const moved = await page.evaluate(() => (window as { __moved?: string[] }).__moved ?? []);
    expect(moved.filter((c) => /facts|price-?block/i.test(c))).toEqual([]);
    await other.close();
  });
});
