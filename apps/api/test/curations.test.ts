/**
 * Curations (docs/ARCHITECTURE.md, "Curations"): the first style quiz has the engine draft a
 * curation; it is published when the curator delay has passed; the status call shows the red dot
 * until the member views it; the member's curation holds outfits of a top and a bottom, in stock
 * in the size picked, within budget, no disliked style or avoided colour, with reasons; another
 * member sees only their own.
 */
import { curationByline } from '@codiroom/shared';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codiItems,
  codiSets,
  couponPolicies,
  coupons,
  curationItems,
  curations,
  dailyQuizAnswers,
  dailyQuizzes,
  likes,
  notifications,
  productDisplays,
  productItems,
  products,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import {
  composeForMember,
  dailyStyleVotes,
  history,
  publishDue,
  SKIP_AFTER_DAYS,
} from '../src/domains/curations/drafting.ts';
import { mutableClock } from './auth-helpers.ts';
import { QUIZ } from './curation-fixtures.ts';
import { createMember, createTestApp, guestHeader, refreshedHeaders, type TestApp } from './helpers.ts';
import { call } from './orders-fixtures.ts';

const clock = mutableClock('2026-11-20T03:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { CURATION_PUBLISH_DELAY_MIN: '60' } });
  await seed(t.ctx.db, { products: 120, now: clock.now() });
}, 180_000);
afterAll(() => t?.close());

