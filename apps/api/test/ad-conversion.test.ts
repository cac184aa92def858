/**
 * The seven ad-conversion events (SPEC.md §3 Ad-conversion event, §7 Other outbound calls, §9 Ad
 * events) as the local stand-in sink receives them from the calls that fire them: AddToCart,
 * AddToWishlist, Purchase (confirm, webhook, once per order), CompleteRegistration (phone and
 * social sign-up), SubmitApplication (style quiz), and the PageView / ViewContent builders. Also the
 * event id header, the visitor details, a failing sender, and the Graph sender's retries and batches.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import {
  type AdConversionEvent,
  type AdConversionSender,
  adRequestInfo,
  DevAdSink,
  GraphAdSender,
  NoAdSender,
  pageViewEvent,
  setAdSender,
  viewContentEvent,
} from '../src/domains/ads/conversion.ts';
import { purchaseEventId, purchaseKey, rememberPurchaseVisitor } from '../src/domains/orders/ad-purchase.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { deliverOutbox, outboxBackoffMs, settleOutbox } from '../src/platform/outbox.ts';
import { AGREED, mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';
import { makeShop, placeOrder, type Shop } from './orders-fixtures.ts';
import { authToken, freshMobile, HOST, smsCode, startAuthorize } from './social-fakes.ts';

const clock = mutableClock('2026-11-20T03:00:00Z');
const NOW_S = Math.floor(new Date('2026-11-20T03:00:00Z').getTime() / 1000);
let t: TestApp;
let sink: DevAdSink;
let sandbox: SandboxGateway;
let shop: Shop;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const IP = '203.0.113.7';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Codiroom-test';
const FBC = 'fb.1.1700000000000.IwAR-click';
const FBP = 'fb.1.1700000000000.123456789';

const QUIZ = {
  height: 176,
  weight: 74,
  body_shape: 'standard',
  fit_preference: 'regular',
  sizes: { TOP: 'L', BOTTOM: '32' },
  liked_styles: ['미니멀'],
  disliked_styles: [],
  liked_colors: ['네이비'],
  avoided_colors: [],
  budget_max: 150_000,
  occasions: ['office'],
  avoid: [],
};

let seq = 0;
/** Browser headers of a visitor with the pixel's cookies and an event id of its own. */
function visitor(extra: Record<string, string> = {}) {
  seq += 1;
  const eventId = `evt_${seq}_${randomUUID().slice(0, 8)}`;
  return {
    eventId,
    headers: {
      'user-agent': UA,
      cookie: `_fbc=${encodeURIComponent(FBC)}; other=1; _fbp=${FBP}`,
      referer: 'https://codiroom.test/product/1',
      'x-ad-event-id': eventId,
      ...extra,
    },
  };
}

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const r = await t.app.inject({
    method,
    url,
    headers,
    remoteAddress: IP,
    ...(payload ? { payload } : {}),
  });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> & { detail?: string } };
}

const named = (name: string) => sink.events.filter((e) => e.event_name === name);
/** Waits until `n` events called `name` have arrived (up to `maxMs`), then a moment for strays. */
async function arrived(name: string, n = 1, maxMs = 5000): Promise<AdConversionEvent[]> {
  for (let i = 0; i < maxMs / 20 && named(name).length < n; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 60));
  return named(name);
}

function expectVisitor(e: AdConversionEvent, eventId: string, em: string | null) {
  expect(e.event_id).toBe(eventId);
  expect(e.event_time).toBe(NOW_S);
  expect(e.action_source).toBe('website');
  expect(e.user_data).toEqual({
    client_ip_address: IP,
    client_user_agent: UA,
    fbc: FBC,
    fbp: FBP,
    em: [em],
  });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
  shop = await makeShop(t.ctx, { stock: 50 });
}, 60_000);
afterAll(() => t?.close());
beforeEach(() => {
  sink = new DevAdSink();
  setAdSender(t.ctx, sink);
});

