import { type BrowserContext, test as base, expect, type Page, type Response } from '@playwright/test';

export { expect };

/**
 * Collects the Content-Security-Policy violations of every page of `context` (docs/ARCHITECTURE.md,
 * "Security"): the document's `securitypolicyviolation` events, reported to the console by an init
 * script, and Chromium's own "Refused to … Content Security Policy" console messages (which also
 * come with JavaScript off).
 */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  context.on('console', (m) => {
    const text = m.text();
    if (/CSP violation|Content Security Policy/i.test(text)) violations.push(`${m.location().url}: ${text}`);
  });
  return violations;
}

/**
 * Waits until the storefront's app has hydrated the page a navigation loaded (the page is painted
 * from the server's HTML first and the app loads after the first paint: deferred-scripts.ts), as a
 * shopper's tap would meet it a moment later. Polled from here, so a test's fake clock does not
 * stop it; pages that are not HTML, or that never hydrate, are left to the test's own checks.
 */
export async function waitForApp(page: Page, response: Response | null): Promise<void> {
  if (!response?.headers()['content-type']?.includes('text/html')) return;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.hydrated === '1').catch(() => true), {
      timeout: 15_000,
      intervals: [50, 100, 200],
    })
    .toBe(true)
    .catch(() => undefined);
}

const waitsForApp = new WeakSet<Page>();

/** Makes `page.goto` and `page.reload` wait for the app (waitForApp), once per page. */
export function gotoWaitsForApp(page: Page): void {
  if (waitsForApp.has(page)) return;
  waitsForApp.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForApp(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForApp(page, response);
    return response;
  };
}

/** Every page a context opens, now and later, waits for the app after goto and reload. */
function contextWaitsForApp(context: BrowserContext): void {
  for (const page of context.pages()) gotoWaitsForApp(page);
  context.on('page', gotoWaitsForApp);
}

/**
 * The journeys' `test`: Playwright's, plus a check on every page of the test's browser context
 * that no Content-Security-Policy violation happened, and pages whose goto and reload wait for the
 * app (waitForApp) — the test's own and those of the contexts a test opens itself (unless
 * JavaScript is off there). Every spec imports `test` from here.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) contextWaitsForApp(context);
    await use(context);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) contextWaitsForApp(context);
        return context;
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => {
        const page = await newPage(options);
        if (options?.javaScriptEnabled !== false) gotoWaitsForApp(page);
        return page;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCspViolations(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Signs up a new member by phone through /signup, the way a shopper does: name and number, the
 * code from the dev SMS outbox, a password; ends on the sign-up welcome (`type=sign_up`). A guest
 * cart and likes of the same browser move to the member on the way (guest merge).
 */
export async function signUpByPhone(page: Page, name: string, given: string): Promise<string> {
  // A retry runs against the same shop, where the first try's number is already a member: the
  // retry signs up with its own number (010 + the retry's digit + the rest), returned to the caller.
  const retry = test.info().retry;
  const phone = retry > 0 ? `010${retry}${given.slice(4)}` : given;
  await page.goto('/signup');
  await page.getByLabel('이름').fill(name);
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요');
  const { code } = await (await page.request.get(`/api/dev/sms-outbox?phone=${phone}`)).json();
  await page.getByLabel(/인증번호/).fill(code);
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('status')).toContainText('인증되었어요');
  await setSignUpPassword(page, 'codiroom123');
  await acceptRequiredAgreements(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/type=sign_up/);
  return phone;
}

/** The sign-up form's password and its confirmation. */
export async function setSignUpPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('비밀번호 (영문', { exact: false }).fill(password);
  await page.getByLabel('비밀번호 확인').fill(password);
}

/** The required sign-up agreements only (the optional marketing consent stays off). */
export async function acceptRequiredAgreements(page: Page): Promise<void> {
  for (const box of await page.getByRole('checkbox', { name: /\[필수\]/ }).all()) await box.check();
}

/**
 * Buys one item of a product as the signed-in member: the first size in stock into the cart, the
 * checkout form, the sandbox payment window; ends on the order-complete page.
 */
export async function buyOneProduct(
  page: Page,
  productId: number,
  name: string,
  phone: string,
): Promise<void> {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  await sheet.locator('fieldset button:not([disabled])').first().click();
  // The cart page is opened once the add has answered (a navigation would cancel it in flight).
  const added = page.waitForResponse(
    (r) => r.url().includes('/api/carts') && r.request().method() === 'POST',
  );
  await sheet.getByRole('button', { name: '장바구니 담기' }).click();
  expect((await added).status(), 'cart add').toBeLessThan(300);
  await page.goto('/cart');
  await page.getByRole('link', { name: /주문하기/ }).click();
  const form = page.getByRole('form', { name: '주문서' });
  await form.getByLabel('받는 분').fill(name);
  await form.getByLabel('연락처').fill(phone);
  await form.getByLabel('우편번호').fill('06236');
  await form.getByLabel('주소', { exact: true }).fill('서울 강남구 테헤란로 123');
  await form.getByLabel('상세 주소').fill('4층');
  await form.getByLabel(/구매조건/).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?/);
  await page.getByRole('button', { name: '결제하기' }).click();
  await expect(page).toHaveURL(/\/payment\/complete\/\d+$/, { timeout: 15_000 });
}
