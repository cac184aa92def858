/**
 * Two API processes, one shop: two apps, each with its own context (database pool, Redis
 * connections, caches), listening on two ports over the same PostgreSQL database and Redis, behind
 * a round-robin proxy (plain node:http). Through the proxy, consecutive requests alternate between
 * the two, and carts, sessions, sign-in limits, realtime search keywords and cache invalidations
 * are shared. Needs TEST_DATABASE_URL and TEST_REDIS_URL (skipped otherwise: one process with
 * PGlite and the memory store has nothing to share).
 */
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixedClock } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { productDisplays } from '../src/db/schema.ts';
import { rebuildSearchIndex } from '../src/domains/search/documents.ts';
import { invalidate } from '../src/platform/cache.ts';
import { RedisStore } from '../src/platform/kv.ts';
import { signUpViaApi } from './auth-helpers.ts';
import { createTestApp, guestHeader, type TestApp } from './helpers.ts';
import { makeShop, type Shop } from './orders-fixtures.ts';

const dbUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason = !dbUrl || !redisUrl ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL' : null;

/** A round-robin proxy: request n goes to backend n mod 2; `x-backend` names the one that answered. */
function roundRobin(ports: number[]): Promise<{ server: Server; url: string }> {
  let n = 0;
  const server = createServer((req, res) => {
    const i = n++ % ports.length;
    const upstream = request(
      { host: '127.0.0.1', port: ports[i], method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-backend': String(i) });
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

describe.skipIf(skipReason !== null)(
  `two API processes behind one proxy${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const name = `codiroom_t2_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const prefix = `codiroom-t2:${randomUUID().slice(0, 8)}:`;
    const clock = fixedClock('2026-11-20T03:00:00Z');
    let admin: ReturnType<typeof postgres>;
    let dbA: Database;
    let dbB: Database;
    let kvA: RedisStore;
    let kvB: RedisStore;
    let a: TestApp;
    let b: TestApp;
    let proxy: { server: Server; url: string };
    let shop: Shop;

    beforeAll(async () => {
      admin = postgres(dbUrl as string, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const u = new URL(dbUrl as string);
      u.pathname = `/${name}`;
      dbA = await openDatabase({ kind: 'postgresql', url: u.toString(), max: 4 });
      await dbA.migrate();
      dbB = await openDatabase({ kind: 'postgresql', url: u.toString(), max: 4 });
      kvA = new RedisStore(redisUrl as string, prefix);
      kvB = new RedisStore(redisUrl as string, prefix);
      const env = { REDIS_URL: redisUrl as string, REDIS_KEY_PREFIX: prefix };
      a = await createTestApp({ database: dbA, kv: kvA, env, clock });
      b = await createTestApp({ database: dbB, kv: kvB, env, clock });
      const ports: number[] = [];
      for (const t of [a, b]) {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        ports.push((t.app.server.address() as AddressInfo).port);
      }
      proxy = await roundRobin(ports);
      shop = await makeShop(a.ctx);
      await rebuildSearchIndex(a.ctx.db);
    }, 30_000);

    afterAll(async () => {
      await new Promise((r) => proxy?.server.close(r));
      await Promise.allSettled([a?.close(), b?.close()]);
      await Promise.allSettled([kvA?.close(), kvB?.close()]);
      await admin?.unsafe(`drop database if exists ${name} with (force)`);
      await admin?.end();
    });

    /** One request through the proxy; `backend` is the process that answered (0: a, 1: b). */
    async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
      const res = await fetch(proxy.url + path, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        backend: Number(res.headers.get('x-backend')),
        json: (text ? JSON.parse(text) : null) as Record<string, unknown>,
      };
    }

    it('alternates between the two processes', async () => {
      const seen = [await call('GET', '/api/health'), await call('GET', '/api/health')];
      expect(seen.map((r) => r.status)).toEqual([200, 200]);
      expect(new Set(seen.map((r) => r.backend))).toEqual(new Set([0, 1]));
    });

    it('a cart filled through one process is read through the other', async () => {
      const guest = guestHeader(a.ctx, 'two-process');
      const add = await call('POST', '/api/carts/product-to-cart', guest, {
        product_display_id: shop.displayId,
        items: [{ product_item_id: shop.m, quantity: 2 }],
      });
      expect(add.status).toBe(200);
      const counts = [
        await call('GET', '/api/carts/product-count', guest),
        await call('GET', '/api/carts/product-count', guest),
      ];
      expect(new Set(counts.map((c) => c.backend))).toEqual(new Set([0, 1]));
      for (const c of counts) expect(c.status).toBe(200);
      expect(counts[0]?.json).toEqual(counts[1]?.json);
      expect(JSON.stringify(counts[0]?.json)).toMatch(/[1-9]/);
    });

    it('a session signed in through one process works through the other; sign-out ends it on both', async () => {
      const { phone } = await signUpViaApi(a.app, { password: 'rightpass1' });
      const signIn = await call('POST', '/api/users/sign-in', {}, { phone, password: 'rightpass1' });
      expect(signIn.status).toBe(200);
      const { access, refresh } = signIn.json as { access: string; refresh: string };
      const auth = { authorization: `Bearer ${access}` };
      const uses = [
        await call('GET', '/api/users/user-detail', auth),
        await call('GET', '/api/users/user-detail', auth),
      ];
      expect(uses.map((r) => r.status)).toEqual([200, 200]);
      expect(new Set(uses.map((r) => r.backend))).toEqual(new Set([0, 1]));
      const out = await call('POST', '/api/users/sign-out', auth, { refresh });
      expect(out.status).toBe(200);
      const after = [
        await call('GET', '/api/users/user-detail', auth),
        await call('GET', '/api/users/user-detail', auth),
      ];
      expect(new Set(after.map((r) => r.backend))).toEqual(new Set([0, 1]));
      for (const r of after) {
        expect(r.status).toBe(401);
        expect(r.json.detail).toBe('Token revoked');
      }
    });

    it('sign-in limits count failures made through both processes', async () => {
      const { phone } = await signUpViaApi(a.app, { password: 'rightpass1' });
      const backends = new Set<number>();
      for (let i = 0; i < 5; i++) {
        const r = await call('POST', '/api/users/sign-in', {}, { phone, password: 'wrongpass1' });
        expect(r.status).toBe(401);
        backends.add(r.backend);
      }
      expect(backends).toEqual(new Set([0, 1]));
      // The 5th failure closed the gate for this number from this address, on both processes.
      const refused = [
        await call('POST', '/api/users/sign-in', {}, { phone, password: 'rightpass1' }),
        await call('POST', '/api/users/sign-in', {}, { phone, password: 'rightpass1' }),
      ];
      expect(refused.map((r) => r.status)).toEqual([429, 429]);
    });

    it('realtime search keywords count searches made through both processes', async () => {
      const backends = new Set<number>();
      for (let i = 0; i < 4; i++) {
        const r = await call('GET', `/api/v1/search/product?query=${encodeURIComponent('옥스포드')}`);
        expect(r.status).toBe(200);
        expect(r.json.total_count).toBeGreaterThan(0);
        backends.add(r.backend);
      }
      expect(backends).toEqual(new Set([0, 1]));
      const top = await call('GET', '/api/v1/search/realtime-keywords');
      expect(top.status).toBe(200);
      const counted = (top.json.result as { keyword: string }[]).map((k) => k.keyword);
      expect(counted).toContain('옥스포드');
    });

    it('a price change made through one process is shown by the other within a second', async () => {
      const price = async () => {
        const r = await call('GET', `/api/products/detail/${shop.displayId}`);
        expect(r.status).toBe(200);
        return { backend: r.backend, price: r.json.price_discount as number };
      };
      // Both processes cache the product page.
      const before = [await price(), await price()];
      expect(new Set(before.map((p) => p.backend))).toEqual(new Set([0, 1]));
      expect(before.map((p) => p.price)).toEqual([30_000, 30_000]);
      // The change and its event, sent by process a (as the product code does for a price change).
      await a.ctx.db
        .update(productDisplays)
        .set({ price_discount: 25_000 })
        .where(eq(productDisplays.id, shop.displayId));
      // Without the event both still answer what they cached.
      expect((await Promise.all([price(), price()])).map((p) => p.price)).toEqual([30_000, 30_000]);
      const sent = Date.now();
      await invalidate(a.ctx, 'prices.changed');
      let seen = [await price(), await price()];
      while (seen.some((p) => p.price !== 25_000) && Date.now() - sent < 1_000) {
        await new Promise((r) => setTimeout(r, 20));
        seen = [await price(), await price()];
      }
      expect(new Set(seen.map((p) => p.backend))).toEqual(new Set([0, 1]));
      expect(seen.map((p) => p.price)).toEqual([25_000, 25_000]);
      expect(Date.now() - sent).toBeLessThan(1_000);
    });
  },
);
