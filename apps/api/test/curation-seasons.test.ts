/**
 * The seeded shop (the journeys' 300 products) answers the journeys' style quiz in every month of
 * the year under the quiz's hard rules (docs/ARCHITECTURE.md, "Curation engine"): in season,
 * within a 100,000원 outfit, nothing disliked or avoided. A seed or a rule that left a month
 * without a top and a bottom would leave a new member's curation empty whenever CI runs then.
 */
import type { StyleQuizAnswers } from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/demo/seed.ts';
import { composeForMember } from '../src/domains/curations/drafting.ts';
import { saveSizeInfo } from '../src/domains/users/index.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';

const clock = mutableClock('2026-01-15T03:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: 300, now: clock.now() });
}, 180_000);
afterAll(() => t?.close());

/** The answers e2e/stylequiz.spec.ts gives. */
const JOURNEY_QUIZ = {
  liked_styles: ['미니멀', '비즈니스캐주얼'],
  disliked_styles: ['스트릿'],
  liked_colors: ['네이비'],
  avoided_colors: ['핑크'],
  budget_max: 100_000,
  occasions: ['office'],
  avoid: [],
} as unknown as StyleQuizAnswers;

describe('the journeys’ quiz in every month', () => {
  it('gets at least one outfit, within the budget, each month of the year', async () => {
    const m = await createMember(t.ctx);
    await saveSizeInfo(t.ctx, m.user.id, {
      height: 175,
      weight: 72,
      fit_preference: 'regular',
      sizes: { TOP: 'L' },
    });
    const empty: number[] = [];
    for (let month = 1; month <= 12; month++) {
      // The 15th of each month (the clock starts on 15 January).
      if (month > 1) clock.advance((Date.UTC(2026, month - 1, 15) - Date.UTC(2026, month - 2, 15)) / 1000);
      const outfits = await composeForMember(t.ctx, m.user.id, JOURNEY_QUIZ);
      if (outfits.length === 0) empty.push(month);
      for (const o of outfits) expect(o.total).toBeLessThanOrEqual(100_000);
    }
    expect(empty, 'months without an outfit').toEqual([]);
  });
});
