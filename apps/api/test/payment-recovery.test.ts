/**
 * Payment recovery and what a process may take (docs/ARCHITECTURE.md, 'Payments under faults'): a
 * claim has an owner and a heartbeat (orders/payment-claim.ts), and recovery (settle.ts
 * recoverPayments, the `orders.recover-payments` job every 2 s) takes only the claims of an owner
 * that is gone or that released them; nor does a not-approved answer after the window end a live
 * claim. Also the service rules around it: a database outage
 * answers 503 with Retry-After (db/unavailable.ts, platform/errors.ts) and the shutdown drain
 * outlasts the gateway timeout (config.ts). Sandbox gateway; PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import { orders, payments } from '../src/db/schema.ts';
import { isDatabaseOutage } from '../src/db/unavailable.ts';
import { CLAIM_BEAT_MS, CLAIM_STALE_MS } from '../src/domains/orders/payment-claim.ts';
import { applyGatewayPayment, recoverPayments } from '../src/domains/orders/settle.ts';
import { GatewayError, gatewayOf, type PaymentGateway, setGateway } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { registerErrorHandling } from '../src/platform/errors.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, type TestApp, testEnv } from './helpers.ts';
import { call, makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
let sandbox: SandboxGateway;

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
}, 60_000);
afterAll(() => t?.close());

const claimOf = async (key: string) =>
  (await t.ctx.db.select().from(payments).where(eq(payments.payment_key, key)))[0] ?? null;
const statusOf = async (id: number) =>
  (await t.ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;

/** An IN_PROGRESS claim of `key` for the order, its owner `owner` having beaten just now. */
const claimBeating = (order: { id: number; amount: number }, key: string, owner: string) =>
  t.ctx.db.insert(payments).values({
    order_id: order.id,
    payment_key: key,
    provider: 'sandbox',
    status: 'IN_PROGRESS',
    amount: order.amount,
    balance_amount: order.amount,
    claim_owner: owner,
    claim_beat_at: clock.now(),
  });

/**
 * A gateway that, like the slow fake of the fault runs, does not know a payment before its confirm
 * is answered (get: NOT_FOUND_PAYMENT), and answers the confirm only when the test opens the gate.
 */
function slowGateway() {
  let asked!: () => void;
  const wasAsked = new Promise<void>((r) => {
    asked = r;
  });
  let open!: () => void;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  const confirmed = new Set<string>();
  const gw: PaymentGateway = {
    name: 'sandbox',
    clientKey: null,
    confirm: async (i) => {
      asked();
      await gate;
      const r = await sandbox.confirm(i);
      confirmed.add(i.paymentKey);
      return r;
    },
    cancel: (k, i, id) => sandbox.cancel(k, i, id),
    get: async (k) => {
      if (!confirmed.has(k))
        throw new GatewayError('NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.', 404);
      return sandbox.get(k);
    },
    getByOrder: (o) => sandbox.getByOrder(o),
  };
  return { gw, wasAsked, open };
}

