/**
 * Size recommendation (docs/ARCHITECTURE.md, "Sizing"): the shopper's body estimated from height
 * and weight with the Size Korea regressions for men aged 30–59, compared with each size's garment
 * measurements and the ease a garment of that kind and cut needs, then corrected with the size
 * reviews of the product by similar bodies. Pure functions: the API, the seed and the evaluation
 * bench use the same model.
 *
 * Units: cm and kg. A girth compared here is always a full circumference: flat (단면) widths of a
 * size sheet are doubled first (Korean shop convention).
 */

import type { SizeFeel } from './constants.ts';

/** A size review's verdict: small, fits, large (SIZE_FEELS). */
export type FitFeel = SizeFeel;
export type FitPreference = 'slim' | 'regular' | 'loose';
export const FIT_PREFERENCES = ['slim', 'regular', 'loose'] as const satisfies readonly FitPreference[];

/** Heights and weights the model accepts (outside them the regressions say nothing useful). */
export const BODY_LIMITS = { height: { min: 140, max: 210 }, weight: { min: 40, max: 160 } } as const;

// ───────────────────────────── body ─────────────────────────────

/**
 * Size Korea, 7th survey, men 30–59 (n = 1,184): y = a + b·height + c·weight, with the residual
 * standard deviation (how far a real person typically is from the estimate).
 */
export const BODY_REGRESSIONS = {
  /** 가슴둘레 */
  chest: { a: 91.56, b: -0.193, c: 0.539, sd: 3.19 },
  /** 허리둘레 (where trousers are labelled: a 34-inch waist is about 86 cm) */
  waist: { a: 105.05, b: -0.439, c: 0.761, sd: 3.6 },
  /** 엉덩이둘레 */
  hip: { a: 63.33, b: -0.022, c: 0.492, sd: 2.26 },
  /** 어깨사이길이 (over the shoulder curve, as a garment's shoulder seam runs) */
  shoulder: { a: 18.04, b: 0.114, c: 0.072, sd: 2.02 },
  /** 팔길이 */
  arm: { a: -0.01, b: 0.334, c: 0.013, sd: 1.93 },
  /** 샅높이 (inseam) */
  inseam: { a: -23.34, b: 0.624, c: -0.081, sd: 1.92 },
  /** 넙다리둘레 */
  thigh: { a: 42.98, b: -0.088, c: 0.397, sd: 2.08 },
} as const;

export type BodyDimension = keyof typeof BODY_REGRESSIONS;
export type BodyEstimate = Record<BodyDimension, number>;

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Whether height and weight are in the range the model is fitted for. */
export function isBodyInRange(height: number, weight: number): boolean {
  return (
    Number.isFinite(height) &&
    Number.isFinite(weight) &&
    height >= BODY_LIMITS.height.min &&
    height <= BODY_LIMITS.height.max &&
    weight >= BODY_LIMITS.weight.min &&
    weight <= BODY_LIMITS.weight.max
  );
}

/** The body measurements expected of a man of this height and weight (cm, one decimal). */
export function estimateBody(height: number, weight: number): BodyEstimate {
  const out = {} as BodyEstimate;
  for (const [k, r] of Object.entries(BODY_REGRESSIONS) as [
    BodyDimension,
    (typeof BODY_REGRESSIONS)[BodyDimension],
  ][]) {
    out[k] = round1(r.a + r.b * height + r.c * weight);
  }
  return out;
}

// ───────────────────────────── garment ─────────────────────────────

/** The dimension that decides whether a size fits: chest for tops and outerwear, waist for trousers. */
export type KeyDimension = 'chest' | 'waist';

/**
 * Ease (garment girth − body girth, cm) a regular cut of each garment kind is made with, keyed by
 * category code. Shirts and knits are cut roomier than T-shirts, and outerwear is worn over other
 * layers. Categories not listed use their product type's row.
 */
