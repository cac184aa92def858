/**
 * The guarantees the order/payment performance work (bench/orders.mjs) must keep:
 * - create is one statement when only stock is taken: a short line writes nothing (no order, no
 *   stock taken from the other lines), the order row and its items are what the server priced;
 * - confirm claims the order in one pipelined transaction: different payment keys racing for one
 *   order end with one charge, one DONE payment, and the others refused;
 * - verified access tokens are remembered, but still expire and a forged token is still refused;
 * - the Toss adapter keeps its sockets alive and sends a request once more when the gateway had
 *   closed the kept-alive socket, and only then; an oversized answer is refused;
 * - text PostgreSQL cannot store (NUL) is a 400, not a 500.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, payments, productItems } from '../src/db/schema.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { TossGateway } from '../src/domains/payments/toss.ts';
import { TokenService } from '../src/platform/tokens.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';
import { ADDRESS, call, makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
let sandbox: SandboxGateway;

const stockOf = async (id: number) =>
  (await t.ctx.db.select({ s: productItems.stock }).from(productItems).where(eq(productItems.id, id)))[0]?.s;

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
}, 60_000);
afterAll(() => t?.close());

describe('create in one statement', () => {
  it('writes the priced order and its items, or nothing at all when a line is short', async () => {
    const shop = await makeShop(t.ctx);
    const { headers, user } = await createMember(t.ctx);
    const [m0, l0] = [await stockOf(shop.m), await stockOf(shop.l)];
    const ordersBefore = (await t.ctx.db.select().from(orders).where(eq(orders.user_id, user.id))).length;

    const short = await call(t.app, 'POST', '/api/orders', headers, {
      items: [
        { product_item_id: shop.m, quantity: 1 },
        { product_item_id: shop.l, quantity: (l0 ?? 0) + 1 },
      ],
      address: ADDRESS,
    });
    expect(short.status).toBe(400);
    expect(await stockOf(shop.m)).toBe(m0);
    expect(await stockOf(shop.l)).toBe(l0);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.user_id, user.id))).length).toBe(
      ordersBefore,
    );

    const order = await placeOrder(t.app, headers, [
      { product_item_id: shop.m, quantity: 2 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    expect(await stockOf(shop.m)).toBe((m0 ?? 0) - 2);
    expect(await stockOf(shop.l)).toBe((l0 ?? 0) - 1);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.order_no, order.order_id));
    expect(row?.status).toBe('PENDING');
    expect(row?.amount).toBe(order.amount);
    expect(row?.phone).toBe('01012345678');
    expect(row?.expires_at.toISOString()).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    expect(items.map((i) => [i.product_item_id, i.quantity, i.status])).toEqual([
      [shop.m, 2, 'PENDING'],
      [shop.l, 1, 'PENDING'],
    ]);
    const itemsTotal = items.reduce((s, i) => s + i.paid_amount, 0);
    expect(itemsTotal + order.shipping_fee).toBe(order.amount);
  });
});

describe('create of a long order (its statement is not kept prepared)', () => {
  it('ten lines: all reserved and written, or nothing when one is short', async () => {
    const shop = await makeShop(t.ctx, { stock: 50 });
    const { headers, user } = await createMember(t.ctx);
    const [m0, l0, o0] = [await stockOf(shop.m), await stockOf(shop.l), await stockOf(shop.other)];
    const lines = Array.from({ length: 10 }, (_, i) => ({
      product_item_id: [shop.m, shop.l, shop.other][i % 3] as number,
      quantity: 1,
    }));
    const short = await call(t.app, 'POST', '/api/orders', headers, {
      items: [...lines.slice(0, 9), { product_item_id: shop.other, quantity: (o0 ?? 0) + 1 }],
      address: ADDRESS,
    });
    expect(short.status).toBe(400);
    expect([await stockOf(shop.m), await stockOf(shop.l), await stockOf(shop.other)]).toEqual([m0, l0, o0]);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.user_id, user.id))).toHaveLength(0);

    // On postgres.js: the ten-line create goes unprepared, a one-line create prepared (PGlite: n/a).
    const client = (t.ctx.db as unknown as { $client: { unsafe?: (...a: unknown[]) => unknown } }).$client;
    const original = client.unsafe;
    const prepared: boolean[] = [];
    if (original && 'begin' in client) {
      client.unsafe = (...a: unknown[]) => {
        if (String(a[0]).includes('insert into orders')) {
          prepared.push((a[2] as { prepare?: boolean } | undefined)?.prepare === true);
        }
        return original.apply(client, a);
      };
    }
    let order: Awaited<ReturnType<typeof placeOrder>>;
    try {
      order = await placeOrder(t.app, headers, lines);
      // Another member's (a second checkout of the first would release the ten-line order).
      const other = await createMember(t.ctx);
      await placeOrder(t.app, other.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    } finally {
      if (original) client.unsafe = original;
    }
    if (original && 'begin' in client) expect(prepared).toEqual([false, true]);
    expect([await stockOf(shop.m), await stockOf(shop.l), await stockOf(shop.other)]).toEqual([
      (m0 ?? 0) - 5,
      (l0 ?? 0) - 3,
      (o0 ?? 0) - 3,
    ]);
    const items = await t.ctx.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order.id))
      .orderBy(orderItems.id);
    expect(items.map((i) => i.product_item_id)).toEqual(lines.map((l) => l.product_item_id));
    expect(items.reduce((sum, i) => sum + i.paid_amount, 0) + order.shipping_fee).toBe(order.amount);
  });
});

describe('confirm claims the order once', () => {
  it('payment keys racing for one order: one charge, one DONE payment, the others refused', async () => {
    const shop = await makeShop(t.ctx, { stock: 50 });
    for (let round = 0; round < 5; round++) {
      const { headers } = await createMember(t.ctx);
      const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
      const before = sandbox.charges;
      const keys = [0, 1, 2, 3].map(() => sandbox.authorize(order.order_id, order.amount));
      const results = await Promise.all(
        keys.map((key) =>
          call(t.app, 'POST', '/api/orders/confirm-order', headers, {
            payment_key: key,
            order_id: order.order_id,
            amount: order.amount,
          }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results) expect([200, 409]).toContain(r.status);
      expect(sandbox.charges - before).toBe(1);
      const rows = await t.ctx.db.select().from(payments).where(eq(payments.order_id, order.id));
      expect(rows.filter((p) => p.status === 'DONE')).toHaveLength(1);
      expect(rows.filter((p) => p.status === 'IN_PROGRESS')).toHaveLength(0);
      const [paid] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(paid?.status).toBe('PAID');
    }
  });

  it('an expired order is refused before any claim or charge', async () => {
    const shop = await makeShop(t.ctx);
    const { headers, user } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = sandbox.authorize(order.order_id, order.amount);
    const before = sandbox.charges;
    clock.advance(31 * 60);
    try {
      // The 15-minute access token has expired meanwhile: the client would have refreshed it.
      const fresh = {
        authorization: `Bearer ${await t.ctx.tokens.signAccess(user.id, randomUUID(), clock.now())}`,
      };
      const r = await call(t.app, 'POST', '/api/orders/confirm-order', fresh, {
        payment_key: key,
        order_id: order.order_id,
        amount: order.amount,
      });
      expect(r.status).toBe(409);
      expect(sandbox.charges - before).toBe(0);
      expect(await t.ctx.db.select().from(payments).where(eq(payments.order_id, order.id))).toHaveLength(0);
    } finally {
      clock.advance(-31 * 60);
    }
  });
});

describe('text the database cannot store', () => {
  it('a NUL character in a create or confirm body is a 400 that writes nothing, never a 500', async () => {
    const shop = await makeShop(t.ctx);
    const { headers, user } = await createMember(t.ctx);
    const m0 = await stockOf(shop.m);
    for (const body of [
      { items: [{ product_item_id: shop.m, quantity: 1 }], address: { ...ADDRESS, recipient: 'a\u0000b' } },
      { items: [{ product_item_id: shop.m, quantity: 1 }], address: ADDRESS, delivery_request: 'x\u0000' },
    ]) {
      const r = await call(t.app, 'POST', '/api/orders', headers, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.detail).toMatch(/U\+0000/);
    }
    expect(await stockOf(shop.m)).toBe(m0);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.user_id, user.id))).toHaveLength(0);

    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const before = sandbox.charges;
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: 'sbx\u0000key',
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(sandbox.charges - before).toBe(0);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.order_id, order.id))).toHaveLength(0);
    const [still] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe('PENDING');
  });
});

/** The member of a well-signed, unexpired access token, or null (TokenService.readAccess). */
const userOf = async (tokens: TokenService, token: string, at: Date) =>
  (await tokens.readAccess(token, at))?.userId ?? null;

