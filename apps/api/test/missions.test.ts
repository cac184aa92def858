/**
 * Missions (docs/ARCHITECTURE.md, 'Benefits'): GET /api/curations/mission lists the member's missions with
 * the completion computed from real data, and POST /api/benefits/receive-mission-point credits a completed
 * mission once (also under concurrent receives), refusing unfinished ones; both decide "completed" with the
 * same function.
 */
import { MissionListBody } from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dailyQuizAnswers,
  dailyQuizzes,
  missionCompletions,
  missions,
  personalColorAnswers,
  pointLedger,
  productDisplays,
  reviews,
  styleQuizzes,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { type DevPushSink, pushSenderFor } from '../src/domains/users/push.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';

let t: TestApp;
let displayId: number;

type Method = 'GET' | 'POST';
async function call(method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) {
  const r = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: r.statusCode, body: r.json() };
}

async function list(headers: Record<string, string>): Promise<MissionListBody> {
  const r = await call('GET', '/api/curations/mission', headers);
  expect(r.status).toBe(200);
  return MissionListBody.parse(r.body);
}
const byCode = (body: MissionListBody, code: string) => {
  const m = body.result.find((x) => x.code === code);
  if (!m) throw new Error(`mission ${code} missing`);
  return m;
};
const receive = (headers: Record<string, string>, mission: string | number) =>
  call('POST', '/api/benefits/receive-mission-point', headers, { mission });

async function missionLedger(userId: number) {
  return t.ctx.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.user_id, userId), eq(pointLedger.reason, 'MISSION')));
}

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.ctx.db, { products: 10 });
  const [d] = await t.ctx.db.select({ id: productDisplays.id }).from(productDisplays).limit(1);
  displayId = d?.id as number;
}, 120_000);
afterAll(() => t?.close());

