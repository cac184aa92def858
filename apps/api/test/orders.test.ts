/**
 * Orders and payments through the API with the sandbox gateway (docs/ARCHITECTURE.md, 'Orders and payments'):
 * server-computed prices, amount tampering, double and concurrent confirmation, stock release on failure and
 * expiry, partial cancel, return, exchange, return cost, recovery, ownership and the oversell test.
 */
import { randomUUID } from 'node:crypto';
import { API_ROUTES } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, payments, productItems } from '../src/db/schema.ts';
import { expireOrders, recoverPayments } from '../src/domains/orders/settle.ts';
import { GatewayError, gatewayOf, type PaymentGateway, setGateway } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { mutableClock } from './auth-helpers.ts';
import {
  ADMIN_KEY_HEADERS,
  createMember,
  createTestApp,
  guestHeader,
  refreshedHeaders,
  type TestApp,
} from './helpers.ts';
import { ADDRESS, call, makeShop, markInspected, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
let sandbox: SandboxGateway;
let admin: Record<string, string>;

const stockOf = async (id: number) =>
  (await t.ctx.db.select({ s: productItems.stock }).from(productItems).where(eq(productItems.id, id)))[0]?.s;

async function pay(
  headers: Record<string, string>,
  order: { order_id: string; amount: number },
  amount = order.amount,
) {
  const paymentKey = sandbox.authorize(order.order_id, order.amount);
  return call(t.app, 'POST', '/api/orders/confirm-order', headers, {
    payment_key: paymentKey,
    order_id: order.order_id,
    amount,
  });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
  admin = ADMIN_KEY_HEADERS;
}, 60_000);
afterAll(() => t?.close());

describe('price recomputation', () => {
  it('computes the amount on the server: sale price, per-brand shipping, free from 50,000', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const one = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    expect(one).toMatchObject({
      total_price: 40000,
      shipping_fee: 3000,
      amount: 33000,
      coupon_discount: 0,
      point_used: 0,
    });
    const two = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    expect(two).toMatchObject({ total_price: 80000, shipping_fee: 0, amount: 60000 });
    const xl = await placeOrder(t.app, headers, [{ product_item_id: shop.other, quantity: 1 }]);
    expect(xl.amount).toBe(32000 + 3000);
    // A price in the body is not part of the contract: extra fields do not change the amount.
    const r = await call(t.app, 'POST', '/api/orders', headers, {
      items: [{ product_item_id: shop.m, quantity: 1, price: 1 }],
      address: ADDRESS,
      amount: 1,
    });
    expect(r.status).toBe(200);
    expect(r.body.amount).toBe(33000);
    const calc = await call(
      t.app,
      'POST',
      `/api/products/product-displays/${shop.displayId}/calculate-price`,
      guestHeader(t.ctx, 'guest-calc-01'),
      {
        items: [
          { product_item_id: shop.m, quantity: 1 },
          { product_item_id: shop.l, quantity: 1 },
        ],
      },
    );
    expect(calc.status).toBe(200);
    expect(calc.body).toMatchObject({
      total_price: 80000,
      product_discount: 20000,
      shipping_fee: 0,
      amount: 60000,
    });
  });

  it('refuses bad input with a 4xx detail', async () => {
    const shop = await makeShop(t.ctx, { stock: 1 });
    const { headers } = await createMember(t.ctx);
    const over = await call(t.app, 'POST', '/api/orders', headers, {
      items: [{ product_item_id: shop.m, quantity: 2 }],
      address: ADDRESS,
    });
    expect(over.status).toBe(400);
    expect(over.body.detail).toContain('재고');
    const both = await call(t.app, 'POST', '/api/orders', headers, { address: ADDRESS });
    expect(both.status).toBe(400);
    const badId = await call(t.app, 'POST', '/api/orders', headers, {
      items: [{ product_item_id: shop.m, quantity: 1 }],
      address: ADDRESS,
      order_id: 'a b',
    });
    expect(badId.status).toBe(400);
    const coupon = await call(t.app, 'POST', '/api/orders', headers, {
      items: [{ product_item_id: shop.m, quantity: 1 }],
      address: ADDRESS,
      point: 100,
    });
    expect(coupon.status).toBe(400);
    const anon = await call(
      t.app,
      'POST',
      '/api/orders',
      {},
      { items: [{ product_item_id: shop.m, quantity: 1 }], address: ADDRESS },
    );
    expect(anon.status).toBe(401);
    const other = await call(
      t.app,
      'POST',
      `/api/products/product-displays/${shop.displayId + 999}/calculate-price`,
      guestHeader(t.ctx, 'guest-calc-01'),
      {
        items: [{ product_item_id: shop.m, quantity: 1 }],
      },
    );
    expect(other.status).toBe(400);
  });

  it('orders from cart lines and empties them once paid', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const add = await call(t.app, 'POST', '/api/carts', headers, { product_item_id: shop.l, quantity: 2 });
    expect(add.status).toBe(200);
    const lineId = (add.body.lines as { id: number }[])[0]?.id as number;
    const form = await call(t.app, 'GET', `/api/orders/data?cart_ids=${lineId}`, headers);
    expect(form.status).toBe(200);
    expect((form.body.money as { amount: number }).amount).toBe(60000);
    const r = await call(t.app, 'POST', '/api/orders', headers, { cart_ids: [lineId], address: ADDRESS });
    expect(r.status).toBe(200);
    expect(r.body.amount).toBe(60000);
    expect((await pay(headers, r.body as never)).status).toBe(200);
    const cart = await call(t.app, 'GET', '/api/carts/product-count', headers);
    expect(cart.body.count).toBe(0);
    const someoneElse = await createMember(t.ctx);
    const foreign = await call(t.app, 'POST', '/api/orders', someoneElse.headers, {
      cart_ids: [lineId],
      address: ADDRESS,
    });
    expect(foreign.status).toBe(404);
  });
});

