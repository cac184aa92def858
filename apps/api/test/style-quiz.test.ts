/**
 * The style quiz (docs/ARCHITECTURE.md, "Style quiz"): POST /api/v1/curations/style-quiz answers
 * SUCCESS, marks the member, keeps the body and sizes as size info, moves the main status on and
 * issues the CODI coupons once; bad answers are 400s naming the field; GET style-quiz answers the
 * member's own quiz only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponPolicies, users } from '../src/db/schema.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';
import { call } from './orders-fixtures.ts';

let t: TestApp;
let codi: number;

const ANSWERS = {
  height: 176,
  weight: 74,
  body_shape: 'standard',
  fit_preference: 'regular',
  sizes: { TOP: 'L', BOTTOM: '32' },
  liked_styles: ['미니멀', '비즈니스캐주얼'],
  disliked_styles: ['스트릿'],
  liked_colors: ['네이비', '그레이'],
  avoided_colors: ['핑크'],
  budget_max: 150_000,
  occasions: ['office', 'weekend'],
  avoid: ['logo'],
};

beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.ctx.db
    .insert(couponPolicies)
    .values({ name: '코디 쿠폰', coupon_type: 'CODI', discount_kind: 'FIXED', discount_value: 3000 })
    .returning();
  codi = p?.id as number;
});
afterAll(() => t?.close());

describe('style quiz', () => {
  it('saves: SUCCESS, size info, status, CODI coupon once', async () => {
    const m = await createMember(t.ctx);
    const before = await call(t.app, 'GET', '/api/users/status-main', m.headers);
    expect(before.body.status).toBe('NONE_STYLE_QUIZ');
    const r = await call(t.app, 'POST', '/api/v1/curations/style-quiz', m.headers, ANSWERS);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'SUCCESS' });
    expect(r.body.issued_coupon_policy_ids).toContain(codi);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(u?.stylequiz).toBe(true);
    const size = await call(t.app, 'GET', '/api/users/user-size-info', m.headers);
    expect(size.body).toMatchObject({
      height: 176,
      weight: 74,
      fit_preference: 'regular',
      sizes: { TOP: 'L', BOTTOM: '32' },
    });
    expect((await call(t.app, 'GET', '/api/users/status-main', m.headers)).body.status).toBe(
      'NONE_CURATIONED',
    );
    // A second quiz replaces the answers but issues nothing again.
    const again = await call(t.app, 'POST', '/api/v1/curations/style-quiz', m.headers, {
      ...ANSWERS,
      budget_max: 80_000,
    });
    expect(again.body.issued_coupon_policy_ids).toEqual([]);
    const latest = await call(t.app, 'GET', '/api/curations/style-quiz', m.headers);
    expect(latest.body).toMatchObject({ id: again.body.id, answers: { budget_max: 80_000 } });
    const first = await call(t.app, 'GET', `/api/curations/style-quiz?id=${r.body.id}`, m.headers);
    expect(first.body).toMatchObject({ id: r.body.id, answers: { budget_max: 150_000 } });
  });

  it("another member's quiz is not found; no token is a 401", async () => {
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    const saved = await call(t.app, 'POST', '/api/v1/curations/style-quiz', a.headers, ANSWERS);
    expect(
      (await call(t.app, 'GET', `/api/curations/style-quiz?id=${saved.body.id}`, b.headers)).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/curations/style-quiz', b.headers)).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/v1/curations/style-quiz', {}, ANSWERS)).status).toBe(401);
  });

  it.each([
    [{ liked_styles: [] }, 'liked_styles'],
    [{ liked_styles: ['힙합'] }, 'liked_styles'],
    [{ disliked_styles: ['미니멀'] }, 'disliked_styles'],
    [{ avoided_colors: ['네이비'] }, 'avoided_colors'],
    [{ occasions: [] }, 'occasions'],
    [{ occasions: ['funeral'] }, 'occasions'],
    [{ budget_max: 500 }, 'budget_max'],
    [{ height: 176, weight: undefined }, 'weight'],
    [{ liked_styles: ['미니멀', '미니멀'] }, 'liked_styles'],
    [{ sizes: { HAT: 'L' } }, 'sizes'],
    [{ favourite_food: '김치' }, 'favourite_food'],
  ])('400 for %j naming %s', async (patch, field) => {
    const m = await createMember(t.ctx);
    const r = await call(t.app, 'POST', '/api/v1/curations/style-quiz', m.headers, { ...ANSWERS, ...patch });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(field);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(u?.stylequiz).toBe(false);
  });
});

describe('personal colour quiz', () => {
  const answers = { vein: 'blue', metal: 'silver', sun: 'burn', contrast: 'soft', shirt: 'skyblue' };

  it('questions for guests; a member’s answer gives the season and is kept as their latest', async () => {
    const guest = await call(t.app, 'GET', '/api/curations/personal-color-quiz', guestHeader(t.ctx, 'pc'));
    expect(guest.status).toBe(200);
    expect((guest.body.questions as unknown[]).length).toBe(5);
    expect(guest.body.latest).toBeNull();
    const m = await createMember(t.ctx);
    const r = await call(t.app, 'POST', '/api/curations/personal-color-quiz', m.headers, { answers });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ result: 'SUMMER_COOL', label: '여름 쿨톤' });
    expect(r.body.palette).toContain('라벤더');
    const mine = await call(t.app, 'GET', '/api/curations/personal-color-quiz', m.headers);
    expect(mine.body.latest).toMatchObject({ result: 'SUMMER_COOL' });
    // Another member's result is theirs alone.
    const other = await createMember(t.ctx);
    expect(
      (await call(t.app, 'GET', '/api/curations/personal-color-quiz', other.headers)).body.latest,
    ).toBeNull();
    expect(
      (
        await call(t.app, 'POST', '/api/curations/personal-color-quiz', m.headers, {
          answers: { ...answers, shirt: 'purple' },
        })
      ).status,
    ).toBe(400);
    expect((await call(t.app, 'POST', '/api/curations/personal-color-quiz', {}, { answers })).status).toBe(
      401,
    );
  });
});