describe('curations', () => {
  it('quiz → draft → published after the delay → red dot → viewed; picks follow the quiz', async () => {
    const m = await createMember(t.ctx);
    const status = async () =>
      (await call(t.app, 'GET', '/api/curations/curation-status', await refreshedHeaders(t.ctx, m.user.id)))
        .body;
    const info = async () =>
      (await call(t.app, 'GET', '/api/curations/get-curation-info', await refreshedHeaders(t.ctx, m.user.id)))
        .body;

    const saved = await call(t.app, 'POST', '/api/v1/curations/style-quiz', m.headers, QUIZ);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [draft] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, m.user.id));
    expect(draft?.status).toBe('DRAFT');
    // Not published yet: no curation to show, no red dot.
    expect(await status()).toMatchObject({ current_curation_viewed: null });
    expect(await info()).toEqual({ curation: null });

    clock.advance(61 * 60);
    try {
      expect(await status()).toMatchObject({ current_curation_viewed: false });
      const main = await call(
        t.app,
        'GET',
        '/api/users/status-main',
        await refreshedHeaders(t.ctx, m.user.id),
      );
      expect(main.body.status).toBe('CURATIONED');

      const body = (await info()) as {
        curation: {
          touched_by_curator: boolean;
          curator_name: string | null;
          outfits: {
            items: {
              role: string;
              size_name: string | null;
              reasons: string[];
              product: { id: number; price_discount: number };
            }[];
          }[];
        };
      };
      // Nobody touched the engine's draft: it says so, on the screen's field and in the notification.
      expect(body.curation).toMatchObject({ touched_by_curator: false, curator_name: null });
      expect(curationByline(body.curation)).toBe('AI가 고른 코디');
      const told = await t.ctx.db
        .select({ body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.user_id, m.user.id), eq(notifications.kind, 'CURATION')));
      expect(told.map((n) => n.body)).toEqual(['AI가 퀴즈 답변으로 고른 코디를 확인해 보세요.']);
      const outfits = body.curation.outfits;
      expect(outfits.length).toBeGreaterThanOrEqual(1);
      const ids = outfits.flatMap((o) => o.items.map((i) => i.product.id));
      expect(new Set(ids).size).toBe(ids.length);
      const rows = await t.ctx.db
        .select({
          id: productDisplays.id,
          color: productDisplays.color_name,
          price: productDisplays.price_discount,
          tags: products.style_tags,
        })
        .from(productDisplays)
        .innerJoin(products, eq(products.id, productDisplays.product_id))
        .where(inArray(productDisplays.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const o of outfits) {
        const roles = o.items.map((i) => i.role);
        expect(roles).toContain('top');
        expect(roles).toContain('bottom');
        for (const i of o.items) {
          const r = byId.get(i.product.id);
          expect(r?.price).toBeLessThanOrEqual(QUIZ.budget_max);
          expect(QUIZ.avoided_colors).not.toContain(r?.color);
          expect(r?.tags).not.toContain('스트릿');
          expect(i.reasons.length).toBeGreaterThan(0);
          if (['top', 'bottom', 'outer'].includes(i.role)) {
            const [stock] = await t.ctx.db
              .select({ stock: productItems.stock })
              .from(productItems)
              .where(
                and(
                  eq(productItems.product_display_id, i.product.id),
                  eq(productItems.size_name, i.size_name as string),
                ),
              );
            expect(stock?.stock ?? 0, `${i.product.id} ${i.size_name}`).toBeGreaterThan(0);
          }
        }
      }
      // Viewing clears the red dot.
      expect(await status()).toMatchObject({ current_curation_viewed: true });

      // "이 코디 한번에 담기": codi-to-cart with the curation's outfit; only its own items, only its owner.
      const full = (await info()) as {
        curation: { id: number; outfits: { index: number; items: { product_item_id: number | null }[] }[] };
      };
      const first = full.curation.outfits[0] as (typeof full.curation.outfits)[number];
      const items = first.items
        .filter((i) => i.product_item_id !== null)
        .map((i) => ({ product_item_id: i.product_item_id, quantity: 1 }));
      const toCart = (headers: Record<string, string>, body: unknown) =>
        call(t.app, 'POST', '/api/carts/codi-to-cart', headers, body);
      const h = await refreshedHeaders(t.ctx, m.user.id);
      const added = await toCart(h, { curation_id: full.curation.id, outfit: first.index, items });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect((added.body.lines as unknown[]).length).toBe(items.length);
      const stranger = await createMember(t.ctx);
      expect(
        (await toCart(stranger.headers, { curation_id: full.curation.id, outfit: first.index, items }))
          .status,
      ).toBe(404);
      expect(
        (
          await toCart(guestHeader(t.ctx, 'outfit-guest'), {
            curation_id: full.curation.id,
            outfit: first.index,
            items,
          })
        ).status,
      ).toBe(404);
      const [foreign] = await t.ctx.db
        .select({ id: productItems.id })
        .from(productItems)
        .where(notInArray(productItems.product_display_id, ids))
        .limit(1);
      const wrong = await toCart(h, {
        curation_id: full.curation.id,
        outfit: first.index,
        items: [{ product_item_id: foreign?.id, quantity: 1 }],
      });
      expect(wrong.status).toBe(400);
      expect((await toCart(h, { curation_id: full.curation.id, items })).status).toBe(400);

      // A second quiz refines the profile without drafting another curation now.
      await call(
        t.app,
        'POST',
        '/api/v1/curations/style-quiz',
        await refreshedHeaders(t.ctx, m.user.id),
        QUIZ,
      );
      const all = await t.ctx.db.select().from(curations).where(eq(curations.user_id, m.user.id));
      expect(all).toHaveLength(1);

      // Another member sees only their own (none).
      const other = await createMember(t.ctx);
      expect((await call(t.app, 'GET', '/api/curations/get-curation-info', other.headers)).body).toEqual({
        curation: null,
      });
      expect((await call(t.app, 'GET', '/api/curations/get-curation-info', {})).status).toBe(401);
    } finally {
      clock.advance(-61 * 60);
    }
  });

  it('the timer publishes every due draft; a draft not yet due stays', async () => {
    const a = await createMember(t.ctx);
    await call(t.app, 'POST', '/api/v1/curations/style-quiz', a.headers, QUIZ);
    expect(await publishDue(t.ctx)).toBe(0);
    clock.advance(61 * 60);
    try {
      expect(await publishDue(t.ctx)).toBeGreaterThanOrEqual(1);
      const [c] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, a.user.id));
      expect(c).toMatchObject({ status: 'DONE', viewed: false });
      expect(c?.delivered_at?.toISOString()).toBe(c?.publish_at?.toISOString());
      const items = await t.ctx.db
        .select()
        .from(curationItems)
        .where(eq(curationItems.curation_id, c?.id as number));
      expect(items.length).toBeGreaterThanOrEqual(2);
    } finally {
      clock.advance(-61 * 60);
    }
  });

  it('a rating of 1 keeps the rated picks out of the next draft; ratings are the member’s own', async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    await call(t.app, 'POST', '/api/v1/curations/style-quiz', m.headers, QUIZ);
    const [draft] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, m.user.id));
    const id = draft?.id as number;
    // A draft cannot be rated yet.
    expect(
      (await call(t.app, 'POST', '/api/curations/post-rating', m.headers, { id, rating: 1 })).status,
    ).toBe(404);
    clock.advance(61 * 60);
    try {
      const h = await refreshedHeaders(t.ctx, m.user.id);
      const o = await refreshedHeaders(t.ctx, other.user.id);
      await publishDue(t.ctx);
      expect((await call(t.app, 'POST', '/api/curations/post-rating', h, { id, rating: 6 })).status).toBe(
        400,
      );
      expect((await call(t.app, 'POST', '/api/curations/post-rating', o, { id, rating: 5 })).status).toBe(
        404,
      );
      const rated = await call(t.app, 'POST', '/api/curations/post-rating', h, {
        id,
        rating: 1,
        wanted_detail: '더 캐주얼하게',
      });
      expect(rated.body).toEqual({ id, rating: 1, wanted_detail: '더 캐주얼하게' });
      expect((await call(t.app, 'GET', `/api/curations/get-rating/${id}`, h)).body).toMatchObject({
        rating: 1,
      });
      expect((await call(t.app, 'GET', `/api/curations/get-rating/${id}`, o)).status).toBe(404);

      const before = await t.ctx.db.select().from(curationItems).where(eq(curationItems.curation_id, id));
      const next = await composeForMember(t.ctx, m.user.id, {
        ...QUIZ,
        disliked_styles: ['스트릿'],
        avoid: [],
        liked_colors: ['네이비'],
      } as never);
      const after = next.flatMap((o) => o.picks.map((p) => p.product_id));
      const old = new Set(before.map((i) => i.product_display_id));
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((id) => old.has(id))).toEqual([]);
    } finally {
      clock.advance(-61 * 60);
    }
  });

  it('skips: picks seen two weeks ago and neither bought, liked nor rated count against their styles', async () => {
    const m = await createMember(t.ctx);
    const h = () => refreshedHeaders(t.ctx, m.user.id);
    await call(t.app, 'POST', '/api/v1/curations/style-quiz', await h(), QUIZ);
    clock.advance(61 * 60);
    try {
      const seen = (await call(t.app, 'GET', '/api/curations/get-curation-info', await h())).body as {
        curation: { outfits: { items: { product: { id: number } }[] }[] };
      };
      const picks = seen.curation.outfits.flatMap((o) => o.items.map((i) => i.product.id));
      const liked = picks[0] as number;
      await t.ctx.db.insert(likes).values({ user_id: m.user.id, like_type: 'PRODUCT', like_id: liked });
      expect((await history(t.ctx.db, m.user.id, clock.now())).skipped).toEqual([]);
      clock.advance((SKIP_AFTER_DAYS + 1) * 24 * 3600);
      const past = await history(t.ctx.db, m.user.id, clock.now());
      expect([...past.skipped].sort()).toEqual(picks.filter((id) => id !== liked).sort());
      expect(past.liked).toContain(liked);
    } finally {
      clock.advance(-(SKIP_AFTER_DAYS + 1) * 24 * 3600 - 61 * 60);
    }
  });

  it('outfits for anyone: codi detail and the outfits a product is in', async () => {
    const [set] = await t.ctx.db
      .select({ id: codiSets.id })
      .from(codiSets)
      .where(eq(codiSets.is_active, true))
      .limit(1);
    const detail = await call(t.app, 'GET', `/api/curations/codi-detail/${set?.id}`, {});
    expect(detail.status).toBe(200);
    const products = detail.body.products as { id: number }[];
    expect(products.length).toBeGreaterThanOrEqual(2);
    const byProduct = await call(t.app, 'GET', `/api/curations/codi-by-product/${products[0]?.id}`, {});
    expect((byProduct.body.result as { id: number }[]).map((c) => c.id)).toContain(set?.id);
    const [member] = await t.ctx.db
      .select()
      .from(codiItems)
      .where(eq(codiItems.codi_id, set?.id as number))
      .limit(1);
    expect(member).toBeDefined();
    expect((await call(t.app, 'GET', '/api/curations/codi-detail/99999999', {})).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/curations/codi-detail/abc', {})).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/curations/codi-by-product/99999999', {})).status).toBe(404);
  });

  it('the daily quiz: one answer a day, done today, the month calendar', async () => {
    const today = await call(t.app, 'GET', '/api/curations/daily-quiz-today', guestHeader(t.ctx, 'dq'));
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    expect(today.body.answered).toBeNull();
    const options = today.body.options as { key: string }[];
    expect(options.length).toBeGreaterThanOrEqual(2);
    const m = await createMember(t.ctx);
    expect((await call(t.app, 'GET', '/api/curations/daily-quiz-done', m.headers)).body).toMatchObject({
      done: false,
    });
    expect(
      (await call(t.app, 'POST', '/api/curations/daily-quiz-today', m.headers, { answer: 'nope' })).status,
    ).toBe(400);
    const a = await call(t.app, 'POST', '/api/curations/daily-quiz-today', m.headers, {
      answer: options[0]?.key,
    });
    expect(a.status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/curations/daily-quiz-today', m.headers, { answer: options[0]?.key }))
        .status,
    ).toBe(409);
    expect((await call(t.app, 'GET', '/api/curations/daily-quiz-today', m.headers)).body.answered).toBe(
      options[0]?.key,
    );
    expect((await call(t.app, 'GET', '/api/curations/daily-quiz-done', m.headers)).body).toMatchObject({
      done: true,
    });
    const month = await call(t.app, 'GET', '/api/curations/daily-quiz-done-monthly', m.headers);
    expect(month.body).toMatchObject({ month: '2026-11', count: 1, days: [today.body.quiz_date] });
    expect(
      (await call(t.app, 'GET', '/api/curations/daily-quiz-done-monthly?month=2026-10', m.headers)).body,
    ).toMatchObject({ count: 0 });
    expect(
      (await call(t.app, 'GET', '/api/curations/daily-quiz-done-monthly?month=2026-13', m.headers)).status,
    ).toBe(400);
    expect((await call(t.app, 'POST', '/api/curations/daily-quiz-today', {}, { answer: 'a' })).status).toBe(
      401,
    );
  });

  it('daily answers: style questions feed the style profile; the month’s first answer brings the monthly codi coupon', async () => {
    const m = await createMember(t.ctx);
    const h = () => refreshedHeaders(t.ctx, m.user.id);
    const monthlyCoupons = async () =>
      t.ctx.db
        .select({ name: couponPolicies.name, ends_at: couponPolicies.ends_at })
        .from(coupons)
        .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
        .where(and(eq(coupons.user_id, m.user.id), eq(couponPolicies.coupon_type, 'MONTHLY_CODI_COUPON')));
    const answer = async (pick: (o: { key: string; style?: string }[]) => string | undefined) => {
      const today = await call(t.app, 'GET', '/api/curations/daily-quiz-today', await h());
      const [row] = await t.ctx.db
        .select()
        .from(dailyQuizzes)
        .where(eq(dailyQuizzes.id, today.body.id as number));
      const r = await call(t.app, 'POST', '/api/curations/daily-quiz-today', await h(), {
        answer: pick(row?.options ?? []),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    // Without the style quiz: no monthly coupon.
    expect((await answer((o) => o[0]?.key)).monthly_coupon_policy_id).toBeNull();
    await call(t.app, 'POST', '/api/v1/curations/style-quiz', await h(), QUIZ);
    clock.advance(24 * 3600);
    try {
      // Tomorrow's is a style question (odd days): the pick is a vote for its style.
      const voted = await answer(
        (o) => o.find((x) => x.style === '아메카지' || x.style === '댄디')?.key ?? o[1]?.key,
      );
      const first = voted.monthly_coupon_policy_id as number;
      expect(first).toEqual(expect.any(Number));
      const answers = await t.ctx.db
        .select()
        .from(dailyQuizAnswers)
        .where(eq(dailyQuizAnswers.user_id, m.user.id));
      expect(answers).toHaveLength(2);
      const styleVotes = await dailyStyleVotes(t.ctx.db, m.user.id, clock.now());
      const [voteRow] = await t.ctx.db
        .select({ options: dailyQuizzes.options })
        .from(dailyQuizzes)
        .where(eq(dailyQuizzes.id, voted.id as number));
      const votedStyle = voteRow?.options.find((o) => o.key === voted.answered)?.style as string;
      expect(votedStyle).toEqual(expect.any(String));
      expect(styleVotes).toEqual({ [votedStyle]: 1 });
      clock.advance(24 * 3600);
      expect((await answer((o) => o[0]?.key)).monthly_coupon_policy_id).toBeNull(); // once a month
      expect(await monthlyCoupons()).toHaveLength(1);
      // December: this month's policy is rolled over from November's and issued again.
      clock.advance(9 * 24 * 3600);
      const dec = await answer((o) => o[0]?.key);
      expect(dec.monthly_coupon_policy_id).not.toBe(first);
      const mine = await monthlyCoupons();
      expect(mine).toHaveLength(2);
      expect(mine.map((c) => c.name).sort()).toEqual([
        '11월 이달의 코디 쿠폰 8%',
        '12월 이달의 코디 쿠폰 8%',
      ]);
      const other = await createMember(t.ctx);
      await call(
        t.app,
        'POST',
        '/api/v1/curations/style-quiz',
        await refreshedHeaders(t.ctx, other.user.id),
        QUIZ,
      );
      const today = await call(
        t.app,
        'GET',
        '/api/curations/daily-quiz-today',
        await refreshedHeaders(t.ctx, other.user.id),
      );
      const r = await call(
        t.app,
        'POST',
        '/api/curations/daily-quiz-today',
        await refreshedHeaders(t.ctx, other.user.id),
        {
          answer: (today.body.options as { key: string }[])[0]?.key,
        },
      );
      // The same December policy, not a second copy.
      expect(r.body.monthly_coupon_policy_id).toBe(dec.monthly_coupon_policy_id);
    } finally {
      clock.advance(-11 * 24 * 3600);
    }
  });
});
