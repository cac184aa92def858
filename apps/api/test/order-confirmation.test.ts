/**
 * Order flow completeness (docs/ARCHITECTURE.md, 'Orders and payments') through the API with the sandbox
 * gateway:
 * - 구매확정 (CONFIRMED): the member's confirmation (CONFIRM alias), automatic confirmation by the
 *   sweep at KST midnight after the 7th day, purchase points at confirmation exactly once (also
 *   when the member and the sweep race), no return or exchange afterwards;
 * - benefits back on a completed return and on partial/full cancels (points share, line coupon,
 *   cart coupon with the last item; never twice under concurrency);
 * - claim gaps: the address change is atomic with the "nothing shipped" check, a rejected or
 *   withdrawn exchange gives the held replacement stock back, a withdrawn return refunds nothing.
 */
import { randomUUID } from 'node:crypto';
import { autoConfirmAt } from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type couponPolicies,
  coupons,
  exchanges,
  orderItems,
  orders,
  payments,
  pointLedger,
  productItems,
  refunds,
} from '../src/db/schema.ts';
import { pointBalance } from '../src/domains/benefits/balance.ts';
import { earnPoints } from '../src/domains/benefits/points.ts';
import { earnForItem } from '../src/domains/orders/benefits.ts';
import { autoConfirmItems, confirmItemNow } from '../src/domains/orders/confirmation.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { mutableClock } from './auth-helpers.ts';
import { ADMIN_KEY_HEADERS, createMember, createTestApp, type TestApp } from './helpers.ts';
import { ADDRESS, call, issueCoupon, makeShop, markInspected, type Shop } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
let sandbox: SandboxGateway;

type Member = { id: number; headers: () => Promise<Record<string, string>> };

async function member(points = 0): Promise<Member> {
  const m = await createMember(t.ctx);
  if (points > 0)
    await t.ctx.db.transaction((tx) =>
      earnPoints(tx, { userId: m.user.id, amount: points, now: clock.now() }),
    );
  // Fresh tokens: the clock moves in these tests.
  return { id: m.user.id, headers: () => bearer(m.user.id) };
}

const bearer = async (id: number) => ({
  authorization: `Bearer ${await t.ctx.tokens.signAccess(id, randomUUID(), clock.now())}`,
});
const admin = async () => ADMIN_KEY_HEADERS;

/** Issues one coupon of a fresh policy to the member; returns the coupon id. */
const coupon = (m: Member, values: Partial<typeof couponPolicies.$inferInsert>) =>
  issueCoupon(t.ctx, m.id, clock.now(), values, 90);

const couponRow = async (id: number) => (await t.ctx.db.select().from(coupons).where(eq(coupons.id, id)))[0];
const balance = (m: Member) => pointBalance(t.ctx.db, m.id);
const itemsOf = (orderId: number) =>
  t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(orderItems.id);
const itemRow = async (id: number) =>
  (await t.ctx.db.select().from(orderItems).where(eq(orderItems.id, id)))[0];
const stockOf = async (id: number) =>
  (await t.ctx.db.select({ s: productItems.stock }).from(productItems).where(eq(productItems.id, id)))[0]?.s;
const ledger = (m: Member, reason: string) =>
  t.ctx.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.user_id, m.id), eq(pointLedger.reason, reason)))
    .orderBy(pointLedger.id);
const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + r.amount, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Created = { id: number; order_id: string; amount: number; point_used: number };

