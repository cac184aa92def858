import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  brands,
  type couponPolicies,
  coupons,
  missionCompletions,
  missions,
  orderItems,
  orders,
  payments,
  pointLedger,
  productDisplays,
  productItems,
  refunds,
  reviewPhotos,
} from '../src/db/schema.ts';
import { pointBalance } from '../src/domains/benefits/balance.ts';
import { earnPoints } from '../src/domains/benefits/points.ts';
import { expireOrders } from '../src/domains/orders/settle.ts';
import { GatewayError, gatewayOf, type PaymentGateway, setGateway } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { storeImage } from '../src/platform/uploads.ts';
import { mutableClock } from './auth-helpers.ts';
import { ADMIN_KEY_HEADERS, createMember, createTestApp, type TestApp } from './helpers.ts';
import { ADDRESS, call, issueCoupon, makeShop, markInspected, type Shop } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
let sandbox: SandboxGateway;
let admin: Record<string, string>;

type Member = { headers: Record<string, string>; id: number };

async function member(points = 0): Promise<Member> {
  const m = await createMember(t.ctx);
  if (points > 0)
    await t.ctx.db.transaction((tx) =>
      earnPoints(tx, { userId: m.user.id, amount: points, now: clock.now() }),
    );
  return { headers: m.headers, id: m.user.id };
}

/** Issues one coupon of a fresh policy to the member; returns the coupon id. */
const coupon = (m: Member, values: Partial<typeof couponPolicies.$inferInsert>) =>
  issueCoupon(t.ctx, m.id, clock.now(), values, 30);

const couponRow = async (id: number) => (await t.ctx.db.select().from(coupons).where(eq(coupons.id, id)))[0];
const balance = (m: Member) => pointBalance(t.ctx.db, m.id);
const itemsOf = (orderId: number) =>
  t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(orderItems.id);
const ledger = (m: Member, reason: string) =>
  t.ctx.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.user_id, m.id), eq(pointLedger.reason, reason as 'EVENT')));

type Created = { id: number; order_id: string; amount: number; coupon_discount: number; point_used: number };

async function order(
  m: Member,
  extra: Record<string, unknown>,
  items: { product_item_id: number; quantity: number }[],
) {
  return call(t.app, 'POST', '/api/orders', m.headers, { items, address: ADDRESS, ...extra });
}

async function pay(m: Member, o: { order_id: string; amount: number }) {
  const paymentKey = sandbox.authorize(o.order_id, o.amount);
  return call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
    payment_key: paymentKey,
    order_id: o.order_id,
    amount: o.amount,
  });
}

/** Two lines of 30,000 won (free shipping from 50,000): M with a 5,000 won product coupon, a 10% cart coupon, 1,000 points. */
async function fullOrder(shop: Shop, m: Member) {
  const line = await coupon(m, {
    scope: 'PRODUCT_DISPLAY',
    scope_ids: [shop.displayId],
    discount_value: 5000,
  });
  const cart = await coupon(m, { is_cart_coupon: true, discount_kind: 'PERCENT', discount_value: 10 });
  const r = await order(
    m,
    { line_coupons: [{ product_item_id: shop.m, coupon_id: line }], cart_coupon_ids: [cart], point: 1000 },
    [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ],
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { line, cart, created: r.body as unknown as Created };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
}, 60_000);
afterAll(() => t?.close());
beforeEach(async () => {
  admin = ADMIN_KEY_HEADERS;
});

