/**
 * First-party analytics in the browser (docs/ARCHITECTURE.md, "Analytics"): page views, the
 * sections a shopper saw and the product page are queued and sent as one batch; leaving the page
 * sends what is left with sendBeacon; the back office dashboard counts them.
 */
import { E2E_ADMIN_KEY } from '../playwright.config';
import { expect, test } from './helpers';

type Batch = { session_id: string; events: { kind: string; name?: string; product_display_id?: number }[] };

test('a visit is sent in batches, the last one by sendBeacon on leaving, and reaches the dashboard', async ({
  page,
}) => {
  const batches: Batch[] = [];
  // Playwright does not expose a beacon's body: the page hands a copy to the test, then sends it.
  await page.exposeFunction('seenBeacon', (text: string) => batches.push(JSON.parse(text) as Batch));
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob)
        void data
          .text()
          .then((t) => (window as unknown as { seenBeacon: (t: string) => void }).seenBeacon(t));
      return send(url, data);
    };
  });
  const beacons: number[] = [];
  page.on('request', (r) => {
    if (!r.url().endsWith('/api/loggers/batch')) return;
    if ((r.headers()['content-type'] ?? '').startsWith('text/plain')) beacons.push(1);
    else batches.push(JSON.parse(r.postData() ?? '{"events":[]}') as Batch);
  });
  const homeBatch = page.waitForRequest(
    (r) => r.url().endsWith('/api/loggers/batch') && (r.postData() ?? '').includes('"name":"home_popular"'),
  );
  await page.goto('/');
  await expect(page.locator('[data-track-section="home_popular"]')).toBeVisible();
  // The queue waits a few seconds for more events: nothing has been sent yet. Then the home page's
  // events leave in one batch, the section the shopper looked at among them.
  expect(batches).toHaveLength(0);
  await homeBatch;
  const card = page.locator('main a[href^="/product/"]').first();
  const href = (await card.getAttribute('href')) as string;
  const productId = Number(/\/product\/(\d+)/.exec(href)?.[1]);
  await card.click();
  await expect(page).toHaveURL(/\/product\/\d+/);
  // The product page has rendered, so its page view is queued (and, a few seconds short of the
  // queue's wait, not yet sent).
  await expect(page.getByTestId('product-price')).toBeVisible();
  // The shopper switches apps: the page is hidden and sendBeacon carries what is queued.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => beacons.length, { timeout: 5_000 }).toBeGreaterThan(0);
  // The beacon's copy reaches the test asynchronously: wait for the product page's view.
  await expect
    .poll(() => batches.flatMap((b) => b.events).some((e) => e.product_display_id === productId))
    .toBe(true);
  const events = batches.flatMap((b) => b.events);
  expect(events.filter((e) => e.kind === 'active_user')).toHaveLength(1);
  expect(events).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'page_view', name: 'home' }),
      expect.objectContaining({ kind: 'page_view', name: 'product', product_display_id: productId }),
      expect.objectContaining({ kind: 'section', name: 'home_popular' }),
    ]),
  );
  // One visit, one session id.
  expect(new Set(batches.map((b) => b.session_id)).size).toBe(1);

  // The server writes them within its flush interval; the dashboard counts the product view.
  await expect
    .poll(
      async () => {
        const d = await (
          await page.request.get('/api/admin/dashboard', { headers: { 'x-admin-key': E2E_ADMIN_KEY } })
        ).json();
        return {
          viewed: (d.funnel.find((s: { step: string }) => s.step === 'product_view')?.visitors ?? 0) >= 1,
          popular: d.sections.some((s: { name: string }) => s.name === 'home_popular'),
        };
      },
      { timeout: 10_000 },
    )
    .toEqual({ viewed: true, popular: true });
});
