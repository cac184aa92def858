/**
 * Curation requests (docs/ARCHITECTURE.md, "Curations"): the engine drafts at most
 * CURATION_DAILY_CAPACITY curations a KST day and the rest wait on the waiting list (WAITING_LIST)
 * for the next day's slots, oldest first; a member asks for another curation with user-style
 * (one open at a time, AI_CURATIONS_PER_MONTH a KST month, next_ai_curation_left counting down);
 * payment-type; the styles of a curation; the curator's touch (swap, note, publish early).
 */
import { AI_CURATIONS_PER_MONTH, curationByline } from '@codiroom/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curationItems, curations, productDisplays, productItems } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { publishDue } from '../src/domains/curations/drafting.ts';
import { MEMBER_READ_DRAFTS, serveWaitingList } from '../src/domains/curations/requests.ts';
import { mutableClock } from './auth-helpers.ts';
import { QUIZ } from './curation-fixtures.ts';
import { createMember, createTestApp, operatorSession, refreshedHeaders, type TestApp } from './helpers.ts';
import { call } from './orders-fixtures.ts';

const clock = mutableClock('2026-11-20T03:00:00Z');
const DAY = 24 * 3600;
const ADMIN_KEY = 'curation-admin-key-0123456789abcdef';
const admin = { 'x-admin-key': ADMIN_KEY };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { CURATION_PUBLISH_DELAY_MIN: '60', CURATION_DAILY_CAPACITY: '2', ADMIN_API_KEY: ADMIN_KEY },
  });
  await seed(t.ctx.db, { products: 120, now: clock.now() });
}, 180_000);
afterAll(() => t?.close());

async function member() {
  const m = await createMember(t.ctx);
  const h = () => refreshedHeaders(t.ctx, m.user.id);
  return { id: m.user.id, h };
}
const quiz = async (m: { h: () => Promise<Record<string, string>> }) => {
  const r = await call(t.app, 'POST', '/api/v1/curations/style-quiz', await m.h(), QUIZ);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};
const get = async (m: { h: () => Promise<Record<string, string>> }, url: string) =>
  call(t.app, 'GET', url, await m.h());
const requestsOf = async (m: { h: () => Promise<Record<string, string>> }) =>
  (await get(m, '/api/curations/get-styling-request')).body.result as {
    id: number;
    status: string;
    source: string;
    styles: string[];
    waiting_ahead: number | null;
  }[];
const statusOf = async (m: { h: () => Promise<Record<string, string>> }) =>
  (await get(m, '/api/users/status-main')).body.status;
/** The next KST day, 12:00 (fresh drafting slots). */
const nextDay = () => clock.advance(DAY);

describe('the waiting list', () => {
  it('beyond the day’s capacity a quiz waits; the next day’s slots draft the oldest first', async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    await quiz(a);
    await quiz(b);
    await quiz(c);
    await quiz(d);
    const rows = await t.ctx.db
      .select({ user_id: curations.user_id, status: curations.status, drafted_at: curations.drafted_at })
      .from(curations)
      .where(inArray(curations.user_id, [a.id, b.id, c.id, d.id]));
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
    expect(byUser.get(a.id)?.status).toBe('DRAFT');
    expect(byUser.get(b.id)?.status).toBe('DRAFT');
    expect(byUser.get(c.id)).toMatchObject({ status: 'REQUESTED', drafted_at: null });
    expect(await statusOf(a)).toBe('NONE_CURATIONED');
    expect(await statusOf(c)).toBe('WAITING_LIST');
    expect((await get(c, '/api/users/status')).body.waiting_list).toBe(true);
    expect(await requestsOf(c)).toMatchObject([
      { status: 'WAITING', source: 'QUIZ', styles: QUIZ.liked_styles, waiting_ahead: 0 },
    ]);
    expect(await requestsOf(d)).toMatchObject([{ status: 'WAITING', waiting_ahead: 1 }]);
    expect(await requestsOf(a)).toMatchObject([{ status: 'PREPARING', waiting_ahead: null }]);

    nextDay();
    // C's own read takes a slot for C (the oldest); D is next in line.
    await get(c, '/api/curations/curation-status');
    expect(await requestsOf(c)).toMatchObject([{ status: 'PREPARING' }]);
    expect(await statusOf(c)).toBe('NONE_CURATIONED');
    const [dRow] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, d.id));
    expect(dRow?.drafted_at).toBeNull();
    // The timer's pass serves the rest while slots last: D takes the day's second slot.
    expect(await serveWaitingList(t.ctx)).toBe(1);
    expect(await requestsOf(d)).toMatchObject([{ status: 'PREPARING' }]);
    const e = await member();
    await quiz(e);
    expect(await statusOf(e)).toBe('WAITING_LIST');
    expect(await serveWaitingList(t.ctx)).toBe(0);
    nextDay();
    expect(await serveWaitingList(t.ctx)).toBe(1);
    expect(await statusOf(e)).toBe('NONE_CURATIONED');
  });
});

