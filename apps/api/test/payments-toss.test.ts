/**
 * The real Toss Payments adapter against a local fake Toss server (node:http on 127.0.0.1:0)
 * speaking the documented core API: Basic auth with `secretKey:`, POST /v1/payments/confirm,
 * POST /v1/payments/{paymentKey}/cancel with Idempotency-Key, GET /v1/payments/{paymentKey}, and
 * error bodies {code, message} (ALREADY_PROCESSED_PAYMENT, PROVIDER_ERROR, NOT_FOUND_PAYMENT,
 * REJECT_CARD_PAYMENT). The app runs with TOSS_SECRET_KEY/TOSS_API_BASE pointing at the fake.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, payments, productItems } from '../src/db/schema.ts';
import { recoverPayments } from '../src/domains/orders/settle.ts';
import { GatewayError, gatewayOf } from '../src/domains/payments/index.ts';
import { TossGateway } from '../src/domains/payments/toss.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';
import { call, makeShop, placeOrder } from './orders-fixtures.ts';

const SECRET = 'test_sk_codiroom_fake_secret';

type FakePayment = { paymentKey: string; orderId: string; amount: number; balance: number; status: string };
type Recorded = {
  method: string;
  path: string;
  auth: string | undefined;
  idempotency: string | undefined;
  body: Record<string, unknown>;
};

/** What the fake does with the next confirm: approve, or answer an error once. */
let nextConfirm: { status: number; code: string; message: string } | null = null;
let approveThenFail = false;
/** Toss cannot say: confirms (but the approve-then-fail one) and look-ups by order answer 500. */
let tossDown = false;
const store = new Map<string, FakePayment>();
const cancelsByKey = new Map<string, unknown>();
const calls: Recorded[] = [];
let server: Server;
let base: string;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const view = (p: FakePayment) => ({
  paymentKey: p.paymentKey,
  orderId: p.orderId,
  status: p.status,
  totalAmount: p.amount,
  balanceAmount: p.balance,
  method: '카드',
  approvedAt: p.status === 'DONE' || p.status.includes('CANCELED') ? '2026-11-20T12:00:01+09:00' : null,
});

