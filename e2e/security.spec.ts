import { expect, test, watchCspViolations } from './helpers.ts';

// Security headers of the server-rendered pages (docs/ARCHITECTURE.md, "Security"). Every journey
// also fails on any Content-Security-Policy violation (the `test` of helpers.ts).

const directives = (header: string | undefined) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );

test.describe('security headers', () => {
  test('pages, files and the API carry the CSP, nosniff, frame and referrer headers @smoke', async ({
    request,
  }) => {
    const pages = ['/', '/product/1', '/category'];
    for (const path of [...pages, '/favicon.svg', '/api/health', '/api/nope']) {
      const res = await request.get(path);
      const h = res.headers();
      const csp = directives(h['content-security-policy']);
      if (pages.includes(path)) {
        expect(csp.get('default-src'), path).toEqual(["'self'"]);
        const nonce = csp.get('script-src')?.find((v) => /^'nonce-[A-Za-z0-9+/]+=*'$/.test(v));
        expect(nonce, path).toBeDefined();
        expect(csp.get('script-src'), path).not.toContain("'unsafe-inline'");
        expect(csp.get('object-src'), path).toEqual(["'none'"]);
        expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      } else {
        // Files and JSON: nothing allowed if one is ever opened as a document.
        expect(csp.get('default-src'), path).toEqual(["'none'"]);
      }
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['x-frame-options'], path).toBe('DENY');
      expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(h['x-powered-by'], path).toBeUndefined();
    }
  });

  test("a page's inline scripts carry its response's nonce and the app hydrates @smoke", async ({ page }) => {
    const response = await page.goto('/');
    const header = response?.headers()['content-security-policy'];
    const nonce = directives(header)
      .get('script-src')
      ?.find((v) => v.startsWith("'nonce-"))
      ?.slice(7, -1);
    expect(nonce).toBeTruthy();
    // The browser hides nonce attributes from the DOM; the property keeps the value.
    const nonces = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map(
        (s) => (s as HTMLScriptElement).nonce,
      ),
    );
    expect(nonces.length).toBeGreaterThan(1);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    // Hydrated: a tab click navigates on the client.
    await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '카테고리' }).click();
    await expect(page).toHaveURL(/\/category$/);
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  });

  test('the CSP blocks an injected inline script, and the journeys would see it @smoke', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    await page.goto('/');
    const ran = await page.evaluate(() => {
      const w = window as unknown as { injected?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.appendChild(s);
      return w.injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toMatch(/script-src/);
    await context.close();
  });

  test('the API docs (Swagger UI) work under the CSP', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Codiroom API/ })).toBeVisible();
    await expect(page.getByText('/api/health').first()).toBeVisible();
  });
});