describe('coupons and points on POST /api/orders', () => {
  it('re-validates the choice, stores discounts per order and item, and charges the payable amount', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(3000);
    const { line, cart, created } = await fullOrder(shop, m);
    // Amounts in the body are not part of the contract (another member: a second checkout of `m`
    // would release the first).
    const tampered = await order(
      await member(),
      { point: 0, amount: 1, coupon_discount: 59999, total_price: 1 },
      [{ product_item_id: shop.m, quantity: 1 }],
    );
    expect(tampered.status).toBe(200);
    expect(tampered.body).toMatchObject({ amount: 33000, coupon_discount: 0 });
    // 60,000 − 5,000 (line) − 5,500 (10% of 55,000) − 1,000 points; free shipping.
    expect(created).toMatchObject({
      coupon_discount: 10500,
      point_used: 1000,
      amount: 48500,
      shipping_fee: 0,
    });
    const items = await itemsOf(created.id);
    const im = items.find((i) => i.product_item_id === shop.m);
    const il = items.find((i) => i.product_item_id === shop.l);
    expect(im?.coupon_id).toBe(line);
    expect(il?.coupon_id).toBeNull();
    // The cart coupon splits by what each line still costs: 25,000 : 30,000 → 2,500 : 3,000.
    expect(im?.coupon_discount).toBe(5000 + 2500);
    expect(il?.coupon_discount).toBe(3000);
    expect(items.reduce((s, i) => s + i.point_used, 0)).toBe(1000);
    expect(items.reduce((s, i) => s + i.paid_amount, 0)).toBe(48500);
    // Reserved, not used, until the payment is confirmed; the points are held.
    expect(await couponRow(line)).toMatchObject({ order_id: created.id, used_at: null });
    expect(await couponRow(cart)).toMatchObject({ order_id: created.id, used_at: null });
    expect(await balance(m)).toBe(2000);
    // The gateway is asked for the payable amount; the full price is refused.
    const wrong = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
      payment_key: sandbox.authorize(created.order_id, 60000),
      order_id: created.order_id,
      amount: 60000,
    });
    expect(wrong.status).toBe(400);
    const paid = await pay(m, created);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'PAID',
      amount: 48500,
      coupon_discount: 10500,
      point_used: 1000,
    });
  });

  it('refuses coupons the member does not hold, used ones, wrong lines, and points beyond balance or payable', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(100000);
    const other = await member();
    const foreign = await coupon(other, {});
    const items = [{ product_item_id: shop.m, quantity: 1 }];
    const r1 = await order(m, { cart_coupon_ids: [foreign] }, items);
    expect(r1.status).toBe(400);
    expect(r1.body.detail).toBe('보유하지 않은 쿠폰입니다.');
    const otherDisplay = await coupon(m, { scope: 'PRODUCT_DISPLAY', scope_ids: [shop.displayId + 100000] });
    const r2 = await order(
      m,
      { line_coupons: [{ product_item_id: shop.m, coupon_id: otherDisplay }] },
      items,
    );
    expect(r2.status).toBe(400);
    const minimum = await coupon(m, { is_cart_coupon: true, min_order_amount: 100000 });
    const r3 = await order(m, { cart_coupon_ids: [minimum] }, items);
    expect(r3.status).toBe(400);
    // 30,000 + 3,000 shipping: at most 32,999 points (the gateway needs at least 1 won).
    const r4 = await order(m, { point: 33000 }, items);
    expect(r4.status).toBe(400);
    expect(r4.body.detail).toBe('사용할 수 있는 포인트는 최대 32999원입니다.');
    const poor = await member(500);
    const r5 = await order(poor, { point: 501 }, items);
    expect(r5.status).toBe(400);
    const ok = await order(m, { point: 32999 }, items);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ amount: 1, point_used: 32999 });
    // Nothing was taken by the refused orders.
    expect(await balance(m)).toBe(100000 - 32999);
    expect((await couponRow(minimum))?.used_at).toBeNull();
    // A used coupon cannot be used again.
    const once = await coupon(m, {});
    const first = await order(m, { line_coupons: [{ product_item_id: shop.m, coupon_id: once }] }, items);
    expect(first.status).toBe(200);
    expect((await pay(m, first.body as unknown as Created)).status).toBe(200);
    const twice = await order(m, { line_coupons: [{ product_item_id: shop.m, coupon_id: once }] }, items);
    expect(twice.status).toBe(400);
  });

  it('places plain coupon_ids for the largest discount', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const small = await coupon(m, { scope: 'PRODUCT_ITEM', scope_ids: [shop.m], discount_value: 1000 });
    const big = await coupon(m, { scope: 'PRODUCT_ITEM', scope_ids: [shop.l], discount_value: 4000 });
    const r = await order(m, { coupon_ids: [small, big] }, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ coupon_discount: 5000, amount: 55000 });
    const items = await itemsOf((r.body as unknown as Created).id);
    expect(items.find((i) => i.product_item_id === shop.l)?.coupon_id).toBe(big);
  });
});

