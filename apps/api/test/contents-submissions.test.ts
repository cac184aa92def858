/**
 * Content POSTs store what they receive (post feedback, survey, quiz, mini-quiz, codi quiz event,
 * curator chat, telephone CS, daily-look feedback) and the daily look.
 */
import { fixedClock, kstDate, MESSAGES } from '@codiroom/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, codiSets, eventLogs, postFeedback, posts, productDisplays } from '../src/db/schema.ts';
import { seed } from '../src/seed/index.ts';
import { createMember, createTestApp, guestIdOf, operatorSession, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
let GUEST_ID: string;
let GUEST: Record<string, string>;
let t: TestApp;
let running: number;
let ended: number;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00Z') });
  GUEST_ID = guestIdOf(t.ctx, 'content-guest-1');
  GUEST = { 'x-guest-user-id': GUEST_ID };
  await seed(t.ctx.db, { products: 60, now: SEED_NOW });
  const [r] = await t.ctx.db.select().from(posts).where(eq(posts.status, 'RUNNING')).limit(1);
  const [e] = await t.ctx.db.select().from(posts).where(eq(posts.status, 'ENDED')).limit(1);
  if (!r || !e) throw new Error('seed needs a running and an ended post');
  running = r.id;
  ended = e.id;
});
afterAll(async () => {
  await t?.close();
});

async function post(url: string, payload: unknown, headers: Record<string, string> = GUEST) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json() };
}

async function lastEvent(name: string) {
  const [row] = await t.ctx.db
    .select()
    .from(eventLogs)
    .where(and(eq(eventLogs.kind, 'EVENT'), eq(eventLogs.name, name)))
    .orderBy(desc(eventLogs.id))
    .limit(1);
  return row;
}

