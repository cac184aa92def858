/**
 * Notifications made real (docs/ARCHITECTURE.md, "Notifications"): every kind the shop promises is
 * written on its event through users' notify (shipping with carrier and 송장번호, ticket answered,
 * curation published — by the curator or the delayed publish —, coupon expiring once, review
 * credit); pushes obey is_app_alert, is_benefit_alert and the night-time rule (21:00–08:00 KST,
 * held until 08:00 unless is_nighttime_alert, released by the sweep or by the member's consent); a
 * failing push service never fails the request; the OneSignal adapter's request shape.
 */
import { type Clock, kstDate } from '@codiroom/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { coupons, curations, notifications, orderItems, outbox, supportTickets } from '../src/db/schema.ts';
import { notifyExpiringCoupons } from '../src/domains/benefits/coupon-expiry.ts';
import { publishDue } from '../src/domains/curations/drafting.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { notify } from '../src/domains/users/index.ts';
import { releaseDuePushes, settlePushes } from '../src/domains/users/notify.ts';
import {
  createPushSender,
  DevPushSink,
  OneSignalPushSender,
  type PushMessage,
  setPushSender,
} from '../src/domains/users/push.ts';
import { deliverOutbox } from '../src/platform/outbox.ts';
import {
  ADMIN_KEY_HEADERS,
  createMember,
  createTestApp,
  refreshedHeaders,
  type TestApp,
  testEnv,
} from './helpers.ts';
import { call, issueCoupon, makeShop, placeOrder } from './orders-fixtures.ts';

/** A clock the tests set to KST wall-clock times. */
let at = kstDate(2026, 11, 20, 12);
const clock: Clock = { now: () => new Date(at) };
const setKst = (day: number, hour: number, minute = 0) => {
  at = kstDate(2026, 11, day, hour, minute);
};

let t: TestApp;
let sink: DevPushSink;
beforeAll(async () => {
  t = await createTestApp({ clock });
  sink = new DevPushSink();
  setPushSender(t.ctx, sink);
});
afterAll(() => t?.close());
afterEach(() => {
  setKst(20, 12);
  sink.pushes.length = 0;
  setPushSender(t.ctx, sink);
});

const ALL_ON = { is_app_alert: true, is_benefit_alert: true, is_nighttime_alert: false };
const rowsOf = (userId: number) =>
  t.ctx.db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(notifications.id);
const pushesTo = (uuid: string) => sink.pushes.filter((p) => p.external_id === uuid);