describe('claims have an owner and a heartbeat', () => {
  it('recovery leaves a live confirm in flight alone, even past the old age rule, while its owner beats', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = sandbox.authorize(order.order_id, order.amount);
    const slow = slowGateway();
    setGateway(t.ctx, slow.gw);
    try {
      const confirming = call(t.app, 'POST', '/api/orders/confirm-order', headers, {
        payment_key: key,
        order_id: order.order_id,
        amount: order.amount,
      });
      await slow.wasAsked;
      const claim = await claimOf(key);
      expect(claim?.status).toBe('IN_PROGRESS');
      expect(claim?.claim_owner).toBeTruthy();
      // A minute passes on the shop's clock; the owner's next beat records it.
      clock.advance(60);
      await new Promise((r) => setTimeout(r, CLAIM_BEAT_MS + 500));
      expect((await claimOf(key))?.claim_beat_at?.getTime()).toBe(clock.now().getTime());
      // Another process's recovery pass: the gateway does not know the payment yet, and the claim is
      // a minute old — but its owner lives, so the claim stays.
      await recoverPayments(t.ctx);
      expect((await claimOf(key))?.status).toBe('IN_PROGRESS');
      slow.open();
      const r = await confirming;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.status).toBe('PAID');
    } finally {
      slow.open();
      setGateway(t.ctx, sandbox);
    }
  });

  it('recovery settles the claim of an owner that stopped beating (killed after the approval)', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = sandbox.authorize(order.order_id, order.amount);
    // A process took the claim and beat, the gateway approved, then the process died.
    await claimBeating(order, key, 'gone-host:4242:deadbeef');
    await sandbox.confirm({ paymentKey: key, orderId: order.order_id, amount: order.amount });
    clock.advance(CLAIM_STALE_MS / 1000 - 1);
    expect(await recoverPayments(t.ctx)).toBe(0);
    expect(await statusOf(order.id)).toBe('PENDING');
    clock.advance(2);
    expect(await recoverPayments(t.ctx)).toBe(1);
    expect(await statusOf(order.id)).toBe('PAID');
  });

  it("a not-approved answer after the window (a webhook) leaves a live confirm's claim and its order alone", async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = sandbox.authorize(order.order_id, order.amount);
    // A confirm of this process is waiting on the gateway, its owner beating; the window ends.
    await claimBeating(order, key, 'live-host:1:cafe');
    await t.ctx.db
      .update(orders)
      .set({ expires_at: new Date(clock.now().getTime() - 1_000) })
      .where(eq(orders.id, order.id));
    const notYet = {
      paymentKey: key,
      orderId: order.order_id,
      status: 'IN_PROGRESS' as const,
      totalAmount: order.amount,
      balanceAmount: order.amount,
      method: null,
      easyPayProvider: null,
      approvedAt: null,
      raw: {},
    };
    expect(await applyGatewayPayment(t.ctx, notYet)).toBe('ignored');
    expect(await statusOf(order.id)).toBe('PENDING');
    expect((await claimOf(key))?.status).toBe('IN_PROGRESS');
    // Its owner stops beating: the same answer now ends the attempt.
    clock.advance(CLAIM_STALE_MS / 1000 + 1);
    expect(await applyGatewayPayment(t.ctx, notYet)).toBe('failed');
    expect(await statusOf(order.id)).toBe('FAILED');
  });

  it('a confirm that ends without the outcome hands its claim to recovery at once', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = sandbox.authorize(order.order_id, order.amount);
    // The gateway approves, then every answer is lost: confirm and the look-up by order id.
    const lost: PaymentGateway = {
      name: 'sandbox',
      clientKey: null,
      confirm: async (i) => {
        await sandbox.confirm(i).catch(() => {});
        throw new GatewayError('HTTP_500', '결제사 오류 (500)', 500, true);
      },
      cancel: (k, i, id) => sandbox.cancel(k, i, id),
      get: (k) => sandbox.get(k),
      getByOrder: async () => {
        throw new GatewayError('NETWORK_ERROR', '결제사에 연결할 수 없습니다', 502, true);
      },
    };
    setGateway(t.ctx, lost);
    try {
      const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
        payment_key: key,
        order_id: order.order_id,
        amount: order.amount,
      });
      expect(r.status).toBe(502);
    } finally {
      setGateway(t.ctx, sandbox);
    }
    const claim = await claimOf(key);
    expect(claim).toMatchObject({ status: 'IN_PROGRESS', claim_owner: null, claim_beat_at: null });
    // No time passes: the next recovery pass (every few seconds) settles it.
    expect(await recoverPayments(t.ctx)).toBe(1);
    expect(await statusOf(order.id)).toBe('PAID');
    expect(sandbox.charges).toBeGreaterThan(0);
    expect((await sandbox.get(key)).balanceAmount).toBe(order.amount);
  });

  it('a gateway 500 on confirm is settled in the same request from the gateway’s payment of the order', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = sandbox.authorize(order.order_id, order.amount);
    const charges = sandbox.charges;
    const asked: string[] = [];
    const flaky: PaymentGateway = {
      name: 'sandbox',
      clientKey: null,
      confirm: async (i) => {
        asked.push('confirm');
        await sandbox.confirm(i);
        throw new GatewayError('HTTP_500', '결제사 오류 (500)', 500, true);
      },
      cancel: (k, i, id) => sandbox.cancel(k, i, id),
      get: (k) => sandbox.get(k),
      getByOrder: (o) => {
        asked.push(`by-order ${o}`);
        return sandbox.getByOrder(o);
      },
    };
    setGateway(t.ctx, flaky);
    try {
      const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
        payment_key: key,
        order_id: order.order_id,
        amount: order.amount,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.status).toBe('PAID');
    } finally {
      setGateway(t.ctx, sandbox);
    }
    expect(asked).toEqual(['confirm', `by-order ${order.order_id}`]);
    expect(sandbox.charges).toBe(charges + 1);
    expect((await claimOf(key))?.status).toBe('DONE');
  });
});