export const GARMENT_EASE: Record<string, number> = {
  top_tshirt: 12,
  top_longsleeve: 12,
  top_polo: 12,
  top_shirt: 16,
  top_knit: 16,
  top_sweatshirt: 22,
  top_hoodie: 22,
  outer_blazer: 16,
  outer_cardigan: 20,
  outer_vest: 22,
  outer_coat: 24,
  outer_trench: 24,
  outer_jacket: 28,
  outer_padding: 34,
  TOP: 14,
  OUTER: 24,
  BOTTOM: 1,
};

/** Extra ease of a cut (the product's fit label) over the regular cut, as girth in cm. */
export function cutEase(cut: string | null | undefined, key: KeyDimension): number {
  if (key === 'waist') return 0; // a cut changes the leg, not the waistband
  if (!cut) return 0;
  if (/세미오버|세미와이드|릴렉스|루즈/.test(cut)) return 4;
  if (/오버|와이드|빅/.test(cut)) return 8;
  if (/슬림|스키니/.test(cut)) return -4;
  return 0;
}

/** How much roomier (or closer) than the garment's intended ease a shopper likes it. */
export function preferenceEase(pref: FitPreference, key: KeyDimension): number {
  if (key === 'waist') return pref === 'slim' ? -1 : pref === 'loose' ? 1.5 : 0;
  return pref === 'slim' ? -3 : pref === 'loose' ? 4 : 0;
}

/** Half-width of the "fits" window around the ideal ease, and the spread of personal taste. */
const WINDOW = { chest: { tolerance: 3, taste: 2 }, waist: { tolerance: 2.5, taste: 1.5 } } as const;

export type GarmentKind = { key: KeyDimension; ease: number };

/** The key dimension and intended ease of a garment, or null when height and weight cannot size it. */
export function garmentKind(
  productType: string,
  categoryCode: string | null | undefined,
  cut: string | null | undefined,
): GarmentKind | null {
  const key: KeyDimension | null =
    productType === 'TOP' || productType === 'OUTER' ? 'chest' : productType === 'BOTTOM' ? 'waist' : null;
  if (!key) return null;
  // Own keys only: a category coded like an Object.prototype member ('constructor') is not a row.
  const row = (k: string | null | undefined) =>
    k && Object.hasOwn(GARMENT_EASE, k) ? GARMENT_EASE[k] : undefined;
  const base = row(categoryCode) ?? row(productType) ?? 0;
  return { key, ease: base + cutEase(cut, key) };
}

/**
 * A size's girth of the key dimension from its size-sheet row: `chest` / `waist` of the base
 * sets are flat widths (doubled here); the '2' sets already give a girth.
 */
export function garmentGirth(
  key: KeyDimension,
  values: Record<string, number>,
  flat: boolean,
): number | null {
  const v = values[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) return null;
  return flat ? v * 2 : v;
}

/**
 * The girths the model reads from a product's sheet: the base set's flat widths, else (a shop that
 * publishes only circumferences, SPEC.md "Size measurement field sets") its '2' set's girths. Empty
 * when neither gives the key dimension of any size.
 */
export function sheetGirths(
  key: KeyDimension,
  base: readonly { size_name: string; values: Record<string, number> }[],
  girthsOnly: readonly { size_name: string; values: Record<string, number> }[],
): { size_name: string; girth: number | null }[] {
  const read = (rows: typeof base, flat: boolean) =>
    rows.map((r) => ({ size_name: r.size_name, girth: garmentGirth(key, r.values, flat) }));
  const flat = read(base, true);
  if (flat.some((r) => r.girth !== null)) return flat;
  const round = read(girthsOnly, false);
  return round.some((r) => r.girth !== null) ? round : [];
}