describe('confirmation', () => {
  it('refuses a tampered amount, keeps the order unpaid and charges nothing', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const before = sandbox.charges;
    const r = await pay(headers, order, order.amount - 10000);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('결제 금액이 주문 금액과 일치하지 않습니다.');
    expect(sandbox.charges).toBe(before);
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.order_no, order.order_id));
    expect(o?.status).toBe('PENDING');
  });

  it('cancels an approved payment of a mismatched amount, never another order’s payment', async () => {
    const shop = await makeShop(t.ctx);
    const me = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    // Another member's paid order.
    const theirs = await placeOrder(t.app, other.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const theirKey = sandbox.authorize(theirs.order_id, theirs.amount);
    expect(
      (
        await call(t.app, 'POST', '/api/orders/confirm-order', other.headers, {
          payment_key: theirKey,
          order_id: theirs.order_id,
          amount: theirs.amount,
        })
      ).status,
    ).toBe(200);
    const mine = await placeOrder(t.app, me.headers, [{ product_item_id: shop.l, quantity: 1 }]);
    const replay = await call(t.app, 'POST', '/api/orders/confirm-order', me.headers, {
      payment_key: theirKey,
      order_id: mine.order_id,
      amount: 1,
    });
    expect(replay.status).toBe(409);
    expect((await sandbox.get(theirKey)).balanceAmount).toBe(theirs.amount);
    // My own payment approved (e.g. by a lost earlier attempt) but confirmed with another amount.
    const myKey = sandbox.authorize(mine.order_id, mine.amount);
    await sandbox.confirm({ paymentKey: myKey, orderId: mine.order_id, amount: mine.amount });
    const tampered = await call(t.app, 'POST', '/api/orders/confirm-order', me.headers, {
      payment_key: myKey,
      order_id: mine.order_id,
      amount: mine.amount - 1000,
    });
    expect(tampered.status).toBe(400);
    expect((await sandbox.get(myKey)).balanceAmount).toBe(0);
  });

  it('confirming twice, or concurrently, yields one paid order and one charge', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const before = sandbox.charges;
    const key = sandbox.authorize(order.order_id, order.amount);
    const body = { payment_key: key, order_id: order.order_id, amount: order.amount };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(t.app, 'POST', '/api/orders/confirm-order', headers, body)),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const again = await call(t.app, 'POST', '/api/orders/confirm-order', headers, body);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('PAID');
    expect(sandbox.charges - before).toBe(1);
    // Another payment for the same paid order is refused.
    const second = await pay(headers, order);
    expect(second.status).toBe(409);
    expect(sandbox.charges - before).toBe(1);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.order_id, order.id));
    expect(rows.filter((p) => p.status === 'DONE')).toHaveLength(1);
    expect(await stockOf(shop.m)).toBe(4);
  });

  it('releases the stock when the gateway refuses the payment', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    expect(await stockOf(shop.m)).toBe(3);
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
      const r = await pay(headers, order);
      expect(r.status).toBe(400);
      expect(r.body.detail).toContain('한도초과');
    } finally {
      setGateway(t.ctx, sandbox);
    }
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o?.status).toBe('FAILED');
    expect(await stockOf(shop.m)).toBe(5);
  });

  it('gives the stock back at once when the payment window fails or is closed', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    expect(await stockOf(shop.m)).toBe(3);
    const other = await createMember(t.ctx);
    const foreign = await call(t.app, 'POST', '/api/orders/payment-failed', other.headers, {
      order_id: order.order_id,
    });
    expect(foreign.status).toBe(404);
    const r = await call(t.app, 'POST', '/api/orders/payment-failed', headers, {
      order_id: order.order_id,
      code: 'PAY_PROCESS_CANCELED',
    });
    expect(r.body).toEqual({ order_id: order.order_id, status: 'FAILED' });
    expect(await stockOf(shop.m)).toBe(5);
    const twice = await call(t.app, 'POST', '/api/orders/payment-failed', headers, {
      order_id: order.order_id,
    });
    expect(twice.body.status).toBe('FAILED');
    expect(await stockOf(shop.m)).toBe(5);
    // A paid order is never given up.
    const paidOrder = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    expect((await pay(headers, paidOrder)).status).toBe(200);
    const late = await call(t.app, 'POST', '/api/orders/payment-failed', headers, {
      order_id: paidOrder.order_id,
    });
    expect(late.body.status).toBe('PAID');
    expect(await stockOf(shop.m)).toBe(4);
  });

  it('expires unpaid orders after 30 minutes and gives the stock back', async () => {
    const shop = await makeShop(t.ctx);
    const { headers, user } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.l, quantity: 3 }]);
    expect(await stockOf(shop.l)).toBe(2);
    clock.advance(29 * 60);
    await expireOrders(t.ctx);
    expect(await stockOf(shop.l)).toBe(2);
    clock.advance(2 * 60);
    expect(await expireOrders(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(shop.l)).toBe(5);
    expect(await expireOrders(t.ctx)).toBe(0);
    expect(await stockOf(shop.l)).toBe(5);
    const late = await pay(await refreshedHeaders(t.ctx, user.id), order);
    expect(late.status).toBe(409);
  });

  it('recovers a payment approved but not recorded, on start and by webhook', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    // Crash after the claim and the gateway approval, before the order update.
    const a = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const keyA = sandbox.authorize(a.order_id, a.amount);
    await t.ctx.db.insert(payments).values({
      order_id: a.id,
      payment_key: keyA,
      provider: 'sandbox',
      status: 'IN_PROGRESS',
      amount: a.amount,
      balance_amount: a.amount,
    });
    await sandbox.confirm({ paymentKey: keyA, orderId: a.order_id, amount: a.amount });
    expect(await recoverPayments(t.ctx)).toBeGreaterThanOrEqual(1);
    const detailA = await call(t.app, 'GET', `/api/orders/${a.id}/detail`, headers);
    expect(detailA.body.status).toBe('PAID');
    // Approved at the gateway with no trace here: the webhook re-reads it and pays the order.
    const b = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const keyB = sandbox.authorize(b.order_id, b.amount);
    await sandbox.confirm({ paymentKey: keyB, orderId: b.order_id, amount: b.amount });
    const hook = await call(
      t.app,
      'POST',
      '/api/payments/webhook',
      {},
      {
        eventType: 'PAYMENT_STATUS_CHANGED',
        data: { paymentKey: keyB, orderId: b.order_id, status: 'CANCELED' },
      },
    );
    expect(hook.status).toBe(200);
    expect(hook.body.result).toBe('paid');
    expect((await call(t.app, 'GET', `/api/orders/${b.id}/detail`, headers)).body.status).toBe('PAID');
    // A forged webhook for a key the gateway never issued changes nothing.
    const forged = await call(
      t.app,
      'POST',
      '/api/payments/webhook',
      {},
      { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: 'nope', status: 'DONE' } },
    );
    expect(forged.body.result).toBe('ignored');
  });
});