describe('a slot taken by a stopped process', () => {
  it('is given back after ten minutes and the request drafted', async () => {
    nextDay();
    const h = await member();
    await quiz(h); // drafted: one of today's two slots
    const [q] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, h.id));
    // A request whose process stopped between taking the slot and drafting.
    const [stuck] = await t.ctx.db
      .insert(curations)
      .values({
        user_id: h.id,
        style_quiz_id: q?.style_quiz_id ?? null,
        status: 'REQUESTED',
        source: 'REQUEST',
        created_at: clock.now(),
        drafted_at: new Date(clock.now().getTime() - 5 * 60_000),
      })
      .returning();
    expect(await serveWaitingList(t.ctx)).toBe(0); // five minutes: still someone's
    clock.advance(6 * 60);
    expect(await serveWaitingList(t.ctx)).toBe(1);
    const [after] = await t.ctx.db
      .select()
      .from(curations)
      .where(eq(curations.id, stuck?.id as number));
    expect(after?.status).toBe('DRAFT');
  });
});

describe('asking for another curation', () => {
  it('user-style sets the styles; a request spends one of the month’s AI curations, one open at a time', async () => {
    nextDay();
    const f = await member();
    const style = async (body: unknown) =>
      call(t.app, 'POST', '/api/curations/user-style', await f.h(), body);
    expect((await style({ styles: ['미니멀'], request: true })).status).toBe(409); // no quiz yet
    await quiz(f);
    expect((await get(f, '/api/curations/payment-type')).body).toEqual({
      payment_type: 'FREE',
      price: 0,
      monthly_ai_curations: AI_CURATIONS_PER_MONTH,
      next_ai_curation_left: AI_CURATIONS_PER_MONTH - 1,
    });
    // The quiz's curation is still being prepared: no second one yet.
    const open = await style({ styles: ['아메카지'], request: true });
    expect(open.status).toBe(409);
    expect(open.body.detail).toContain('준비 중인 큐레이션');
    expect((await style({ styles: ['힙합'] })).status).toBe(400);
    expect((await style({ styles: [] })).status).toBe(400);
    const only = await style({ styles: ['미니멀', '클래식'] });
    expect(only.body).toMatchObject({
      liked_styles: ['미니멀', '클래식'],
      request: null,
      next_ai_curation_left: 2,
    });
    expect(
      ((await get(f, '/api/curations/style-quiz')).body.answers as { liked_styles: string[] }).liked_styles,
    ).toEqual(['미니멀', '클래식']);

    clock.advance(61 * 60);
    expect((await get(f, '/api/curations/curation-status')).body).toMatchObject({
      current_curation_viewed: false,
      next_ai_curation_left: 2,
    });
    const asked = await style({ styles: ['미니멀', '댄디'], request: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({
      request: { status: 'PREPARING', source: 'REQUEST', styles: ['미니멀', '댄디'] },
      next_ai_curation_left: 1,
    });
    expect((await get(f, '/api/curations/curation-status')).body.next_ai_curation_left).toBe(1);

    // The day's two slots are used (the quiz's and this one): the next request waits.
    clock.advance(61 * 60);
    await publishDue(t.ctx);
    const waits = await style({ styles: ['캐주얼'], request: true });
    expect(waits.body).toMatchObject({
      request: { status: 'WAITING', waiting_ahead: 0 },
      next_ai_curation_left: 0,
    });
    expect(await statusOf(f)).toBe('WAITING_LIST');
    nextDay();
    await get(f, '/api/curations/curation-status');
    clock.advance(61 * 60);
    await publishDue(t.ctx);
    const none = await style({ styles: ['캐주얼'], request: true });
    expect(none.status).toBe(409);
    expect(none.body.detail).toContain('이번 달');
    expect(await statusOf(f)).toBe('CURATIONED');

    // A new KST month brings the AI curations back.
    clock.advance(10 * DAY);
    expect((await get(f, '/api/curations/payment-type')).body.next_ai_curation_left).toBe(
      AI_CURATIONS_PER_MONTH,
    );
    clock.advance(-10 * DAY);

    // The styles of one's published curations; another member's, or an unpublished one, is a 404.
    const done = await t.ctx.db
      .select()
      .from(curations)
      .where(and(eq(curations.user_id, f.id), eq(curations.status, 'DONE')));
    const req = done.find((c) => c.source === 'REQUEST') as (typeof done)[number];
    const styles = await get(f, `/api/curations/get-curation-styles/${req.id}`);
    expect(styles.status).toBe(200);
    expect(styles.body.asked_styles).toEqual(['미니멀', '댄디']);
    const tags = styles.body.styles as { tag: string; count: number }[];
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.map((s) => s.count)).toEqual([...tags.map((s) => s.count)].sort((x, y) => y - x));
    expect((styles.body.outfits as unknown[]).length).toBeGreaterThan(0);
    const other = await member();
    expect((await get(other, `/api/curations/get-curation-styles/${req.id}`)).status).toBe(404);
    expect((await get(f, '/api/curations/get-curation-styles/abc')).status).toBe(404);
    const [draft] = await t.ctx.db.select().from(curations).where(ne(curations.status, 'DONE')).limit(1);
    if (draft) {
      const owner = { h: () => refreshedHeaders(t.ctx, draft.user_id) };
      expect((await get(owner, `/api/curations/get-curation-styles/${draft.id}`)).status).toBe(404);
    }
  });
});

describe('the stylist’s touch', () => {
  it('a curator swaps a pick (only for one the member can wear), adds a note and publishes early', async () => {
    nextDay();
    const g = await member();
    await quiz(g);
    const [c] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, g.id));
    expect(c?.status).toBe('DRAFT');
    const id = c?.id as number;
    expect((await call(t.app, 'GET', '/api/admin/curations', {})).status).toBe(401);
    const queue = await call(t.app, 'GET', '/api/admin/curations?status=DRAFT', admin);
    expect(queue.status).toBe(200);
    const rows = queue.body.result as { id: number; user_id: number; member_name: string }[];
    expect(rows.map((r) => r.id)).toContain(id);
    // Each row names its member (read from the users domain by id).
    expect(rows.find((r) => r.id === id)).toMatchObject({ user_id: g.id, member_name: '테스트' });
    const view = await call(t.app, 'GET', `/api/admin/curations/${id}`, admin);
    expect(view.body).toMatchObject({ id, status: 'DRAFT', answers: { liked_styles: QUIZ.liked_styles } });
    const items = await t.ctx.db.select().from(curationItems).where(eq(curationItems.curation_id, id));
    const top = items.find((i) => i.role === 'top' && i.outfit === 0);
    expect(top).toBeDefined();
    const used = new Set(items.map((i) => i.product_display_id));
    // Another top in stock in the picked size, within budget and taste, not already picked …
    const tops = await t.ctx.db
      .select({
        id: productDisplays.id,
        color: productDisplays.color_name,
        price: productDisplays.price_discount,
      })
      .from(productDisplays)
      .innerJoin(productItems, eq(productItems.product_display_id, productDisplays.id))
      .where(
        and(
          eq(productDisplays.product_type, 'TOP'),
          eq(productDisplays.is_active, true),
          eq(productItems.size_name, top?.size_name as string),
        ),
      );
    const swap = async (product_display_id: number, size_name?: string) =>
      call(t.app, 'PUT', `/api/admin/curations/${id}/items`, admin, {
        outfit: 0,
        role: 'top',
        product_display_id,
        ...(size_name ? { size_name } : {}),
      });
    const tried: number[] = [];
    let ok: Awaited<ReturnType<typeof swap>> | null = null;
    for (const p of tops) {
      if (used.has(p.id) || tried.includes(p.id)) continue;
      tried.push(p.id);
      const r = await swap(p.id);
      if (r.status === 200) {
        ok = r;
        break;
      }
      expect(r.status).toBe(400);
    }
    expect(ok, 'some top fits the member').not.toBeNull();
    const swapped = (ok?.body.items as { outfit: number; role: string; reasons: string[] }[]).find(
      (i) => i.outfit === 0 && i.role === 'top',
    );
    expect(swapped?.reasons[0]).toBe('스타일리스트가 직접 고른 아이템이에요.');
    // … but not a bottom in a top's place, nor a product already in the curation.
    const bottom = items.find((i) => i.role === 'bottom') as (typeof items)[number];
    expect((await swap(bottom.product_display_id)).status).toBe(400);
    const otherTop = items.find((i) => i.role === 'top' && i.outfit !== 0);
    if (otherTop) expect((await swap(otherTop.product_display_id)).status).toBe(409);
    const note = await call(t.app, 'PUT', `/api/admin/curations/${id}/note`, admin, {
      curator_name: '김수현',
      note: '네이비 톤으로 출근룩을 맞춰봤어요.',
    });
    expect(note.status).toBe(200);
    const published = await call(t.app, 'POST', `/api/admin/curations/${id}/publish`, admin);
    expect(published.body).toMatchObject({ status: 'DONE' });
    expect((await call(t.app, 'POST', `/api/admin/curations/${id}/publish`, admin)).status).toBe(409);
    expect((await swap(tried.at(-1) as number)).status).toBe(409);
    const seen = await get(g, '/api/curations/get-curation-info');
    expect(seen.body.curation).toMatchObject({
      id,
      curator_name: '김수현',
      curator_note: '네이비 톤으로 출근룩을 맞춰봤어요.',
      // A curator swapped, wrote and published: the screens say she touched it, by name.
      touched_by_curator: true,
    });
    expect(
      curationByline(seen.body.curation as { curator_name: string | null; touched_by_curator: boolean }),
    ).toBe('김수현 스타일리스트가 다듬었어요');
    expect((await call(t.app, 'GET', '/api/admin/curations/999999', admin)).status).toBe(404);
  });
});

