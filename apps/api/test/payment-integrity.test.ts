/**
 * Only the gateway's answer about a payment that is really this order's changes the order
 * (docs/ARCHITECTURE.md, "Orders and payments"): a confirm or a fail by anyone but the owner, a
 * made-up paymentKey, a key of another order, a tampered amount or a claim the gateway never heard
 * of answer 4xx (or are dropped) and leave the order PENDING, its stock reserved and payable with
 * its real key. A refusal by the gateway still fails the order (orders.test.ts,
 * payments-toss.test.ts). Sandbox gateway; PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, productItems } from '../src/db/schema.ts';
import { expireOrders, recoverPayments } from '../src/domains/orders/settle.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';
import { call, makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
let sandbox: SandboxGateway;

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
}, 60_000);
afterAll(() => t?.close());

const stockOf = async (id: number) =>
  (await t.ctx.db.select({ s: productItems.stock }).from(productItems).where(eq(productItems.id, id)))[0]?.s;
const statusOf = async (id: number) =>
  (await t.ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const paymentsOf = (orderId: number) =>
  t.ctx.db.select().from(payments).where(eq(payments.order_id, orderId));

let seq = 0;
/** A key shaped like the sandbox's own but never issued by it. */
const madeUpKey = () => `sbx_${String(++seq).padStart(12, 'x')}_1_${'A'.repeat(24)}_madeup${seq}`;

const confirm = (headers: Record<string, string>, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/orders/confirm-order', headers, body);

/** The order is untouched: PENDING, its 2 units still reserved, no payment recorded. */
async function expectUntouched(order: { id: number }, item: number) {
  expect(await statusOf(order.id)).toBe('PENDING');
  expect(await stockOf(item)).toBe(3);
  expect(await paymentsOf(order.id)).toEqual([]);
}

/** The owner pays with the order's real key. */
async function expectPayable(headers: Record<string, string>, order: { order_id: string; amount: number }) {
  const key = sandbox.authorize(order.order_id, order.amount);
  const r = await confirm(headers, { payment_key: key, order_id: order.order_id, amount: order.amount });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status).toBe('PAID');
}

