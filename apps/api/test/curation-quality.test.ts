/**
 * The curation engine against generated quizzes (docs/ARCHITECTURE.md, "Curation engine"): members
 * with random bodies, usual sizes (or none), budgets, avoid lists, colours, styles and occasions,
 * drafted on random days of the year, each outfit checked from the products as the shop stores them
 * (candidateById, a separate read) against the quiz's hard rules: nothing avoided, each outfit
 * within the budget, every item in season, every top, bottom and outer in a size (and a size other
 * than the member's own said in words), shoes only in the member's shoe size. Also counted: how
 * often a pick's size is the product page's recommendation, how many quizzes got all their outfits,
 * and the time per draft. `npm test` runs CURATION_QUALITY_QUIZZES (40) quizzes;
 * bench/curation-quality.mjs runs 1,000 and writes the figures (CURATION_QUALITY_OUT).
 */
import { writeFileSync } from 'node:fs';
import {
  avoidBroken,
  type CuratedOutfit,
  type FitPreference,
  inSeason,
  NEUTRAL_COLORS,
  OCCASIONS,
  QUIZ_AVOIDS,
  QUIZ_COLORS,
  Rng,
  STYLE_TAGS,
  type StyleQuizAnswers,
} from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/demo/seed.ts';
import { candidateById, composeForMember, DRAFT_LIMITS } from '../src/domains/curations/drafting.ts';
import { recommendedSize } from '../src/domains/reviews/index.ts';
import { saveSizeInfo } from '../src/domains/users/index.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';

const QUIZZES = Number(process.env.CURATION_QUALITY_QUIZZES ?? 40);
const PRODUCTS = Number(process.env.CURATION_QUALITY_PRODUCTS ?? 300);
const clock = mutableClock('2026-01-01T03:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: PRODUCTS, now: clock.now() });
}, 600_000);
afterAll(() => t?.close());

type Quiz = {
  at: Date;
  body: { height: number; weight: number; fit: FitPreference } | null;
  sizes: Partial<Record<'TOP' | 'BOTTOM' | 'OUTER' | 'SHOES', string>>;
  answers: StyleQuizAnswers;
};

function sample<T>(rng: Rng, items: readonly T[], min: number, max: number): T[] {
  const n = rng.int(min, max);
  const left = [...items];
  const out: T[] = [];
  while (out.length < n && left.length) out.push(left.splice(rng.int(0, left.length - 1), 1)[0] as T);
  return out;
}

/** Quiz `i` of a fixed sequence: the same quizzes on every run. */
function quiz(i: number): Quiz {
  const rng = new Rng(`curation-quality:${i}`);
  const at = new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28), rng.int(0, 14)));
  const body = rng.chance(0.85)
    ? {
        height: rng.int(162, 188),
        weight: rng.int(55, 98),
        fit: rng.pick(['slim', 'regular', 'loose'] as const),
      }
    : null;
  const sizes: Quiz['sizes'] = {};
  if (rng.chance(0.8)) sizes.TOP = rng.pick(['M', 'L', 'XL', 'XXL', '100', '105']);
  if (rng.chance(0.7)) sizes.BOTTOM = rng.pick(['29', '30', '31', '32', '33', '34', '36']);
  if (rng.chance(0.6)) sizes.SHOES = rng.pick(['255', '260', '265', '270', '275', '280']);
  const liked = sample(rng, STYLE_TAGS, 1, 3);
  const colors = sample(rng, QUIZ_COLORS, 1, 4);
  return {
    at,
    body,
    sizes,
    answers: {
      liked_styles: liked,
      disliked_styles: sample(
        rng,
        STYLE_TAGS.filter((s) => !liked.includes(s)),
        0,
        2,
      ),
      // A neutral is rarely avoided: most outfits stand on one.
      liked_colors: colors.slice(0, 2),
      avoided_colors: colors.slice(2).filter((c) => ![...NEUTRAL_COLORS].includes(c)),
      budget_max: rng.pick([80_000, 120_000, 150_000, 200_000, 300_000, 500_000]),
      occasions: sample(rng, OCCASIONS, 1, 2),
      avoid: QUIZ_AVOIDS.filter(() => rng.chance(0.3)),
    } as unknown as StyleQuizAnswers,
  };
}

type Broken =
  | 'avoided'
  | 'avoided_color'
  | 'disliked_style'
  | 'over_budget'
  | 'total_wrong'
  | 'out_of_season'
  | 'no_size'
  | 'unexplained_size'
  | 'size_not_in_stock'
  | 'shoes_without_shoe_size';

type Figures = {
  quizzes: number;
  outfits: number;
  items: number;
  broken: Record<Broken, number>;
  examples: string[];
  sized_picks: number;
  /** Picks whose size is the product page's recommendation, of those the page recommends for. */
  page_size_same: number;
  page_size_compared: number;
  /** Of the others, picks in the member's own size, which still fits (chooseGivenSize). */
  page_size_kept_given: number;
  quizzes_full: number;
  quizzes_partial: number;
  quizzes_empty: number;
  draft_ms: number[];
};

const SIZED_TYPE = { top: 'TOP', bottom: 'BOTTOM', outer: 'OUTER', shoes: 'SHOES' } as const;

