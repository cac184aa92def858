/**
 * The member screens' layout route (apps/web/app/routes/mypage-layout.tsx, SPEC.md §2 routes
 * /mypage/*): the server render of a member screen carries one page header, titled by the screen,
 * above the screen's loading placeholder. Needs the web build (apps/web/build, `npm run build`)
 * made from the current sources; skipped otherwise, and failing under REQUIRE_WEB_BUILD=1 (CI).
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/platform/create-context.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { mountStorefront } from '../src/web/storefront.ts';
import { openTestDatabase, TEST_ENV } from './helpers.ts';
import { WEB_BUILD, webBuildReady } from './web-build.ts';

const LAYOUT = fileURLToPath(new URL('../../web/app/routes/mypage-layout.tsx', import.meta.url));
const fresh = webBuildReady(LAYOUT);

describe.runIf(fresh)('mypage layout route', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const ctx = createContext(loadConfig({ ...TEST_ENV }), await openTestDatabase(), {
      kv: new MemoryStore(),
    });
    app = await buildApp(ctx);
    await mountStorefront(app, WEB_BUILD, 'production');
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const member = 'isLogin=true; userID=member-0001';
  const headers = (html: string) => html.match(/data-testid="page-header"/g)?.length ?? 0;

  it('a member screen renders one header with its title as the page heading', async () => {
    for (const [url, title] of [
      ['/mypage/coupons', '쿠폰함'],
      ['/mypage/orders', '주문 내역'],
      ['/mypage/reviews/write/1', '후기 쓰기'],
    ] as const) {
      const res = await app.inject({ url, headers: { cookie: member } });
      expect(res.statusCode, url).toBe(200);
      expect(headers(res.body), url).toBe(1);
      expect(res.body, url).toMatch(new RegExp(`<h1 class="[^"]*">${title}</h1>`));
      expect(res.body, url).toContain('뒤로 가기');
    }
  });

  it('the /mypage screen keeps its header without a back arrow and a title that is not a heading', async () => {
    const res = await app.inject({ url: '/mypage', headers: { cookie: member } });
    expect(res.statusCode).toBe(200);
    expect(headers(res.body)).toBe(1);
    expect(res.body).toMatch(/<span class="[^"]*">마이페이지<\/span>/);
    expect(res.body).not.toContain('뒤로 가기');
  });
});