async function buy(
  m: Member,
  items: { product_item_id: number; quantity: number }[],
  extra: Record<string, unknown> = {},
): Promise<Created> {
  const r = await call(t.app, 'POST', '/api/orders', await m.headers(), {
    items,
    address: ADDRESS,
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const o = r.body as unknown as Created;
  const paymentKey = sandbox.authorize(o.order_id, o.amount);
  const paid = await call(t.app, 'POST', '/api/orders/confirm-order', await m.headers(), {
    payment_key: paymentKey,
    order_id: o.order_id,
    amount: o.amount,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return o;
}

const status = (headers: Record<string, string>, itemId: number, s: string) =>
  call(t.app, 'POST', `/api/orders/order-items/${itemId}/status`, headers, { status: s });

async function deliver(m: Member, itemId: number) {
  expect((await status(await admin(), itemId, 'SHIPPING')).status).toBe(200);
  expect((await status(await m.headers(), itemId, 'COMPLETE')).status).toBe(200);
}

/** Two lines of 30,000 won: M with a 5,000 won product coupon, a 10% cart coupon, 1,000 points. */
async function couponOrder(shop: Shop, m: Member) {
  const line = await coupon(m, {
    scope: 'PRODUCT_DISPLAY',
    scope_ids: [shop.displayId],
    discount_value: 5000,
  });
  const cart = await coupon(m, { is_cart_coupon: true, discount_kind: 'PERCENT', discount_value: 10 });
  const created = await buy(
    m,
    [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ],
    { line_coupons: [{ product_item_id: shop.m, coupon_id: line }], cart_coupon_ids: [cart], point: 1000 },
  );
  expect(created).toMatchObject({ amount: 48500, point_used: 1000 });
  const items = await itemsOf(created.id);
  const im = items.find((i) => i.product_item_id === shop.m);
  const il = items.find((i) => i.product_item_id === shop.l);
  if (!im || !il) throw new Error('items missing');
  expect(im.point_used + il.point_used).toBe(1000);
  return { line, cart, created, im, il };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
}, 60_000);
afterAll(() => t?.close());

describe('purchase confirmation (구매확정)', () => {
  it('the member confirms a delivered item: points credited once, returns and exchanges end', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const other = await member();
    const o = await buy(m, [{ product_item_id: shop.m, quantity: 1 }]);
    const [item] = await itemsOf(o.id);
    if (!item) throw new Error('no item');
    // Not delivered yet: nothing to confirm.
    const early = await status(await m.headers(), item.id, 'CONFIRM');
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe('배송완료 또는 교환완료된 상품만 구매확정할 수 있습니다.');
    await deliver(m, item.id);
    // Delivery no longer credits points: confirmation does.
    expect(await balance(m)).toBe(0);
    expect((await status(await other.headers(), item.id, 'CONFIRM')).status).toBe(404);
    const ok = await status(await m.headers(), item.id, 'confirm');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ order_item_id: item.id, status: 'CONFIRMED' });
    expect(await balance(m)).toBe(300);
    const detail = await call(t.app, 'GET', `/api/orders/${o.id}/detail`, await m.headers());
    expect((detail.body.items as { status: string; status_label: string }[])[0]).toMatchObject({
      status: 'CONFIRMED',
      status_label: '구매확정',
    });
    const twice = await status(await m.headers(), item.id, 'CONFIRMED');
    expect(twice.status).toBe(400);
    expect((await status(await admin(), item.id, 'CONFIRMED')).status).toBe(400);
    expect((await status(await m.headers(), item.id, 'COMPLETE')).status).toBe(400);
    expect(await balance(m)).toBe(300);
    const earned = await ledger(m, 'EARN_PURCHASE');
    expect(earned.map((e) => [e.amount, e.ref_type, e.ref_id])).toEqual([[300, 'order_item', item.id]]);
    // After confirmation: no return, no exchange, no cancel.
    const ret = await call(t.app, 'POST', '/api/orders/refunds', await m.headers(), {
      order_item_ids: [item.id],
      reason: '변심',
    });
    expect(ret.status).toBe(400);
    expect(ret.body.detail).toBe('배송완료된 상품만 반품/교환할 수 있습니다.');
    const ex = await call(t.app, 'POST', '/api/orders/exchanges', await m.headers(), {
      order_item_id: item.id,
      new_product_item_id: shop.l,
      reason: '사이즈',
    });
    expect(ex.status).toBe(400);
    expect((await status(await m.headers(), item.id, 'CANCEL')).status).toBe(400);
    const cost = await call(
      t.app,
      'GET',
      `/api/v1/orders/return-cost?order_item_id=${item.id}&reason_type=DEFECT`,
      await m.headers(),
    );
    expect(cost.body.is_within_period).toBe(false);
    // The closet keeps confirmed items; the order counts show the status.
    const closet = await call(t.app, 'GET', '/api/orders/closet-list?page=1&limit=20', await m.headers());
    expect((closet.body.result as { order_item_id: number }[]).map((c) => c.order_item_id)).toContain(
      item.id,
    );
    const counts = await call(t.app, 'GET', '/api/orders/user-order-data', await m.headers());
    expect((counts.body.counts as Record<string, number>).CONFIRMED).toBe(1);
    // Members cannot set statuses they never set.
    expect((await status(await m.headers(), item.id, 'SHIPPING')).status).toBe(403);
    expect((await status(await m.headers(), item.id, 'NOPE')).status).toBe(400);
  });

  it('the sweep confirms delivered items at KST midnight after the 7th day, once, with points', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const o = await buy(m, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    const [a, b] = await itemsOf(o.id);
    if (!a || !b) throw new Error('items missing');
    await deliver(m, a.id);
    await deliver(m, b.id);
    // b's return is asked for: a pending claim is never confirmed by the sweep.
    const ret = await call(t.app, 'POST', '/api/orders/refunds', await m.headers(), {
      order_item_ids: [b.id],
      reason_type: 'DEFECT',
      reason: '불량',
    });
    expect(ret.status).toBe(200);
    const delivered = (await itemRow(a.id))?.completed_at as Date;
    const due = autoConfirmAt(delivered);
    clock.advance((due.getTime() - clock.now().getTime()) / 1000 - 1);
    expect(await autoConfirmItems(t.ctx)).toBe(0);
    expect((await itemRow(a.id))?.status).toBe('COMPLETE');
    clock.advance(1);
    expect(await autoConfirmItems(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await itemRow(a.id))?.status).toBe('CONFIRMED');
    expect((await itemRow(b.id))?.status).toBe('REFUND_REQUESTED');
    expect(await balance(m)).toBe(300);
    expect(await autoConfirmItems(t.ctx)).toBe(0);
    expect(await balance(m)).toBe(300);
  });

  it('the sweep waits for the exchange date, then confirms', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const o = await buy(m, [{ product_item_id: shop.m, quantity: 1 }]);
    const [item] = await itemsOf(o.id);
    if (!item) throw new Error('no item');
    await deliver(m, item.id);
    await call(t.app, 'POST', '/api/orders/exchanges', await m.headers(), {
      order_item_id: item.id,
      new_product_item_id: shop.l,
      reason_type: 'DEFECT',
      reason: '불량',
    });
    clock.advance(5 * 86_400);
    expect((await status(await admin(), item.id, 'EXCHANGED')).status).toBe(200);
    clock.advance(4 * 86_400); // 9 days after delivery, 4 after the exchange
    await autoConfirmItems(t.ctx);
    expect((await itemRow(item.id))?.status).toBe('EXCHANGED');
    clock.advance(5 * 86_400);
    await autoConfirmItems(t.ctx);
    expect((await itemRow(item.id))?.status).toBe('CONFIRMED');
    expect(await balance(m)).toBe(300);
  });

  it('items not yet due never hold back due ones (the page is bounded exactly in SQL)', async () => {
    await autoConfirmItems(t.ctx); // earlier tests' due items out of the way
    const shop = await makeShop(t.ctx, { stock: 20 });
    const m = await member();
    // x (lower id): delivered long ago but exchanged recently, so not due; y: delivered and due.
    const ox = await buy(m, [{ product_item_id: shop.m, quantity: 1 }]);
    const oy = await buy(m, [{ product_item_id: shop.m, quantity: 1 }]);
    const [x] = await itemsOf(ox.id);
    const [y] = await itemsOf(oy.id);
    if (!x || !y) throw new Error('items missing');
    await deliver(m, x.id);
    await deliver(m, y.id);
    const ex = await call(t.app, 'POST', '/api/orders/exchanges', await m.headers(), {
      order_item_id: x.id,
      new_product_item_id: shop.l,
      reason_type: 'DEFECT',
      reason: '불량',
    });
    expect(ex.status).toBe(200);
    clock.advance(6 * 86_400);
    expect((await status(await admin(), x.id, 'EXCHANGED')).status).toBe(200);
    clock.advance(3 * 86_400);
    // One candidate per pass: it must be the due item y, not the exchanged x.
    expect(await autoConfirmItems(t.ctx, 1)).toBe(1);
    expect((await itemRow(y.id))?.status).toBe('CONFIRMED');
    expect((await itemRow(x.id))?.status).toBe('EXCHANGED');
  });

  it('the member and the sweep racing confirm once and credit once', async () => {
    const shop = await makeShop(t.ctx, { stock: 20 });
    const m = await member();
    const o = await buy(m, [{ product_item_id: shop.m, quantity: 1 }]);
    const [item] = await itemsOf(o.id);
    if (!item) throw new Error('no item');
    await deliver(m, item.id);
    clock.advance(9 * 86_400);
    const headers = await m.headers();
    const results = await Promise.all([
      status(headers, item.id, 'CONFIRM'),
      autoConfirmItems(t.ctx),
      status(headers, item.id, 'CONFIRMED'),
      confirmItemNow(t.ctx, item.id, clock.now()),
      status(headers, item.id, 'CONFIRM'),
    ]);
    const api = [results[0], results[2], results[4]] as { status: number }[];
    // Whoever won, only one of the callers moved the item.
    const wins = api.filter((r) => r.status === 200).length + Number(results[3] === true);
    expect(wins).toBeLessThanOrEqual(1);
    for (const r of api) expect([200, 400]).toContain(r.status);
    expect((await itemRow(item.id))?.status).toBe('CONFIRMED');
    expect((await ledger(m, 'EARN_PURCHASE')).length).toBe(1);
    expect(await balance(m)).toBe(300);
  });
  it('earnForItem called twice at once credits once (ledger looked up under the member lock)', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const o = await buy(m, [{ product_item_id: shop.m, quantity: 1 }]);
    const [item] = await itemsOf(o.id);
    if (!item) throw new Error('no item');
    const credits = await Promise.all(
      Array.from({ length: 4 }, () => t.ctx.db.transaction((tx) => earnForItem(tx, m.id, item, clock.now()))),
    );
    expect(credits.filter((c) => c > 0)).toEqual([300]);
    expect((await ledger(m, 'EARN_PURCHASE')).length).toBe(1);
    expect(await balance(m)).toBe(300);
  });
});