describe('a payment request that is not about this order’s payment changes nothing', () => {
  it('a stranger’s or a guest’s confirm and fail of someone else’s order answer 4xx', async () => {
    const shop = await makeShop(t.ctx);
    const owner = await createMember(t.ctx);
    const stranger = await createMember(t.ctx);
    const guest = guestHeader(t.ctx, 'guest-payment-integrity');
    const order = await placeOrder(t.app, owner.headers, [{ product_item_id: shop.m, quantity: 2 }]);
    const realKey = sandbox.authorize(order.order_id, order.amount);
    const charges = sandbox.charges;
    for (const payment_key of [madeUpKey(), realKey]) {
      const body = { payment_key, order_id: order.order_id, amount: order.amount };
      expect((await confirm(stranger.headers, body)).status).toBe(404);
      expect((await confirm(guest, body)).status).toBe(401);
      expect((await confirm({}, body)).status).toBe(401);
    }
    const fail = { order_id: order.order_id, code: 'PAY_PROCESS_CANCELED' };
    expect((await call(t.app, 'POST', '/api/orders/payment-failed', stranger.headers, fail)).status).toBe(
      404,
    );
    expect((await call(t.app, 'POST', '/api/orders/payment-failed', guest, fail)).status).toBe(401);
    await expectUntouched(order, shop.m);
    expect(sandbox.charges).toBe(charges);
    await expectPayable(owner.headers, order);
  });

  it('the owner’s made-up paymentKey leaves the order pending and payable with the right key', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    const key = madeUpKey();
    const body = { payment_key: key, order_id: order.order_id, amount: order.amount };
    const r = await confirm(headers, body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('NOT_FOUND_PAYMENT_SESSION');
    await expectUntouched(order, shop.m);
    // Again, and a tampered amount: still nothing.
    expect((await confirm(headers, body)).status).toBe(400);
    expect((await confirm(headers, { ...body, amount: order.amount - 1 })).status).toBe(400);
    await expectUntouched(order, shop.m);
    await expectPayable(headers, order);
  });

  it('concurrent confirms of a made-up key all answer 4xx and leave the order payable', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    const body = { payment_key: madeUpKey(), order_id: order.order_id, amount: order.amount };
    const results = await Promise.all(Array.from({ length: 4 }, () => confirm(headers, body)));
    for (const r of results) expect([400, 409]).toContain(r.status);
    await expectUntouched(order, shop.m);
    await expectPayable(headers, order);
  });

  it('a paymentKey of another order neither fails this order nor burns the key of its own', async () => {
    const shop = await makeShop(t.ctx);
    const victim = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const theirs = await placeOrder(t.app, victim.headers, [{ product_item_id: shop.l, quantity: 1 }]);
    // Authenticated in the victim's payment window, not confirmed yet (the key leaked).
    const theirKey = sandbox.authorize(theirs.order_id, theirs.amount);
    const mine = await placeOrder(t.app, other.headers, [{ product_item_id: shop.m, quantity: 2 }]);
    const r = await confirm(other.headers, {
      payment_key: theirKey,
      order_id: mine.order_id,
      amount: mine.amount,
    });
    expect(r.status).toBe(400);
    await expectUntouched(mine, shop.m);
    expect(await statusOf(theirs.id)).toBe('PENDING');
    // The key still pays the order it was issued for, and mine is still payable with my own key.
    const paid = await confirm(victim.headers, {
      payment_key: theirKey,
      order_id: theirs.order_id,
      amount: theirs.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('PAID');
    await expectPayable(other.headers, mine);
  });

  it('recovery drops a claim whose key the gateway never heard of; the order keeps its window', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    // A confirm of a made-up key claimed the order, then its gateway answer was lost.
    await t.ctx.db.insert(payments).values({
      order_id: order.id,
      payment_key: madeUpKey(),
      provider: 'sandbox',
      status: 'IN_PROGRESS',
      amount: order.amount,
      balance_amount: order.amount,
    });
    expect(await recoverPayments(t.ctx)).toBeGreaterThanOrEqual(1);
    await expectUntouched(order, shop.m);
    await expectPayable(headers, order);
  });

  it('recovery drops a claim of another order’s key and leaves that key to its own order', async () => {
    const shop = await makeShop(t.ctx);
    const victim = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const theirs = await placeOrder(t.app, victim.headers, [{ product_item_id: shop.l, quantity: 1 }]);
    const theirKey = sandbox.authorize(theirs.order_id, theirs.amount);
    const mine = await placeOrder(t.app, other.headers, [{ product_item_id: shop.m, quantity: 2 }]);
    // A confirm of my order with their key claimed it, then its gateway answer was lost.
    await t.ctx.db.insert(payments).values({
      order_id: mine.id,
      payment_key: theirKey,
      provider: 'sandbox',
      status: 'IN_PROGRESS',
      amount: mine.amount,
      balance_amount: mine.amount,
    });
    await recoverPayments(t.ctx);
    await expectUntouched(mine, shop.m);
    expect(await statusOf(theirs.id)).toBe('PENDING');
    const paid = await confirm(victim.headers, {
      payment_key: theirKey,
      order_id: theirs.order_id,
      amount: theirs.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await expectPayable(other.headers, mine);
  });

  it('an order left with such a claim still expires after its window and gives its stock back', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    await t.ctx.db.insert(payments).values({
      order_id: order.id,
      payment_key: madeUpKey(),
      provider: 'sandbox',
      status: 'IN_PROGRESS',
      amount: order.amount,
      balance_amount: order.amount,
    });
    clock.advance(31 * 60);
    await expireOrders(t.ctx);
    expect(await stockOf(shop.m)).toBe(3); // a payment is in flight: the sweep waits for it
    await recoverPayments(t.ctx);
    expect(await statusOf(order.id)).toBe('PENDING');
    await expireOrders(t.ctx);
    expect(await statusOf(order.id)).toBe('EXPIRED');
    expect(await stockOf(shop.m)).toBe(5);
  });
});