describe('each notification the shop promises is written on its event', () => {
  it('an item shipped: the carrier and 송장번호 in the body, pushed at once (transactional)', async () => {
    const shop = await makeShop(t.ctx, { stock: 5 });
    const m = await createMember(t.ctx, { is_app_alert: true });
    const placed = await placeOrder(t.app, m.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = (gatewayOf(t.ctx) as SandboxGateway).authorize(placed.order_id, placed.amount);
    const paid = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
      payment_key: key,
      order_id: placed.order_id,
      amount: placed.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [item] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, placed.id));
    // At night: an order's news is not marketing, it goes at once.
    setKst(20, 23, 30);
    const ship = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/items/${item?.id}/ship`,
      headers: ADMIN_KEY_HEADERS,
      payload: { carrier_code: 'CJ', tracking_number: '654321098765' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    await settlePushes(t.ctx);
    const [note] = await rowsOf(m.user.id);
    expect(note).toMatchObject({
      kind: 'ORDER',
      title: '주문하신 상품이 출발했어요',
      link: `/mypage/orders/${placed.id}`,
      push_status: 'SENT',
    });
    expect(note?.body).toContain('CJ대한통운 송장번호 654321098765');
    expect(pushesTo(m.user.uuid)).toEqual([
      expect.objectContaining({ title: '주문하신 상품이 출발했어요', link: `/mypage/orders/${placed.id}` }),
    ]);
    const list = await t.app.inject({
      url: '/api/users/notifications',
      headers: await refreshedHeaders(t.ctx, m.user.id),
    });
    expect(list.json().result[0]).toMatchObject({ kind: 'ORDER', id: note?.id });
  });

  it('a ticket answered', async () => {
    const m = await createMember(t.ctx, { is_app_alert: true });
    const [ticket] = await t.ctx.db
      .insert(supportTickets)
      .values({ user_id: m.user.id, main_category: '배송', title: '언제 오나요', content: '궁금해요' })
      .returning();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket?.id}/answer`,
      headers: ADMIN_KEY_HEADERS,
      payload: { body: '내일 출고돼요.' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await settlePushes(t.ctx);
    expect(await rowsOf(m.user.id)).toEqual([
      expect.objectContaining({
        kind: 'TICKET',
        body: '언제 오나요',
        link: `/mypage/inquiries/${ticket?.id}`,
        push_status: 'SENT',
      }),
    ]);
  });

  it('a curation published by the curator and by the delayed publish, once each', async () => {
    const m = await createMember(t.ctx, { is_app_alert: true });
    const draft = (publishAt: Date) =>
      t.ctx.db
        .insert(curations)
        .values({ user_id: m.user.id, status: 'DRAFT', publish_at: publishAt, curator_name: '민지' })
        .returning()
        .then((r) => r[0]!);
    const soon = await draft(new Date(clock.now().getTime() + 30 * 60_000));
    const now = await draft(new Date(clock.now().getTime() + 24 * 3_600_000));
    expect(await publishDue(t.ctx)).toBe(0);
    expect(await rowsOf(m.user.id)).toHaveLength(0);

    const published = await t.app.inject({
      method: 'POST',
      url: `/api/admin/curations/${now.id}/publish`,
      headers: ADMIN_KEY_HEADERS,
    });
    expect(published.statusCode, published.body).toBe(200);
    setKst(20, 13);
    expect(await publishDue(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await publishDue(t.ctx)).toBe(0);
    await settlePushes(t.ctx);
    const rows = await rowsOf(m.user.id);
    expect(rows.map((r) => r.dedupe_key)).toEqual([
      `curation-published:${now.id}`,
      `curation-published:${soon.id}`,
    ]);
    expect(
      rows.every((r) => r.kind === 'CURATION' && r.link === '/curation' && r.push_status === 'SENT'),
    ).toBe(true);
    expect(rows[0]?.body).toContain('민지');
  });

  it('review credit paid: a REVIEW notification with the points, pushed only with the benefit flag', async () => {
    const shop = await makeShop(t.ctx);
    const m = await createMember(t.ctx, { is_app_alert: true, is_benefit_alert: false });
    const placed = await placeOrder(t.app, m.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const [item] = await t.ctx.db
      .update(orderItems)
      .set({ status: 'COMPLETE', completed_at: clock.now() })
      .where(eq(orderItems.order_id, placed.id))
      .returning();
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: item?.id,
      rating: 5,
      content: '핏이 깔끔하고 원단이 두툼해서 좋아요.',
      size_feel: 'FIT',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await settlePushes(t.ctx);
    const [note] = await rowsOf(m.user.id);
    expect(note).toMatchObject({ kind: 'REVIEW', link: '/mypage/points', push_status: 'SKIPPED' });
    expect(note?.body).toContain(`${Number(r.body.credit_paid).toLocaleString('ko-KR')}포인트`);
    expect(pushesTo(m.user.uuid)).toHaveLength(0);
  });

  it('a coupon expiring: once, three days before, only unused and unexpired ones', async () => {
    const m = await createMember(t.ctx, { ...ALL_ON });
    const now = clock.now();
    const expiring = await issueCoupon(t.ctx, m.user.id, now, { name: '겨울 쿠폰' }, 5);
    const used = await issueCoupon(t.ctx, m.user.id, now, {}, 2);
    await t.ctx.db.update(coupons).set({ used_at: now }).where(eq(coupons.id, used));
    await issueCoupon(t.ctx, m.user.id, now, {}, -1);
    await notifyExpiringCoupons(t.ctx);
    expect(await rowsOf(m.user.id)).toHaveLength(0);

    // Two days later the winter coupon has three days left.
    setKst(22, 12);
    await notifyExpiringCoupons(t.ctx);
    setKst(23, 12);
    await notifyExpiringCoupons(t.ctx);
    await settlePushes(t.ctx);
    const rows = await rowsOf(m.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'COUPON',
        dedupe_key: `coupon-expiring:${expiring}`,
        link: '/mypage/coupons',
        push_status: 'SENT',
      }),
    ]);
    expect(rows[0]?.body).toContain('겨울 쿠폰');
    expect(rows[0]?.body).toContain('3일 후');
    expect(pushesTo(m.user.uuid)).toHaveLength(1);
  });

  it('a coupon expiring: a limited sweep tells the next coupons, past those already told', async () => {
    // The notifications are users' rows: the sweep reads past the coupons they already cover
    // instead of stopping at them.
    await notifyExpiringCoupons(t.ctx);
    const m = await createMember(t.ctx, { ...ALL_ON });
    const now = clock.now();
    const ids = [
      await issueCoupon(t.ctx, m.user.id, now, {}, 1),
      await issueCoupon(t.ctx, m.user.id, now, {}, 2),
      await issueCoupon(t.ctx, m.user.id, now, {}, 2),
    ];
    for (let told = 1; told <= ids.length; told++) {
      expect(await notifyExpiringCoupons(t.ctx, 1)).toBe(1);
      expect((await rowsOf(m.user.id)).map((r) => r.dedupe_key)).toEqual(
        ids.slice(0, told).map((id) => `coupon-expiring:${id}`),
      );
    }
    expect(await notifyExpiringCoupons(t.ctx, 1)).toBe(0);
  });

  it('the dedupe key keeps one row per member (another member has their own)', async () => {
    const m = await createMember(t.ctx);
    const o = await createMember(t.ctx);
    const n = { kind: 'MARKETING' as const, title: '혜택', body: '…', link: null, dedupe_key: 'promo:1' };
    expect(await notify(t.ctx.db, t.ctx, m.user.id, n)).not.toBeNull();
    expect(await notify(t.ctx.db, t.ctx, m.user.id, n)).toBeNull();
    expect(await notify(t.ctx.db, t.ctx, o.user.id, n)).not.toBeNull();
    expect(await rowsOf(m.user.id)).toHaveLength(1);
  });
});