describe('benefits back on returns and cancels', () => {
  it('a completed return gives back its points share and line coupon; the last one everything', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(3000);
    const { line, cart, created, im, il } = await couponOrder(shop, m);
    await deliver(m, im.id);
    await deliver(m, il.id);
    const req = await call(t.app, 'POST', '/api/orders/refunds', await m.headers(), {
      order_item_ids: [im.id],
      reason_type: 'DEFECT',
      reason: '불량',
    });
    const refundM = (req.body.result as { id: number }[])[0]?.id;
    // Asked for only: nothing back yet.
    expect(await balance(m)).toBe(2000);
    expect((await couponRow(line))?.used_at).not.toBeNull();
    // The operator completes it twice at once: one refund, one give-back.
    await markInspected(t.ctx, Number(refundM));
    const done = await Promise.all([
      call(t.app, 'POST', `/api/orders/refunds/${refundM}/complete`, await admin()),
      call(t.app, 'POST', `/api/orders/refunds/${refundM}/complete`, await admin()),
    ]);
    for (const d of done) expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(await balance(m)).toBe(2000 + im.point_used);
    expect((await couponRow(line))?.used_at).toBeNull();
    expect((await couponRow(cart))?.used_at).not.toBeNull();
    const req2 = await call(t.app, 'POST', '/api/orders/refunds', await m.headers(), {
      order_item_ids: [il.id],
      reason_type: 'WRONG_DELIVERY',
      reason: '오배송',
    });
    const refundL = (req2.body.result as { id: number }[])[0]?.id;
    await markInspected(t.ctx, Number(refundL));
    expect((await call(t.app, 'POST', `/api/orders/refunds/${refundL}/complete`, await admin())).status).toBe(
      200,
    );
    expect((await couponRow(cart))?.used_at).toBeNull();
    expect(await balance(m)).toBe(3000);
    expect(sum(await ledger(m, 'REFUND_ORDER'))).toBe(1000);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.order_id, created.id));
    expect(p?.balance_amount).toBe(0);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row?.status).toBe('CANCELLED');
  });

  it('a return after a partial cancel: the last closing item returns the rest, never more', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(3000);
    const { line, cart, im, il } = await couponOrder(shop, m);
    // Cancel L before shipping, then deliver and return M (the last live item).
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${il.id}/cancel`, await m.headers(), {})).status,
    ).toBe(200);
    expect(await balance(m)).toBe(2000 + il.point_used);
    expect((await couponRow(cart))?.used_at).not.toBeNull();
    await deliver(m, im.id);
    const req = await call(t.app, 'POST', '/api/orders/refunds', await m.headers(), {
      order_item_ids: [im.id],
      reason_type: 'CHANGE_OF_MIND',
      reason: '변심',
    });
    const id = (req.body.result as { id: number }[])[0]?.id;
    await markInspected(t.ctx, Number(id));
    expect((await call(t.app, 'POST', `/api/orders/refunds/${id}/complete`, await admin())).status).toBe(200);
    expect(await balance(m)).toBe(3000);
    expect((await couponRow(line))?.used_at).toBeNull();
    expect((await couponRow(cart))?.used_at).toBeNull();
    expect(sum(await ledger(m, 'REFUND_ORDER'))).toBe(1000);
  });

  it('a coupon still used by another live item of the order stays used until that item closes', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(3000);
    const { line, im, il } = await couponOrder(shop, m);
    // Both items carry the same coupon (e.g. one coupon spread over a bundle).
    await t.ctx.db.update(orderItems).set({ coupon_id: line }).where(eq(orderItems.id, il.id));
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${im.id}/cancel`, await m.headers(), {})).status,
    ).toBe(200);
    expect((await couponRow(line))?.used_at).not.toBeNull();
    expect(await balance(m)).toBe(2000 + im.point_used);
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${il.id}/cancel`, await m.headers(), {})).status,
    ).toBe(200);
    expect((await couponRow(line))?.used_at).toBeNull();
    expect(await balance(m)).toBe(3000);
  });

  it('concurrent cancels of every item return exactly what was spent, once', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(3000);
    const { line, cart, created, im, il } = await couponOrder(shop, m);
    const headers = await m.headers();
    const rs = await Promise.all([
      call(t.app, 'POST', `/api/orders/order-items/${im.id}/cancel`, headers, {}),
      call(t.app, 'POST', `/api/orders/order-items/${il.id}/cancel`, headers, {}),
      call(t.app, 'POST', `/api/orders/order-items/${im.id}/cancel`, headers, {}),
      call(t.app, 'POST', `/api/orders/order-items/${il.id}/status`, headers, { status: 'CANCEL' }),
    ]);
    expect(rs.filter((r) => r.status === 200).length).toBe(2);
    for (const r of rs) expect([200, 400]).toContain(r.status);
    expect(await balance(m)).toBe(3000);
    const back = (await ledger(m, 'REFUND_ORDER')).filter((r) => r.ref_id === created.id);
    expect(sum(back)).toBe(1000);
    expect((await couponRow(line))?.used_at).toBeNull();
    expect((await couponRow(cart))?.used_at).toBeNull();
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.order_id, created.id));
    expect(p?.balance_amount).toBe(0);
  });
});

describe('claim gaps', () => {
  it('an address change waits for a shipping in progress and is then refused', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const o = await buy(m, [{ product_item_id: shop.m, quantity: 1 }]);
    const headers = await m.headers();
    const ok = await call(t.app, 'PUT', `/api/orders/${o.id}/detail2`, headers, {
      delivery_request: '경비실에 맡겨주세요',
    });
    expect(ok.status).toBe(200);
    expect((ok.body.address as { delivery_request: string }).delivery_request).toBe('경비실에 맡겨주세요');
    let pending: ReturnType<typeof call> | null = null;
    // An operator's shipping holds the order row (as changeStatus does) while the change arrives.
    await t.ctx.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, o.id)).for('update');
      await tx.update(orderItems).set({ status: 'SHIPPING' }).where(eq(orderItems.order_id, o.id));
      pending = call(t.app, 'PUT', `/api/orders/${o.id}/detail2`, headers, { delivery_request: '문 앞' });
      await sleep(150);
    });
    const late = await (pending as unknown as ReturnType<typeof call>);
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('배송이 시작된 주문은 배송지를 변경할 수 없습니다.');
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.delivery_request).toBe('경비실에 맡겨주세요');
    const other = await member();
    expect(
      (
        await call(t.app, 'PUT', `/api/orders/${o.id}/detail2`, await other.headers(), {
          delivery_request: 'x',
        })
      ).status,
    ).toBe(404);
  });

  it('a rejected or withdrawn exchange gives the held replacement stock back', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const o = await buy(m, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.m, quantity: 1 },
    ]);
    const [a, b] = await itemsOf(o.id);
    if (!a || !b) throw new Error('items missing');
    await deliver(m, a.id);
    await deliver(m, b.id);
    expect(await stockOf(shop.l)).toBe(5);
    for (const id of [a.id, b.id]) {
      const ex = await call(t.app, 'POST', '/api/orders/exchanges', await m.headers(), {
        order_item_id: id,
        new_product_item_id: shop.l,
        reason_type: 'SIZE',
        reason: '작아요',
      });
      expect(ex.status).toBe(200);
    }
    expect(await stockOf(shop.l)).toBe(3);
    // The operator rejects a's exchange; the member withdraws b's.
    expect((await status(await admin(), a.id, 'COMPLETE')).status).toBe(200);
    expect(await stockOf(shop.l)).toBe(4);
    const withdrawn = await Promise.all([
      status(await m.headers(), b.id, 'COMPLETE'),
      status(await m.headers(), b.id, 'COMPLETE'),
    ]);
    expect(withdrawn.filter((r) => r.status === 200).length).toBe(1);
    expect(await stockOf(shop.l)).toBe(5);
    expect(await stockOf(shop.m)).toBe(3);
    const rows = await t.ctx.db.select().from(exchanges).where(eq(exchanges.order_item_id, a.id));
    expect(rows.map((r) => r.status)).toEqual(['REJECTED']);
    expect((await itemRow(a.id))?.status).toBe('COMPLETE');
    const detail = await call(
      t.app,
      'GET',
      `/api/orders/order-items/${b.id}/exchange-detail`,
      await m.headers(),
    );
    expect(detail.body.exchange).toMatchObject({ status: 'REJECTED' });
    expect(detail.body.is_exchangeable).toBe(true);
    // Completing a rejected exchange is not possible any more.
    expect((await status(await admin(), a.id, 'EXCHANGED')).status).toBe(400);
  });

  it('withdrawing the return that carried the return shipping of its parcel moves the charge to the rest', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const o = await buy(m, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    const [a, b] = await itemsOf(o.id);
    if (!a || !b) throw new Error('items missing');
    await deliver(m, a.id);
    await deliver(m, b.id);
    const req = await call(t.app, 'POST', '/api/orders/refunds', await m.headers(), {
      order_item_ids: [a.id, b.id],
      reason_type: 'CHANGE_OF_MIND',
      reason: '변심',
    });
    expect(req.status).toBe(200);
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.order_id, o.id)).orderBy(refunds.id);
    const charged = rows.find((r) => r.return_cost > 0);
    const free = rows.find((r) => r.return_cost === 0);
    if (!charged || !free) throw new Error('one charge per parcel expected');
    // The member withdraws the charged one: the other still pays the parcel's return shipping.
    expect((await status(await m.headers(), charged.order_item_id, 'COMPLETE')).status).toBe(200);
    const [after] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, free.id));
    const paid = (await itemRow(free.order_item_id))?.paid_amount as number;
    expect(after).toMatchObject({ return_cost: charged.return_cost, amount: paid - charged.return_cost });
    await markInspected(t.ctx, Number(free.id));
    expect((await call(t.app, 'POST', `/api/orders/refunds/${free.id}/complete`, await admin())).status).toBe(
      200,
    );
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.order_id, o.id));
    expect(p?.balance_amount).toBe(o.amount - (paid - charged.return_cost));
  });

  it('a withdrawal does not move a return shipping charge onto another request of the order', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const o = await buy(m, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    const [a, b] = await itemsOf(o.id);
    if (!a || !b) throw new Error('items missing');
    await deliver(m, a.id);
    await deliver(m, b.id);
    // a: the seller's fault (free); b, asked later: a change of mind (charged).
    for (const [id, reason_type] of [
      [a.id, 'DEFECT'],
      [b.id, 'CHANGE_OF_MIND'],
    ] as const) {
      const r = await call(t.app, 'POST', '/api/orders/refunds', await m.headers(), {
        order_item_ids: [id],
        reason_type,
        reason: '반품',
      });
      expect(r.status).toBe(200);
    }
    expect((await status(await m.headers(), b.id, 'COMPLETE')).status).toBe(200);
    const [ra] = await t.ctx.db.select().from(refunds).where(eq(refunds.order_item_id, a.id));
    expect(ra).toMatchObject({ return_cost: 0, amount: a.paid_amount, status: 'REQUESTED' });
  });

  it('a withdrawn return refunds nothing and the item can be confirmed', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const o = await buy(m, [{ product_item_id: shop.m, quantity: 1 }]);
    const [item] = await itemsOf(o.id);
    if (!item) throw new Error('no item');
    await deliver(m, item.id);
    const req = await call(t.app, 'POST', '/api/orders/refunds', await m.headers(), {
      order_item_ids: [item.id],
      reason: '변심',
    });
    const id = (req.body.result as { id: number }[])[0]?.id as number;
    expect((await status(await m.headers(), item.id, 'COMPLETE')).status).toBe(200);
    const [r] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, id));
    expect(r?.status).toBe('REJECTED');
    await markInspected(t.ctx, Number(id));
    expect((await call(t.app, 'POST', `/api/orders/refunds/${id}/complete`, await admin())).status).toBe(400);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.order_id, o.id));
    expect(p?.balance_amount).toBe(o.amount);
    expect((await status(await m.headers(), item.id, 'CONFIRM')).status).toBe(200);
  });
});