async function handle(req: IncomingMessage, res: ServerResponse) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  const path = req.url ?? '';
  calls.push({
    method: req.method ?? '',
    path,
    auth: req.headers.authorization,
    idempotency: req.headers['idempotency-key'] as string | undefined,
    body,
  });
  if (req.headers.authorization !== `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`) {
    return send(res, 401, {
      code: 'UNAUTHORIZED_KEY',
      message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
    });
  }
  if (req.method === 'POST' && path === '/v1/payments/confirm') {
    if (tossDown && !approveThenFail) {
      return send(res, 500, { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 오류' });
    }
    if (nextConfirm) {
      const e = nextConfirm;
      nextConfirm = null;
      return send(res, e.status, { code: e.code, message: e.message });
    }
    const key = String(body.paymentKey);
    const existing = store.get(key);
    if (existing && existing.status !== 'READY') {
      return send(res, 400, { code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' });
    }
    const p: FakePayment = {
      paymentKey: key,
      orderId: String(body.orderId),
      amount: Number(body.amount),
      balance: Number(body.amount),
      status: 'DONE',
    };
    store.set(key, p);
    if (approveThenFail) {
      // Approved, but the answer is lost (the shop sees a 500).
      approveThenFail = false;
      return send(res, 500, {
        code: 'FAILED_INTERNAL_SYSTEM_PROCESSING',
        message: '내부 시스템 처리 작업이 실패했습니다.',
      });
    }
    return send(res, 200, view(p));
  }
  const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
  if (req.method === 'POST' && cancel) {
    const p = store.get(decodeURIComponent(cancel[1] as string));
    if (!p) return send(res, 404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' });
    const idem = req.headers['idempotency-key'] as string | undefined;
    if (idem && cancelsByKey.has(idem)) return send(res, 200, cancelsByKey.get(idem));
    const amount = body.cancelAmount === undefined ? p.balance : Number(body.cancelAmount);
    if (amount > p.balance)
      return send(res, 403, { code: 'NOT_CANCELABLE_AMOUNT', message: '취소 할 수 없는 금액 입니다.' });
    p.balance -= amount;
    p.status = p.balance === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
    const answer = view(p);
    if (idem) cancelsByKey.set(idem, answer);
    return send(res, 200, answer);
  }
  const byOrder = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && byOrder) {
    if (tossDown) return send(res, 500, { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 오류' });
    const orderId = decodeURIComponent(byOrder[1] as string);
    const p = [...store.values()].find((x) => x.orderId === orderId);
    if (!p) return send(res, 404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' });
    return send(res, 200, view(p));
  }
  const get = /^\/v1\/payments\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && get) {
    const p = store.get(decodeURIComponent(get[1] as string));
    if (!p) return send(res, 404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' });
    return send(res, 200, view(p));
  }
  return send(res, 404, { code: 'NOT_FOUND', message: 'not found' });
}

let t: TestApp;

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { code: 'FAKE_ERROR', message: 'fake failed' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { TOSS_SECRET_KEY: SECRET, TOSS_CLIENT_KEY: 'test_ck_codiroom', TOSS_API_BASE: base },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});
beforeEach(() => {
  calls.length = 0;
  nextConfirm = null;
  approveThenFail = false;
});

const stockOf = async (id: number) =>
  (await t.ctx.db.select({ s: productItems.stock }).from(productItems).where(eq(productItems.id, id)))[0]?.s;
let keySeq = 0;
const newKey = () => `tgen_fake_${Date.now()}_${++keySeq}`;

describe('Toss adapter against the fake Toss server', () => {
  it('is the active gateway and exposes the client key', async () => {
    expect(gatewayOf(t.ctx)).toBeInstanceOf(TossGateway);
    const r = await call(t.app, 'GET', '/api/payments/client-config', {});
    expect(r.body).toEqual({ provider: 'toss', client_key: 'test_ck_codiroom' });
    const sandbox = await t.app.inject({
      url: '/api/payments/sandbox/checkout?orderId=abcdef&amount=1000&successUrl=/s&failUrl=/f',
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it('confirms with Basic auth and the documented body, then partially cancels with an Idempotency-Key', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    const key = newKey();
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('PAID');
    const confirm = calls.find((c) => c.path === '/v1/payments/confirm');
    expect(confirm?.auth).toBe(`Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`);
    expect(confirm?.body).toEqual({ paymentKey: key, orderId: order.order_id, amount: 60000 });
    const itemId = (r.body.items as { id: number }[])[0]?.id as number;
    const c = await call(t.app, 'POST', `/api/orders/order-items/${itemId}/cancel`, headers, {
      reason: '단순 변심',
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const cancelCall = calls.find((x) => x.path === `/v1/payments/${key}/cancel`);
    expect(cancelCall?.idempotency).toBe(`cancel-item-${itemId}`);
    expect(cancelCall?.body).toEqual({ cancelReason: '단순 변심', cancelAmount: 30000 });
    expect(store.get(key)?.balance).toBe(30000);
  });

  it('reads back an ALREADY_PROCESSED_PAYMENT and pays the order once', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = newKey();
    // Approved at Toss by an earlier attempt whose answer never reached the shop.
    store.set(key, {
      paymentKey: key,
      orderId: order.order_id,
      amount: order.amount,
      balance: order.amount,
      status: 'DONE',
    });
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('PAID');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/payments/confirm',
      `GET /v1/payments/${key}`,
    ]);
  });

  it.each([
    [403, 'REJECT_CARD_PAYMENT', '한도초과 혹은 잔액부족으로 결제에 실패했습니다.'],
    [403, 'REJECT_CARD_COMPANY', '결제 승인이 거절되었습니다.'],
    [400, 'INVALID_STOPPED_CARD', '정지된 카드 입니다.'],
    [403, 'FDS_ERROR', '위험거래가 감지되어 결제가 제한됩니다.'],
  ])('fails the order and releases stock when Toss refuses its payment (%i %s)', async (status, code, message) => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    expect(await stockOf(shop.m)).toBe(3);
    nextConfirm = { status, code, message };
    const key = newKey();
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ detail: message, code });
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('FAILED');
    expect((await t.ctx.db.select().from(payments).where(eq(payments.payment_key, key)))[0]?.status).toBe(
      'ABORTED',
    );
    expect(await stockOf(shop.m)).toBe(5);
  });

  it('on PROVIDER_ERROR (outcome unknown) asks Toss for the order, then confirms again with the same Idempotency-Key', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    nextConfirm = {
      status: 400,
      code: 'PROVIDER_ERROR',
      message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    };
    const key = newKey();
    const before = calls.length;
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('PAID');
    const made = calls.slice(before);
    expect(made.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/payments/confirm',
      `GET /v1/payments/orders/${order.order_id}`,
      'POST /v1/payments/confirm',
    ]);
    // Both confirms are one request to Toss.
    expect(made[0]?.idempotency).toBe(`confirm-${key}`);
    expect(made[2]?.idempotency).toBe(`confirm-${key}`);
    expect(await stockOf(shop.m)).toBe(4);
  });

  it('when Toss still cannot say, answers 502 and leaves the claim to recovery, which settles it at once', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    approveThenFail = true;
    tossDown = true;
    const key = newKey();
    try {
      const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
        payment_key: key,
        order_id: order.order_id,
        amount: order.amount,
      });
      expect(r.status).toBe(502);
    } finally {
      tossDown = false;
    }
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.payment_key, key));
    expect(row).toMatchObject({ status: 'IN_PROGRESS', claim_owner: null });
    await recoverPayments(t.ctx);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('PAID');
    expect(calls.filter((c) => c.path === '/v1/payments/confirm' && c.body.paymentKey === key)).toHaveLength(
      2,
    );
    expect(store.get(key)?.balance).toBe(order.amount);
  });

  it.each([
    [404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.'],
    [404, 'NOT_FOUND_PAYMENT_SESSION', '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.'],
    [400, 'INVALID_REQUEST', '잘못된 요청입니다.'],
    [400, 'UNAPPROVED_ORDER_ID', '아직 승인되지 않은 주문번호입니다.'],
    [403, 'FORBIDDEN_REQUEST', '허용되지 않은 요청입니다.'],
    [400, 'SOME_FUTURE_CODE', '알 수 없는 오류입니다.'],
  ])('keeps the order pending and payable when Toss answers %i %s (not a refusal of its payment)', async (status, code, message) => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 2 }]);
    nextConfirm = { status, code, message };
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: newKey(),
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ detail: message, code });
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('PENDING');
    expect(await t.ctx.db.select().from(payments).where(eq(payments.order_id, order.id))).toEqual([]);
    expect(await stockOf(shop.m)).toBe(3);
    const paid = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: newKey(),
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('PAID');
    expect(await stockOf(shop.m)).toBe(3);
  });

  it('a key Toss already processed for another order leaves this order pending and payable', async () => {
    const shop = await makeShop(t.ctx);
    const victim = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const theirs = await placeOrder(t.app, victim.headers, [{ product_item_id: shop.l, quantity: 1 }]);
    const theirKey = newKey();
    store.set(theirKey, {
      paymentKey: theirKey,
      orderId: theirs.order_id,
      amount: theirs.amount,
      balance: 0,
      status: 'CANCELED',
    });
    const mine = await placeOrder(t.app, other.headers, [{ product_item_id: shop.m, quantity: 2 }]);
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', other.headers, {
      payment_key: theirKey,
      order_id: mine.order_id,
      amount: mine.amount,
    });
    expect(r.status).toBe(409);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, mine.id)))[0]?.status).toBe('PENDING');
    expect(await t.ctx.db.select().from(payments).where(eq(payments.order_id, mine.id))).toEqual([]);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, theirs.id)))[0]?.status).toBe('PENDING');
    const paid = await call(t.app, 'POST', '/api/orders/confirm-order', other.headers, {
      payment_key: newKey(),
      order_id: mine.order_id,
      amount: mine.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });

  it('a stranger’s confirm of someone else’s order never reaches Toss and changes nothing', async () => {
    const shop = await makeShop(t.ctx);
    const owner = await createMember(t.ctx);
    const stranger = await createMember(t.ctx);
    const order = await placeOrder(t.app, owner.headers, [{ product_item_id: shop.m, quantity: 2 }]);
    nextConfirm = {
      status: 403,
      code: 'REJECT_CARD_PAYMENT',
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    };
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', stranger.headers, {
      payment_key: newKey(),
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status).toBe(404);
    expect(calls).toEqual([]);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('PENDING');
    expect(await stockOf(shop.m)).toBe(3);
  });

  it('a webhook naming no payment or order of ours is ignored without asking the gateway', async () => {
    const before = calls.length;
    for (const data of [
      { paymentKey: newKey(), status: 'DONE' },
      { paymentKey: newKey(), orderId: 'not-an-order-of-ours', status: 'DONE' },
    ]) {
      const hook = await call(
        t.app,
        'POST',
        '/api/payments/webhook',
        {},
        { eventType: 'PAYMENT_STATUS_CHANGED', data },
      );
      expect(hook.status).toBe(200);
      expect(hook.body.result).toBe('ignored');
    }
    expect(calls.length).toBe(before);
  });

  it('settles an approval whose answer was lost in the same request, from Toss’s payment of the order', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    approveThenFail = true;
    const key = newKey();
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('PAID');
    expect(calls.filter((c) => c.path === '/v1/payments/confirm')).toHaveLength(1);
    expect(calls.filter((c) => c.path === `/v1/payments/orders/${order.order_id}`)).toHaveLength(1);
  });

  it('recovers an approval whose answer was lost (crash window), by the webhook', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    approveThenFail = true;
    tossDown = true;
    const key = newKey();
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: order.order_id,
      amount: order.amount,
    });
    tossDown = false;
    expect(r.status).toBe(502);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.payment_key, key));
    expect(row?.status).toBe('IN_PROGRESS');
    const hook = await call(
      t.app,
      'POST',
      '/api/payments/webhook',
      {},
      { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: key, status: 'DONE' } },
    );
    expect(hook.body.result).toBe('paid');
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('PAID');
    // A retried confirm by the browser now answers the paid order without charging again.
    const again = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(again.status).toBe(200);
    // The request's own second confirm (same Idempotency-Key), and no more: one approval.
    expect(calls.filter((c) => c.path === '/v1/payments/confirm')).toHaveLength(2);
  });

  it('settles a lost approval when the browser retries the confirm', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    approveThenFail = true;
    const key = newKey();
    const body = { payment_key: key, order_id: order.order_id, amount: order.amount };
    tossDown = true;
    try {
      expect((await call(t.app, 'POST', '/api/orders/confirm-order', headers, body)).status).toBe(502);
    } finally {
      tossDown = false;
    }
    const retry = await call(t.app, 'POST', '/api/orders/confirm-order', headers, body);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.status).toBe('PAID');
    // The request's own second confirm (same Idempotency-Key), and no more: one approval.
    expect(calls.filter((c) => c.path === '/v1/payments/confirm')).toHaveLength(2);
    expect(store.get(key)?.balance).toBe(order.amount);
  });

  it('maps error bodies to GatewayError codes, NOT_FOUND_PAYMENT included', async () => {
    const gw = gatewayOf(t.ctx);
    await expect(gw.get('missing-key')).rejects.toMatchObject({
      code: 'NOT_FOUND_PAYMENT',
      uncertain: false,
    });
    const bad = new TossGateway({ secretKey: 'wrong', clientKey: null, baseUrl: base });
    await expect(bad.get('x')).rejects.toBeInstanceOf(GatewayError);
    await expect(bad.get('x')).rejects.toMatchObject({ code: 'UNAUTHORIZED_KEY' });
    const down = new TossGateway({ secretKey: SECRET, clientKey: null, baseUrl: 'http://127.0.0.1:9' });
    await expect(down.get('x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', uncertain: true });
  });
});
