/**
 * Two API processes, one shop: two operating-system processes of the API server (src/server.ts,
 * run by this Node with type stripping, the way `npm run dev` runs it), each with its own database
 * pool, Redis connections and caches, listening on two ports over the same PostgreSQL database and
 * Redis, behind a round-robin proxy (plain node:http). Through the proxy, consecutive requests
 * alternate between the two, and carts, sessions, sign-in limits, realtime search keywords and
 * cache invalidations are shared. The test itself plays the operator's tools: it writes fixture
 * rows and sends the cache event the product code sends for a price change. Needs
 * TEST_DATABASE_URL and TEST_REDIS_URL (skipped otherwise: one process with PGlite and the memory
 * store has nothing to share).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { productDisplays } from '../src/db/schema.ts';
import { invalidate } from '../src/platform/cache.ts';
import type { AppContext } from '../src/platform/context.ts';
import { closeContext, createContext } from '../src/platform/create-context.ts';
import { freshPhone } from './auth-helpers.ts';
import { guestHeader, TEST_ENV } from './helpers.ts';
import { makeShop, type Shop } from './orders-fixtures.ts';

const dbUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason = !dbUrl || !redisUrl ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL' : null;
const serverEntry = resolve(dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolvePort(port));
    });
    s.on('error', reject);
  });
}

type ServerProcess = { child: ChildProcess; port: number; url: string; output: () => string };

/** Starts one API server process and waits until /api/health answers (its log is kept for failures). */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited (${child.exitCode}):\n${log}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port, url, output: () => log };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`API process never became healthy:\n${log}`);
}

/** Stops a server process (SIGTERM, its graceful shutdown; SIGKILL after 10 s). */
async function stopServer(p: ServerProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

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
  return new Promise((resolveProxy) => {
    server.listen(0, '127.0.0.1', () => {
      resolveProxy({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

describe.skipIf(skipReason !== null)(
  `two API processes behind one proxy${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const name = `codiroom_t2_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const prefix = `codiroom-t2:${randomUUID().slice(0, 8)}:`;
    let admin: ReturnType<typeof postgres>;
    let database: Database;
    let operator: AppContext;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let proxy: { server: Server; url: string };
    let shop: Shop;

    beforeAll(async () => {
      admin = postgres(dbUrl as string, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const u = new URL(dbUrl as string);
      u.pathname = `/${name}`;
      const env = {
        ...TEST_ENV,
        NODE_ENV: 'development',
        DATABASE_URL: u.toString(),
        REDIS_URL: redisUrl as string,
        REDIS_KEY_PREFIX: prefix,
        JWT_SECRET: randomBytes(24).toString('hex'),
        SEED_PRODUCTS: '40',
        SMS_IP_HOURLY_LIMIT: '1000',
      };
      // The first process migrates and seeds the empty database; the second joins a running shop.
      a = await startServer(env);
      b = await startServer(env);
      proxy = await roundRobin([a.port, b.port]);
      database = await openDatabase({ kind: 'postgresql', url: u.toString(), max: 2 });
      operator = createContext(loadConfig({ ...env, BACKGROUND_JOBS: 'off' }), database);
      shop = await makeShop(operator);
    }, 120_000);

    afterAll(async () => {
      await new Promise((r) => (proxy ? proxy.server.close(r) : r(undefined)));
      await Promise.allSettled([stopServer(a), stopServer(b)]);
      if (operator) await closeContext(operator);
      await database?.close();
      await admin?.unsafe(`drop database if exists ${name} with (force)`);
      await admin?.end();
    }, 30_000);

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

    /**
     * Signs up a member: the code is requested from process a and read from its development outbox
     * (the outbox is that process's memory), the sign-up itself goes through the proxy.
     */
    async function signUp(password: string): Promise<string> {
      const phone = freshPhone();
      const direct = (path: string, init?: RequestInit) => fetch((a as ServerProcess).url + path, init);
      const sent = await direct('/api/users/send-sms', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone }),
      });
      expect(sent.status).toBe(200);
      const { code } = (await (await direct(`/api/dev/sms-outbox?phone=${phone}`)).json()) as {
        code: string;
      };
      const res = await call('POST', '/api/users/sign-up', guestHeader(operator, `guest-${phone}`), {
        phone,
        code,
        password,
        user_name: '김코디',
        agree_terms: true,
        agree_privacy: true,
        agree_age: true,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return phone;
    }

    it('alternates between two processes', async () => {
      expect(a?.child.pid).not.toBe(b?.child.pid);
      const seen = [await call('GET', '/api/health'), await call('GET', '/api/health')];
      expect(seen.map((r) => r.status)).toEqual([200, 200]);
      expect(new Set(seen.map((r) => r.backend))).toEqual(new Set([0, 1]));
    });

    it('a cart filled through one process is read through the other', async () => {
      const guest = guestHeader(operator, 'two-process');
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
      const phone = await signUp('rightpass1');
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
      const phone = await signUp('rightpass1');
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
        const r = await call('GET', `/api/v1/search/product?query=${encodeURIComponent('셔츠')}`);
        expect(r.status).toBe(200);
        expect(r.json.total_count).toBeGreaterThan(0);
        backends.add(r.backend);
      }
      expect(backends).toEqual(new Set([0, 1]));
      const top = await call('GET', '/api/v1/search/realtime-keywords');
      expect(top.status).toBe(200);
      const counted = (top.json.result as { keyword: string }[]).map((k) => k.keyword);
      expect(counted).toContain('셔츠');
    });

    it('a price change is shown by both processes within a second of its event', async () => {
      const price = async () => {
        const r = await call('GET', `/api/products/detail/${shop.displayId}`);
        expect(r.status).toBe(200);
        return { backend: r.backend, price: r.json.price_discount as number };
      };
      // Both processes cache the product page.
      const before = [await price(), await price()];
      expect(new Set(before.map((p) => p.backend))).toEqual(new Set([0, 1]));
      expect(before.map((p) => p.price)).toEqual([30_000, 30_000]);
      // The change and its event, as the product code makes them for a price change.
      await database.db
        .update(productDisplays)
        .set({ price_discount: 25_000 })
        .where(eq(productDisplays.id, shop.displayId));
      // Without the event both still answer what they cached.
      expect((await Promise.all([price(), price()])).map((p) => p.price)).toEqual([30_000, 30_000]);
      const sent = Date.now();
      await invalidate(operator, 'prices.changed');
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
