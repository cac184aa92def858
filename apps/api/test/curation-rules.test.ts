/**
 * The style quiz as hard rules in drafting (docs/ARCHITECTURE.md, "Curation engine"), on the seeded
 * shop in late November: what the member avoids, the season, the budget as one outfit's (한 벌),
 * shoes only in the member's shoe size. The rules themselves are unit-tested
 * (packages/shared/test/curation-rules.test.ts); here, that drafting hands the engine the facts
 * they read (category, fit, material, season label) and the member's shoe size, checked against the
 * database's own rows.
 */
import { avoidBroken, inSeason, QUIZ_AVOIDS, type StyleQuizAnswers } from '@codiroom/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, curations, productDisplays, products } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { composeForMember } from '../src/domains/curations/drafting.ts';
import { saveSizeInfo } from '../src/domains/users/index.ts';
import { mutableClock } from './auth-helpers.ts';
import { QUIZ } from './curation-fixtures.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';
import { call } from './orders-fixtures.ts';

// 25 November, 10:00 KST.
const clock = mutableClock('2026-11-25T01:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: 160, now: clock.now() });
}, 180_000);
afterAll(() => t?.close());

const answers = (over: Partial<StyleQuizAnswers>): StyleQuizAnswers =>
  ({ ...QUIZ, avoid: [], ...over }) as StyleQuizAnswers;

/** Each pick's facts as the database holds them. */
async function factsOf(ids: number[]) {
  const rows = await t.ctx.db
    .select({
      id: productDisplays.id,
      product_type: productDisplays.product_type,
      name: productDisplays.name,
      color_name: productDisplays.color_name,
      price: productDisplays.price_discount,
      style_tags: products.style_tags,
      fit: products.fit,
      material: products.material,
      season: products.season,
      category_code: categories.code,
      category_sub: categories.sub,
    })
    .from(productDisplays)
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(inArray(productDisplays.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A member with the body and usual sizes the quiz saves (175 cm, 72 kg, L and 32), plus `sizes`. */
async function member(sizes: Record<string, string> = {}) {
  const m = await createMember(t.ctx);
  await saveSizeInfo(t.ctx, m.user.id, {
    height: 175,
    weight: 72,
    fit_preference: 'regular',
    sizes: { TOP: 'L', OUTER: 'L', BOTTOM: '32', ...sizes },
  });
  return m;
}

describe('curation drafting keeps the quiz', () => {
  it('nothing avoided, in season, each outfit within the budget, no shoes without a shoe size', async () => {
    const m = await member();
    const quiz = answers({ avoid: [...QUIZ_AVOIDS], budget_max: 200_000 });
    const outfits = await composeForMember(t.ctx, m.user.id, quiz);
    expect(outfits.length).toBeGreaterThan(0);
    const facts = await factsOf(outfits.flatMap((o) => o.picks.map((p) => p.product_id)));
    for (const o of outfits) {
      let total = 0;
      for (const p of o.picks) {
        const f = facts.get(p.product_id);
        if (!f) throw new Error(`pick ${p.product_id} is not in the shop`);
        total += f.price;
        expect(avoidBroken(f, quiz.avoid), f.name).toBeNull();
        expect(inSeason(f, clock.now()), `${f.name} (${f.season}) in late November`).toBe(true);
        expect(p.role).not.toBe('shoes');
        // The size the member gave (L, 32), or another with the reason in words.
        const given = f.product_type === 'BOTTOM' ? '32' : 'L';
        if (p.role !== 'bag' && p.size !== given)
          expect(
            p.reasons.some((r) => r.startsWith(`평소 ${given}`) || r.startsWith('이 상품에는')),
            `${f.name} ${p.size}`,
          ).toBe(true);
      }
      expect(total).toBe(o.total);
      expect(total).toBeLessThanOrEqual(200_000);
    }
  });

  it('sizes agree with the product page: its recommendation (reviews included) or the size the member gave', async () => {
    const m = await member();
    const outfits = await composeForMember(t.ctx, m.user.id, answers({ budget_max: null }));
    const sized = outfits.flatMap((o) => o.picks.filter((p) => ['top', 'bottom', 'outer'].includes(p.role)));
    expect(sized.length).toBeGreaterThan(0);
    let agreeing = 0;
    for (const p of sized) {
      const page = await call(
        t.app,
        'GET',
        `/api/products/recommended-size/${p.product_id}?height=175&weight=72&fit=regular`,
        {},
      );
      const given = p.role === 'bottom' ? '32' : 'L';
      expect([page.body.recommended_size, given], `${p.product_id}`).toContain(p.size);
      if (p.size === page.body.recommended_size) agreeing += 1;
    }
    expect(agreeing).toBeGreaterThan(0);
  });

  it('shoes in the shoe size the member gave', async () => {
    const m = await member({ SHOES: '270' });
    const outfits = await composeForMember(t.ctx, m.user.id, answers({ budget_max: null }));
    const shoes = outfits.flatMap((o) => o.picks.filter((p) => p.role === 'shoes'));
    expect(shoes.length).toBeGreaterThan(0);
    for (const s of shoes) {
      // 270, or half a size off it when the shoe's reviews say it runs small or large: as the
      // product page advises, the reason naming both sizes.
      const page = await call(
        t.app,
        'GET',
        `/api/products/recommended-size/${s.product_id}?shoe_size=270`,
        {},
      );
      expect(s.size).toBe(page.body.recommended_size);
      if (s.size !== '270') expect(s.reasons.join(' ')).toMatch(new RegExp(`270.*반 치수.*${s.size}`));
      expect(['265', '270', '275']).toContain(s.size);
    }
  });

  it('a budget too small for a top and a bottom together gives no outfit, not one over it', async () => {
    const m = await member();
    expect(await composeForMember(t.ctx, m.user.id, answers({ budget_max: 20_000 }))).toEqual([]);
  });

  it('the first quiz says when its rules leave too little, and a wider one gets its curation', async () => {
    const m = await createMember(t.ctx);
    const narrow = await call(t.app, 'POST', '/api/v1/curations/style-quiz', m.headers, {
      ...QUIZ,
      budget_max: 20_000,
    });
    expect(narrow.status, JSON.stringify(narrow.body)).toBe(200);
    expect(narrow.body).toMatchObject({ curation_unfilled: true });
    expect(await t.ctx.db.select().from(curations).where(eq(curations.user_id, m.user.id))).toEqual([]);
    const wide = await call(t.app, 'POST', '/api/v1/curations/style-quiz', m.headers, {
      ...QUIZ,
      budget_max: 300_000,
    });
    expect(wide.body).toMatchObject({ curation_unfilled: false });
    const [c] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, m.user.id));
    expect(c?.status).toBe('DRAFT');
  });
});