describe('the curator’s name', () => {
  it('is the signed-in operator’s name, never typed in', async () => {
    nextDay();
    const k = await member();
    await quiz(k);
    const [c] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, k.id));
    const curator = await operatorSession(t, ['CURATOR']);
    const note = await call(t.app, 'PUT', `/api/admin/curations/${c?.id}/note`, curator.headers, {
      curator_name: '다른 사람',
      note: '네이비로 맞춰봤어요.',
    });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(curations)
      .where(eq(curations.id, c?.id as number));
    expect(row?.curator_name).toMatch(/^운영자\d+$/);
    // Without a name and without an operator (the API key): refused in Korean.
    const bare = await call(t.app, 'PUT', `/api/admin/curations/${c?.id}/note`, admin, { note: '메모' });
    expect(bare.status).toBe(400);
    expect(bare.body.detail).toContain('큐레이터 이름');
  });
});

describe('a draft a curator is working on', () => {
  it('is not published at its time while the curator works; it goes out a delay after their last touch', async () => {
    nextDay();
    const k = await member();
    await quiz(k);
    const [c] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, k.id));
    const id = c?.id as number;
    // 30 minutes in, a curator writes a note.
    clock.advance(30 * 60);
    const note = await call(t.app, 'PUT', `/api/admin/curations/${id}/note`, admin, {
      curator_name: '정',
      note: '준비 중',
    });
    expect(note.status).toBe(200);
    // The draft's own time (60 minutes) passes: still the curator's.
    clock.advance(31 * 60);
    await publishDue(t.ctx);
    expect((await t.ctx.db.select().from(curations).where(eq(curations.id, id)))[0]?.status).toBe('DRAFT');
    // An hour after the last touch it goes out as it stands.
    clock.advance(30 * 60);
    expect(await publishDue(t.ctx)).toBeGreaterThanOrEqual(1);
    const [after] = await t.ctx.db.select().from(curations).where(eq(curations.id, id));
    expect(after?.status).toBe('DONE');
    expect(after?.curator_note).toBe('준비 중');
  });
});