describe('recovery edge cases', () => {
  it('frees the stock of an expired order whose payment was never approved', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    const key = sandbox.authorize(order.order_id, order.amount);
    // A confirm claimed it, then the gateway answer was lost; nobody approved it.
    await t.ctx.db.insert(payments).values({
      order_id: order.id,
      payment_key: key,
      provider: 'sandbox',
      status: 'IN_PROGRESS',
      amount: order.amount,
      balance_amount: order.amount,
    });
    clock.advance(31 * 60);
    await expireOrders(t.ctx);
    expect(await stockOf(shop.m)).toBe(3); // a payment is in flight: the sweep waits
    await recoverPayments(t.ctx);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('FAILED');
    expect(await stockOf(shop.m)).toBe(5);
  });

  it('gives the money back for a payment approved after the order expired', async () => {
    const shop = await makeShop(t.ctx);
    const { headers, user } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    clock.advance(31 * 60);
    await expireOrders(t.ctx);
    const key = sandbox.authorize(order.order_id, order.amount);
    await sandbox.confirm({ paymentKey: key, orderId: order.order_id, amount: order.amount });
    const hook = await call(
      t.app,
      'POST',
      '/api/payments/webhook',
      {},
      // Toss's webhook carries the Payment object, orderId included.
      { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: key, orderId: order.order_id } },
    );
    expect(hook.body.result).toBe('refunded-orphan');
    expect((await sandbox.get(key)).balanceAmount).toBe(0);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('EXPIRED');
    const confirm = await call(
      t.app,
      'POST',
      '/api/orders/confirm-order',
      await refreshedHeaders(t.ctx, user.id),
      {
        payment_key: key,
        order_id: order.order_id,
        amount: order.amount,
      },
    );
    expect(confirm.status).toBe(409);
    expect(await stockOf(shop.m)).toBe(5);
  });
});

