/**
 * The sandbox gateway and its payment window: keys signed over order id and amount, one approval
 * per key, idempotent cancels, same-site redirect targets only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayOf } from '../src/domains/payments/index.ts';
import { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('sandbox gateway', () => {
  it('approves a key once, for its own order id and amount only', async () => {
    const gw = new SandboxGateway('secret-one');
    const key = gw.authorize('order-0001', 33000);
    await expect(gw.confirm({ paymentKey: key, orderId: 'order-0001', amount: 30000 })).rejects.toMatchObject(
      { code: 'INVALID_REQUEST' },
    );
    await expect(gw.confirm({ paymentKey: key, orderId: 'order-0002', amount: 33000 })).rejects.toMatchObject(
      { code: 'INVALID_REQUEST' },
    );
    const ok = await gw.confirm({ paymentKey: key, orderId: 'order-0001', amount: 33000 });
    expect(ok).toMatchObject({ status: 'DONE', totalAmount: 33000, balanceAmount: 33000 });
    await expect(gw.confirm({ paymentKey: key, orderId: 'order-0001', amount: 33000 })).rejects.toMatchObject(
      { code: 'ALREADY_PROCESSED_PAYMENT' },
    );
    expect(gw.charges).toBe(1);
    // A key signed by another secret (or forged) is unknown.
    const other = new SandboxGateway('secret-two');
    await expect(
      other.confirm({ paymentKey: key, orderId: 'order-0001', amount: 33000 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND_PAYMENT_SESSION' });
    await expect(gw.get('sbx_forged')).rejects.toMatchObject({ code: 'NOT_FOUND_PAYMENT' });
  });

  it('cancels partially with idempotency keys and never below zero', async () => {
    const gw = new SandboxGateway('secret-one');
    const key = gw.authorize('order-0003', 60000);
    await gw.confirm({ paymentKey: key, orderId: 'order-0003', amount: 60000 });
    const a = await gw.cancel(key, { cancelReason: 'x', cancelAmount: 30000 }, 'idem-1');
    expect(a).toMatchObject({ status: 'PARTIAL_CANCELED', balanceAmount: 30000 });
    const again = await gw.cancel(key, { cancelReason: 'x', cancelAmount: 30000 }, 'idem-1');
    expect(again.balanceAmount).toBe(30000);
    await expect(gw.cancel(key, { cancelReason: 'x', cancelAmount: 40000 }, 'idem-2')).rejects.toMatchObject({
      code: 'NOT_CANCELABLE_AMOUNT',
    });
    const rest = await gw.cancel(key, { cancelReason: 'x' }, 'idem-3');
    expect(rest).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
  });
});

describe('sandbox payment window', () => {
  it('is the default gateway outside production and serves its page', async () => {
    expect(gatewayOf(t.ctx)).toBeInstanceOf(SandboxGateway);
    const page = await t.app.inject({
      url: '/api/payments/sandbox/checkout?orderId=order-0004&amount=33000&orderName=%EC%85%94%EC%B8%A0&successUrl=/payment/success&failUrl=/payment/fail',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('33,000원');
    expect(page.body).toContain('결제하기');
  });

  it('redirects to the success URL with paymentKey, orderId and amount, or to the fail URL', async () => {
    const form = 'orderId=order-0005&amount=33000&successUrl=%2Fpayment%2Fsuccess&failUrl=%2Fpayment%2Ffail';
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${form}&action=pay`,
    });
    expect(paid.statusCode).toBe(303);
    const to = new URL(String(paid.headers.location), 'http://x');
    expect(to.pathname).toBe('/payment/success');
    expect(to.searchParams.get('orderId')).toBe('order-0005');
    expect(to.searchParams.get('amount')).toBe('33000');
    const key = to.searchParams.get('paymentKey') as string;
    const confirmed = await gatewayOf(t.ctx).confirm({
      paymentKey: key,
      orderId: 'order-0005',
      amount: 33000,
    });
    expect(confirmed.status).toBe('DONE');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${form}&action=cancel`,
    });
    const fail = new URL(String(cancelled.headers.location), 'http://x');
    expect(fail.pathname).toBe('/payment/fail');
    expect(fail.searchParams.get('code')).toBe('PAY_PROCESS_CANCELED');
  });

  it('refuses redirect targets off the site', async () => {
    for (const bad of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      const r = await t.app.inject({
        url: `/api/payments/sandbox/checkout?orderId=order-0006&amount=1000&successUrl=${encodeURIComponent(bad)}&failUrl=/payment/fail`,
      });
      expect(r.statusCode, bad).toBe(400);
    }
  });
});

describe('production', () => {
  it('has no sandbox: without Toss keys payments answer 503 and the sandbox window 404', async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'prod-secret-prod-secret-prod-secret-0000',
        SOLAPI_API_KEY: 'k',
        SOLAPI_API_SECRET: 's',
        SOLAPI_SENDER: '0200000000',
        PUBLIC_ORIGIN: 'https://codiroom.example',
      },
    });
    try {
      expect(gatewayOf(prod.ctx)).not.toBeInstanceOf(SandboxGateway);
      const page = await prod.app.inject({
        url: '/api/payments/sandbox/checkout?orderId=order-0007&amount=1000&successUrl=/payment/success&failUrl=/payment/fail',
      });
      expect(page.statusCode).toBe(404);
      const approve = await prod.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload:
          'orderId=order-0007&amount=1000&successUrl=%2Fpayment%2Fsuccess&failUrl=%2Fpayment%2Ffail&action=pay',
      });
      expect(approve.statusCode).toBe(404);
      expect(approve.headers.location).toBeUndefined();
      await expect(Promise.resolve().then(() => gatewayOf(prod.ctx).get('sbx_x'))).rejects.toMatchObject({
        statusCode: 503,
      });
    } finally {
      await prod.close();
    }
  }, 60_000);
});