async function check(q: Quiz, outfits: CuratedOutfit[], userId: number, f: Figures): Promise<void> {
  const flag = (what: Broken, detail: string) => {
    f.broken[what]++;
    if (f.examples.length < 20) f.examples.push(`${what}: ${detail}`);
  };
  for (const o of outfits) {
    f.outfits++;
    let sum = 0;
    for (const pick of o.picks) {
      f.items++;
      const c = await candidateById(t.ctx.db, pick.product_id);
      if (!c) throw new Error(`picked product ${pick.product_id} is not an active display`);
      sum += c.price;
      const label = `${c.name} (${c.color_name}) ${q.at.toISOString().slice(0, 10)}`;
      const avoided = avoidBroken(c, q.answers.avoid ?? []);
      if (avoided) flag('avoided', `${avoided}: ${label}`);
      if (q.answers.avoided_colors.includes(c.color_name)) flag('avoided_color', label);
      if (c.style_tags.some((s) => (q.answers.disliked_styles as readonly string[]).includes(s)))
        flag('disliked_style', label);
      if (!inSeason(c, q.at)) flag('out_of_season', label);
      if (pick.role === 'bag') continue;
      const type = SIZED_TYPE[pick.role];
      if (!pick.size) {
        flag('no_size', label);
        continue;
      }
      f.sized_picks++;
      if (!c.sizes_in_stock.includes(pick.size)) flag('size_not_in_stock', `${pick.size}: ${label}`);
      const given = q.sizes[type];
      if (pick.role === 'shoes') {
        // The member's shoe size, or half a size off it when the shoe's reviews say so, in words
        // naming both (sizing.ts shoeAdvice).
        const words = pick.reasons.join(' ');
        const advised =
          given !== undefined &&
          Math.abs(Number(pick.size) - Number(given)) === 5 &&
          words.includes(given) &&
          words.includes(pick.size) &&
          words.includes('반 치수');
        if (pick.size !== given && !advised)
          flag('shoes_without_shoe_size', `${pick.size} for ${given ?? 'none'}: ${words}`);
        continue;
      }
      // A size other than the member's own says so, naming both (chooseGivenSize).
      const words = pick.reasons.join(' ');
      if (given && pick.size !== given && !(words.includes(given) && words.includes(pick.size)))
        flag('unexplained_size', `${pick.size} for ${given}: ${label}: ${words}`);
      if (q.body) {
        const page = await recommendedSize(t.ctx, c.id, q.body, userId).catch(() => null);
        if (page?.recommended_size) {
          f.page_size_compared++;
          if (page.recommended_size === pick.size) f.page_size_same++;
          else if (pick.size === given) f.page_size_kept_given++;
        }
      }
    }
    if (sum !== o.total) flag('total_wrong', `${o.total} vs ${sum}`);
    if (o.total > (q.answers.budget_max ?? Number.POSITIVE_INFINITY))
      flag('over_budget', `${o.total} > ${q.answers.budget_max}`);
  }
}

const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)] ?? 0;

describe('generated quizzes', () => {
  it(
    "every outfit obeys its quiz's hard rules",
    async () => {
      const f: Figures = {
        quizzes: 0,
        outfits: 0,
        items: 0,
        broken: {
          avoided: 0,
          avoided_color: 0,
          disliked_style: 0,
          over_budget: 0,
          total_wrong: 0,
          out_of_season: 0,
          no_size: 0,
          unexplained_size: 0,
          size_not_in_stock: 0,
          shoes_without_shoe_size: 0,
        },
        examples: [],
        sized_picks: 0,
        page_size_same: 0,
        page_size_compared: 0,
        page_size_kept_given: 0,
        quizzes_full: 0,
        quizzes_partial: 0,
        quizzes_empty: 0,
        draft_ms: [],
      };
      for (let i = 0; i < QUIZZES; i++) {
        const q = quiz(i);
        clock.advance((q.at.getTime() - clock.now().getTime()) / 1000);
        const m = await createMember(t.ctx);
        await saveSizeInfo(t.ctx, m.user.id, {
          ...(q.body ? { height: q.body.height, weight: q.body.weight, fit_preference: q.body.fit } : {}),
          sizes: q.sizes,
        });
        const t0 = performance.now();
        const outfits = await composeForMember(t.ctx, m.user.id, q.answers);
        f.draft_ms.push(performance.now() - t0);
        f.quizzes++;
        if (outfits.length === DRAFT_LIMITS.outfits) f.quizzes_full++;
        else if (outfits.length > 0) f.quizzes_partial++;
        else f.quizzes_empty++;
        await check(q, outfits, m.user.id, f);
      }
      const out = process.env.CURATION_QUALITY_OUT;
      if (out) {
        const { draft_ms, ...rest } = f;
        const sorted = [...draft_ms].sort((a, b) => a - b);
        writeFileSync(
          out,
          `${JSON.stringify(
            {
              ...rest,
              products: PRODUCTS,
              page_size_match_rate: f.page_size_compared ? f.page_size_same / f.page_size_compared : null,
              draft_ms: {
                p50: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
                p95: Math.round(p95(draft_ms)),
                max: Math.round(sorted.at(-1) ?? 0),
              },
            },
            null,
            2,
          )}\n`,
        );
      }
      expect(f.broken, f.examples.join('\n')).toEqual({
        avoided: 0,
        avoided_color: 0,
        disliked_style: 0,
        over_budget: 0,
        total_wrong: 0,
        out_of_season: 0,
        no_size: 0,
        unexplained_size: 0,
        size_not_in_stock: 0,
        shoes_without_shoe_size: 0,
      });
      // The rules leave most quizzes something: a shop that answered none would pass the above.
      expect(f.quizzes_full + f.quizzes_partial).toBeGreaterThan(QUIZZES / 2);
    },
    Math.max(120_000, QUIZZES * 2_000),
  );
});