describe('access tokens', () => {
  it('remembers a verified token, yet it still expires and a forged one is refused', async () => {
    const tokens = new TokenService('perf-secret-perf-secret-perf-secret-0000');
    const at = new Date('2026-11-20T03:00:00Z');
    const token = await tokens.signAccess(42, randomUUID(), at);
    expect(await userOf(tokens, token, at)).toBe(42);
    expect(await userOf(tokens, token, new Date(at.getTime() + 14 * 60_000))).toBe(42);
    expect(await userOf(tokens, token, new Date(at.getTime() + 15 * 60_000))).toBeNull();
    const [h, p, s] = token.split('.');
    const forged = `${h}.${p}.${(s as string).slice(0, -2)}${s?.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await userOf(tokens, forged, at)).toBeNull();
    const other = new TokenService('another-secret-another-secret-another-00');
    expect(await userOf(other, token, at)).toBeNull();
  });

  it('keeps at most 10,000 verified tokens, the oldest leaving first, and re-verifies an evicted one', async () => {
    const tokens = new TokenService('perf-secret-perf-secret-perf-secret-0000');
    const at = new Date('2026-11-20T03:00:00Z');
    const cache = (tokens as unknown as { verified: Map<string, unknown> }).verified;
    const sid = randomUUID();
    const first = await tokens.signAccess(1, sid, at);
    expect(await userOf(tokens, first, at)).toBe(1);
    for (let i = 2; i <= 10_001; i++) await userOf(tokens, await tokens.signAccess(i, sid, at), at);
    expect(cache.size).toBe(10_000);
    expect(cache.has(first)).toBe(false);
    expect(await userOf(tokens, first, at)).toBe(1);
    expect(await userOf(tokens, first, new Date(at.getTime() + 15 * 60_000))).toBeNull();
  }, 60_000);
});

describe('Toss adapter sockets', () => {
  let server: Server;
  let base: string;
  let requests = 0;
  let dropped = 0;
  beforeAll(async () => {
    // A gateway that closes a kept-alive socket when its second request arrives, unanswered.
    server = createServer((req, res) => {
      requests += 1;
      const s = req.socket as typeof req.socket & { served?: number };
      s.served = (s.served ?? 0) + 1;
      if (s.served > 1) {
        dropped += 1;
        req.socket.destroy();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          paymentKey: 'k1',
          orderId: 'o1',
          status: 'DONE',
          totalAmount: 1000,
          balanceAmount: 1000,
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('refuses an answer larger than 1 MiB as a network failure (outcome unknown), without buffering it', async () => {
    const big = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.write('{"paymentKey":"');
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 64 && !res.destroyed) {
          sent += 1;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('"}');
      };
      more();
    });
    await new Promise<void>((r) => big.listen(0, '127.0.0.1', r));
    try {
      const gw = new TossGateway({
        secretKey: 'test_sk',
        clientKey: null,
        baseUrl: `http://127.0.0.1:${(big.address() as AddressInfo).port}`,
      });
      await expect(gw.get('k1')).rejects.toMatchObject({ code: 'NETWORK_ERROR', uncertain: true });
    } finally {
      big.closeAllConnections();
      await new Promise((r) => big.close(r));
    }
  });

  it('reuses the socket and sends once more when the gateway had closed it', async () => {
    const gw = new TossGateway({ secretKey: 'test_sk', clientKey: null, baseUrl: base });
    expect((await gw.get('k1')).status).toBe('DONE');
    const second = await gw.get('k1');
    expect(second.status).toBe('DONE');
    expect(second.totalAmount).toBe(1000);
    // The second call went out on the kept-alive socket, was dropped, and was sent again.
    expect(dropped).toBe(1);
    expect(requests).toBe(3);
  });
});