describe('pushes', () => {
  const coupon = { kind: 'COUPON' as const, title: '쿠폰', body: '곧 만료', link: '/mypage/coupons' };

  it('need the app alert; benefit kinds need the benefit alert too; the row is always written', async () => {
    const off = await createMember(t.ctx, { is_app_alert: false, is_benefit_alert: true });
    const noBenefit = await createMember(t.ctx, { is_app_alert: true, is_benefit_alert: false });
    await notify(t.ctx.db, t.ctx, off.user.id, { ...coupon, kind: 'ORDER' });
    await notify(t.ctx.db, t.ctx, noBenefit.user.id, coupon);
    await notify(t.ctx.db, t.ctx, noBenefit.user.id, { ...coupon, kind: 'CLAIM' });
    await settlePushes(t.ctx);
    expect((await rowsOf(off.user.id)).map((r) => r.push_status)).toEqual(['SKIPPED']);
    expect((await rowsOf(noBenefit.user.id)).map((r) => r.push_status)).toEqual(['SKIPPED', 'SENT']);
    expect(pushesTo(off.user.uuid)).toHaveLength(0);
    expect(pushesTo(noBenefit.user.uuid).map((p) => p.kind)).toEqual(['CLAIM']);
  });

  it('marketing at night is held until 08:00 KST, then the sweep sends it (flags read at send time)', async () => {
    const m = await createMember(t.ctx, { ...ALL_ON });
    const later = await createMember(t.ctx, { ...ALL_ON });
    setKst(20, 22, 10);
    await notify(t.ctx.db, t.ctx, m.user.id, coupon);
    await notify(t.ctx.db, t.ctx, later.user.id, coupon);
    await settlePushes(t.ctx);
    const [held] = await rowsOf(m.user.id);
    expect(held).toMatchObject({ push_status: 'HELD', push_after: kstDate(2026, 11, 21, 8) });
    expect(pushesTo(m.user.uuid)).toHaveLength(0);
    // Meanwhile the second member turns benefit alerts off: their push is dropped at 08:00.
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/users/notification-permissions',
      headers: await refreshedHeaders(t.ctx, later.user.id),
      payload: { is_benefit_alert: false },
    });
    expect(off.statusCode).toBe(200);

    setKst(21, 7, 59);
    await releaseDuePushes(t.ctx);
    expect(pushesTo(m.user.uuid)).toHaveLength(0);
    setKst(21, 8, 0);
    await releaseDuePushes(t.ctx);
    expect(pushesTo(m.user.uuid)).toHaveLength(1);
    expect((await rowsOf(m.user.id))[0]?.push_status).toBe('SENT');
    expect((await rowsOf(later.user.id))[0]?.push_status).toBe('SKIPPED');
    expect(pushesTo(later.user.uuid)).toHaveLength(0);
    // Sent once: the next pass finds nothing.
    await releaseDuePushes(t.ctx);
    expect(pushesTo(m.user.uuid)).toHaveLength(1);
  });

  it('with night-time consent marketing goes at night; agreeing later lifts the hold at once', async () => {
    const agreed = await createMember(t.ctx, { ...ALL_ON, is_nighttime_alert: true });
    const m = await createMember(t.ctx, { ...ALL_ON });
    setKst(20, 23, 0);
    await notify(t.ctx.db, t.ctx, agreed.user.id, { ...coupon, kind: 'MARKETING' });
    await notify(t.ctx.db, t.ctx, m.user.id, coupon);
    await settlePushes(t.ctx);
    expect(pushesTo(agreed.user.uuid)).toHaveLength(1);
    expect((await rowsOf(m.user.id))[0]?.push_status).toBe('HELD');

    const consent = await t.app.inject({
      method: 'POST',
      url: '/api/users/notification-permissions',
      headers: await refreshedHeaders(t.ctx, m.user.id),
      payload: { is_nighttime_alert: true },
    });
    expect(consent.json()).toMatchObject({ ...ALL_ON, is_nighttime_alert: true });
    await settlePushes(t.ctx);
    expect(pushesTo(m.user.uuid)).toHaveLength(1);
    expect((await rowsOf(m.user.id))[0]?.push_status).toBe('SENT');
  });

  it('a failing push service never fails the request: the push is retried, FAILED after the last attempt', async () => {
    const m = await createMember(t.ctx, { is_app_alert: true });
    setPushSender(t.ctx, {
      kind: 'dev',
      send: async () => {
        throw new Error('push service down');
      },
      setTags: async () => {},
      hasAppSubscription: async () => false,
    });
    const [ticket] = await t.ctx.db
      .insert(supportTickets)
      .values({ user_id: m.user.id, main_category: '배송', title: '문의', content: '…' })
      .returning();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket?.id}/answer`,
      headers: ADMIN_KEY_HEADERS,
      payload: { body: '답변' },
    });
    expect(answer.statusCode).toBe(200);
    await settlePushes(t.ctx);
    // Still held: its outbox row waits for the next attempt.
    expect((await rowsOf(m.user.id)).map((r) => [r.kind, r.push_status])).toEqual([['TICKET', 'HELD']]);
    const [note] = await rowsOf(m.user.id);
    const [effect] = await t.ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'notification_id' = ${String(note?.id)}`);
    expect(effect).toMatchObject({ kind: 'push.send', attempts: 1, last_error: 'push service down' });
    // The last attempt fails too: the push is FAILED, the row kept.
    await t.ctx.db.update(outbox).set({ available_at: clock.now() }).where(eq(outbox.id, effect!.id));
    await deliverOutbox(t.ctx, 100, { maxAttempts: 2 });
    expect((await rowsOf(m.user.id)).map((r) => [r.kind, r.push_status])).toEqual([['TICKET', 'FAILED']]);
  });

  it('a rolled-back notification is never pushed', async () => {
    const m = await createMember(t.ctx, { is_app_alert: true });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await notify(tx, t.ctx, m.user.id, { ...coupon, kind: 'ORDER' });
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    await settlePushes(t.ctx);
    expect(await rowsOf(m.user.id)).toHaveLength(0);
    expect(pushesTo(m.user.uuid)).toHaveLength(0);
  });
});

