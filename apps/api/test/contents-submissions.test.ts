/**
 * Content POSTs store typed answers (post feedback, survey, quiz, mini-quiz, codi quiz event,
 * daily-look feedback; the rules in content-answers.test.ts) and the daily look. Curator chat and
 * telephone CS are support tickets (support-contact.test.ts).
 */
import { fixedClock, kstDate, MESSAGES } from '@codiroom/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, codiSets, contentAnswers, posts, productDisplays } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
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

describe('posts/{id}/feedback', () => {
  it('stores the feedback of a guest on a running post', async () => {
    const r = await post(`/api/contents/posts/${running}/feedback`, { value: 'helpful' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: 'SUCCESS' });
    const [row] = await t.ctx.db.select().from(contentAnswers).where(eq(contentAnswers.id, r.body.id));
    expect(row).toMatchObject({
      form: 'post-feedback',
      subject_id: running,
      guest_id: GUEST_ID,
      user_id: null,
      answer: { value: 'helpful' },
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

  it('needs a guest id or a token, and a known value', async () => {
    expect((await post(`/api/contents/posts/${running}/feedback`, { value: 'like' }, {})).status).toBe(401);
    for (const value of ['', 'meh']) {
      const bad = await post(`/api/contents/posts/${running}/feedback`, { value });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toContain('value');
    }
  });
});

describe('post survey, quiz and mini-quiz', () => {
  it('store the answers with the caller', async () => {
    const member = await createMember(t.ctx);
    const cases = [
      ['post-survey', { post_id: running, answers: { 1: '매우 만족', 2: 4, 3: ['셔츠', '슬랙스'] } }, 3],
      ['post-quiz', { post_id: running, question_id: 3, answer: 'B' }, 3],
      ['post-mini-quiz', { post_id: running, answer: true }, 0],
    ] as const;
    for (const [name, body, q] of cases) {
      const r = await post(`/api/contents/${name}`, body, member.headers);
      expect(r.status, name).toBe(200);
      const [row] = await t.ctx.db.select().from(contentAnswers).where(eq(contentAnswers.id, r.body.id));
      expect(row).toMatchObject({ form: name, subject_id: running, question_id: q, user_id: member.user.id });
    }
  });

  it('refuse an ended post, empty answers and a missing post_id', async () => {
    expect(await post('/api/contents/post-quiz', { post_id: ended, answer: 'A' })).toEqual({
      status: 404,
      body: { detail: MESSAGES.postNotRunning },
    });
    expect((await post('/api/contents/post-survey', { post_id: running, answers: {} })).status).toBe(400);
    expect((await post('/api/contents/post-survey', { post_id: running, answers: { q1: 'a' } })).status).toBe(
      400,
    );
    const missing = await post('/api/contents/post-mini-quiz', { answer: 'A' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('post_id');
  });
});

describe('codi quiz event', () => {
  it('stores a guest entry and checks the codi set', async () => {
    const [codi] = await t.ctx.db.select().from(codiSets).where(eq(codiSets.is_active, true)).limit(1);
    const r = await post('/api/contents/codi-quiz-event', { codi_id: codi?.id, answer: '출근룩' });
    expect(r.status).toBe(200);
    const [row] = await t.ctx.db.select().from(contentAnswers).where(eq(contentAnswers.id, r.body.id));
    expect(row).toMatchObject({ form: 'codi-quiz-event', subject_id: codi?.id, answer: { value: '출근룩' } });
    expect((await post('/api/contents/codi-quiz-event', { codi_id: 999999, answer: 'x' })).status).toBe(404);
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

  it('daily-look-feedback stores like/dislike for an active codi set, the KST date as question', async () => {
    const look = (await t.app.inject({ url: '/api/contents/daily-look' })).json();
    const r = await post('/api/contents/daily-look-feedback', { codi_id: look.codi.id, value: 'like' });
    expect(r.status).toBe(200);
    const [row] = await t.ctx.db.select().from(contentAnswers).where(eq(contentAnswers.id, r.body.id));
    expect(row).toMatchObject({
      form: 'daily-look-feedback',
      guest_id: GUEST_ID,
      subject_id: look.codi.id,
      question_id: 20261120,
      answer: { value: 'like' },
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