describe('cancel, return and exchange', () => {
  beforeEach(async () => {
    // The clock moves in these tests: a fresh operator token each time.
  });

  it('cancels one item of two through the gateway, then the last one with shipping', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    expect(order.amount).toBe(60000);
    const paid = await pay(headers, order);
    expect(paid.status).toBe(200);
    const items = paid.body.items as { id: number; product_item_id: number }[];
    const itemM = items.find((i) => i.product_item_id === shop.m)?.id as number;
    const itemL = items.find((i) => i.product_item_id === shop.l)?.id as number;
    const preview = await call(t.app, 'GET', `/api/orders/order-items/${itemM}/cancel-detail`, headers);
    expect(preview.body).toMatchObject({ is_cancellable: true, refund_amount: 30000 });
    const first = await call(t.app, 'POST', `/api/orders/order-items/${itemM}/cancel`, headers, {
      reason: '단순 변심',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      cancel_amount: 30000,
      order_status: 'PARTIALLY_CANCELLED',
      balance_amount: 30000,
    });
    expect(await stockOf(shop.m)).toBe(5);
    const again = await call(t.app, 'POST', `/api/orders/order-items/${itemM}/cancel`, headers, {});
    expect(again.status).toBe(400);
    const gw = await sandbox.get(
      (await t.ctx.db.select().from(payments).where(eq(payments.order_id, order.id)))[0]
        ?.payment_key as string,
    );
    expect(gw.balanceAmount).toBe(30000);
    const last = await call(t.app, 'POST', `/api/orders/order-items/${itemL}/status`, headers, {
      status: 'CANCEL',
    });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ cancel_amount: 30000, order_status: 'CANCELLED', balance_amount: 0 });
  });

  it('cancels a made-to-order (despoke) item only through its own call, before production', async () => {
    const shop = await makeShop(t.ctx, { despoke: true });
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    const paid = await pay(headers, order);
    const [first, second] = paid.body.items as { id: number; is_despoke: boolean; is_cancellable: boolean }[];
    expect(first).toMatchObject({ is_despoke: true, is_cancellable: false });
    const plain = await call(t.app, 'POST', `/api/orders/order-items/${first?.id}/cancel`, headers, {});
    expect(plain.status).toBe(400);
    expect(plain.body.detail).toBe('맞춤 제작 상품은 맞춤 제작 취소를 이용해주세요.');
    const despoke = await call(
      t.app,
      'POST',
      `/api/orders/order-items/${first?.id}/cancel-despoke`,
      headers,
      {},
    );
    expect(despoke.status).toBe(200);
    expect(despoke.body).toMatchObject({ cancel_amount: 30000, order_status: 'PARTIALLY_CANCELLED' });
    // Production started: too late.
    expect(
      (
        await call(t.app, 'POST', `/api/orders/order-items/${second?.id}/status`, admin, {
          status: 'PREPARING',
        })
      ).status,
    ).toBe(200);
    const late = await call(
      t.app,
      'POST',
      `/api/orders/order-items/${second?.id}/cancel-despoke`,
      headers,
      {},
    );
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('제작이 시작된 맞춤 제작 상품은 취소할 수 없습니다.');
    const normalShop = await makeShop(t.ctx);
    const normal = await placeOrder(t.app, headers, [{ product_item_id: normalShop.m, quantity: 1 }]);
    const normalItem = ((await pay(headers, normal)).body.items as { id: number }[])[0]?.id;
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${normalItem}/cancel-despoke`, headers, {})).status,
    ).toBe(400);
  });

  it('refuses a cancel once the item ships; returns within 7 days with the return cost', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const paid = await pay(headers, order);
    const itemId = (paid.body.items as { id: number }[])[0]?.id as number;
    const member = await call(t.app, 'POST', `/api/orders/order-items/${itemId}/status`, headers, {
      status: 'SHIPPING',
    });
    expect(member.status).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${itemId}/status`, admin, { status: 'SHIPPING' }))
        .status,
    ).toBe(200);
    const tooLate = await call(t.app, 'POST', `/api/orders/order-items/${itemId}/cancel`, headers, {});
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.detail).toBe('배송이 시작된 상품은 취소할 수 없습니다.');
    const early = await call(t.app, 'POST', '/api/orders/refunds', headers, {
      order_item_ids: [itemId],
      reason: '마음이 바뀜',
    });
    expect(early.status).toBe(400);
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${itemId}/status`, headers, { status: 'COMPLETE' }))
        .status,
    ).toBe(200);
    const cost = await call(
      t.app,
      'GET',
      `/api/v1/orders/return-cost?order_item_id=${itemId}&reason_type=CHANGE_OF_MIND`,
      headers,
    );
    expect(cost.body).toMatchObject({ return_cost: 3000, refund_amount: 27000, is_within_period: true });
    const defect = await call(
      t.app,
      'GET',
      `/api/v1/orders/return-cost?order_item_id=${itemId}&reason_type=DEFECT`,
      headers,
    );
    expect(defect.body).toMatchObject({ return_cost: 0, refund_amount: 30000 });
    const req = await call(t.app, 'POST', '/api/orders/refunds', headers, {
      order_item_ids: [itemId],
      reason_type: 'CHANGE_OF_MIND',
      reason: '마음이 바뀜',
    });
    expect(req.status).toBe(200);
    const refund = (req.body.result as { id: number; amount: number; return_cost: number }[])[0];
    expect(refund).toMatchObject({ amount: 27000, return_cost: 3000 });
    const list = await call(t.app, 'GET', '/api/orders/refund-list-by-user', headers);
    expect(list.body.total_count).toBe(1);
    await markInspected(t.ctx, Number(refund?.id));
    const done = await call(t.app, 'POST', `/api/orders/refunds/${refund?.id}/complete`, admin);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('COMPLETED');
    const detail = await call(t.app, 'GET', `/api/orders/${order.id}/detail`, headers);
    expect(detail.body).toMatchObject({ status: 'CANCELLED', cancelled_amount: 27000 });
    expect((detail.body.items as { status: string }[])[0]?.status).toBe('REFUNDED');
    expect(await stockOf(shop.m)).toBe(5);
    expect((await call(t.app, 'GET', `/api/orders/refunds/${refund?.id}`, headers)).status).toBe(200);
  });

  it('exchanges for another size with stock reserved, within the withdrawal period only', async () => {
    const shop = await makeShop(t.ctx);
    const member = await createMember(t.ctx);
    let headers = member.headers;
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const paid = await pay(headers, order);
    const itemId = (paid.body.items as { id: number }[])[0]?.id as number;
    await call(t.app, 'POST', `/api/orders/order-items/${itemId}/status`, admin, { status: 'SHIPPING' });
    await call(t.app, 'POST', `/api/orders/order-items/${itemId}/status`, headers, { status: 'COMPLETE' });
    const detail = await call(t.app, 'GET', `/api/orders/order-items/${itemId}/exchange-detail`, headers);
    expect(detail.body.is_exchangeable).toBe(true);
    expect((detail.body.options as { product_item_id: number }[]).map((o) => o.product_item_id)).toEqual([
      shop.l,
    ]);
    const same = await call(t.app, 'POST', '/api/orders/exchanges', headers, {
      order_item_id: itemId,
      new_product_item_id: shop.m,
      reason: '사이즈',
    });
    expect(same.status).toBe(400);
    const pricier = await call(t.app, 'POST', '/api/orders/exchanges', headers, {
      order_item_id: itemId,
      new_product_item_id: shop.other,
      reason: '사이즈',
    });
    expect(pricier.status).toBe(400);
    const ok = await call(t.app, 'POST', '/api/orders/exchanges', headers, {
      order_item_id: itemId,
      new_product_item_id: shop.l,
      reason: '사이즈가 작아요',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.return_cost).toBe(6000);
    expect(await stockOf(shop.l)).toBe(4);
    // The operator receives the return and ships the new size: M back in stock, the item is now L.
    const member403 = await call(t.app, 'POST', `/api/orders/order-items/${itemId}/status`, headers, {
      status: 'EXCHANGED',
    });
    expect(member403.status).toBe(403);
    const exchanged = await call(t.app, 'POST', `/api/orders/order-items/${itemId}/status`, admin, {
      status: 'EXCHANGED',
    });
    expect(exchanged.status).toBe(200);
    expect(await stockOf(shop.m)).toBe(5);
    const after = await call(t.app, 'GET', `/api/orders/${order.id}/detail`, headers);
    expect((after.body.items as { size_name: string; status: string }[])[0]).toMatchObject({
      size_name: 'L',
      status: 'EXCHANGED',
    });
    expect(
      (await call(t.app, 'GET', `/api/orders/order-items/${itemId}/exchange-detail`, headers)).body.exchange,
    ).toMatchObject({ status: 'COMPLETED' });
    // Another delivered item, 8 days later: past the withdrawal period.
    const order2 = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const paid2 = await pay(headers, order2);
    const item2 = (paid2.body.items as { id: number }[])[0]?.id as number;
    await call(t.app, 'POST', `/api/orders/order-items/${item2}/status`, admin, { status: 'SHIPPING' });
    await call(t.app, 'POST', `/api/orders/order-items/${item2}/status`, headers, { status: 'COMPLETE' });
    clock.advance(8 * 24 * 3600);
    headers = {
      authorization: `Bearer ${await t.ctx.tokens.signAccess(member.user.id, randomUUID(), clock.now())}`,
    };
    const late = await call(t.app, 'POST', '/api/orders/exchanges', headers, {
      order_item_id: item2,
      new_product_item_id: shop.l,
      reason: '사이즈',
    });
    expect(late.status).toBe(400);
    expect(late.body.detail).toContain('7일');
    const lateRefund = await call(t.app, 'POST', '/api/orders/refunds', headers, {
      order_item_ids: [item2],
      reason: '변심',
    });
    expect(lateRefund.status).toBe(400);
  });
});

describe('reads and ownership', () => {
  it("lists the member's paid orders and hides other members' orders (404)", async () => {
    const shop = await makeShop(t.ctx);
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    const order = await placeOrder(t.app, a.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const paid = await pay(a.headers, order);
    // Left unpaid (placed after the payment: a new checkout ends the member's earlier unpaid one).
    await placeOrder(t.app, a.headers, [{ product_item_id: shop.l, quantity: 1 }]);
    const itemId = (paid.body.items as { id: number }[])[0]?.id as number;
    const list = await call(t.app, 'GET', '/api/orders/order-list-simple', a.headers);
    expect(list.body).toMatchObject({ page: 1, count: 1, total_count: 1, total_page: 1 });
    for (const url of [
      `/api/orders/${order.id}/detail`,
      `/api/orders/order-items/${itemId}/cancel-detail`,
      `/api/orders/order-items/${itemId}/exchange-detail`,
      `/api/v1/orders/return-cost?order_item_id=${itemId}`,
    ]) {
      expect((await call(t.app, 'GET', url, b.headers)).status, url).toBe(404);
    }
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${itemId}/cancel`, b.headers, {})).status,
    ).toBe(404);
    expect((await pay(b.headers, order)).status).toBe(404);
    expect(
      (await call(t.app, 'PUT', `/api/orders/${order.id}/detail2`, b.headers, { delivery_request: 'x' }))
        .status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/orders/abc/detail', a.headers)).status).toBe(404);
    const edit = await call(t.app, 'PUT', `/api/orders/${order.id}/detail2`, a.headers, {
      delivery_request: '경비실에 맡겨주세요',
    });
    expect(edit.status).toBe(200);
    expect((edit.body.address as { delivery_request: string }).delivery_request).toBe('경비실에 맡겨주세요');
    const byPhone = await call(
      t.app,
      'GET',
      `/api/orders/order-by-phone?phone=01012345678&order_id=${order.order_id}`,
      {},
    );
    expect(byPhone.status).toBe(200);
    const wrongPhone = await call(
      t.app,
      'GET',
      `/api/orders/order-by-phone?phone=01099998888&order_id=${order.order_id}`,
      {},
    );
    expect(wrongPhone.status).toBe(404);
    const closet = await call(t.app, 'GET', '/api/v1/orders/closet-items', a.headers);
    expect(closet.body).toMatchObject({ page: 1, count: 1, total_count: 1 });
    // The closet is the caller's own: another member's is empty, never this one's items.
    const otherCloset = await call(t.app, 'GET', '/api/v1/orders/closet-items', b.headers);
    expect(otherCloset.body).toMatchObject({ page: 1, total_count: 0, total_page: 0, result: [] });
    const data = await call(t.app, 'GET', '/api/orders/user-order-data', a.headers);
    expect((data.body.counts as Record<string, number>).PAID).toBe(1);
    expect((await call(t.app, 'GET', '/api/orders/first-order-page', a.headers)).body.is_first_order).toBe(
      false,
    );
    expect((await call(t.app, 'GET', '/api/orders/first-order-page', b.headers)).body.is_first_order).toBe(
      true,
    );
    const latest = await call(t.app, 'GET', '/api/orders/latest-address', a.headers);
    expect((latest.body.result as { zipcode: string }).zipcode).toBe('06236');
  });
});

