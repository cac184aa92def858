/**
 * SPEC.md §4 "Session": login "then sets analytics and push attributes". Every login (sign-up,
 * phone sign-in) tags the member on the push service with the experiment groups, the alarm
 * switches, the method and the KST date; changing the switches re-tags; a failing push service
 * never fails the login; the OneSignal adapter speaks "Update user" by external id; the
 * storefront's `login` analytics event is stored as an EVENT row of the member.
 */
import { abGroups, kstDate } from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventLogs, users } from '../src/db/schema.ts';
import { settlePushes } from '../src/domains/users/notify.ts';
import { DevPushSink, OneSignalPushSender, setPushSender } from '../src/domains/users/push.ts';
import { signUpViaApi } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const at = kstDate(2026, 11, 27, 9, 30);
let t: TestApp;
let sink: DevPushSink;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(at) } });
});
afterAll(() => t?.close());
afterEach(() => {
  sink = new DevPushSink();
  setPushSender(t.ctx, sink);
});

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

describe('push attributes at login', () => {
  it('sign-up and sign-in tag the member with groups, switches, method and the KST date', async () => {
    sink = new DevPushSink();
    setPushSender(t.ctx, sink);
    const { phone, body } = await signUpViaApi(t.app, { password: 'codiroom123' });
    await settlePushes(t.ctx);
    const { abType, subAbType } = abGroups(body.user.uuid);
    expect(sink.tags.get(body.user.uuid)).toEqual({
      ab_type: abType,
      sub_ab_type: subAbType,
      app_alert: '0',
      benefit_alert: '0',
      nighttime_alert: '0',
      login_method: 'phone',
      last_login: '2026-11-27',
    });

    sink.tags.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'codiroom123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settlePushes(t.ctx);
    expect(sink.tags.get(body.user.uuid)?.login_method).toBe('phone');

    // The switches follow: agreeing to app alerts re-tags without a login.
    const consent = await t.app.inject({
      method: 'POST',
      url: '/api/users/notification-permissions',
      headers: bearer(body.access),
      payload: { is_app_alert: true, is_benefit_alert: true },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    await settlePushes(t.ctx);
    expect(sink.tags.get(body.user.uuid)).toMatchObject({
      app_alert: '1',
      benefit_alert: '1',
      nighttime_alert: '0',
    });
  });

  it('a wrong password tags nobody', async () => {
    const { phone, body } = await signUpViaApi(t.app);
    await settlePushes(t.ctx);
    sink.tags.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'wrong-password-1' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    await settlePushes(t.ctx);
    expect(sink.tags.has(body.user.uuid)).toBe(false);
  });

  it('a failing push service never fails the login', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'codiroom123' });
    setPushSender(t.ctx, {
      kind: 'dev',
      send: async () => {},
      setTags: async () => {
        throw new Error('push service down');
      },
      hasAppSubscription: async () => false,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'codiroom123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settlePushes(t.ctx);
  });

  it('speaks OneSignal’s update-user call by external id; an unknown user (404) is not a failure', async () => {
    const fetchMock = vi.fn(async () => new Response('{"properties":{}}', { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const sender = new OneSignalPushSender({
        baseUrl: 'https://api.onesignal.com/',
        appId: '11111111-2222-4333-8444-555555555555',
        apiKey: 'os-key',
      });
      await sender.setTags('8c1f0b8e-0000-4000-8000-000000000001', { ab_type: 'A' });
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe(
        'https://api.onesignal.com/apps/11111111-2222-4333-8444-555555555555/users/by/external_id/8c1f0b8e-0000-4000-8000-000000000001',
      );
      expect(init.method).toBe('PATCH');
      expect(init.headers).toMatchObject({ authorization: 'Key os-key', 'content-type': 'application/json' });
      expect(JSON.parse(String(init.body))).toEqual({ properties: { tags: { ab_type: 'A' } } });
      fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 404 }));
      await expect(sender.setTags('x', { a: '1' })).resolves.toBeUndefined();
      fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 401 }));
      await expect(sender.setTags('x', { a: '1' })).rejects.toThrow('401');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('analytics attributes at login', () => {
  it("stores the storefront's login event with the method and groups, named by the access cookie", async () => {
    const { body } = await signUpViaApi(t.app);
    const { abType, subAbType } = abGroups(body.user.uuid);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/batch',
      headers: { cookie: `accessToken=${body.access}` },
      payload: {
        session_id: 'session-login-0001',
        ab_group: `${abType}${subAbType}`,
        events: [
          {
            kind: 'login',
            name: 'login',
            props: { login_method: 'phone', ab_type: abType, sub_ab_type: subAbType },
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.user_id, body.user.id), eq(eventLogs.name, 'login')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'EVENT', ab_group: `${abType}${subAbType}` });
    expect(rows[0]?.payload).toMatchObject({ login_method: 'phone', ab_type: abType });
  });
});

describe("the app's push permission (POST /api/users/app-push-permission)", () => {
  it("is recorded only for a subscription the push service holds for this member, never another member's", async () => {
    const a = await signUpViaApi(t.app);
    const b = await signUpViaApi(t.app);
    const sub = 'b7a1c0de-1111-4222-8333-444455556666';
    sink.registerDevice(b.body.user.uuid, sub);
    const report = (access: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/app-push-permission',
        headers: bearer(access),
        payload: body,
      });
    // A's claim of B's device is refused.
    const stolen = await report(a.body.access, { granted: true, subscription_id: sub });
    expect(stolen.statusCode).toBe(400);
    const [rowA] = await t.ctx.db.select().from(users).where(eq(users.id, a.body.user.id));
    expect(rowA).toMatchObject({ app_push_verified_at: null, is_app_alert: false });
    // B's own report is recorded and turns the app alerts on.
    const own = await report(b.body.access, { granted: true, subscription_id: sub });
    expect(own.statusCode, own.body).toBe(200);
    const [rowB] = await t.ctx.db.select().from(users).where(eq(users.id, b.body.user.id));
    expect(rowB?.app_push_subscription_id).toBe(sub);
    expect(rowB?.app_push_verified_at).not.toBeNull();
    expect(rowB?.is_app_alert).toBe(true);
    // Withdrawn in the phone's settings: cleared.
    const off = await report(b.body.access, { granted: false });
    expect(off.json()).toMatchObject({ verified: false });
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, b.body.user.id));
    expect(after).toMatchObject({ app_push_subscription_id: null, app_push_verified_at: null });
    // Bad bodies and no token.
    for (const body of [
      {},
      { granted: true },
      { granted: true, subscription_id: '<x>' },
      { granted: 'yes' },
    ]) {
      expect((await report(b.body.access, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/users/app-push-permission',
      payload: { granted: false },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("asks OneSignal's view-user call and accepts only an enabled app push with permission", async () => {
    const user = (subscriptions: unknown[]) =>
      new Response(JSON.stringify({ identity: { external_id: 'u' }, subscriptions }), { status: 200 });
    const fetchMock = vi.fn(async () =>
      user([
        { id: 'sub-web-0001', type: 'ChromePush', enabled: true, notification_types: 1 },
        { id: 'sub-ios-0001', type: 'iOSPush', enabled: true, notification_types: 1 },
        { id: 'sub-and-0001', type: 'AndroidPush', enabled: true, notification_types: -2 },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      const sender = new OneSignalPushSender({
        baseUrl: 'https://api.onesignal.com',
        appId: '11111111-2222-4333-8444-555555555555',
        apiKey: 'os-key',
      });
      expect(await sender.hasAppSubscription('member-uuid', 'sub-ios-0001')).toBe(true);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe(
        'https://api.onesignal.com/apps/11111111-2222-4333-8444-555555555555/users/by/external_id/member-uuid',
      );
      expect(init.method).toBe('GET');
      expect(init.headers).toMatchObject({ authorization: 'Key os-key' });
      expect(await sender.hasAppSubscription('member-uuid', 'sub-web-0001')).toBe(false);
      expect(await sender.hasAppSubscription('member-uuid', 'sub-and-0001')).toBe(false);
      expect(await sender.hasAppSubscription('member-uuid', 'sub-none-0001')).toBe(false);
      fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 404 }));
      expect(await sender.hasAppSubscription('nobody', 'sub-ios-0001')).toBe(false);
      fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 500 }));
      await expect(sender.hasAppSubscription('member-uuid', 'sub-ios-0001')).rejects.toThrow('500');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
