/**
 * Ranking periods, colourway grouping and rank changes (docs/ARCHITECTURE.md, 'Catalog',
 * "Ranking periods"). Pure rules: the API's snapshots and the storefront's labels both use them.
 *
 * - realtime: the popularity score (signals decayed by age, plus the all-time prior; see ranking.ts),
 *   recomputed every 5 minutes; changes compare with the ranking as it stood about an hour before.
 * - daily / weekly: the weighted activity (views 1, likes 3, cart adds 5, purchases 10 per unit, not
 *   decayed) of the last 24 hours / 7 days; changes compare with the 24 hours / 7 days before that.
 */
import { formatKst } from './time.ts';

export const RANKING_PERIODS = ['realtime', 'daily', 'weekly'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

export const RANKING_PERIOD_LABELS: Record<RankingPeriod, string> = {
  realtime: '실시간',
  daily: '일간',
  weekly: '주간',
};

/** Length of the activity window of a windowed period, in hours. */
export const RANKING_PERIOD_HOURS = { daily: 24, weekly: 7 * 24 } as const;

/** The realtime ranking is compared with the first ranking computed at least this long before. */
export const REALTIME_COMPARE_MINUTES = 60;

/** At most this many products are kept per ranking snapshot (the tabs filter within them). */
export const RANKING_SNAPSHOT_MAX = 3000;

/** What the page says a period measures (SPEC.md §2 ranking tabs; honest about the model). */
export function rankingPeriodNote(period: RankingPeriod): string {
  if (period === 'realtime') {
    return '조회·좋아요·장바구니·구매를 최근일수록 크게 반영한 인기 점수예요. 5분마다 갱신돼요.';
  }
  const span = period === 'daily' ? '최근 24시간' : '최근 7일';
  return `${span} 동안의 조회·좋아요·장바구니·구매를 합산한 순위예요. 5분마다 갱신돼요.`;
}

/** What the ▲▼ marks compare with: "직전 24시간 대비", or the realtime baseline's KST time. */
export function rankChangeBasis(period: RankingPeriod, comparedAt: string | null): string | null {
  if (period === 'daily') return '직전 24시간 대비';
  if (period === 'weekly') return '직전 7일 대비';
  return comparedAt ? `${formatKst(new Date(comparedAt), 'time')} 순위 대비` : null;
}

/** One product display (colourway) with its score in a period. */
export type ColourwayScore = { product_id: number; display_id: number; score: number };

/**
 * Rankings group colourways: one entry per product. A product scores the sum of its colourways'
 * scores and is shown in its best colourway (highest score, then the lower display id). Products
 * order by score, then by their best colourway's display id (newer first, as the listings tie-break).
 * Entries with a score of 0 or less are dropped when `dropZero` (a windowed period ranks activity).
 */
export function groupColourways(rows: readonly ColourwayScore[], dropZero = false): ColourwayScore[] {
  const byProduct = new Map<number, { sum: number; best: ColourwayScore }>();
  for (const r of rows) {
    const g = byProduct.get(r.product_id);
    if (!g) {
      byProduct.set(r.product_id, { sum: r.score, best: r });
      continue;
    }
    g.sum += r.score;
    if (r.score > g.best.score || (r.score === g.best.score && r.display_id < g.best.display_id)) g.best = r;
  }
  return [...byProduct.values()]
    .filter((g) => !dropZero || g.sum > 0)
    .map((g) => ({ product_id: g.best.product_id, display_id: g.best.display_id, score: g.sum }))
    .sort((a, b) => b.score - a.score || b.display_id - a.display_id);
}

export type RankMove = {
  rank: number;
  /** Rank before minus rank now: positive went up (▲), negative down (▼), 0 the same; null when new or unknown. */
  rank_change: number | null;
  /** Not ranked in the previous period (only when a previous ranking exists). */
  is_new: boolean;
};

/**
 * Ranks of `current` (product ids in rank order) and their change against `previous` (the same
 * tab's previous ranking, or null when there is none to compare with: nothing is marked then).
 */
export function rankChanges(current: readonly number[], previous: readonly number[] | null): RankMove[] {
  const before = new Map<number, number>();
  previous?.forEach((id, i) => {
    if (!before.has(id)) before.set(id, i + 1);
  });
  return current.map((id, i) => {
    const rank = i + 1;
    if (previous === null) return { rank, rank_change: null, is_new: false };
    const was = before.get(id);
    return was === undefined
      ? { rank, rank_change: null, is_new: true }
      : { rank, rank_change: was - rank, is_new: false };
  });
}

/** "▲3", "▼2", "-" or "NEW" with the words a screen reader says. */
export function rankChangeLabel(
  c: Pick<RankMove, 'rank_change' | 'is_new'>,
): { text: string; spoken: string } | null {
  if (c.is_new) return { text: 'NEW', spoken: '새로 진입' };
  if (c.rank_change === null) return null;
  if (c.rank_change > 0) return { text: `▲${c.rank_change}`, spoken: `${c.rank_change}계단 상승` };
  if (c.rank_change < 0) return { text: `▼${-c.rank_change}`, spoken: `${-c.rank_change}계단 하락` };
  return { text: '-', spoken: '순위 변동 없음' };
}