describe('GET /api/curations/mission', () => {
  it('lists every active seeded mission for a new member: nothing completed, nothing received', async () => {
    const m = await createMember(t.ctx);
    const body = await list(m.headers);
    const seeded = await t.ctx.db.select().from(missions).where(eq(missions.is_active, true));
    expect(body.result.map((x) => x.id)).toEqual(seeded.map((s) => s.id).sort((a, b) => a - b));
    expect(body.result.map((x) => x.code)).toContain('APP_PUSH_CONSENT');
    for (const x of body.result) {
      const row = seeded.find((s) => s.id === x.id);
      expect(x).toMatchObject({
        title: row?.title,
        point: row?.point,
        is_completed: false,
        is_received: false,
      });
      expect(x.description.length).toBeGreaterThan(0);
      expect(x.received_at).toBeNull();
    }
    expect(body.receivable_point).toBe(0);
    expect(body.balance).toBe(0);
  });

  it('answers 401 to a guest and to a visitor without any id', async () => {
    const none = await call('GET', '/api/curations/mission');
    expect(none.status).toBe(401);
    expect(typeof none.body.detail).toBe('string');
    const guest = await call('GET', '/api/curations/mission', guestHeader(t.ctx, 'guest-missions-1'));
    expect(guest.status).toBe(401);
  });

  it('flips each mission to completed when the member does what it asks', async () => {
    const m = await createMember(t.ctx);
    const uid = m.user.id;
    const completed = async () =>
      (await list(m.headers)).result
        .filter((x) => x.is_completed)
        .map((x) => x.code)
        .sort();
    expect(await completed()).toEqual([]);

    // App push consent: the web switch alone is not the app's permission (any browser can flip it).
    const push = await call('POST', '/api/users/notification-permissions', m.headers, { is_app_alert: true });
    expect(push.status).toBe(200);
    expect(await completed()).toEqual([]);
    // The app reports a subscription the push service does not hold for this member: refused.
    const subscription = 'e2c1d5a8-7a41-4b7e-9c61-000000000107';
    const unknown = await call('POST', '/api/users/app-push-permission', m.headers, {
      granted: true,
      subscription_id: subscription,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('알림 권한을 확인하지 못했어요');
    expect(await completed()).toEqual([]);
    // Once the push service holds it (the app's SDK logged in with the uuid), the report completes it.
    (pushSenderFor(t.ctx) as DevPushSink).registerDevice(m.user.uuid, subscription);
    const verified = await call('POST', '/api/users/app-push-permission', m.headers, {
      granted: true,
      subscription_id: subscription,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true, is_app_alert: true });
    expect(await completed()).toEqual(['APP_PUSH_CONSENT']);

    await t.ctx.db.insert(styleQuizzes).values({ user_id: uid, answers: { style: 'minimal' } });
    expect(await completed()).toEqual(['APP_PUSH_CONSENT', 'STYLE_QUIZ']);

    // A review an operator hid does not count.
    await t.ctx.db.insert(reviews).values({
      user_id: uid,
      product_display_id: displayId,
      rating: 1,
      content: '광고',
      hidden_at: new Date(),
    });
    expect(await completed()).toEqual(['APP_PUSH_CONSENT', 'STYLE_QUIZ']);
    // A text review completes the first-review mission only; a photo review the photo one too.
    await t.ctx.db
      .insert(reviews)
      .values({ user_id: uid, product_display_id: displayId, rating: 5, content: '좋아요' });
    expect(await completed()).toEqual(['APP_PUSH_CONSENT', 'FIRST_REVIEW', 'STYLE_QUIZ']);
    await t.ctx.db
      .insert(reviews)
      .values({ user_id: uid, product_display_id: displayId, rating: 4, content: '사진', photo_count: 2 });
    expect(await completed()).toEqual(['APP_PUSH_CONSENT', 'FIRST_REVIEW', 'PHOTO_REVIEW', 'STYLE_QUIZ']);

    await t.ctx.db.insert(personalColorAnswers).values({ user_id: uid, answers: {}, result: 'SPRING_WARM' });
    expect(await completed()).toContain('PERSONAL_COLOR');

    // Daily quiz: six consecutive days and a separate day are not a 7-day streak; the 7th is.
    const quizzes = await t.ctx.db.select().from(dailyQuizzes).orderBy(dailyQuizzes.quiz_date);
    expect(quizzes.length).toBeGreaterThanOrEqual(9);
    const answer = (i: number) =>
      t.ctx.db
        .insert(dailyQuizAnswers)
        .values({ user_id: uid, daily_quiz_id: quizzes[i]?.id as number, answer: 'A' });
    for (const i of [0, 1, 2, 3, 4, 5, 7]) await answer(i);
    expect(await completed()).not.toContain('DAILY_QUIZ_7');
    await answer(6);
    expect(await completed()).toContain('DAILY_QUIZ_7');

    const body = await list(m.headers);
    expect(body.result.every((x) => x.is_completed)).toBe(true);
    expect(body.receivable_point).toBe(body.result.reduce((s, x) => s + x.point, 0));
  });
});

describe('POST /api/benefits/receive-mission-point', () => {
  it('refuses an unfinished mission with a Korean detail and credits nothing', async () => {
    const m = await createMember(t.ctx);
    const r = await receive(m.headers, 'APP_PUSH_CONSENT');
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('미션을 완료하지 않았습니다.');
    expect(await missionLedger(m.user.id)).toHaveLength(0);
    const rows = await t.ctx.db
      .select()
      .from(missionCompletions)
      .where(eq(missionCompletions.user_id, m.user.id));
    expect(rows).toHaveLength(0);
    expect((await receive(m.headers, 'NO_SUCH_MISSION')).status).toBe(404);
    expect(
      (await call('POST', '/api/benefits/receive-mission-point', {}, { mission: 'STYLE_QUIZ' })).status,
    ).toBe(401);
  });

  it('credits a completed mission once through the ledger; the list shows it received', async () => {
    const m = await createMember(t.ctx, { is_app_alert: true, app_push_verified_at: new Date() });
    const before = byCode(await list(m.headers), 'APP_PUSH_CONSENT');
    expect(before).toMatchObject({ is_completed: true, is_received: false });

    const ok = await receive(m.headers, before.id);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ result: 'success', point: before.point, balance: before.point });

    const after = await list(m.headers);
    expect(byCode(after, 'APP_PUSH_CONSENT')).toMatchObject({ is_completed: true, is_received: true });
    expect(byCode(after, 'APP_PUSH_CONSENT').received_at).not.toBeNull();
    expect(after.balance).toBe(before.point);
    expect(after.receivable_point).toBe(0);

    const again = await receive(m.headers, 'APP_PUSH_CONSENT');
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('이미 포인트를 받은 미션입니다.');
    const ledger = await missionLedger(m.user.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: before.point, ref_type: 'mission', ref_id: before.id });

    // Turning push off afterwards keeps the received mission completed (the completion is recorded).
    await call('POST', '/api/users/notification-permissions', m.headers, { is_app_alert: false });
    expect(byCode(await list(m.headers), 'APP_PUSH_CONSENT')).toMatchObject({
      is_completed: true,
      is_received: true,
    });
  });

  it('credits once when the same mission is received concurrently', async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db.insert(styleQuizzes).values({ user_id: m.user.id, answers: {} });
    const results = await Promise.all(Array.from({ length: 6 }, () => receive(m.headers, 'STYLE_QUIZ')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.body.detail).toBe('이미 포인트를 받은 미션입니다.');
    }
    const ledger = await missionLedger(m.user.id);
    expect(ledger).toHaveLength(1);
    const body = await list(m.headers);
    expect(body.balance).toBe(byCode(body, 'STYLE_QUIZ').point);
  });
});
