/**
 * Ranking rules (docs/ARCHITECTURE.md, 'Catalog'): popularity from real signals — views, likes, cart adds and
 * purchases — each weighted and decayed by age, plus a small all-time prior; 'rising' compares the recent
 * window with the one before. The catalog's SQL (signals.ts, activity.ts) uses these constants; the pure
 * functions are the reference. The API's alone: the storefront shows rankings, it never computes them.
 */

export const SIGNAL_WEIGHTS = { view: 1, like: 3, cart: 5, purchase: 10 } as const;
export type SignalKind = keyof typeof SIGNAL_WEIGHTS;

/** A signal loses half its weight every 3 days. */
export const RANKING_HALF_LIFE_HOURS = 72;
/** Signals older than this are ignored. */
export const RANKING_LOOKBACK_DAYS = 14;
/** 'rising' compares the last 24 hours with the 24 hours before. */
export const RISING_WINDOW_HOURS = 24;
/** A product needs this much weighted activity in the recent window to be 'rising'. */
export const RISING_MIN_RECENT = 3;
/** Smoothing of the previous window so a product going 0 → 3 does not beat one going 40 → 120. */
export const RISING_SMOOTHING = 5;
/** How often the server recomputes rankings. */
export const RANKING_RECOMPUTE_MS = 5 * 60 * 1000;

/** The decay factor of a signal `ageHours` old: 2^(-age / half-life). */
export function decayFactor(ageHours: number): number {
  if (ageHours <= 0) return 1;
  return 2 ** (-ageHours / RANKING_HALF_LIFE_HOURS);
}

/** Time-decayed weighted sum of signals, ignoring those older than the lookback. */
export function decayedScore(
  signals: { kind: SignalKind; at: Date; quantity?: number }[],
  now: Date,
): number {
  let s = 0;
  for (const sig of signals) {
    const ageH = (now.getTime() - sig.at.getTime()) / 3_600_000;
    if (ageH > RANKING_LOOKBACK_DAYS * 24) continue;
    s += SIGNAL_WEIGHTS[sig.kind] * (sig.quantity ?? 1) * decayFactor(ageH);
  }
  return s;
}

/** All-time prior from the stored counters: keeps products without recent signals in order. */
export function popularityPrior(c: {
  like_count: number;
  sales_count: number;
  review_count: number;
}): number {
  return Math.log(1 + c.like_count + 3 * c.sales_count + c.review_count);
}

/**
 * Rising score: relative growth of the weighted activity of the recent window over the window
 * before, smoothed; null when the product is not active enough to be 'rising' or is not growing.
 */
export function risingScore(recent: number, previous: number): number | null {
  if (recent < RISING_MIN_RECENT || recent <= previous) return null;
  return (recent - previous) / (previous + RISING_SMOOTHING);
}
