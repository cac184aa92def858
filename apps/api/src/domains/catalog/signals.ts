/**
 * Product signals and rankings.
 *
 * - Views: the product detail call marks a live viewer in the key-value store at once (distinct
 *   viewers per 5-minute bucket, read as a sliding window); the view signal comes from the
 *   storefront's analytics page view of the product and is written to `product_signals` with the
 *   analytics events, before the logger call answers (domains/support/event-log.ts), so the
 *   detail call never waits for an INSERT and no accepted view is lost.
 * - Rankings: `recomputeRankings(ctx)` turns views (product_signals), product likes (likes), cart
 *   adds (cart_lines) and purchases (order_items) into `product_displays.popularity` with the
 *   weights and time decay of ranking-rules.ts, plus the all-time prior, and stores
 *   the 'rising' list (last 24 h against the 24 h before) in the key-value store.
 *   `rankingJob` runs it once across the worker processes; tests call it directly.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { rowsOf, windowActivitySql } from './activity.ts';
import { storeRankingSnapshots } from './ranking-periods.ts';
import {
  RANKING_HALF_LIFE_HOURS,
  RANKING_LOOKBACK_DAYS,
  RANKING_RECOMPUTE_MS,
  RISING_WINDOW_HOURS,
  risingScore,
  SIGNAL_WEIGHTS,
} from './ranking-rules.ts';

// ───────────────────────────── live viewers ─────────────────────────────

export const VIEWER_BUCKET_S = 300;
export const VIEWER_WINDOW_MINUTES = VIEWER_BUCKET_S / 60;

const bucketOf = (ms: number) => Math.floor(ms / (VIEWER_BUCKET_S * 1000));

/** Counts `viewer` once per bucket as a viewer of the product. Best effort: store errors are ignored. */
async function markViewer(ctx: AppContext, id: number, viewer: string): Promise<void> {
  const b = bucketOf(ctx.clock.now().getTime());
  const seen = `viewers:v1:${id}:${b}:${viewer}`;
  if ((await ctx.kv.get(seen)) !== null) return;
  await ctx.kv.set(seen, '1', VIEWER_BUCKET_S * 2);
  await ctx.kv.incr(`viewers:v1:${id}:${b}`, VIEWER_BUCKET_S * 2);
}

/**
 * Distinct viewers over the last 5 minutes, as a sliding window over two buckets: everyone in the
 * current bucket plus the previous bucket's count weighted by how much of it is still inside the
 * window.
 */
export async function liveViewerCount(ctx: AppContext, id: number): Promise<number> {
  const nowMs = ctx.clock.now().getTime();
  const b = bucketOf(nowMs);
  const [cur, prev] = await Promise.all([
    ctx.kv.get(`viewers:v1:${id}:${b}`).catch(() => null),
    ctx.kv.get(`viewers:v1:${id}:${b - 1}`).catch(() => null),
  ]);
  const elapsed = (nowMs % (VIEWER_BUCKET_S * 1000)) / (VIEWER_BUCKET_S * 1000);
  return Math.round(Number(cur ?? 0) + Number(prev ?? 0) * (1 - elapsed));
}

/**
 * A product detail call by `viewer` (member id, guest id or client address) counts it as a live
 * viewer in the store. Never throws, never waits for the database.
 */
export function markLiveViewer(
  ctx: AppContext,
  id: number,
  viewer: string,
  log?: (err: unknown) => void,
): void {
  markViewer(ctx, id, viewer).catch((err) => log?.(err));
}

// ───────────────────────────── rankings ─────────────────────────────

const RISING_KEY = 'ranking:v1:rising';
const RISING_TTL_S = 24 * 60 * 60;
export const RISING_MAX = 300;

export type RisingSnapshot = { computed_at: string; ids: number[] };

function windowActivity(db: Db, from: Date, to: Date) {
  return db.execute<{ id: number; s: number }>(windowActivitySql(from, to));
}

/**
 * Recomputes popularity of every product and the 'rising' list. Returns how many products changed
 * and the rising ids. Safe to run concurrently with reads (one UPDATE statement).
 */
