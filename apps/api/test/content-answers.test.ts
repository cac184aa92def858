/**
 * The content forms' rules (SPEC.md "Contents", domains/contents/answers.ts): one answer per member
 * or guest and form/subject/question; surveys and feedback replace a repeat, quizzes refuse it
 * (409); a quiz marked in the post's body sets is_correct; every call answers with the tally.
 */
import { ALREADY_ANSWERED, fixedClock, kstDate } from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codiSets, contentAnswers, posts } from '../src/db/schema.ts';
import { createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';

let t: TestApp;
let postId: number;
let codiId: number;
const guest = (name: string) => ({ 'x-guest-user-id': guestIdOf(t.ctx, name) });

const BODY = [
  '가을 아우터 이야기',
  ':::quiz 1',
  '올가을 가장 많이 팔린 아우터는?',
  '- 트렌치코트',
  '- 블루종 (정답)',
  '- 코치 재킷',
  ':::',
  ':::survey 2',
  '어떤 핏을 좋아하세요?',
  '- 오버핏',
  '- 레귤러핏',
  '- 슬림핏',
  ':::',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(kstDate(2026, 11, 27, 10, 0)) });
  const [p] = await t.ctx.db
    .insert(posts)
    .values({
      title: '아우터',
      body: BODY,
      cover_image_url: '/c.svg',
      category: '트렌드',
      author: '에디터',
      published_at: new Date('2026-11-01T00:00:00Z'),
    })
    .returning();
  const [c] = await t.ctx.db.insert(codiSets).values({ title: '코디', image_url: '/c.svg' }).returning();
  if (!p || !c) throw new Error('insert failed');
  postId = p.id;
  codiId = c.id;
});
afterAll(() => t?.close());

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}
const rows = (form: string) => t.ctx.db.select().from(contentAnswers).where(eq(contentAnswers.form, form));