describe('AddToCart and AddToWishlist', () => {
  it("AddToCart carries the browser's event id, the visitor, the member's hashed e-mail and the line", async () => {
    const m = await createMember(t.ctx, { email: ' Kim.Cart@Example.COM ' });
    const v = visitor();
    const r = await call(
      'POST',
      '/api/carts',
      { ...m.headers, ...v.headers },
      {
        product_item_id: shop.m,
        quantity: 2,
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [e] = await arrived('AddToCart');
    expectVisitor(e!, v.eventId, sha('kim.cart@example.com'));
    expect(e!.event_source_url).toBe('https://codiroom.test/product/1');
    expect(e!.custom_data).toEqual({
      value: 60_000,
      currency: 'KRW',
      contents: [{ id: String(shop.displayId), quantity: 2, item_price: 30_000 }],
      content_ids: [String(shop.displayId)],
      content_type: 'product',
    });
    expect(JSON.stringify(sink.events)).not.toMatch(/example\.com/i);
  });

  it('product-to-cart without an event id gets a server-made UUID; a guest has no em', async () => {
    const r = await call(
      'POST',
      '/api/carts/product-to-cart',
      { 'x-guest-user-id': guestIdOf(t.ctx) },
      {
        product_display_id: shop.displayId,
        items: [
          { product_item_id: shop.m, quantity: 1 },
          { product_item_id: shop.other, quantity: 1 },
        ],
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [e] = await arrived('AddToCart');
    expect(e!.event_id).toMatch(UUID);
    expect(e!.user_data).toMatchObject({ client_ip_address: IP, fbc: null, fbp: null, em: [null] });
    expect(e!.custom_data?.contents).toEqual([
      { id: String(shop.displayId), quantity: 1, item_price: 30_000 },
      { id: String(shop.displayId), quantity: 1, item_price: 32_000 },
    ]);
    expect(e!.custom_data?.content_ids).toEqual([String(shop.displayId)]);
  });

  it('AddToWishlist: header id, visitor, price_discount with quantity 1', async () => {
    const m = await createMember(t.ctx, { email: 'like@example.com' });
    const v = visitor();
    const r = await call(
      'POST',
      '/api/likes/post-like',
      { ...m.headers, ...v.headers },
      {
        like_type: 'PRODUCT',
        like_id: shop.displayId,
      },
    );
    expect(r.status).toBe(200);
    const [e] = await arrived('AddToWishlist');
    expectVisitor(e!, v.eventId, sha('like@example.com'));
    expect(e!.custom_data).toMatchObject({
      value: 30_000,
      contents: [{ id: String(shop.displayId), quantity: 1, item_price: 30_000 }],
    });
  });

  it('refuses malformed event ids (the server makes one) and survives a malformed cookie', async () => {
    for (const bad of ['has space', 'x'.repeat(65), 'semi;colon', 'é']) {
      sink.events.length = 0;
      const r = await call(
        'POST',
        '/api/carts',
        { 'x-guest-user-id': guestIdOf(t.ctx), 'x-ad-event-id': bad, cookie: '_fbc=%E0%A4%A' },
        { product_item_id: shop.l, quantity: 1 },
      );
      expect(r.status).toBe(200);
      const [e] = await arrived('AddToCart');
      expect(e!.event_id).toMatch(UUID);
    }
    const ok = 'A'.repeat(64);
    sink.events.length = 0;
    await call(
      'POST',
      '/api/carts',
      { 'x-guest-user-id': guestIdOf(t.ctx), 'x-ad-event-id': ok },
      { product_item_id: shop.l, quantity: 1 },
    );
    expect((await arrived('AddToCart'))[0]!.event_id).toBe(ok);
  });
});

describe('Purchase', () => {
  async function order(headers: Record<string, string>, quantity = 2) {
    return placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity }]);
  }

  /** The gateway approves `o` without the browser's confirm; its DONE webhook pays the order. */
  async function payByWebhook(o: { order_id: string; amount: number }) {
    const key = sandbox.authorize(o.order_id, o.amount);
    await sandbox.confirm({ paymentKey: key, orderId: o.order_id, amount: o.amount });
    const hook = await call(
      'POST',
      '/api/payments/webhook',
      {},
      { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: key, orderId: o.order_id, status: 'DONE' } },
    );
    expect(hook.body.result).toBe('paid');
  }

  it('fires once when the confirm pays the order, even when the confirm is retried', async () => {
    const m = await createMember(t.ctx, { email: 'Buyer@Example.com' });
    const o = await order(m.headers);
    const key = sandbox.authorize(o.order_id, o.amount);
    const v = visitor();
    const body = { payment_key: key, order_id: o.order_id, amount: o.amount };
    const r = await call('POST', '/api/orders/confirm-order', { ...m.headers, ...v.headers }, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [e] = await arrived('Purchase');
    expectVisitor(e!, v.eventId, sha('buyer@example.com'));
    expect(e!.custom_data).toEqual({
      value: o.amount,
      currency: 'KRW',
      contents: [{ id: String(shop.displayId), quantity: 2, item_price: 30_000 }],
      content_ids: [String(shop.displayId)],
      content_type: 'product',
      order_id: o.order_id,
    });
    expect(o.amount).toBe(60_000);
    // The browser retries (a reload, a lost answer): the paid order again, no second Purchase.
    for (let i = 0; i < 2; i++) {
      const again = await call(
        'POST',
        '/api/orders/confirm-order',
        { ...m.headers, ...visitor().headers },
        body,
      );
      expect(again.status).toBe(200);
    }
    expect(await arrived('Purchase', 2, 400)).toHaveLength(1);
  });

  it('fires once when the webhook pays the order; a later confirm adds none', async () => {
    const m = await createMember(t.ctx, { email: 'hook@example.com' });
    const o = await order(m.headers, 1);
    const key = sandbox.authorize(o.order_id, o.amount);
    await sandbox.confirm({ paymentKey: key, orderId: o.order_id, amount: o.amount });
    const webhook = {
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { paymentKey: key, orderId: o.order_id, status: 'DONE' },
    };
    const hook = await call('POST', '/api/payments/webhook', {}, webhook);
    expect(hook.body.result).toBe('paid');
    const [e] = await arrived('Purchase');
    // No browser behind the webhook: an id made from the order (the same on every delivery) and no
    // visitor details, the member's em.
    expect(e!.event_id).toMatch(UUID);
    expect(e!.event_id).toBe(purchaseEventId(o.id));
    expect(e!.user_data).toEqual({
      client_ip_address: null,
      client_user_agent: null,
      fbc: null,
      fbp: null,
      em: [sha('hook@example.com')],
    });
    expect(e!.custom_data).toMatchObject({
      value: o.amount,
      contents: [{ quantity: 1, item_price: 30_000 }],
    });
    expect((await call('POST', '/api/payments/webhook', {}, webhook)).body.result).toBe('already-paid');
    const late = await call('POST', '/api/orders/confirm-order', m.headers, {
      payment_key: key,
      order_id: o.order_id,
      amount: o.amount,
    });
    expect(late.status).toBe(200);
    expect(await arrived('Purchase', 2, 400)).toHaveLength(1);
  });

  it("a webhook that wins the race reports the confirming browser's details (kept by the confirm)", async () => {
    const m = await createMember(t.ctx, { email: 'race@example.com' });
    const o = await order(m.headers, 1);
    const v = visitor();
    // What confirm-order keeps before it asks the gateway; then the webhook settles the order.
    await rememberPurchaseVisitor(t.ctx, o.id, { ip: IP, headers: v.headers });
    await payByWebhook(o);
    const [e] = await arrived('Purchase');
    expectVisitor(e!, v.eventId, sha('race@example.com'));
  });

  it('is written with the payment and delivered at least once: a failing ad service is retried with the same event_id', async () => {
    const m = await createMember(t.ctx, { email: 'retry@example.com' });
    const o = await order(m.headers, 1);
    const tries: AdConversionEvent[] = [];
    setAdSender(t.ctx, {
      kind: 'graph',
      send: async (events) => {
        tries.push(...events);
        if (tries.length < 3) throw new Error('ad service down');
      },
    });
    await payByWebhook(o);
    await settleOutbox(t.ctx);
    // The paid transition committed its Purchase in the outbox; the first try failed and waits.
    const [row] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, purchaseKey(o.id)));
    expect(row).toMatchObject({ kind: 'ads.purchase', attempts: 1, delivered_at: null, dead_at: null });
    expect(row?.last_error).toBe('ad service down');
    // Later passes (the clock past each back-off) retry it until the service takes it.
    let waited = 0;
    for (let i = 0; i < 2; i++) {
      waited += outboxBackoffMs(i + 1) / 1000;
      clock.advance(outboxBackoffMs(i + 1) / 1000);
      await deliverOutbox(t.ctx);
      await settleOutbox(t.ctx);
    }
    clock.advance(-waited);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((e) => e.event_id))).toEqual(new Set([purchaseEventId(o.id)]));
    expect(new Set(tries.map((e) => e.event_time))).toEqual(new Set([NOW_S]));
    const [done] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, purchaseKey(o.id)));
    expect(done?.delivered_at).not.toBeNull();
    // Delivered: no further pass sends it again.
    await deliverOutbox(t.ctx);
    expect(tries).toHaveLength(3);
  });
  it('is not written when no ad service is configured (production without ad keys): confirm and webhook', async () => {
    setAdSender(t.ctx, new NoAdSender());
    const m = await createMember(t.ctx, { email: 'nokeys@example.com' });
    const byConfirm = await order(m.headers, 1);
    const key = sandbox.authorize(byConfirm.order_id, byConfirm.amount);
    const r = await call('POST', '/api/orders/confirm-order', m.headers, {
      payment_key: key,
      order_id: byConfirm.order_id,
      amount: byConfirm.amount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const byHook = await order(m.headers, 1);
    await payByWebhook(byHook);
    await settleOutbox(t.ctx);
    for (const o of [byConfirm, byHook]) {
      const rows = await t.ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotency_key, purchaseKey(o.id)));
      expect(rows).toEqual([]);
    }
  });
});