describe('requests at once', () => {
  it('two quizzes at once open one curation; two requests at once open one', async () => {
    nextDay();
    const m = await member();
    const h = await m.h();
    const quizzes = await Promise.all([
      call(t.app, 'POST', '/api/v1/curations/style-quiz', h, QUIZ),
      call(t.app, 'POST', '/api/v1/curations/style-quiz', h, QUIZ),
    ]);
    expect(quizzes.map((q) => q.status)).toEqual([200, 200]);
    expect(await t.ctx.db.select().from(curations).where(eq(curations.user_id, m.id))).toHaveLength(1);
    clock.advance(61 * 60);
    await publishDue(t.ctx);
    const fresh = await m.h();
    const asks = await Promise.all([
      call(t.app, 'POST', '/api/curations/user-style', fresh, { styles: ['댄디'], request: true }),
      call(t.app, 'POST', '/api/curations/user-style', fresh, { styles: ['캐주얼'], request: true }),
    ]);
    expect(asks.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.select().from(curations).where(eq(curations.user_id, m.id))).toHaveLength(2);
  });
});

describe('a member’s read and a long waiting list', () => {
  it('drafts at most MEMBER_READ_DRAFTS requests ahead; the timer does the rest', async () => {
    nextDay();
    // Fill the day's two slots, then put five members on the list.
    for (const m of [await member(), await member()]) await quiz(m);
    const waiting: Awaited<ReturnType<typeof member>>[] = [];
    for (let i = 0; i < 5; i++) {
      const m = await member();
      await quiz(m);
      waiting.push(m);
    }
    const last = waiting.at(-1) as (typeof waiting)[number];
    expect(await statusOf(last)).toBe('WAITING_LIST');
    nextDay();
    // A larger capacity for this day: the reader's cap is what stops the read.
    const config = t.ctx.config as { CURATION_DAILY_CAPACITY: number };
    config.CURATION_DAILY_CAPACITY = 100;
    try {
      await get(last, '/api/curations/get-styling-request');
      const rows = async () =>
        t.ctx.db
          .select({ user_id: curations.user_id, drafted_at: curations.drafted_at })
          .from(curations)
          .where(
            inArray(
              curations.user_id,
              waiting.map((w) => w.id),
            ),
          );
      const after = await rows();
      expect(after.filter((d) => d.drafted_at !== null)).toHaveLength(MEMBER_READ_DRAFTS);
      expect(after.find((d) => d.user_id === last.id)?.drafted_at).toBeNull();
      // The timer serves the rest.
      expect(await serveWaitingList(t.ctx)).toBe(5 - MEMBER_READ_DRAFTS);
      expect((await rows()).every((d) => d.drafted_at !== null)).toBe(true);
    } finally {
      config.CURATION_DAILY_CAPACITY = 2;
    }
  });
});