describe('post quiz', () => {
  it('sets is_correct from the right option of the body, and shows the right answer after', async () => {
    const a = await call('POST', '/api/contents/post-quiz', guest('q-a'), {
      post_id: postId,
      question_id: 1,
      answer: '블루종',
    });
    expect(a.status).toBe(200);
    expect(a.body.results).toEqual([
      {
        form: 'post-quiz',
        subject_id: postId,
        question_id: 1,
        total: 1,
        options: [
          { value: '트렌치코트', count: 0, percent: 0 },
          { value: '블루종', count: 1, percent: 100 },
          { value: '코치 재킷', count: 0, percent: 0 },
        ],
        my_answer: '블루종',
        is_correct: true,
        correct_answer: '블루종',
      },
    ]);
    const b = await call('POST', '/api/contents/post-quiz', guest('q-b'), {
      post_id: postId,
      question_id: 1,
      answer: '트렌치코트',
    });
    expect(b.body.results[0]).toMatchObject({ total: 2, is_correct: false, my_answer: '트렌치코트' });
    expect(b.body.results[0].options.map((o: { percent: number }) => o.percent)).toEqual([50, 50, 0]);
    const stored = await rows('post-quiz');
    expect(stored.map((r) => [r.voter_key.slice(0, 2), r.is_correct])).toEqual([
      ['g:', true],
      ['g:', false],
    ]);
  });

  it('refuses a second answer by the same guest or member (409) and keeps the first', async () => {
    const again = await call('POST', '/api/contents/post-quiz', guest('q-a'), {
      post_id: postId,
      question_id: 1,
      answer: '트렌치코트',
    });
    expect(again).toEqual({ status: 409, body: { detail: ALREADY_ANSWERED } });
    const m = await createMember(t.ctx);
    const q = { post_id: postId, question_id: 1, answer: '코치 재킷' };
    expect((await call('POST', '/api/contents/post-quiz', m.headers, q)).status).toBe(200);
    expect(
      (await call('POST', '/api/contents/post-quiz', m.headers, { ...q, answer: '블루종' })).status,
    ).toBe(409);
    const mine = (await rows('post-quiz')).filter((r) => r.user_id === m.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      voter_key: `u:${m.user.id}`,
      answer: { value: '코치 재킷' },
      is_correct: false,
    });
  });

  it('wants one of the options of a marked question; an unmarked question leaves is_correct null', async () => {
    const bad = await call('POST', '/api/contents/post-quiz', guest('q-c'), {
      post_id: postId,
      question_id: 1,
      answer: '패딩',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('보기');
    const free = await call('POST', '/api/contents/post-mini-quiz', guest('q-c'), {
      post_id: postId,
      answer: 'O',
    });
    expect(free.status).toBe(200);
    expect(free.body.results[0]).toMatchObject({
      question_id: 0,
      is_correct: null,
      correct_answer: null,
      my_answer: 'O',
    });
  });
});

describe('post survey and feedback', () => {
  it('a repeat replaces the earlier survey answer; counts and percentages follow', async () => {
    const g = guest('s-a');
    await call('POST', '/api/contents/post-survey', guest('s-b'), {
      post_id: postId,
      answers: { 2: '슬림핏' },
    });
    const first = await call('POST', '/api/contents/post-survey', g, {
      post_id: postId,
      answers: { 2: '오버핏' },
    });
    expect(first.status).toBe(200);
    const second = await call('POST', '/api/contents/post-survey', g, {
      post_id: postId,
      answers: { 2: '레귤러핏' },
    });
    expect(second.status).toBe(200);
    expect(second.body.results[0]).toMatchObject({
      form: 'post-survey',
      question_id: 2,
      total: 2,
      my_answer: '레귤러핏',
      is_correct: null,
      options: [
        { value: '오버핏', count: 0, percent: 0 },
        { value: '레귤러핏', count: 1, percent: 50 },
        { value: '슬림핏', count: 1, percent: 50 },
      ],
    });
    const mine = (await rows('post-survey')).filter((r) => r.guest_id === guestIdOf(t.ctx, 's-a'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.updated_at).toBeTruthy();
    const bad = await call('POST', '/api/contents/post-survey', g, {
      post_id: postId,
      answers: { 2: '와이드' },
    });
    expect(bad.status).toBe(400);
  });

  it('post feedback: one value per voter (replaced), counts per value', async () => {
    const g = guest('f-a');
    await call('POST', `/api/contents/posts/${postId}/feedback`, guest('f-b'), { value: 'like' });
    await call('POST', `/api/contents/posts/${postId}/feedback`, g, { value: 'dislike' });
    const r = await call('POST', `/api/contents/posts/${postId}/feedback`, g, { value: 'helpful' });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({
      form: 'post-feedback',
      total: 2,
      my_answer: 'helpful',
      options: [
        { value: 'like', count: 1, percent: 50 },
        { value: 'dislike', count: 0, percent: 0 },
        { value: 'helpful', count: 1, percent: 50 },
      ],
    });
  });

  it('GET posts/{id}/answers shows every form of the post, the right answer only to who answered', async () => {
    const seen = await call('GET', `/api/contents/posts/${postId}/answers`, guest('q-a'));
    expect(seen.status).toBe(200);
    expect(
      seen.body.results.map((r: { form: string; question_id: number }) => `${r.form}:${r.question_id}`),
    ).toEqual(['post-feedback:0', 'post-quiz:1', 'post-survey:2']);
    expect(seen.body.results[1]).toMatchObject({
      my_answer: '블루종',
      is_correct: true,
      correct_answer: '블루종',
      total: 3,
    });
    const fresh = await call('GET', `/api/contents/posts/${postId}/answers`, guest('new'));
    expect(fresh.body.results[1]).toMatchObject({
      my_answer: null,
      is_correct: null,
      correct_answer: null,
      total: 3,
    });
    expect((await call('GET', `/api/contents/posts/${postId}/answers`, {})).status).toBe(401);
    expect((await call('GET', '/api/contents/posts/999999/answers', guest('new'))).status).toBe(404);
  });

  it("the post page's body never carries the right-option mark", async () => {
    const page = await call('GET', `/api/contents/post-detail/${postId}`, {});
    expect(page.status).toBe(200);
    expect(page.body.body).toContain('- 블루종\n');
    expect(page.body.body).not.toContain('(정답)');
  });
});

describe('codi quiz event and daily-look feedback', () => {
  it('codi quiz: once per voter and codi set', async () => {
    const g = guest('c-a');
    const r = await call('POST', '/api/contents/codi-quiz-event', g, { codi_id: codiId, answer: '출근룩' });
    expect(r.body.results[0]).toMatchObject({
      total: 1,
      options: [{ value: '출근룩', count: 1, percent: 100 }],
    });
    const again = await call('POST', '/api/contents/codi-quiz-event', g, {
      codi_id: codiId,
      answer: '데이트룩',
    });
    expect(again).toEqual({ status: 409, body: { detail: ALREADY_ANSWERED } });
  });

  it('daily look: one like/dislike per voter and KST day, replaced the same day, new the next', async () => {
    const g = guest('d-a');
    await call('POST', '/api/contents/daily-look-feedback', guest('d-b'), { codi_id: codiId, value: 'like' });
    await call('POST', '/api/contents/daily-look-feedback', g, { codi_id: codiId, value: 'like' });
    const r = await call('POST', '/api/contents/daily-look-feedback', g, {
      codi_id: codiId,
      value: 'dislike',
    });
    expect(r.body.results[0]).toMatchObject({
      question_id: 20261127,
      total: 2,
      my_answer: 'dislike',
      options: [
        { value: 'like', count: 1, percent: 50 },
        { value: 'dislike', count: 1, percent: 50 },
      ],
    });
    const read = await call('GET', `/api/contents/daily-look-feedback?codi_id=${codiId}`, g);
    expect(read.body.results[0]).toEqual(r.body.results[0]);
    t.ctx.clock = fixedClock(kstDate(2026, 11, 28, 0, 1));
    const next = await call('GET', `/api/contents/daily-look-feedback?codi_id=${codiId}`, g);
    expect(next.body.results[0]).toMatchObject({ question_id: 20261128, total: 0, my_answer: null });
    t.ctx.clock = fixedClock(kstDate(2026, 11, 27, 10, 0));
    const stored = await t.ctx.db
      .select()
      .from(contentAnswers)
      .where(
        and(
          eq(contentAnswers.form, 'daily-look-feedback'),
          eq(contentAnswers.guest_id, guestIdOf(t.ctx, 'd-a')),
        ),
      );
    expect(stored).toHaveLength(1);
    expect((await call('GET', '/api/contents/daily-look-feedback?codi_id=999999', g)).status).toBe(404);
  });
});