describe('CompleteRegistration and SubmitApplication', () => {
  it('phone sign-up: fb_registration_method phone and the hashed e-mail it signed up with', async () => {
    const phone = freshMobile();
    const code = await smsCode(t.app, phone);
    const v = visitor({ 'x-guest-user-id': guestIdOf(t.ctx) });
    const r = await call('POST', '/api/users/sign-up', v.headers, {
      phone,
      code,
      password: 'codiroom123',
      user_name: '김코디',
      ...AGREED,
      email: '  New.Member@Example.com',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [e] = await arrived('CompleteRegistration');
    expectVisitor(e!, v.eventId, sha('new.member@example.com'));
    expect(e!.custom_data).toEqual({ fb_registration_method: 'phone' });
  });

  it('social sign-up: fb_registration_method is the provider (kakao)', async () => {
    const devPage = await startAuthorize(t.app, 'kakao');
    const q = new URLSearchParams({
      state: devPage.searchParams.get('state') ?? '',
      redirect_uri: devPage.searchParams.get('redirect_uri') ?? '',
      social_id: `kakao-${randomUUID()}`,
      name: '김코디',
      email: '',
      phone: '',
    });
    const approved = await t.app.inject({
      url: `/api/dev/oauth/kakao/approve?${q}`,
      headers: { host: HOST },
    });
    const callback = new URL(String(approved.headers.location));
    const token = await authToken(t.app, {
      provider: 'kakao',
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    const required = token.json() as { social_type: string; social_id: string; oauth_token: string };
    const phone = freshMobile();
    const code = await smsCode(t.app, phone);
    const v = visitor({ 'x-guest-user-id': guestIdOf(t.ctx) });
    const r = await call('POST', '/api/users/social-sign-up', v.headers, {
      social_type: required.social_type,
      social_id: required.social_id,
      oauth_token: required.oauth_token,
      user_name: '김코디',
      ...AGREED,
      email: 'Kakao@Example.com',
      phone,
      code,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [e] = await arrived('CompleteRegistration');
    expectVisitor(e!, v.eventId, sha('kakao@example.com'));
    expect(e!.custom_data).toEqual({ fb_registration_method: 'kakao' });
  });

  it('SubmitApplication when the style quiz is submitted', async () => {
    const m = await createMember(t.ctx, { email: 'quiz@example.com' });
    const v = visitor();
    const r = await call('POST', '/api/v1/curations/style-quiz', { ...m.headers, ...v.headers }, QUIZ);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [e] = await arrived('SubmitApplication');
    expectVisitor(e!, v.eventId, sha('quiz@example.com'));
    expect(e!.custom_data).toBeUndefined();
  });
});

describe('PageView and ViewContent builders', () => {
  const now = new Date('2026-11-20T03:00:00.900Z');
  const req = {
    ip: IP,
    headers: { 'user-agent': UA, cookie: `_fbp=${FBP}`, 'x-ad-event-id': 'from-header' },
  };

  it('hold null in em even with an e-mail, and take the given event id', () => {
    const info = { ...adRequestInfo(req, now), email: sha('x@example.com') };
    const pv = pageViewEvent(now, info, 'pv-1');
    expect(pv).toMatchObject({
      event_name: 'PageView',
      event_time: NOW_S,
      event_id: 'pv-1',
      action_source: 'website',
    });
    expect(pv.user_data).toEqual({
      client_ip_address: IP,
      client_user_agent: UA,
      fbc: null,
      fbp: FBP,
      em: [null],
    });
    expect(pv.custom_data).toBeUndefined();
    const vc = viewContentEvent({ id: 9, price: 50_000, price_discount: 0 }, now, info, 'vc-1');
    expect(vc).toMatchObject({ event_name: 'ViewContent', event_id: 'vc-1' });
    expect(vc.user_data.em).toEqual([null]);
    expect(vc.custom_data).toEqual({
      value: 50_000,
      currency: 'KRW',
      contents: [{ id: '9', quantity: 1, item_price: 50_000 }],
      content_ids: ['9'],
      content_type: 'product',
    });
    // Without an explicit id: the request's, else a UUID.
    expect(pageViewEvent(now, info).event_id).toBe('from-header');
    expect(pageViewEvent(now, {}).event_id).toMatch(UUID);
  });

  it('builds fbc from a landing URL with fbclid when there is no _fbc cookie', () => {
    const landing = {
      ip: IP,
      headers: { referer: 'https://codiroom.test/?utm_source=x&fbclid=IwAR0abc_-9' },
    };
    expect(adRequestInfo(landing, now).fbc).toBe(`fb.1.${now.getTime()}.IwAR0abc_-9`);
    const withCookie = { ip: IP, headers: { ...landing.headers, cookie: `_fbc=${FBC}` } };
    expect(adRequestInfo(withCookie, now).fbc).toBe(FBC);
    expect(
      adRequestInfo({ ip: IP, headers: { referer: 'https://x.test/?fbclid=<script>' } }, now).fbc,
    ).toBeNull();
    expect(adRequestInfo({ ip: IP, headers: { referer: 'not a url' } }, now).fbc).toBeNull();
  });
});

describe('a failing sender never fails the request', () => {
  class Broken implements AdConversionSender {
    readonly kind = 'graph' as const;
    calls = 0;
    constructor(private readonly sync: boolean) {}
    send(): Promise<void> {
      this.calls += 1;
      if (this.sync) throw new Error('boom');
      return Promise.reject(new Error('boom'));
    }
  }

  it.each([
    true,
    false,
  ])('cart, like, sign-up, quiz and confirm all answer (throws synchronously: %s)', async (sync) => {
    const broken = new Broken(sync);
    setAdSender(t.ctx, broken);
    const m = await createMember(t.ctx, { email: `broken-${sync}@example.com` });
    const h = { ...m.headers, ...visitor().headers };
    expect((await call('POST', '/api/carts', h, { product_item_id: shop.m, quantity: 1 })).status).toBe(200);
    expect(
      (await call('POST', '/api/likes/post-like', h, { like_type: 'PRODUCT', like_id: shop.displayId }))
        .status,
    ).toBe(200);
    expect((await call('POST', '/api/v1/curations/style-quiz', h, QUIZ)).status).toBe(200);
    const o = await placeOrder(t.app, m.headers, [{ product_item_id: shop.l, quantity: 1 }]);
    const key = sandbox.authorize(o.order_id, o.amount);
    const paid = await call('POST', '/api/orders/confirm-order', h, {
      payment_key: key,
      order_id: o.order_id,
      amount: o.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const phone = freshMobile();
    const code = await smsCode(t.app, phone);
    const signUp = await call(
      'POST',
      '/api/users/sign-up',
      { ...visitor().headers, 'x-guest-user-id': guestIdOf(t.ctx) },
      { phone, code, password: 'codiroom123', user_name: '김코디', ...AGREED },
    );
    expect(signUp.status).toBe(201);
    for (let i = 0; i < 100 && broken.calls < 5; i++) await new Promise((r) => setTimeout(r, 20));
    expect(broken.calls).toBe(5);
  });
});

describe('GraphAdSender: bounded retries and batches', () => {
  const event = (i: number): AdConversionEvent => ({
    event_name: 'PageView',
    event_time: NOW_S,
    event_id: `e${i}`,
    action_source: 'website',
    user_data: { em: [null] },
  });

  /** A fake fetch answering `statuses` in turn ('net' throws like a refused connection). */
  function fake(statuses: (number | 'net')[]) {
    const calls: { url: string; body: { data: AdConversionEvent[] } }[] = [];
    const sleeps: number[] = [];
    let i = 0;
    const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      const s = statuses[Math.min(i++, statuses.length - 1)];
      if (s === 'net') throw new TypeError('fetch failed');
      return new Response(s === 200 ? '{"events_received":1}' : '{"error":{}}', { status: s });
    }) as typeof fetch;
    const sender = new GraphAdSender({
      baseUrl: 'https://graph.test/',
      pixelId: '42',
      accessToken: 'k',
      fetch: fetchFn,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    return { sender, calls, sleeps };
  }

  it('retries a 5xx, then succeeds (200 ms wait)', async () => {
    const f = fake([503, 200]);
    await f.sender.send([event(1)]);
    expect(f.calls).toHaveLength(2);
    expect(f.sleeps).toEqual([200]);
    expect(f.calls[0]!.url).toBe('https://graph.test/v18.0/42/events?access_token=k');
    expect(f.calls[1]!.body).toEqual(f.calls[0]!.body);
  });

  it('retries a 429 and network errors at most twice more (200 ms, 800 ms), then gives up', async () => {
    const f = fake([429, 'net', 500, 200]);
    await expect(f.sender.send([event(1)])).rejects.toThrow(/500/);
    expect(f.calls).toHaveLength(3);
    expect(f.sleeps).toEqual([200, 800]);
  });

  it('never retries a 4xx', async () => {
    const f = fake([400, 200]);
    await expect(f.sender.send([event(1)])).rejects.toThrow(/400/);
    expect(f.calls).toHaveLength(1);
    expect(f.sleeps).toEqual([]);
  });

  it('sends at most 1000 events a request', async () => {
    const f = fake([200]);
    await f.sender.send(Array.from({ length: 2500 }, (_, i) => event(i)));
    expect(f.calls.map((c) => c.body.data.length)).toEqual([1000, 1000, 500]);
    expect(f.calls[2]?.body.data[0]?.event_id).toBe('e2000');
    const none = fake([200]);
    await none.sender.send([]);
    expect(none.calls).toHaveLength(0);
  });
});
