/**
 * The storefront's guestID cookie holds a server-issued guest id (docs/ARCHITECTURE.md
 * "Storefront"): the root loader creates one on a first visit, replaces an old client-made or altered
 * one, and leaves a valid one alone; the shop renders either way. Needs the web build
 * (apps/web/build, `npm run build`) made from the current sources; skipped otherwise, a failure
 * with REQUIRE_WEB_BUILD=1 (test/web-build.ts).
 */
import { fileURLToPath } from 'node:url';
import { fixedClock, GUEST_ID_RE } from '@codiroom/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { productDisplays } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import type { AppContext } from '../src/platform/context.ts';
import { createContext } from '../src/platform/create-context.ts';
import { isIssuedGuestId } from '../src/platform/guest-id.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { mountStorefront } from '../src/web/storefront.ts';
import { guestIdOf, openTestDatabase, TEST_ENV } from './helpers.ts';
import { WEB_BUILD, webBuildReady } from './web-build.ts';

const LOADER = fileURLToPath(new URL('../../web/app/lib/guest-id.ts', import.meta.url));
/** A build older than the loader would test old code: skipped (failed with REQUIRE_WEB_BUILD). */
const fresh = webBuildReady(LOADER);

describe.runIf(fresh)('storefront guestID cookie', () => {
  let t: { app: FastifyInstance; ctx: AppContext; database: Database };
  let productId: number;

  beforeAll(async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ ...TEST_ENV });
    const ctx = createContext(config, database, {
      clock: fixedClock('2026-11-20T03:00:00Z'),
      kv: new MemoryStore(),
    });
    const app = await buildApp(ctx);
    await mountStorefront(app, WEB_BUILD, 'production');
    await app.ready();
    t = { app, ctx, database };
    await seed(t.ctx.db, { products: 10 });
    const [d] = await t.ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .orderBy(asc(productDisplays.id))
      .limit(1);
    productId = d?.id ?? 0;
  }, 120_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
  });

  const page = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie: `guestID=${encodeURIComponent(cookie)}` } : {} });
  /** The guestID the response sets, or null. */
  const setGuest = (headers: Record<string, unknown>): string | null => {
    const raw = headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
    const c = list.find((x: string) => x.startsWith('guestID='));
    return c ? decodeURIComponent(c.slice('guestID='.length).split(';')[0] as string) : null;
  };

  it('a first visit gets a server-issued id in a 30-day cookie', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const id = setGuest(res.headers);
    expect(id).toMatch(GUEST_ID_RE);
    expect(isIssuedGuestId(t.ctx.config, id as string)).toBe(true);
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=2592000');
  });

  it('an old client-made UUID or an altered id is replaced, and the shop still renders', async () => {
    const valid = guestIdOf(t.ctx);
    for (const old of [crypto.randomUUID(), `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`]) {
      for (const url of ['/', `/product/${productId}`]) {
        const res = await page(url, old);
        expect(res.statusCode, `${url} ${old}`).toBe(200);
        const id = setGuest(res.headers);
        expect(id).not.toBe(old);
        expect(isIssuedGuestId(t.ctx.config, id as string)).toBe(true);
      }
    }
  });

  it('a valid id is kept (no new cookie)', async () => {
    const res = await page('/', guestIdOf(t.ctx));
    expect(res.statusCode).toBe(200);
    expect(setGuest(res.headers)).toBeNull();
  });
});