describe('giving coupons and points back', () => {
  it('returns everything once when the payment window fails or the order expires', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(5000);
    const a = await fullOrder(shop, m);
    expect(await balance(m)).toBe(4000);
    const failed = await call(t.app, 'POST', '/api/orders/payment-failed', m.headers, {
      order_id: a.created.order_id,
    });
    expect(failed.status).toBe(200);
    expect((await couponRow(a.line))?.used_at).toBeNull();
    expect((await couponRow(a.cart))?.order_id).toBeNull();
    expect(await balance(m)).toBe(5000);
    await call(t.app, 'POST', '/api/orders/payment-failed', m.headers, { order_id: a.created.order_id });
    expect(await balance(m)).toBe(5000);

    const b = await fullOrder(shop, m);
    expect(await balance(m)).toBe(4000);
    clock.advance(31 * 60);
    expect(await expireOrders(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await expireOrders(t.ctx)).toBe(0);
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, b.created.id));
    expect(o?.status).toBe('EXPIRED');
    expect((await couponRow(b.line))?.used_at).toBeNull();
    expect((await couponRow(b.cart))?.used_at).toBeNull();
    expect(await balance(m)).toBe(5000);
    expect((await ledger(m, 'REFUND_ORDER')).length).toBe(2);
  });

  it('returns everything when the gateway refuses the payment', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(2000);
    const { line, cart, created } = await fullOrder(shop, m);
    const rejecting: PaymentGateway = {
      name: 'sandbox',
      clientKey: null,
      confirm: async () => {
        throw new GatewayError('REJECT_CARD_PAYMENT', '한도초과 혹은 잔액부족으로 결제에 실패했습니다.', 403);
      },
      cancel: (k, i, id) => sandbox.cancel(k, i, id),
      get: (k) => sandbox.get(k),
      getByOrder: (o) => sandbox.getByOrder(o),
    };
    setGateway(t.ctx, rejecting);
    try {
      expect((await pay(m, created)).status).toBe(400);
    } finally {
      setGateway(t.ctx, sandbox);
    }
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, created.id));
    expect(o?.status).toBe('FAILED');
    expect((await couponRow(line))?.used_at).toBeNull();
    expect((await couponRow(cart))?.used_at).toBeNull();
    expect(await balance(m)).toBe(2000);
    // The coupons can be used by a new order.
    const again = await order(
      m,
      { line_coupons: [{ product_item_id: shop.m, coupon_id: line }], cart_coupon_ids: [cart], point: 2000 },
      [
        { product_item_id: shop.m, quantity: 1 },
        { product_item_id: shop.l, quantity: 1 },
      ],
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ coupon_discount: 10500, point_used: 2000 });
  });

  it('partial cancel: item points share and line coupon; last cancel: cart coupon and the rest', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member(3000);
    const { line, cart, created } = await fullOrder(shop, m);
    const paid = await pay(m, created);
    expect(paid.status).toBe(200);
    const items = await itemsOf(created.id);
    const im = items.find((i) => i.product_item_id === shop.m);
    const il = items.find((i) => i.product_item_id === shop.l);
    if (!im || !il) throw new Error('items missing');
    const first = await call(t.app, 'POST', `/api/orders/order-items/${im.id}/cancel`, m.headers, {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The gateway gives back what was paid for that item after its coupon and points share.
    expect(first.body).toMatchObject({
      cancel_amount: im.paid_amount,
      balance_amount: 48500 - im.paid_amount,
      // The answer says how many points came back: the item's share.
      points_back: im.point_used,
    });
    expect(im.paid_amount).toBe(30000 - 7500 - im.point_used);
    expect((await couponRow(line))?.used_at).toBeNull();
    expect((await couponRow(cart))?.used_at).not.toBeNull();
    expect(await balance(m)).toBe(2000 + im.point_used);
    const again = await call(t.app, 'POST', `/api/orders/order-items/${im.id}/cancel`, m.headers, {});
    expect(again.status).toBe(400);
    expect(await balance(m)).toBe(2000 + im.point_used);
    const last = await call(t.app, 'POST', `/api/orders/order-items/${il.id}/cancel`, m.headers, {});
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({
      cancel_amount: il.paid_amount,
      order_status: 'CANCELLED',
      balance_amount: 0,
    });
    expect((await couponRow(cart))?.used_at).toBeNull();
    expect(await balance(m)).toBe(3000);
    const refunds = await ledger(m, 'REFUND_ORDER');
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(1000);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.order_id, created.id));
    expect(p?.balance_amount).toBe(0);
  });
});