export async function recomputeRankings(ctx: AppContext): Promise<{ updated: number; rising: number[] }> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - RANKING_LOOKBACK_DAYS * 86_400_000);
  const tauS = (RANKING_HALF_LIFE_HOURS * 3600) / Math.LN2;
  const nowIso = now.toISOString();
  const sinceIso = since.toISOString();
  // score = ln(1 + likes + 3·sales + reviews)  +  Σ weight · 2^(-age / half-life) over the lookback.
  const updated = await ctx.db.execute<{ id: number }>(sql`
    with sig as (
      select id, sum(w * exp(-greatest(extract(epoch from (${nowIso}::timestamptz - at)), 0) / ${tauS}))::float as s
      from (
        select product_display_id as id, created_at as at, weight::float * ${SIGNAL_WEIGHTS.view} as w
          from product_signals where signal = 'view' and created_at >= ${sinceIso} and created_at <= ${nowIso}
        union all
        select like_id, created_at, ${SIGNAL_WEIGHTS.like}::float from likes
          where like_type = 'PRODUCT' and created_at >= ${sinceIso} and created_at <= ${nowIso}
        union all
        select product_display_id, created_at, ${SIGNAL_WEIGHTS.cart}::float from cart_lines
          where created_at >= ${sinceIso} and created_at <= ${nowIso}
        union all
        select product_display_id, created_at, ${SIGNAL_WEIGHTS.purchase}::float * quantity from order_items
          where status in ('PAID','PREPARING','SHIPPING','COMPLETE','EXCHANGE_REQUESTED','EXCHANGED','CONFIRMED')
            and created_at >= ${sinceIso} and created_at <= ${nowIso}
      ) x group by id
    ), scored as (
      select d.id, (ln(1 + d.like_count + 3 * d.sales_count + d.review_count) + coalesce(sig.s, 0))::real as score
      from product_displays d left join sig on sig.id = d.id
    )
    update product_displays p set popularity = scored.score
    from scored where scored.id = p.id and p.popularity is distinct from scored.score
    returning p.id`);

  const windowMs = RISING_WINDOW_HOURS * 3_600_000;
  const start = new Date(now.getTime() - windowMs);
  const before = new Date(now.getTime() - 2 * windowMs);
  const [recent, previous] = await Promise.all([
    windowActivity(ctx.db, start, new Date(now.getTime() + 1)),
    windowActivity(ctx.db, before, start),
  ]);
  const prev = new Map(rowsOf<{ id: number; s: number }>(previous).map((r) => [Number(r.id), Number(r.s)]));
  const rising = rowsOf<{ id: number; s: number }>(recent)
    .flatMap((r) => {
      const score = risingScore(Number(r.s), prev.get(Number(r.id)) ?? 0);
      return score === null ? [] : [{ id: Number(r.id), score, recent: Number(r.s) }];
    })
    .sort((a, b) => b.score - a.score || b.recent - a.recent || a.id - b.id)
    .slice(0, RISING_MAX)
    .map((r) => r.id);
  const snapshot: RisingSnapshot = { computed_at: nowIso, ids: rising };
  await ctx.kv.set(RISING_KEY, JSON.stringify(snapshot), RISING_TTL_S).catch(() => {});
  // The realtime, daily and weekly rankings with their previous ranks (ranking-periods.ts).
  await storeRankingSnapshots(ctx, now);
  // Popularity orders listings and rankings: cached answers of them end on every node. Its own
  // event, not catalog.changed: what a product is did not change (page documents stay).
  await invalidate(ctx, 'popularity.changed');
  return { updated: rowsOf(updated).length, rising };
}

export async function risingSnapshot(ctx: AppContext): Promise<RisingSnapshot | null> {
  try {
    const raw = await ctx.kv.get(RISING_KEY);
    return raw ? (JSON.parse(raw) as RisingSnapshot) : null;
  } catch {
    return null;
  }
}

/**
 * Rankings are recomputed every RANKING_RECOMPUTE_MS once across the worker processes
 * (platform/jobs.ts); tests call recomputeRankings directly with their own clock.
 */
export const rankingJob: JobDefinition = {
  name: 'catalog.rankings',
  everyMs: RANKING_RECOMPUTE_MS,
  run: (ctx) => recomputeRankings(ctx),
};