describe('members see only their own notifications', () => {
  it('cannot read or mark another member’s rows', async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const mine = await notify(t.ctx.db, t.ctx, m.user.id, {
      kind: 'ORDER',
      title: '내 알림',
      body: '…',
      link: null,
    });
    const theirs = (await t.app.inject({ url: '/api/users/notifications', headers: other.headers })).json();
    expect(theirs).toMatchObject({ total_count: 0, result: [] });
    const mark = await t.app.inject({
      method: 'POST',
      url: '/api/users/notifications/read',
      headers: other.headers,
      payload: { ids: [mine?.id] },
    });
    expect(mark.json()).toEqual({ unread_count: 0 });
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, mine?.id ?? 0), eq(notifications.user_id, m.user.id)));
    expect(row?.read_at).toBeNull();
  });
});

describe('the push sender', () => {
  const message: PushMessage = {
    external_id: '9f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
    title: '쿠폰이 곧 사라져요',
    body: '겨울 쿠폰 · 3일 후 만료돼요.',
    link: '/mypage/coupons',
    kind: 'COUPON',
    notification_id: 7,
  };

  it('speaks OneSignal’s create-notification call, addressed by external id', async () => {
    const fetchMock = vi.fn(async () => new Response('{"id":"x"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const sender = new OneSignalPushSender({
        baseUrl: 'https://api.onesignal.com/',
        appId: '11111111-2222-4333-8444-555555555555',
        apiKey: 'os-key',
        linkOrigin: 'https://codiroom.example',
      });
      await sender.send(message);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('https://api.onesignal.com/notifications');
      expect(init.method).toBe('POST');
      expect(init.headers).toMatchObject({ authorization: 'Key os-key', 'content-type': 'application/json' });
      expect(JSON.parse(String(init.body))).toEqual({
        app_id: '11111111-2222-4333-8444-555555555555',
        target_channel: 'push',
        include_aliases: { external_id: [message.external_id] },
        headings: { ko: message.title, en: message.title },
        contents: { ko: message.body, en: message.body },
        data: { link: '/mypage/coupons', kind: 'COUPON', notification_id: 7 },
        url: 'https://codiroom.example/mypage/coupons',
      });
      fetchMock.mockImplementationOnce(async () => new Response('bad', { status: 400 }));
      await expect(sender.send(message)).rejects.toThrow('400');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is OneSignal with both keys, the dev sink without, and nothing in production without keys', () => {
    const keys = { ONESIGNAL_APP_ID: '11111111-2222-4333-8444-555555555555', ONESIGNAL_API_KEY: 'k' };
    expect(createPushSender(loadConfig(testEnv(keys))).kind).toBe('onesignal');
    expect(createPushSender(loadConfig(testEnv())).kind).toBe('dev');
    expect(createPushSender({ ...loadConfig(testEnv()), NODE_ENV: 'production' }).kind).toBe('off');
    expect(() => loadConfig(testEnv({ ONESIGNAL_API_KEY: 'k' }))).toThrow('set together');
  });
});
