import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { expect, test } from './helpers.ts';

const tabBar = (page: Page) => page.getByRole('navigation', { name: '주요 메뉴' });

test.describe('bottom tab bar (SPEC.md §2)', () => {
  for (const path of [
    '/',
    '/home',
    '/category',
    '/ranking',
    '/style',
    '/post',
    '/timeSale',
    '/mypage',
    '/keepProducts',
    '/curation',
    '/collection/outlet',
  ]) {
    test(`is shown on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(tabBar(page)).toBeVisible();
    });
  }
  for (const path of ['/product/1', '/cart', '/search', '/login', '/post/1', '/brands/1']) {
    test(`is not shown on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await expect(tabBar(page)).toHaveCount(0);
    });
  }

  test('is hidden inside the app webview', async ({ page }) => {
    await page.goto('/?webview=true');
    await expect(page.locator('main').first()).toBeVisible();
    await expect(tabBar(page)).toHaveCount(0);
    // The flag is remembered in a cookie for later pages.
    await page.goto('/category');
    await expect(tabBar(page)).toHaveCount(0);
  });

  test('카테고리 is active on /category; tabs navigate client-side', async ({ page }) => {
    await page.goto('/category');
    await expect(tabBar(page).getByRole('link', { name: '카테고리' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabBar(page).getByRole('link', { name: '홈' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(tabBar(page).getByRole('link', { name: '홈' })).toHaveAttribute('aria-current', 'page');
  });

  test('hides while scrolling down, comes back scrolling up and at the page bottom', async ({ page }) => {
    await page.goto('/category');
    const bar = tabBar(page);
    await expect(bar).toHaveAttribute('data-visible', 'true');
    const scrollTo = async (y: number) => {
      await page.evaluate((yy) => window.scrollTo(0, yy), y);
      await page.waitForFunction((yy) => Math.abs(window.scrollY - yy) < 2, y);
    };
    // Scrolls made before hydration attach the listener go unseen: repeat the gesture until seen.
    await expect(async () => {
      await scrollTo(300);
      await scrollTo(700);
      await expect(bar).toHaveAttribute('data-visible', 'false', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await scrollTo(500);
    await expect(bar).toHaveAttribute('data-visible', 'true');
    await scrollTo(900);
    await expect(bar).toHaveAttribute('data-visible', 'false');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toHaveAttribute('data-visible', 'true');
  });

  test('a tab click records an analytics event labelled for guests', async ({ page }) => {
    await page.goto('/');
    // The click is queued with the page's other events and sent in the next analytics batch.
    const log = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/loggers/batch') && (r.postData() ?? '').includes('"name":"bottom_tab_bar"'),
    );
    await tabBar(page).getByRole('link', { name: '카테고리' }).click();
    const body = (await log).postDataJSON() as {
      events: { name?: string; props?: Record<string, unknown> }[];
    };
    const tab = body.events.find((e) => e.name === 'bottom_tab_bar');
    expect(tab?.props).toMatchObject({ section: 'bottom_tab_bar', label: 'tab_category_non_login' });
  });
});

test.describe('login gate (SPEC.md §2)', () => {
  test('a guest opening a protected page on the server is sent to /login', async ({ page }) => {
    await page.goto('/payment');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('옷 고르는 시간은 줄이고');
  });

  test('checkLogin=true lets the page open', async ({ page }) => {
    await page.goto('/payment?checkLogin=true');
    await expect(page).toHaveURL(/\/payment\?checkLogin=true$/);
    await expect(page.getByRole('heading', { name: '주문/결제', level: 1 })).toBeVisible();
  });

  test('pages on the no-check list open for guests', async ({ page }) => {
    for (const path of [
      '/mypage',
      '/cart',
      '/product/1',
      '/brands/1',
      '/collection/outlet',
      '/cloth_review/1',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    }
  });

  test('client-side navigation to a protected page redirects too', async ({ page }) => {
    await page.goto('/curation');
    await page.getByRole('link', { name: '스타일 퀴즈 시작하기' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a member (isLogin + userID cookies) is not redirected', async ({ page, context, baseURL }) => {
    const url = new URL(baseURL ?? 'http://127.0.0.1');
    await context.addCookies([
      { name: 'isLogin', value: 'true', domain: url.hostname, path: '/' },
      { name: 'userID', value: '9f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f', domain: url.hostname, path: '/' },
    ]);
    await page.goto('/payment');
    await expect(page).toHaveURL(/\/payment$/);
  });
});

test.describe('layout width (SPEC.md: capped at 480px, phones first)', () => {
  // Card lists (prices with badges, event coupon lines) must wrap inside their column: a page
  // wider than the phone zooms out and pushes bottom sheets off the screen.
  for (const path of [
    '/',
    '/category',
    '/ranking',
    '/timeSale',
    '/search?query=%EC%8A%AC%EB%9E%99%EC%8A%A4',
  ]) {
    test(`${path} is no wider than the phone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      const { inner, scroll } = await page.evaluate(() => ({
        inner: window.innerWidth,
        scroll: document.documentElement.scrollWidth,
      }));
      expect(inner).toBe(page.viewportSize()?.width);
      expect(scroll).toBeLessThanOrEqual(inner);
    });
  }
});

test.describe('404', () => {
  test('unknown paths and missing products render the 404 page with status 404', async ({ page }) => {
    const unknown = await page.goto('/this/does/not/exist');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없어요' })).toBeVisible();
    const missing = await page.goto('/product/99999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '상품이 없습니다.' })).toBeVisible();
  });
});

test.describe('scroll restoration (SPEC.md §4)', () => {
  test('back navigation restores the scroll position of the list', async ({ page }) => {
    await page.goto('/category');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    const y = await page.evaluate(() => window.scrollY);
    // Click a product card that is on screen at that position.
    const card = page.locator('main a[href^="/product/"]').filter({ has: page.locator('img') });
    const target = await card.evaluateAll((els) => {
      const i = els.findIndex((e) => {
        const r = e.getBoundingClientRect();
        return r.top > 120 && r.bottom < window.innerHeight - 80;
      });
      return i;
    });
    await card.nth(target).click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    // A new navigation starts at the top.
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.evaluate(() => sessionStorage.getItem('scrollPos_/category'))).toBe(
      String(Math.round(y)),
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/category$/);
    await page.waitForFunction((yy) => Math.abs(window.scrollY - yy) < 4, y);
  });
});

test.describe('web status screens (SPEC.md "Web status")', () => {
  test.describe.configure({ mode: 'serial' });
  const set = async (page: Page, body: Record<string, unknown>) => {
    const res = await page.request.put('/api/admin/web-status', {
      data: body,
      headers: { 'x-admin-key': E2E_ADMIN_KEY },
    });
    expect(res.status()).toBe(200);
  };
  test.afterEach(async ({ page }) => {
    await set(page, { result: false });
  });

  test('maintenance screen with the window, then reload when it ends', async ({ page }) => {
    await set(page, {
      result: true,
      start_at: '2026-11-21T02:00:00+09:00',
      end_at: '2026-11-21T06:00:00+09:00',
    });
    await page.clock.install();
    await page.goto('/');
    const screen = page.locator('[data-screen="maintenance"]');
    await expect(screen).toBeVisible();
    await expect(screen).toContainText('점검 시작');
    // The icon is drawn (inline SVG), no emoji font needed.
    await expect(screen.locator('svg')).toHaveCount(1);
    await expect(screen).not.toContainText('🛠');
    await expect(screen.locator('time').first()).toHaveAttribute('datetime', '2026-11-20T17:00:00.000Z');
    await expect(screen).toContainText('02:00');
    await expect(screen).toContainText('06:00');
    // Operators switch it off; the next 300000 ms poll sees it and the page reloads into the shop.
    await set(page, { result: false });
    await page.clock.fastForward(300_000);
    await expect(page.locator('[data-screen="maintenance"]')).toHaveCount(0);
    await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();
  });

  test('loading-delay message when the flag is on without a window', async ({ page }) => {
    await set(page, { result: true });
    await page.goto('/category');
    await expect(page.locator('[data-screen="loading-delay"]')).toContainText(
      '접속자가 많아 로딩이 지연되고 있습니다. 잠시만 기다려주세요.',
    );
  });

  test('overload (502) and error-4 variants', async ({ page }) => {
    await set(page, { result: true, variant: 'overload' });
    await page.goto('/');
    await expect(page.locator('[data-screen="overload"]')).toContainText('502');
    await set(page, { result: true, variant: 'error4' });
    await page.goto('/');
    await expect(page.locator('[data-screen="error4"]')).toBeVisible();
  });
});

test.describe('SEO rendered on the server', () => {
  for (const path of ['/', '/product/1', '/brands/1', '/post/1']) {
    test(`${path} has title, description, canonical, og and JSON-LD without scripts`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+"/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
        JSON.parse(m[1] ?? ''),
      );
      expect(ld.length).toBeGreaterThan(0);
      const types = ld.map((x) => x['@type']);
      if (path === '/') expect(types).toContain('Organization');
      if (path.startsWith('/product/')) {
        const product = ld.find((x) => x['@type'] === 'Product');
        expect(product.offers).toMatchObject({ priceCurrency: 'KRW' });
        expect(Number.isInteger(product.offers.price)).toBe(true);
        expect(types).toContain('BreadcrumbList');
      }
      if (path.startsWith('/post/')) expect(types).toContain('Article');
    });
  }

  test('robots.txt and sitemap.xml list the public links and every product', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: ');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/collection/outlet</loc>');
    expect(sitemap).toContain('/search?query=');
    expect(sitemap).toContain('/product/1</loc>');
    expect(sitemap).toContain('/brands/1</loc>');
    expect(sitemap).toContain('/post/1</loc>');
    // Every product on sale: the seed's 300 and any an MD added in an earlier journey.
    const listing = await (await request.get('/api/products/category-products')).json();
    expect(listing.total_count).toBeGreaterThanOrEqual(300);
    expect((sitemap.match(/\/product\/\d+<\/loc>/g) ?? []).length).toBe(listing.total_count);
  });

  test('the footer shows the business information', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    for (const label of [
      '상호',
      '대표자',
      '사업자등록번호',
      '통신판매업 신고번호',
      '주소',
      '호스팅 제공자',
    ]) {
      await expect(footer).toContainText(label);
    }
    await expect(footer.getByRole('link', { name: '이용약관' })).toBeVisible();
    await expect(footer.getByRole('link', { name: '개인정보처리방침' })).toBeVisible();
  });
});

test.describe('global popups', () => {
  test('size-level popup and zoom image open as dialogs and close with Escape', async ({ page }) => {
    await page.goto('/product/1');
    await page.getByRole('button', { name: '사이즈 레벨 안내' }).click();
    const sizeLevel = page.getByRole('dialog', { name: '사이즈 레벨 안내' });
    await expect(sizeLevel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sizeLevel).toHaveCount(0);
    await page.locator('section[aria-label="상품 이미지"] button').first().click();
    const zoom = page.getByRole('dialog', { name: '이미지 확대' });
    await expect(zoom.locator('img')).toBeVisible();
    await zoom.getByRole('button', { name: '닫기' }).click();
    await expect(zoom).toHaveCount(0);
  });

  test('the buy sheet offers only in-stock sizes', async ({ page }) => {
    await page.goto('/product/1');
    await page.getByRole('button', { name: '구매하기' }).click();
    const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await expect(sheet).toBeVisible();
    const add = sheet.getByRole('button', { name: '장바구니 담기' });
    await expect(add).toBeDisabled();
    await sheet.locator('fieldset button:not([disabled])').first().click();
    await expect(add).toBeEnabled();
  });
});