describe('a threshold coupon and a partial cancel or return (쿠폰 할인 회수)', () => {
  /**
   * 10,000 off orders of at least 50,000; A 42,000 + B 20,000 (+ 3,000 shipping) pays 55,000.
   * The coupon splits 6,774 : 3,226, so B paid 16,774; without B the order is 42,000, under the
   * minimum, so A's 6,774 comes out of B's refund and the member keeps A at its full price.
   */
  async function thresholdOrder() {
    const shop = await makeShop(t.ctx);
    await t.ctx.db.update(brands).set({ free_shipping_min: 100_000 }).where(eq(brands.id, shop.brandId));
    await t.ctx.db
      .update(productDisplays)
      .set({ price_discount: 20_000 })
      .where(eq(productDisplays.id, shop.displayId));
    await t.ctx.db.update(productItems).set({ extra_price: 22_000 }).where(eq(productItems.id, shop.l));
    const m = await member();
    const cart = await coupon(m, { is_cart_coupon: true, discount_value: 10_000, min_order_amount: 50_000 });
    const r = await order(m, { cart_coupon_ids: [cart] }, [
      { product_item_id: shop.l, quantity: 1 },
      { product_item_id: shop.m, quantity: 1 },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const created = r.body as unknown as Created;
    expect(created).toMatchObject({ amount: 55_000, coupon_discount: 10_000 });
    expect((await pay(m, created)).status).toBe(200);
    const items = await itemsOf(created.id);
    const a = items.find((i) => i.product_item_id === shop.l);
    const b = items.find((i) => i.product_item_id === shop.m);
    if (!a || !b) throw new Error('items missing');
    expect([a.paid_amount, b.paid_amount]).toEqual([35_226, 16_774]);
    return { m, created, a, b };
  }

  const detailOf = async (m: Member, orderId: number) =>
    (await call(t.app, 'GET', `/api/orders/${orderId}/detail`, m.headers)).body as {
      cancelled_amount: number;
      items: { id: number; paid_amount: number; coupon_clawback: number }[];
    };

  it('cancel: the preview and the refund take back the discount A loses; A is then worth its full price', async () => {
    const { m, created, a, b } = await thresholdOrder();
    const preview = await call(t.app, 'GET', `/api/orders/order-items/${b.id}/cancel-detail`, m.headers);
    expect(preview.body).toMatchObject({ refund_amount: 10_000, coupon_clawback: 6774 });
    const cancel = await call(t.app, 'POST', `/api/orders/order-items/${b.id}/cancel`, m.headers, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body).toMatchObject({
      cancel_amount: 10_000,
      coupon_clawback: 6774,
      balance_amount: 45_000,
    });
    const detail = await detailOf(m, created.id);
    expect(detail.cancelled_amount).toBe(10_000);
    expect(detail.items.find((i) => i.id === b.id)?.coupon_clawback).toBe(6774);
    expect(detail.items.find((i) => i.id === a.id)?.paid_amount).toBe(42_000);
    // Cancelling A too refunds the rest: 55,000 back in all.
    const last = await call(t.app, 'POST', `/api/orders/order-items/${a.id}/cancel`, m.headers, {});
    expect(last.body).toMatchObject({ cancel_amount: 45_000, coupon_clawback: 0, balance_amount: 0 });
  });

  it('return: the same, in the return-cost preview, the request and the completed refund', async () => {
    const { m, created, a, b } = await thresholdOrder();
    for (const status of ['SHIPPING', 'COMPLETE'])
      expect(
        (await call(t.app, 'POST', `/api/orders/order-items/${b.id}/status`, admin, { status })).status,
      ).toBe(200);
    const cost = await call(
      t.app,
      'GET',
      `/api/v1/orders/return-cost?order_item_id=${b.id}&reason_type=DEFECT`,
      m.headers,
    );
    expect(cost.body).toMatchObject({ return_cost: 0, coupon_clawback: 6774, refund_amount: 10_000 });
    const req = await call(t.app, 'POST', '/api/orders/refunds', m.headers, {
      order_item_ids: [b.id],
      reason_type: 'DEFECT',
      reason: '불량',
    });
    expect(req.status, JSON.stringify(req.body)).toBe(200);
    const refund = (req.body.result as { id: number }[])[0];
    expect(refund).toMatchObject({ amount: 10_000, coupon_clawback: 6774 });
    await markInspected(t.ctx, Number(refund?.id));
    const done = await call(t.app, 'POST', `/api/orders/refunds/${refund?.id}/complete`, admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ amount: 10_000, coupon_clawback: 6774, status: 'COMPLETED' });
    expect((await call(t.app, 'GET', `/api/orders/refunds/${refund?.id}`, m.headers)).body).toMatchObject({
      coupon_clawback: 6774,
    });
    const detail = await detailOf(m, created.id);
    expect(detail.cancelled_amount).toBe(10_000);
    expect(detail.items.find((i) => i.id === b.id)?.coupon_clawback).toBe(6774);
    expect(detail.items.find((i) => i.id === a.id)?.paid_amount).toBe(42_000);
    const [row] = await t.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.id, refund?.id as number));
    expect(row?.amount).toBe(10_000);
  });
});