// ───────────────────────────── fit probabilities ─────────────────────────────

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(z / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

export type FitProbabilities = { small: number; fits: number; large: number };

/**
 * Probabilities that a size feels small, fits or feels large, given how far its expected ease is
 * from the ideal one (`deviation`, cm; negative: tighter than ideal) and the uncertainty `sd`.
 */
export function fitProbabilities(deviation: number, tolerance: number, sd: number): FitProbabilities {
  const small = normalCdf((-tolerance - deviation) / sd);
  const large = 1 - normalCdf((tolerance - deviation) / sd);
  return { small, fits: Math.max(0, 1 - small - large), large };
}

// ───────────────────────────── recommendation ─────────────────────────────

export type SizeRow = { size_name: string; girth: number | null; is_sold_out?: boolean };

export type SizeReviewInput = { size_name: string; height: number; weight: number; fit: FitFeel };

export type RecommendationInput = {
  height: number;
  weight: number;
  preference: FitPreference;
  garment: GarmentKind;
  sizes: SizeRow[];
  reviews: SizeReviewInput[];
};

export type SizeProbability = {
  size_name: string;
  is_sold_out: boolean;
  ease: number | null;
} & FitProbabilities;

export type Recommendation = {
  recommended_size: string | null;
  confidence: number;
  sizes: SizeProbability[];
  body: BodyEstimate;
  /** The product's estimated offset from its size sheet (cm of girth; negative: runs small). */
  offset: number;
  /** Size reviews used, and those by bodies similar to the shopper's. */
  reviews_used: number;
  similar: SimilarReviews;
};

export type SimilarReviews = { total: number; size_name: string | null; fits: number };

/**
 * Bodies within these distances count as "similar" in the explanation and the review filter.
 * (Counting their verdicts per size as direct evidence was tried and made answers worse on
 * products true to their sheet: a handful of similar bodies is noise next to the model; all
 * reviews inform the product's offset instead, weighted by similarity.)
 */
export const SIMILAR_BODY = { height: 5, weight: 6 } as const;

function isSimilarBody(r: { height: number; weight: number }, height: number, weight: number): boolean {
  return (
    Math.abs(r.height - height) <= SIMILAR_BODY.height && Math.abs(r.weight - weight) <= SIMILAR_BODY.weight
  );
}

const OFFSET_GRID: number[] = Array.from({ length: 49 }, (_, i) => -12 + i * 0.5);
/** Prior spread of a product's offset from its sheet (cm), for products that are not true to it. */
const OFFSET_PRIOR_SD = 3;
/**
 * The prior share of products exactly true to their sheet (offset 0). Reviews move a product off its
 * sheet only when they outweigh this: on products whose reviews agree with their table the answer
 * stays the table's, where a spread prior alone let a few reviews' noise shift it (bench/sizing.mjs).
 */
const TRUE_TO_SHEET = 0.5;
/**
 * How much likelier to fit (P(fits), 0–1) the reviews must make another size before the answer
 * leaves the size the sheet alone gives.
 */
const REVIEW_SWITCH_MARGIN = 0.03;
/** The prior's log weight of each offset on the grid: the spike at 0 over the spread. */
const OFFSET_PRIOR: number[] = (() => {
  const step = 0.5;
  return OFFSET_GRID.map((d) => {
    const spread =
      ((1 - TRUE_TO_SHEET) * step * Math.exp(-0.5 * (d / OFFSET_PRIOR_SD) ** 2)) /
      (OFFSET_PRIOR_SD * Math.sqrt(2 * Math.PI));
    return Math.log(spread + (d === 0 ? TRUE_TO_SHEET : 0));
  });
})();
/** The prior as weights (what the sheet alone says, before any review). */
const PRIOR_WEIGHTS: number[] = (() => {
  const w = OFFSET_PRIOR.map((l) => Math.exp(l));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
})();

function dimensionSd(key: KeyDimension): number {
  const body = key === 'chest' ? BODY_REGRESSIONS.chest.sd : BODY_REGRESSIONS.waist.sd;
  return Math.sqrt(body * body + WINDOW[key].taste ** 2);
}

/** The weight of one review for this shopper: 1 for an identical body, never below 0.25. */
export function bodySimilarity(h1: number, w1: number, h2: number, w2: number): number {
  const z = ((h1 - h2) / 6) ** 2 + ((w1 - w2) / 7) ** 2;
  return 0.25 + 0.75 * Math.exp(-z / 2);
}

/**
 * Posterior weights over the product's offset grid from its size reviews (each review's likelihood
 * tempered by the reviewer's similarity to the shopper).
 */
export function offsetPosterior(
  garment: GarmentKind,
  girthOf: ReadonlyMap<string, number>,
  reviews: readonly SizeReviewInput[],
  shopper: { height: number; weight: number },
): { grid: number[]; weights: number[]; used: number } {
  const tol = WINDOW[garment.key].tolerance;
  const sd = dimensionSd(garment.key);
  const logw = [...OFFSET_PRIOR];
  let used = 0;
  for (const r of reviews) {
    const girth = girthOf.get(r.size_name);
    if (girth === undefined || !isBodyInRange(r.height, r.weight)) continue;
    used += 1;
    const body = estimateBody(r.height, r.weight)[garment.key];
    const sim = bodySimilarity(shopper.height, shopper.weight, r.height, r.weight);
    for (let i = 0; i < OFFSET_GRID.length; i++) {
      const dev = girth + (OFFSET_GRID[i] as number) - body - garment.ease;
      const p = fitProbabilities(dev, tol, sd);
      const q = r.fit === 'SMALL' ? p.small : r.fit === 'LARGE' ? p.large : p.fits;
      logw[i] = (logw[i] as number) + sim * Math.log(Math.max(q, 1e-6));
    }
  }
  const max = Math.max(...logw);
  const w = logw.map((l) => Math.exp(l - max));
  const sum = w.reduce((a, b) => a + b, 0);
  return { grid: OFFSET_GRID, weights: w.map((x) => x / sum), used };
}

/** The recommendation for one shopper and one product. */
export function recommendSize(input: RecommendationInput): Recommendation {
  const { garment, preference } = input;
  const body = estimateBody(input.height, input.weight);
  const bodyGirth = body[garment.key];
  const ideal = garment.ease + preferenceEase(preference, garment.key);
  const tol = WINDOW[garment.key].tolerance;
  const sd = dimensionSd(garment.key);
  const girthOf = new Map<string, number>();
  for (const s of input.sizes) if (s.girth !== null) girthOf.set(s.size_name, s.girth);
  const post = offsetPosterior(garment, girthOf, input.reviews, input);
  let offset = 0;
  post.grid.forEach((d, i) => {
    offset += d * (post.weights[i] as number);
  });

  /** Each size's chances under offset weights over the grid. */
  const chances = (weights: readonly number[], shift: number): SizeProbability[] =>
    input.sizes.map((s) => {
      if (s.girth === null) {
        return {
          size_name: s.size_name,
          is_sold_out: Boolean(s.is_sold_out),
          ease: null,
          small: 0,
          fits: 0,
          large: 0,
        };
      }
      const acc = { small: 0, fits: 0, large: 0 };
      post.grid.forEach((d, i) => {
        const w = weights[i] as number;
        if (w < 1e-5) return;
        const p = fitProbabilities((s.girth as number) + d - bodyGirth - ideal, tol, sd);
        acc.small += w * p.small;
        acc.fits += w * p.fits;
        acc.large += w * p.large;
      });
      const r3 = (v: number) => Math.round(v * 1000) / 1000;
      return {
        size_name: s.size_name,
        is_sold_out: Boolean(s.is_sold_out),
        ease: round1(s.girth + shift - bodyGirth),
        small: r3(acc.small),
        fits: r3(acc.fits),
        large: r3(acc.large),
      };
    });
  const sizes = chances(post.weights, offset);
  let best = likeliest(sizes, preference);
  // Sizes never get worse than the table's: the reviews move the answer off the size the sheet
  // alone gives only when, read with the reviews, another size is clearly likelier to fit
  // (REVIEW_SWITCH_MARGIN); a near call keeps the sheet's size (bench/sizing.mjs).
  if (best && post.used > 0) {
    const table = likeliest(chances(PRIOR_WEIGHTS, 0), preference);
    const kept = table && sizes.find((s) => s.size_name === table.size_name);
    if (kept && kept.ease !== null && kept !== best && kept.fits >= best.fits - REVIEW_SWITCH_MARGIN)
      best = kept;
  }
  const similar = similarReviews(input.reviews, input.height, input.weight, best?.size_name ?? null);
  return {
    recommended_size: best?.size_name ?? null,
    confidence: best ? best.fits : 0,
    sizes,
    body,
    offset: round1(offset),
    reviews_used: post.used,
    similar,
  };
}

/** The size most likely to fit; between near-equal sizes, the one the shopper's taste leans to. */
function likeliest(sizes: readonly SizeProbability[], preference: FitPreference): SizeProbability | null {
  let best: SizeProbability | null = null;
  for (const s of sizes) {
    if (s.ease === null) continue;
    if (!best) {
      best = s;
      continue;
    }
    const lean = preference === 'slim' ? s.small - s.large : preference === 'loose' ? s.large - s.small : 0;
    const bestLean =
      preference === 'slim' ? best.small - best.large : preference === 'loose' ? best.large - best.small : 0;
    // Near ties go to the taste's lean; with no lean between them (a regular fit), to the likelier.
    const nearTie = Math.abs(s.fits - best.fits) <= 0.02;
    if (
      s.fits > best.fits + 0.02 ||
      (nearTie && (lean > bestLean || (lean === bestLean && s.fits > best.fits)))
    )
      best = s;
  }
  return best;
}

/**
 * Size reviews by bodies within SIMILAR_BODY of the shopper who wore `size`, and how many of them
 * said it fits. Both counts are of the same people (those who wore the recommended size), so "N명
 * 중 M명" never sets reviewers of other sizes beside the ones who said this size fits.
 */
export function similarReviews(
  reviews: readonly SizeReviewInput[],
  height: number,
  weight: number,
  size: string | null,
): SimilarReviews {
  let total = 0;
  let fits = 0;
  if (size === null) return { total, size_name: size, fits };
  for (const r of reviews) {
    if (r.size_name !== size || !isSimilarBody(r, height, weight)) continue;
    total += 1;
    if (r.fit === 'FIT') fits += 1;
  }
  return { total, size_name: size, fits };
}

/**
 * Whether the similar bodies' verdicts back the recommendation, so the explanation may quote them:
 * at least three similar bodies wore the size and most of them (more than half) said it fits.
 */
export function similarSupports(similar: SimilarReviews): boolean {
  return similar.total >= 3 && similar.fits * 2 > similar.total;
}

/**
 * A likelihood as the whole percent every screen shows (floored: a shop never rounds a likelihood
 * up). The headline "잘 맞을 확률" and the size's "맞음" both come from the recommended size's
 * P(fits) through this, so they always agree.
 */
export function fitPercent(p: number): number {
  if (!(p > 0)) return 0;
  return Math.min(100, Math.floor(p * 100 + 1e-9));
}

/**
 * Whether a size label, read aloud in Korean, ends in a consonant (L 엘, M 엠, 30 삼십, 32 삼십이);
 * what is read last is the last letter, digit or syllable ("L(100)" ends in 백, "M (95)" in 오).
 */
function endsInConsonant(label: string): boolean {
  const last = (label.match(/[0-9A-Za-z가-힣](?=[^0-9A-Za-z가-힣]*$)/)?.[0] ?? '').toUpperCase();
  if (!last) return false;
  if (/[가-힣]/.test(last)) return (last.charCodeAt(0) - 0xac00) % 28 !== 0;
  if (/[0-9]/.test(last)) return '013678'.includes(last);
  return 'LMNR'.includes(last);
}

/** A size label with its particle: sizeWithParticle('L', '이', '가') → 'L이'. */
function sizeWithParticle(label: string, afterConsonant: string, afterVowel: string): string {
  return label + (endsInConsonant(label) ? afterConsonant : afterVowel);
}

// ───────────────────────────── shoes ─────────────────────────────

/** A shoe's half size (반 치수), mm: Korean shoe sizes run in 5 mm steps (250, 255 …). */
export const HALF_SIZE_MM = 5;
/** The usual shoe sizes the advice takes (mm): Korean men's shoes, 230–300 in half sizes. */
export const USUAL_SHOE_SIZES = { min: 230, max: 300, step: HALF_SIZE_MM } as const;

/** A usual shoe size the advice takes: "230" … "300" in half sizes. */
export function isUsualShoeSize(v: string | null | undefined): v is string {
  if (!v || !/^\d{3}$/.test(v)) return false;
  const mm = Number(v);
  const { min, max, step } = USUAL_SHOE_SIZES;
  return mm >= min && mm <= max && (mm - min) % step === 0;
}
/**
 * When a shoe's size reviews say it runs small or large: at least `reviews` of them, at least
 * `share` saying so, and that many more than say the opposite by `margin` (shares of all).
 */
export const SHOE_LEAN = { reviews: 5, share: 0.3, margin: 0.2 } as const;

export type ShoeAdvice = {
  /** The size to take, or null when the product does not come in it. */
  size: string | null;
  /** How the reviews say the shoe runs (null: too few reviews to say). */
  lean: 'small' | 'true' | 'large' | null;
  note: string;
  reviews_used: number;
};

/**
 * The size of a shoe for a shopper who wears `usual` (mm, "270"), from its size reviews'
 * feels: half a size up when they say it runs small ("반 치수 크게"), down when large, else the
 * usual size ("정사이즈"). Shoes have no sheet the model can read: the reviews are the evidence.
 */
export function shoeAdvice(
  usual: string,
  offered: readonly string[],
  reviews: readonly { fit: FitFeel }[],
): ShoeAdvice {
  const n = reviews.length;
  const small = reviews.filter((r) => r.fit === 'SMALL').length;
  const large = reviews.filter((r) => r.fit === 'LARGE').length;
  const fits = n - small - large;
  const leans = (a: number, b: number) =>
    n >= SHOE_LEAN.reviews && a / n >= SHOE_LEAN.share && (a - b) / n >= SHOE_LEAN.margin;
  const lean: ShoeAdvice['lean'] =
    n < SHOE_LEAN.reviews ? null : leans(small, large) ? 'small' : leans(large, small) ? 'large' : 'true';
  const has = (s: string) => offered.includes(s);
  const usualLine = `평소 사이즈 ${sizeWithParticle(usual, '을', '를')}`;
  const mm = /^\d{3}$/.test(usual) ? Number(usual) : null;
  if ((lean === 'small' || lean === 'large') && mm !== null) {
    const target = String(lean === 'small' ? mm + HALF_SIZE_MM : mm - HALF_SIZE_MM);
    const said = `후기 ${n}개 중 ${lean === 'small' ? small : large}개가 ${lean === 'small' ? '작게' : '크게'} 나왔다고 해서`;
    if (has(target))
      return {
        size: target,
        lean,
        reviews_used: n,
        note: `${said} 평소 ${usual}보다 반 치수 ${lean === 'small' ? '큰' : '작은'} ${sizeWithParticle(target, '을', '를')} 추천해요`,
      };
    return {
      size: has(usual) ? usual : null,
      lean,
      reviews_used: n,
      note: has(usual)
        ? `${said} 반 치수 ${lean === 'small' ? '크게' : '작게'} 신는 게 좋지만 ${target} 사이즈가 없어 ${usualLine} 추천해요`
        : `이 상품에는 ${usual} 사이즈가 없어요`,
    };
  }
  if (!has(usual)) return { size: null, lean, reviews_used: n, note: `이 상품에는 ${usual} 사이즈가 없어요` };
  return {
    size: usual,
    lean,
    reviews_used: n,
    note:
      lean === 'true'
        ? `후기 ${n}개 중 ${fits}개가 정사이즈라고 해서 ${usualLine} 추천해요`
        : `${usualLine} 추천해요`,
  };
}

/**
 * The given size is kept while the model gives it at least this chance of fitting (the member knows
 * their usual size better than a body estimated from height and weight).
 */
export const GIVEN_SIZE_FITS_ENOUGH = 0.35;

/**
 * The size to pick for a member who gave their usual size (the style quiz, 내 사이즈) when the model
 * answered `rec` for their body: the given size unless the size sheet says it will not fit, and
 * then the model's size with the reason in words ("평소 32를 입으시지만 이 상품의 32는 실측이 작게
 * 나와 34를 골랐어요"); the model's size when none was given, the given one when the model has none.
 */
export function chooseGivenSize(
  given: string | null,
  rec: Pick<Recommendation, 'recommended_size' | 'sizes'> | null,
): { size: string | null; note: string | null } {
  const model = rec?.recommended_size ?? null;
  if (!model) return { size: given, note: null };
  if (!given || given === model) return { size: model, note: null };
  const g = rec?.sizes.find((s) => s.size_name === given);
  const picked = sizeWithParticle(model, '을', '를');
  if (!g || g.ease === null)
    return { size: model, note: `이 상품에는 평소 사이즈 ${given} 실측이 없어 ${picked} 골랐어요` };
  if (g.fits >= GIVEN_SIZE_FITS_ENOUGH) return { size: given, note: null };
  const way = g.small >= g.large ? '작게' : '크게';
  return {
    size: model,
    note: `평소 ${sizeWithParticle(given, '을', '를')} 입으시지만 이 상품의 ${sizeWithParticle(given, '은', '는')} 실측이 ${way} 나와 ${picked} 골랐어요`,
  };
}

/**
 * How `size` sits on a body, as a curation's reason says it: "키 175·몸무게 72 체형에 L이 가슴 여유
 * 10cm예요"; null when the sheet has no girth for it.
 */
export function fitNote(
  size: string,
  rec: Pick<Recommendation, 'sizes'>,
  height: number,
  weight: number,
  key: KeyDimension,
): string | null {
  const s = rec.sizes.find((x) => x.size_name === size);
  if (!s || s.ease === null) return null;
  const ease = Math.round(s.ease);
  const part = key === 'chest' ? '가슴' : '허리';
  const who = `키 ${Math.round(height)}·몸무게 ${Math.round(weight)} 체형에 ${sizeWithParticle(size, '이', '가')}`;
  // Within 2 cm either way a garment fits close (a waistband, a slim shirt): said so, not as "small".
  if (Math.abs(ease) <= 2) return `${who} ${part}에 꼭 맞아요`;
  return ease > 0
    ? `${who} ${part} 여유 ${ease}cm예요`
    : `${who} ${part === '가슴' ? '가슴은' : '허리는'} ${-ease}cm 작지만 가장 가까운 사이즈예요`;
}

/**
 * The one-line Korean explanation, e.g. "키 175·몸무게 72 고객님 기준 가슴 여유 12cm, 비슷한 체형으로
 * L을 입은 20명 중 18명이 잘 맞는다고 했어요".
 */
export function explainRecommendation(
  rec: Pick<Recommendation, 'recommended_size' | 'sizes' | 'similar' | 'offset' | 'reviews_used'>,
  height: number,
  weight: number,
  key: KeyDimension,
): string {
  const who = `키 ${Math.round(height)}·몸무게 ${Math.round(weight)} 고객님 기준`;
  if (!rec.recommended_size) return `${who} 추천할 수 있는 사이즈 정보가 없어요`;
  const chosen = rec.sizes.find((s) => s.size_name === rec.recommended_size);
  const part = key === 'chest' ? '가슴' : '허리';
  // Rounded before the sign is read: −0.3 cm is "여유 0cm".
  const ease = Math.round(chosen?.ease ?? 0);
  const size = rec.recommended_size;
  const { similar } = rec;
  // Quoted only when it backs the answer: of the similar bodies who wore this size, most said it fits.
  const similarLine =
    similar.size_name === size && similarSupports(similar)
      ? `비슷한 체형으로 ${sizeWithParticle(size, '을', '를')} 입은 ${similar.total}명 중 ${similar.fits}명이 잘 맞는다고 했어요`
      : null;
  const reviewsLine =
    rec.reviews_used >= 5 && Math.abs(rec.offset) >= 2
      ? `후기 ${rec.reviews_used}개를 보면 이 상품은 사이즈표보다 ${rec.offset < 0 ? '작게' : '크게'} 나온 편이라 ${sizeWithParticle(size, '을', '를')} 추천해요`
      : null;
  if (ease >= 0) {
    const room = `${who} ${part} 여유 ${ease}cm`;
    return `${room}, ${similarLine ?? reviewsLine ?? `${size} 사이즈를 추천해요`}`;
  }
  // Under the body's girth: said as the answer it is (close, or the nearest there is), never as a
  // shortfall that argues against the size just recommended (as fitNote, within 2 cm "꼭 맞는").
  const what =
    ease >= -2
      ? `${part}에 꼭 맞는`
      : `${part === '가슴' ? '가슴은' : '허리는'} ${-ease}cm 작지만 가장 가까운`;
  const line = similarLine ?? reviewsLine;
  return line ? `${who} ${what} 사이즈예요. ${line}` : `${who} ${what} ${size} 사이즈를 추천해요`;
}

/**
 * The size level shown in the size-level popup (SPEC.md "Global popups"): from the model's offset
 * when at least five size reviews informed it, else from the shares of size feels in the product's
 * reviews (at least five; a lean of more than 15 points either way); null with too little to say.
 */
export function sizeLevelText(
  feels: { SMALL: number; FIT: number; LARGE: number } | null,
  offset: { value: number; reviews: number } | null,
): string | null {
  const word = (small: boolean, large: boolean) => (small ? '작게 나온' : large ? '크게 나온' : '정사이즈인');
  if (offset && offset.reviews >= 5) {
    return `사이즈 후기 ${offset.reviews}개 기준, 사이즈표보다 ${word(offset.value <= -2, offset.value >= 2)} 편이에요.`;
  }
  const n = feels ? feels.SMALL + feels.FIT + feels.LARGE : 0;
  if (!feels || n < 5) return null;
  const pct = (v: number) => Math.round((v / n) * 100);
  const lean = (feels.SMALL - feels.LARGE) / n;
  return `후기 ${n}개 기준 ${word(lean > 0.15, lean < -0.15)} 편이에요 (작아요 ${pct(feels.SMALL)}% · 잘 맞아요 ${pct(feels.FIT)}% · 커요 ${pct(feels.LARGE)}%).`;
}

/**
 * SPEC.md §9 "Time and money": the size-sheet view cookie lasts 1 day. The product page's size
 * recommendation opens with a nudge ("키·몸무게만 알려주시면…") on the first product page of the
 * day; once the shopper has seen it, the cookie is set and later product pages that day show it as
 * one line to open, so a shopper who passed it by is not asked again on every product. A shopper
 * who gave a body (or has an answer) always sees the form with the answer.
 */
export const SIZE_SHEET_VIEW_COOKIE = 'sizeSheetView';
export type SizeSheetMode = 'nudge' | 'collapsed' | 'open';
export function sizeSheetMode(input: {
  hasBody: boolean;
  hasAnswer: boolean;
  seenToday: boolean;
}): SizeSheetMode {
  if (input.hasBody || input.hasAnswer) return 'open';
  return input.seenToday ? 'collapsed' : 'nudge';
}