describe('a database outage answers 503 with Retry-After, never 500', () => {
  /** A port nothing listens on: every connection is refused. */
  async function closedPort(): Promise<number> {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const { port } = s.address() as AddressInfo;
    await new Promise((r) => s.close(r));
    return port;
  }

  it('the error mapper knows PostgreSQL’s and the driver’s outage errors, and no others', () => {
    const pg = (code: string) => Object.assign(new Error('pg'), { name: 'PostgresError', code });
    for (const code of ['57P01', '57P03', '53300', '57014', '55P03', '08006']) {
      expect(isDatabaseOutage(pg(code)), code).toBe(true);
    }
    expect(isDatabaseOutage(Object.assign(new Error('x'), { code: 'CONNECTION_CLOSED' }))).toBe(true);
    // Drizzle wraps the driver's error.
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDatabaseOutage(new Error('Failed query', { cause: refused }))).toBe(true);
    for (const code of ['23505', '22P02', '40P01', undefined]) {
      expect(isDatabaseOutage(pg(String(code))), String(code)).toBe(false);
    }
    expect(isDatabaseOutage(new Error('plain'))).toBe(false);
  });

  it('a request whose database refuses connections answers 503 with Retry-After', async () => {
    const port = await closedPort();
    const dead = await openDatabase({
      kind: 'postgresql',
      url: `postgres://nobody@127.0.0.1:${port}/nothing`,
      max: 1,
      connectTimeoutMs: 1_000,
    });
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/probe', async () => (await dead.db.execute(sql`select 1 as one`)) as unknown as object);
    try {
      const started = Date.now();
      const r = await app.inject({ url: '/probe' });
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json()).toEqual({ detail: 'The database is temporarily unavailable: retry shortly' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
      await dead.close();
    }
  });

  it('a shop request whose database is gone answers 503, not 500', async () => {
    const { headers } = await createMember(t.ctx);
    const port = await closedPort();
    const dead = await openDatabase({
      kind: 'postgresql',
      url: `postgres://nobody@127.0.0.1:${port}/nothing`,
      max: 1,
      connectTimeoutMs: 1_000,
    });
    const ctx = t.ctx as { db: Db };
    const live = ctx.db;
    ctx.db = dead.db;
    try {
      const r = await t.app.inject({ url: '/api/orders/order-list-simple', headers });
      expect(r.statusCode, r.body).toBe(503);
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json().detail).toMatch(/temporarily unavailable/);
    } finally {
      ctx.db = live;
      await dead.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a statement past statement_timeout is cancelled: an outage, 503',
    async () => {
      const db = await openDatabase({
        kind: 'postgresql',
        url: process.env.TEST_DATABASE_URL as string,
        max: 1,
        statementTimeoutMs: 200,
      });
      try {
        const err = await db.db.execute(sql`select pg_sleep(2)`).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isDatabaseOutage(err)).toBe(true);
      } finally {
        await db.close();
      }
    },
  );
});

describe('shutdown drain', () => {
  it('the configuration refuses a drain no longer than the gateway timeout', () => {
    expect(() =>
      loadConfig(testEnv({ PAYMENT_GATEWAY_TIMEOUT_MS: '15000', SHUTDOWN_DRAIN_MS: '15000' })),
    ).toThrow(/SHUTDOWN_DRAIN_MS must exceed PAYMENT_GATEWAY_TIMEOUT_MS/);
    expect(() => loadConfig(testEnv({ SHUTDOWN_DRAIN_MS: '10000' }))).toThrow(/SHUTDOWN_DRAIN_MS/);
    const c = loadConfig(testEnv());
    expect(c.SHUTDOWN_DRAIN_MS).toBeGreaterThan(c.PAYMENT_GATEWAY_TIMEOUT_MS);
  });
});