describe('oversell', () => {
  it('200 concurrent buyers for 10 in stock end with exactly 10 paid orders and stock 0', async () => {
    const shop = await makeShop(t.ctx, { stock: 10 });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => createMember(t.ctx)));
    const created = await Promise.all(
      buyers.map((b) =>
        call(t.app, 'POST', '/api/orders', b.headers, {
          items: [{ product_item_id: shop.m, quantity: 1 }],
          address: ADDRESS,
        }).then((r) => ({ r, b })),
      ),
    );
    const ok = created.filter((c) => c.r.status === 200);
    expect(ok).toHaveLength(10);
    for (const c of created) if (c.r.status !== 200) expect(c.r.status).toBe(400);
    const confirmed = await Promise.all(ok.map((c) => pay(c.b.headers, c.r.body as never)));
    expect(confirmed.filter((r) => r.status === 200)).toHaveLength(10);
    const paidRows = await t.ctx.db.select().from(orders).where(eq(orders.status, 'PAID'));
    const mine = [];
    for (const o of paidRows) if (ok.some((c) => c.r.body.id === o.id)) mine.push(o);
    expect(mine).toHaveLength(10);
    expect(await stockOf(shop.m)).toBe(0);
  }, 120_000);
});

describe('catalogue', () => {
  it('answers every Orders row of API-CATALOGUE.md with its access level (post-coupon3 pending)', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const template = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    const ops = new Map<string, string>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schemes = (op.security ?? []).flatMap((x) => Object.keys(x));
        const access = schemes.length === 0 ? 'public' : schemes.includes('guestId') ? 'guest' : 'token';
        ops.set(`${method.toUpperCase()} ${template(path)}`, access);
      }
    }
    const rows = Object.entries(API_ROUTES as Record<string, string>).filter(
      ([k]) =>
        (k.includes('/orders') || k.includes('calculate-price')) &&
        !k.includes('post-coupon3') &&
        !k.includes('best-coupon-combs') &&
        !k.includes('products-with-coupons'),
    );
    expect(rows.length).toBe(25);
    for (const [key, access] of rows) {
      const [method, path] = key.split(' ') as [string, string];
      expect(ops.get(`${method} ${template(path)}`), key).toBe(access);
    }
  });
});