describe('the dev helper that publishes untouched drafts now (POST /api/dev/curations/publish-untouched)', () => {
  it("publishes the caller's untouched draft as the job would, never a touched one", async () => {
    nextDay();
    // Two quizzes: the day's capacity (CURATION_DAILY_CAPACITY) drafts both.
    const [a, b] = [await member(), await member()];
    for (const m of [a, b]) await quiz(m);
    // b's draft was touched by a curator: only the publish delay after the touch may publish it.
    await t.ctx.db
      .update(curations)
      .set({ curator_touched_at: clock.now() })
      .where(and(eq(curations.user_id, b.id), eq(curations.status, 'DRAFT')));
    const url = '/api/dev/curations/publish-untouched';
    expect((await call(t.app, 'POST', url, {})).status).toBe(401);
    const first = await call(t.app, 'POST', url, await a.h());
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ published: 1 });
    expect((await call(t.app, 'POST', url, await a.h())).body).toEqual({ published: 0 });
    expect((await call(t.app, 'POST', url, await b.h())).body).toEqual({ published: 0 });
    const statuses = async (id: number) =>
      (await t.ctx.db.select({ s: curations.status }).from(curations).where(eq(curations.user_id, id))).map(
        (r) => r.s,
      );
    expect(await statuses(a.id)).toEqual(['DONE']);
    expect(await statuses(b.id)).toEqual(['DRAFT']);
    // What the member sees: the engine's curation, said to be the AI's.
    const info = (await get(a, '/api/curations/curation-info')).body as {
      curator_name: string | null;
      touched_by_curator: boolean;
    };
    expect(curationByline(info)).toBe('AI가 고른 코디');
  });
});