describe('review credit and review missions of a returned item', () => {
  const TEXT = '핏이 깔끔하고 원단이 두툼해서 좋아요.';

  /** A paid order of one item (30,000 + 3,000 shipping), delivered. */
  async function delivered(m: Member, productItemId: number) {
    const r = await order(m, {}, [{ product_item_id: productItemId, quantity: 1 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const created = r.body as unknown as Created;
    expect((await pay(m, created)).status).toBe(200);
    const [item] = await itemsOf(created.id);
    for (const status of ['SHIPPING', 'COMPLETE'])
      expect(
        (await call(t.app, 'POST', `/api/orders/order-items/${item?.id}/status`, admin, { status })).status,
      ).toBe(200);
    return item?.id as number;
  }

  async function review(m: Member, itemId: number) {
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: itemId,
      rating: 5,
      content: TEXT,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { id: (r.body.review as { id: number }).id, credit: r.body.credit_paid as number };
  }

  /** Spends the member's whole balance on another order (paid). */
  async function spendAll(m: Member, productItemId: number) {
    const all = await balance(m);
    const r = await order(m, { point: all }, [{ product_item_id: productItemId, quantity: 1 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await pay(m, r.body as unknown as Created)).status).toBe(200);
    expect(await balance(m)).toBe(0);
  }

  it('a return takes the review credit and the mission it completed back, into a negative balance once spent', async () => {
    await t.ctx.db
      .insert(missions)
      .values({ code: 'FIRST_REVIEW', title: '첫 리뷰 작성하기', point: 500 })
      .onConflictDoNothing();
    const [mission] = await t.ctx.db.select().from(missions).where(eq(missions.code, 'FIRST_REVIEW'));
    const shop = await makeShop(t.ctx);
    const m = await member();
    const itemId = await delivered(m, shop.m);
    const written = await review(m, itemId);
    // A photo of the review, served by its public URL until the item is returned.
    const photo = await storeImage(
      t.ctx.images,
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#446' } })
        .jpeg()
        .toBuffer(),
      {
        scope: 'reviews',
        now: new Date(),
      },
    );
    await t.ctx.db.insert(reviewPhotos).values({ review_id: written.id, image_url: photo.url });
    const getPhoto = () => t.app.inject({ method: 'GET', url: photo.url });
    expect((await getPhoto()).statusCode).toBe(200);
    const received = await call(t.app, 'POST', '/api/benefits/receive-mission-point', m.headers, {
      mission: 'FIRST_REVIEW',
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await balance(m)).toBe(written.credit + (mission?.point ?? 0));
    await spendAll(m, shop.l);
    const req = await call(t.app, 'POST', '/api/orders/refunds', m.headers, {
      order_item_ids: [itemId],
      reason_type: 'DEFECT',
      reason: '불량',
    });
    const refundId = (req.body.result as { id: number }[])[0]?.id;
    await markInspected(t.ctx, Number(refundId));
    expect((await call(t.app, 'POST', `/api/orders/refunds/${refundId}/complete`, admin)).status).toBe(200);
    // Both credits come back out, even though they were spent: the balance owes them.
    expect(await balance(m)).toBe(-(written.credit + (mission?.point ?? 0)));
    expect((await ledger(m, 'REVIEW_REVOKED')).map((r) => [r.amount, r.note])).toEqual([
      [-written.credit, '반품·취소된 상품의 후기'],
    ]);
    expect((await ledger(m, 'MISSION_REVOKED')).map((r) => r.amount)).toEqual([-(mission?.point ?? 0)]);
    // The review no longer counts; the mission is open again (another review completes it).
    expect((await call(t.app, 'GET', `/api/reviews/review-detail/${written.id}`, {})).status).toBe(404);
    // Its photo is withheld like an operator-hidden review's.
    expect((await getPhoto()).statusCode).toBe(404);
    expect(
      await t.ctx.db.select().from(missionCompletions).where(eq(missionCompletions.user_id, m.id)),
    ).toEqual([]);
    // Nothing can be spent while the balance is negative.
    const spend = await order(m, { point: 1 }, [{ product_item_id: shop.l, quantity: 1 }]);
    expect(spend.status).toBe(400);
  });

  it('a return whose photo cannot be withheld (the image store fails) still completes', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const itemId = await delivered(m, shop.m);
    const written = await review(m, itemId);
    await t.ctx.db.insert(reviewPhotos).values({
      review_id: written.id,
      image_url: '/api/uploads/reviews/2026/11/AAAAAAAAAAAAAAAAAAAAAA.webp',
    });
    const req = await call(t.app, 'POST', '/api/orders/refunds', m.headers, {
      order_item_ids: [itemId],
      reason_type: 'DEFECT',
      reason: '불량',
    });
    const refundId = (req.body.result as { id: number }[])[0]?.id;
    const { get } = t.ctx.images;
    t.ctx.images.get = async () => {
      throw new Error('store down');
    };
    try {
      // The refund moved: the answer says so, and the review is withdrawn all the same.
      await markInspected(t.ctx, Number(refundId));
      expect((await call(t.app, 'POST', `/api/orders/refunds/${refundId}/complete`, admin)).status).toBe(200);
    } finally {
      t.ctx.images.get = get;
    }
    expect((await call(t.app, 'GET', `/api/reviews/review-detail/${written.id}`, {})).status).toBe(404);
  });

  it('an operator hiding a review takes its credit back even when it was spent', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const written = await review(m, await delivered(m, shop.m));
    await spendAll(m, shop.l);
    const hide = await call(t.app, 'POST', `/api/admin/reviews/${written.id}/hide`, admin, {
      reason: '광고',
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    expect(hide.body).toMatchObject({ credit_revoked: written.credit });
    expect(await balance(m)).toBe(-written.credit);
    // Shown again and hidden again: the credit was taken once, so nothing more is owed.
    expect((await call(t.app, 'POST', `/api/admin/reviews/${written.id}/unhide`, admin)).status).toBe(200);
    const again = await call(t.app, 'POST', `/api/admin/reviews/${written.id}/hide`, admin, {
      reason: '광고',
    });
    expect(again.body).toMatchObject({ credit_revoked: 0 });
    expect(await balance(m)).toBe(-written.credit);
  });
});

describe('purchase points', () => {
  it('credits 1% of the paid amount, floored, once per item when its purchase is confirmed (구매확정)', async () => {
    const shop = await makeShop(t.ctx);
    const m = await member();
    const c = await coupon(m, { scope: 'PRODUCT_ITEM', scope_ids: [shop.m], discount_value: 1050 });
    const r = await order(m, { line_coupons: [{ product_item_id: shop.m, coupon_id: c }] }, [
      { product_item_id: shop.m, quantity: 1 },
    ]);
    expect(r.status).toBe(200);
    const created = r.body as unknown as Created;
    expect((await pay(m, created)).status).toBe(200);
    const [item] = await itemsOf(created.id);
    if (!item) throw new Error('no item');
    expect(item.paid_amount).toBe(28950);
    for (const status of ['PREPARING', 'SHIPPING'])
      expect(
        (await call(t.app, 'POST', `/api/orders/order-items/${item.id}/status`, admin, { status })).status,
      ).toBe(200);
    expect(await balance(m)).toBe(0);
    const done = await call(t.app, 'POST', `/api/orders/order-items/${item.id}/status`, m.headers, {
      status: 'COMPLETE',
    });
    expect(done.status).toBe(200);
    // Delivered only: points come with the purchase confirmation.
    expect(await balance(m)).toBe(0);
    const confirmed = await call(t.app, 'POST', `/api/orders/order-items/${item.id}/status`, m.headers, {
      status: 'CONFIRMED',
    });
    expect(confirmed.status).toBe(200);
    expect(await balance(m)).toBe(289);
    const twice = await call(t.app, 'POST', `/api/orders/order-items/${item.id}/status`, m.headers, {
      status: 'CONFIRMED',
    });
    expect(twice.status).not.toBe(200);
    await call(t.app, 'POST', `/api/orders/order-items/${item.id}/status`, admin, { status: 'CONFIRMED' });
    const earned = await ledger(m, 'EARN_PURCHASE');
    expect(earned.map((e) => [e.amount, e.ref_type, e.ref_id])).toEqual([[289, 'order_item', item.id]]);
  });
});

describe('one coupon, two orders at once', () => {
  it('leaves one order holding it (a new checkout releases the earlier one), and one payment', async () => {
    const shop = await makeShop(t.ctx, { stock: 50 });
    const m = await member();
    const c = await coupon(m, { is_cart_coupon: true, discount_value: 3000 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        order(m, { cart_coupon_ids: [c] }, [{ product_item_id: shop.m, quantity: 1 }]),
      ),
    );
    for (const r of results) expect([200, 400, 409]).toContain(r.status);
    const ok = results.filter((r) => r.status === 200).map((r) => r.body as unknown as Created);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const mine = await t.ctx.db.select().from(orders).where(eq(orders.user_id, m.id));
    const live = mine.filter((o) => o.status === 'PENDING');
    expect(live.length).toBe(1);
    expect(mine.filter((o) => o.status !== 'PENDING').every((o) => o.status === 'FAILED')).toBe(true);
    expect(await couponRow(c)).toMatchObject({ order_id: live[0]?.id, used_at: null });
    // Every created order confirmed at once: only the one holding the coupon is paid, once.
    const charges = sandbox.charges;
    const paid = await Promise.all(ok.map((o) => pay(m, o)));
    expect(paid.filter((p) => p.status === 200).length).toBe(1);
    expect(sandbox.charges - charges).toBe(1);
    expect(await couponRow(c)).toMatchObject({ order_id: live[0]?.id });
    expect((await couponRow(c))?.used_at).not.toBeNull();
    // Stock: only the paid unit is taken.
    const [item] = await t.ctx.db.select().from(productItems).where(eq(productItems.id, shop.m));
    expect(item?.stock).toBe(49);
  });
});
