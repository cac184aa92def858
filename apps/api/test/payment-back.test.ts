/**
 * Leaving the payment window (docs/ARCHITECTURE.md, 'Reserved until paid'): an unpaid order reserves
 * its coupons, points, stock and time-sale units; they are used only when the payment is confirmed,
 * and a new checkout or the return to the shop (`POST /api/orders/release-pending`) gives them back
 * at once — never those of an attempt whose payment is being confirmed, never another member's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, orders, productItems, timeSaleItems, timeSales } from '../src/db/schema.ts';
import { pointBalance } from '../src/domains/benefits/balance.ts';
import { earnPoints } from '../src/domains/benefits/points.ts';
import { expireOrders } from '../src/domains/orders/settle.ts';
import { gatewayOf, type PaymentGateway, setGateway } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { invalidate } from '../src/platform/cache.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';
import { ADDRESS, call, issueCoupon, makeShop } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
let sandbox: SandboxGateway;

type Member = { headers: Record<string, string>; id: number };
type Created = { id: number; order_id: string; amount: number };

async function member(points = 0): Promise<Member> {
  const m = await createMember(t.ctx);
  if (points > 0)
    await t.ctx.db.transaction((tx) =>
      earnPoints(tx, { userId: m.user.id, amount: points, now: clock.now() }),
    );
  return { headers: m.headers, id: m.user.id };
}

const cartCoupon = (m: Member) =>
  issueCoupon(t.ctx, m.id, clock.now(), { is_cart_coupon: true, discount_value: 3000 }, 30);
const couponRow = async (id: number) => (await t.ctx.db.select().from(coupons).where(eq(coupons.id, id)))[0];
const statusOf = async (id: number) =>
  (await t.ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const stockOf = async (id: number) =>
  (await t.ctx.db.select({ s: productItems.stock }).from(productItems).where(eq(productItems.id, id)))[0]?.s;
const balance = (m: Member) => pointBalance(t.ctx.db, m.id);

async function order(m: Member, itemId: number, extra: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/api/orders', m.headers, {
    items: [{ product_item_id: itemId, quantity: 1 }],
    address: ADDRESS,
    ...extra,
  });
}

async function created(m: Member, itemId: number, extra: Record<string, unknown> = {}) {
  const r = await order(m, itemId, extra);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Created;
}

function pay(m: Member, o: Created) {
  return call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
    payment_key: sandbox.authorize(o.order_id, o.amount),
    order_id: o.order_id,
    amount: o.amount,
  });
}

type HistoryRow = { amount: number; title: string };
async function history(m: Member): Promise<HistoryRow[]> {
  const r = await call(t.app, 'GET', '/api/benefits/point-history', m.headers);
  expect(r.status).toBe(200);
  return r.body.result as HistoryRow[];
}

const release = (m: Member, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/orders/release-pending', m.headers, body);

async function couponBox(m: Member) {
  const r = await call(t.app, 'GET', '/api/benefits/coupon-list', m.headers);
  expect(r.status).toBe(200);
  return r.body as {
    usable: { coupon_id: number; status: string; order_id: number | null }[];
    expired: { coupon_id: number; status: string }[];
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
}, 60_000);
afterAll(() => t?.close());

describe('an unpaid order reserves its coupons and points', () => {
  it('keeps the coupon usable (never 사용 완료) and the points held until the payment is confirmed', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(2000);
    const c = await cartCoupon(m);
    const o = await created(m, shop.m, { cart_coupon_ids: [c], point: 1000 });
    expect(await couponRow(c)).toMatchObject({ order_id: o.id, used_at: null });
    let box = await couponBox(m);
    expect(box.usable.find((x) => x.coupon_id === c)).toMatchObject({ status: 'USABLE', order_id: null });
    expect(box.expired.some((x) => x.coupon_id === c)).toBe(false);
    // The held points are not spendable twice, and the history says they are held.
    expect(await balance(m)).toBe(1000);
    expect((await history(m))[0]).toMatchObject({ amount: -1000, title: '결제 대기 주문 · 포인트 보류' });

    expect((await pay(m, o)).status).toBe(200);
    expect((await couponRow(c))?.used_at).not.toBeNull();
    box = await couponBox(m);
    expect(box.usable.some((x) => x.coupon_id === c)).toBe(false);
    expect(box.expired.find((x) => x.coupon_id === c)).toMatchObject({ status: 'USED' });
    expect((await history(m))[0]).toMatchObject({ amount: -1000, title: '주문 결제 사용' });
    expect(await balance(m)).toBe(1000);
  });
});

describe('a new checkout releases the earlier attempt', () => {
  it('gives back its coupon, points and last unit, which the new order may take', async () => {
    const shop = await makeShop(t.ctx, { stock: 1 });
    const m = await member(5000);
    const c = await cartCoupon(m);
    const a = await created(m, shop.m, { cart_coupon_ids: [c], point: 2000 });
    expect(await stockOf(shop.m)).toBe(0);
    expect(await balance(m)).toBe(3000);
    // Back from the window, the shopper checks out again: the same coupon, points and last unit.
    const b = await created(m, shop.m, { cart_coupon_ids: [c], point: 5000 });
    expect(await statusOf(a.id)).toBe('FAILED');
    expect(await couponRow(c)).toMatchObject({ order_id: b.id, used_at: null });
    expect(await balance(m)).toBe(0);
    expect(await stockOf(shop.m)).toBe(0);
    // The abandoned attempt can no longer be paid (nothing charged); the new one can.
    const charges = sandbox.charges;
    expect((await pay(m, a)).status).toBe(409);
    expect(sandbox.charges).toBe(charges);
    expect((await pay(m, b)).status).toBe(200);

    // A checkout of something else also ends the earlier attempt: all it held comes back.
    const d = await created(m, shop.l, { cart_coupon_ids: [await cartCoupon(m)] });
    await created(m, shop.other);
    expect(await statusOf(d.id)).toBe('FAILED');
    expect(await stockOf(shop.l)).toBe(1);
  });

  it('gives back time-sale units too', async () => {
    const shop = await makeShop(t.ctx);
    const now = clock.now().getTime();
    const [s] = await t.ctx.db
      .insert(timeSales)
      .values({ title: '타임특가', starts_at: new Date(now - 3_600_000), ends_at: new Date(now + 3_600_000) })
      .returning();
    const [ts] = await t.ctx.db
      .insert(timeSaleItems)
      .values({
        time_sale_id: s?.id as number,
        product_display_id: shop.displayId,
        sale_price: 25_000,
        stock_limit: 1,
      })
      .returning();
    await invalidate(t.ctx, 'prices.changed');
    const sold = async () =>
      (
        await t.ctx.db
          .select()
          .from(timeSaleItems)
          .where(eq(timeSaleItems.id, ts?.id as number))
      )[0]?.sold_count;
    const m = await member();
    const a = await created(m, shop.m);
    expect(a.amount).toBe(28_000);
    expect(await sold()).toBe(1);
    // The last sale unit is the shopper's again on the next checkout, at the sale price.
    const b = await created(m, shop.m);
    expect(b.amount).toBe(28_000);
    expect(await statusOf(a.id)).toBe('FAILED');
    expect(await sold()).toBe(1);
    expect((await release(m)).body).toEqual({ released: [b.order_id] });
    expect(await sold()).toBe(0);
  });
});

describe('POST /api/orders/release-pending (back in the shop)', () => {
  it("ends the member's unpaid attempts at once, only the named one when given, once", async () => {
    const shop = await makeShop(t.ctx, { stock: 1 });
    const m = await member(1000);
    const c = await cartCoupon(m);
    const added = await call(t.app, 'POST', '/api/carts', m.headers, {
      product_item_id: shop.m,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const a = await created(m, shop.m, { cart_coupon_ids: [c], point: 1000 });
    expect(await stockOf(shop.m)).toBe(0);
    // The cart shows the unit sold out while the attempt holds it…
    const before = await call(t.app, 'GET', '/api/carts', m.headers);
    expect(JSON.stringify(before.body)).toContain('"is_sold_out":true');
    const r = await release(m);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ released: [a.order_id] });
    // …and not once it is released.
    const cart = await call(t.app, 'GET', '/api/carts', m.headers);
    expect(JSON.stringify(cart.body)).toContain('"is_sold_out":false');
    expect(await statusOf(a.id)).toBe('FAILED');
    expect(await stockOf(shop.m)).toBe(1);
    expect(await couponRow(c)).toMatchObject({ order_id: null, used_at: null });
    expect(await balance(m)).toBe(1000);
    expect((await history(m)).slice(0, 2).map((x) => x.title)).toEqual([
      '결제하지 않은 주문 · 포인트 보류 해제',
      '결제하지 않은 주문 · 포인트 보류',
    ]);
    // Once: nothing is given back twice.
    expect((await release(m)).body).toEqual({ released: [] });
    expect(await balance(m)).toBe(1000);
    expect(await stockOf(shop.m)).toBe(1);

    const b = await created(m, shop.l);
    expect((await release(m, { order_id: 'NOT-MINE-123' })).status).toBe(404);
    expect((await release(m, { order_id: b.order_id })).body).toEqual({ released: [b.order_id] });
    // A paid order is never released.
    const p = await created(m, shop.l);
    expect((await pay(m, p)).status).toBe(200);
    expect((await release(m, { order_id: p.order_id })).body).toEqual({ released: [] });
    expect(await statusOf(p.id)).toBe('PAID');
    // The sweep stays the safety net and finds nothing left to release.
    const d = await created(m, shop.other);
    clock.advance(31 * 60);
    expect(await expireOrders(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(d.id)).toBe('EXPIRED');
  });

  it("never releases another member's order", async () => {
    const shop = await makeShop(t.ctx);
    const owner = await member();
    const stranger = await member();
    const c = await cartCoupon(owner);
    const o = await created(owner, shop.m, { cart_coupon_ids: [c] });
    expect((await release(stranger, { order_id: o.order_id })).status).toBe(404);
    expect((await release(stranger)).body).toEqual({ released: [] });
    expect((await call(t.app, 'POST', '/api/orders/release-pending', {}, {})).status).toBe(401);
    expect(await statusOf(o.id)).toBe('PENDING');
    expect(await couponRow(c)).toMatchObject({ order_id: o.id });
    // A stranger's checkout releases only their own attempts.
    await created(stranger, shop.l);
    expect(await statusOf(o.id)).toBe('PENDING');
    expect((await pay(owner, o)).status).toBe(200);
  });

  it('refuses a bad order id with a 400 detail', async () => {
    const m = await member();
    const r = await release(m, { order_id: '../x' });
    expect(r.status).toBe(400);
    expect(typeof r.body.detail).toBe('string');
  });
});

describe('an attempt whose payment is being confirmed', () => {
  it('is never released: not by the shop, not by a new checkout, and its coupon is not spent twice', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(1000);
    const c = await cartCoupon(m);
    const a = await created(m, shop.m, { cart_coupon_ids: [c], point: 1000 });
    let approve = () => {};
    const gate = new Promise<void>((r) => {
      approve = r;
    });
    let asked = () => {};
    const calling = new Promise<void>((r) => {
      asked = r;
    });
    // The gateway holds its answer: the claim is taken, the payment is in flight.
    const slow: PaymentGateway = {
      name: 'sandbox',
      clientKey: null,
      confirm: async (i) => {
        asked();
        await gate;
        return sandbox.confirm(i);
      },
      cancel: (k, i, id) => sandbox.cancel(k, i, id),
      get: (k) => sandbox.get(k),
      getByOrder: (o) => sandbox.getByOrder(o),
    };
    setGateway(t.ctx, slow);
    try {
      const paying = pay(m, a);
      await calling;
      expect((await release(m)).body).toEqual({ released: [] });
      expect((await release(m, { order_id: a.order_id })).body).toEqual({ released: [] });
      // The same coupon on a new checkout: still held by the order being paid (409, nothing made).
      const again = await order(m, shop.l, { cart_coupon_ids: [c] });
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('결제가 진행 중인 다른 주문에 적용된 쿠폰입니다.');
      // A checkout without it goes ahead and leaves the attempt being paid alone.
      const other = await created(m, shop.l);
      expect(await statusOf(a.id)).toBe('PENDING');
      approve();
      const paid = await paying;
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(await statusOf(a.id)).toBe('PAID');
      expect(await couponRow(c)).toMatchObject({ order_id: a.id });
      expect((await couponRow(c))?.used_at).not.toBeNull();
      expect(await balance(m)).toBe(0);
      expect(await statusOf(other.id)).toBe('PENDING');
    } finally {
      approve();
      setGateway(t.ctx, sandbox);
    }
  });
});