describe('review fixes', () => {
  beforeEach(async () => {});

  it('a mismatched confirm racing an approval in flight never cancels the money of the paid order', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = sandbox.authorize(order.order_id, order.amount);
    let approved!: () => void;
    const wasApproved = new Promise<void>((r) => {
      approved = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // The gateway approves at once but its answer reaches us late.
    const slow: PaymentGateway = {
      name: 'sandbox',
      clientKey: null,
      confirm: async (i) => {
        const r = await sandbox.confirm(i);
        approved();
        await gate;
        return r;
      },
      cancel: (k, i, id) => sandbox.cancel(k, i, id),
      get: (k) => sandbox.get(k),
      getByOrder: (o) => sandbox.getByOrder(o),
    };
    setGateway(t.ctx, slow);
    try {
      const good = call(t.app, 'POST', '/api/orders/confirm-order', headers, {
        payment_key: key,
        order_id: order.order_id,
        amount: order.amount,
      });
      await wasApproved;
      const tampered = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
        payment_key: key,
        order_id: order.order_id,
        amount: order.amount - 1000,
      });
      expect(tampered.status).toBe(400);
      release();
      const r = await good;
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('PAID');
    } finally {
      release();
      setGateway(t.ctx, sandbox);
    }
    // The order is paid, so its money stays taken.
    expect((await sandbox.get(key)).balanceAmount).toBe(order.amount);
  });

  it('an abandoned second payment window does not fail an order whose payment is being recovered', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    // Payment 1: claimed and approved, its answer lost (recovery will settle it).
    const key1 = sandbox.authorize(order.order_id, order.amount);
    await t.ctx.db.insert(payments).values({
      order_id: order.id,
      payment_key: key1,
      provider: 'sandbox',
      status: 'IN_PROGRESS',
      amount: order.amount,
      balance_amount: order.amount,
    });
    await sandbox.confirm({ paymentKey: key1, orderId: order.order_id, amount: order.amount });
    // Payment 2: another window for the same order, never approved; its status event arrives late.
    const key2 = sandbox.authorize(order.order_id, order.amount);
    clock.advance(31 * 60);
    const hook = await call(
      t.app,
      'POST',
      '/api/payments/webhook',
      {},
      { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: key2 } },
    );
    expect(hook.status).toBe(200);
    const [mid] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(mid?.status).toBe('PENDING');
    expect(await stockOf(shop.m)).toBe(4);
    await recoverPayments(t.ctx);
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o?.status).toBe('PAID');
    expect((await sandbox.get(key1)).balanceAmount).toBe(order.amount);
    expect(await stockOf(shop.m)).toBe(4);
  });

  it('the last cancel of an order does not give back the return shipping kept from a return', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    expect(order).toMatchObject({ amount: 60000, shipping_fee: 0 });
    const paid = await pay(headers, order);
    const items = paid.body.items as { id: number; product_item_id: number }[];
    const itemM = items.find((i) => i.product_item_id === shop.m)?.id as number;
    const itemL = items.find((i) => i.product_item_id === shop.l)?.id as number;
    // M is delivered and returned for a change of mind: free shipping → two legs (6,000) kept.
    await call(t.app, 'POST', `/api/orders/order-items/${itemM}/status`, admin, { status: 'SHIPPING' });
    await call(t.app, 'POST', `/api/orders/order-items/${itemM}/status`, headers, { status: 'COMPLETE' });
    const req = await call(t.app, 'POST', '/api/orders/refunds', headers, {
      order_item_ids: [itemM],
      reason_type: 'CHANGE_OF_MIND',
      reason: '마음이 바뀜',
    });
    const refund = (req.body.result as { id: number; amount: number; return_cost: number }[])[0];
    expect(refund).toMatchObject({ amount: 24000, return_cost: 6000 });
    await markInspected(t.ctx, Number(refund?.id));
    expect((await call(t.app, 'POST', `/api/orders/refunds/${refund?.id}/complete`, admin)).status).toBe(200);
    // L, not shipped yet, is cancelled last: it refunds its own 30,000, not the kept 6,000 too.
    const preview = await call(t.app, 'GET', `/api/orders/order-items/${itemL}/cancel-detail`, headers);
    expect(preview.body.refund_amount).toBe(30000);
    const last = await call(t.app, 'POST', `/api/orders/order-items/${itemL}/cancel`, headers, {});
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({
      cancel_amount: 30000,
      order_status: 'CANCELLED',
      balance_amount: 6000,
    });
    const detail = await call(t.app, 'GET', `/api/orders/${order.id}/detail`, headers);
    expect(detail.body.cancelled_amount).toBe(54000);
    const key = (await t.ctx.db.select().from(payments).where(eq(payments.order_id, order.id)))[0]
      ?.payment_key as string;
    expect((await sandbox.get(key)).balanceAmount).toBe(6000);
  });

  it('reserves and releases every line of a multi-item order together, all or nothing', async () => {
    const shop = await makeShop(t.ctx, { stock: 2 });
    const { headers } = await createMember(t.ctx);
    // L has 2, asked 3 (in two lines): nothing is reserved, M keeps its stock.
    const short = await call(t.app, 'POST', '/api/orders', headers, {
      items: [
        { product_item_id: shop.m, quantity: 1 },
        { product_item_id: shop.l, quantity: 1 },
        { product_item_id: shop.l, quantity: 2 },
      ],
      address: ADDRESS,
    });
    expect(short.status).toBe(400);
    expect(await stockOf(shop.m)).toBe(2);
    expect(await stockOf(shop.l)).toBe(2);
    const order = await placeOrder(t.app, headers, [
      { product_item_id: shop.l, quantity: 1 },
      { product_item_id: shop.m, quantity: 2 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    expect(await stockOf(shop.m)).toBe(0);
    expect(await stockOf(shop.l)).toBe(0);
    const failed = await call(t.app, 'POST', '/api/orders/payment-failed', headers, {
      order_id: order.order_id,
    });
    expect(failed.body.status).toBe('FAILED');
    expect(await stockOf(shop.m)).toBe(2);
    expect(await stockOf(shop.l)).toBe(2);
  });
});