describe('posts/{id}/feedback', () => {
  it('stores the feedback of a guest on a running post', async () => {
    const r = await post(`/api/contents/posts/${running}/feedback`, { value: 'helpful' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: 'SUCCESS' });
    const [row] = await t.ctx.db.select().from(postFeedback).where(eq(postFeedback.id, r.body.id));
    expect(row).toMatchObject({
      post_id: running,
      guest_id: GUEST_ID,
      user_id: null,
      value: 'helpful',
    });
  });

  it("answers 404 '현재 진행중인 컨텐츠가 아닙니다.' for ended, missing and non-numeric posts", async () => {
    for (const id of [ended, 999999, 'abc']) {
      expect(await post(`/api/contents/posts/${id}/feedback`, { value: 'like' })).toEqual({
        status: 404,
        body: { detail: MESSAGES.postNotRunning },
      });
    }
  });

  it('needs a guest id or a token, and a value', async () => {
    expect((await post(`/api/contents/posts/${running}/feedback`, { value: 'x' }, {})).status).toBe(401);
    const bad = await post(`/api/contents/posts/${running}/feedback`, { value: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('value');
  });
});

describe('post survey, quiz and mini-quiz', () => {
  it('store the answers with the caller', async () => {
    const member = await createMember(t.ctx);
    const cases = [
      ['post-survey', { post_id: running, answers: { q1: '매우 만족', q2: 4, q3: ['셔츠', '슬랙스'] } }],
      ['post-quiz', { post_id: running, question_id: 3, answer: 'B' }],
      ['post-mini-quiz', { post_id: running, answer: true }],
    ] as const;
    for (const [name, body] of cases) {
      const r = await post(`/api/contents/${name}`, body, member.headers);
      expect(r.status, name).toBe(200);
      const row = await lastEvent(name);
      expect(row?.id).toBe(r.body.id);
      expect(row).toMatchObject({ user_id: member.user.id, guest_id: null, payload: body });
    }
  });

  it('refuse an ended post, empty answers and a missing post_id', async () => {
    expect(await post('/api/contents/post-quiz', { post_id: ended, answer: 'A' })).toEqual({
      status: 404,
      body: { detail: MESSAGES.postNotRunning },
    });
    expect((await post('/api/contents/post-survey', { post_id: running, answers: {} })).status).toBe(400);
    const missing = await post('/api/contents/post-mini-quiz', { answer: 'A' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('post_id');
  });
});

describe('codi quiz event, curator chat and telephone CS', () => {
  it('codi-quiz-event stores a guest entry and checks the codi set', async () => {
    const [codi] = await t.ctx.db.select().from(codiSets).where(eq(codiSets.is_active, true)).limit(1);
    const r = await post('/api/contents/codi-quiz-event', { codi_id: codi?.id, answer: '출근룩' });
    expect(r.status).toBe(200);
    expect((await lastEvent('codi-quiz-event'))?.payload).toEqual({ codi_id: codi?.id, answer: '출근룩' });
    expect((await post('/api/contents/codi-quiz-event', { codi_id: 999999, answer: 'x' })).status).toBe(404);
  });

  it('post-curator-chat and telephone-cs need a member token and store the message', async () => {
    expect((await post('/api/contents/post-curator-chat', { message: '안녕하세요' })).status).toBe(401);
    expect((await post('/api/contents/telephone-cs', { content: '전화 주세요' })).status).toBe(401);
    const member = await createMember(t.ctx);
    const chat = await post(
      '/api/contents/post-curator-chat',
      { post_id: running, message: '코디 추천해주세요' },
      member.headers,
    );
    expect(chat.status).toBe(200);
    expect(await lastEvent('post-curator-chat')).toMatchObject({
      user_id: member.user.id,
      payload: { post_id: running, message: '코디 추천해주세요' },
    });
    const cs = await post(
      '/api/contents/telephone-cs',
      { phone: '010-1234-5678', preferred_time: '오후 2시', content: '교환 문의' },
      member.headers,
    );
    expect(cs.status).toBe(200);
    expect((await lastEvent('telephone-cs'))?.payload).toEqual({
      phone: '01012345678',
      preferred_time: '오후 2시',
      content: '교환 문의',
    });
    const badPhone = await post('/api/contents/telephone-cs', { phone: '12', content: 'x' }, member.headers);
    expect(badPhone.status).toBe(400);
    expect((await post('/api/contents/post-curator-chat', { message: ' ' }, member.headers)).status).toBe(
      400,
    );
  });
});

describe('daily look', () => {
  it('one codi set per KST day, the same for everyone, rotating by day', async () => {
    t.ctx.clock = fixedClock(kstDate(2026, 11, 20, 0, 5));
    const a = await t.app.inject({ url: '/api/contents/daily-look' });
    expect(a.statusCode).toBe(200);
    const body = a.json();
    expect(body.date).toBe('2026-11-20');
    expect(body.codi.products.length).toBeGreaterThan(0);
    t.ctx.clock = fixedClock(kstDate(2026, 11, 20, 23, 55));
    expect((await t.app.inject({ url: '/api/contents/daily-look' })).json().codi.id).toBe(body.codi.id);
    const active = await t.ctx.db
      .select({ id: codiSets.id })
      .from(codiSets)
      .where(eq(codiSets.is_active, true))
      .orderBy(asc(codiSets.id));
    const day = Math.floor(Date.parse('2026-11-20T00:00:00Z') / 86_400_000);
    expect(body.codi.id).toBe(active[day % active.length]?.id);
    t.ctx.clock = fixedClock(kstDate(2026, 11, 21, 0, 5));
    const next = (await t.app.inject({ url: '/api/contents/daily-look' })).json();
    expect(next.date).toBe('2026-11-21');
    if (active.length > 1) expect(next.codi.id).not.toBe(body.codi.id);
    t.ctx.clock = fixedClock('2026-11-20T03:00:00Z');
  });

  it('daily-look-feedback stores like/dislike for an active codi set', async () => {
    const look = (await t.app.inject({ url: '/api/contents/daily-look' })).json();
    const r = await post('/api/contents/daily-look-feedback', { codi_id: look.codi.id, value: 'like' });
    expect(r.status).toBe(200);
    expect(await lastEvent('daily-look-feedback')).toMatchObject({
      guest_id: GUEST_ID,
      payload: { codi_id: look.codi.id, value: 'like', date: '2026-11-20' },
    });
    expect(
      (await post('/api/contents/daily-look-feedback', { codi_id: look.codi.id, value: 'meh' })).status,
    ).toBe(400);
    expect((await post('/api/contents/daily-look-feedback', { codi_id: 999999, value: 'like' })).status).toBe(
      404,
    );
  });
});

describe('admin: female-landing', () => {
  it('stores the landing for operators only and checks the product ids', async () => {
    const body = { title: '여성 랜딩', subtitle: '봄 신상', product_display_ids: [] as number[] };
    expect((await post('/api/admin/contents/female-landing', body)).status).toBe(401);
    const member = await createMember(t.ctx);
    expect((await post('/api/admin/contents/female-landing', body, member.headers)).status).toBe(403);
    const admin = await operatorSession(t, ['MD']);
    const [p] = await t.ctx.db.select({ id: productDisplays.id }).from(productDisplays).limit(1);
    const ok = await post(
      '/api/admin/contents/female-landing',
      { ...body, product_display_ids: [p?.id, p?.id] },
      admin.headers,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe('SUCCESS');
    const [row] = await t.ctx.db.select().from(appMeta).where(eq(appMeta.key, 'female_landing'));
    expect(row?.value).toMatchObject({
      title: '여성 랜딩',
      subtitle: '봄 신상',
      product_display_ids: [p?.id],
      is_active: true,
    });
    const bad = await post(
      '/api/admin/contents/female-landing',
      { ...body, product_display_ids: [999999] },
      admin.headers,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('999999');
  });
});

describe('OpenAPI', () => {
  it('lists the content calls of API-CATALOGUE.md', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const [method, path] of [
      ['get', '/api/contents/daily-look'],
      ['post', '/api/contents/posts/{id}/feedback'],
      ['post', '/api/contents/daily-look-feedback'],
      ['post', '/api/contents/post-curator-chat'],
      ['post', '/api/contents/post-survey'],
      ['post', '/api/contents/post-quiz'],
      ['post', '/api/contents/codi-quiz-event'],
      ['post', '/api/contents/telephone-cs'],
      ['post', '/api/contents/post-mini-quiz'],
      ['post', '/api/admin/contents/female-landing'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses?.['200'], `${method} ${path}`).toBeTruthy();
    }
  });
});
