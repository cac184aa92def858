/**
 * Ranking periods (docs/ARCHITECTURE.md, 'Catalog', "Ranking periods"; the rules in
 * packages/shared/src/ranking-periods.ts): the realtime, daily and weekly rankings, one card per
 * product (colourways grouped), each with its rank change against the previous period.
 *
 * The ranking schedule (signals.ts `recomputeRankings`) stores a snapshot of each period in the
 * key-value store: the ordered products (best colourway, score) and the previous ranking to compare
 * with. A tab (shop category, sub-category, fast delivery) ranks the snapshot's products that belong
 * to it, in the current and in the previous ranking alike, so ▲▼ are changes within the tab.
 * Before the first computation a page computes its period once and stores it.
 */
import {
  type ColourwayScore,
  groupColourways,
  RANKING_PERIOD_HOURS,
  RANKING_SNAPSHOT_MAX,
  type RankingCard,
  type RankingPageBody,
  type RankingPeriod,
  REALTIME_COMPARE_MINUTES,
  rankChanges,
  type ShopCategory,
} from '@codiroom/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { rowsOf, windowActivitySql } from './activity.ts';
import { activeCardsByIds, pageInfo } from './repository.ts';
import { categories, productDisplays } from './schema.ts';

export const RANKING_PAGE_SIZE = 30;
/** Snapshots outlive several missed computations; a page recomputes a missing one. */
const SNAPSHOT_TTL_S = 24 * 60 * 60;
/** Realtime baselines (one per hour, the first computation in it) are kept this long. */
const BASELINE_TTL_S = 4 * 60 * 60;
const HOUR_MS = 3_600_000;

/** [product id, display id, score] in rank order. */
type Entry = [number, number, number];

export type PeriodSnapshot = {
  period: RankingPeriod;
  computed_at: string;
  window_from: string | null;
  window_to: string | null;
  entries: Entry[];
  /** The previous ranking ([product id, display id] in rank order), or null: nothing to compare with. */
  previous: [number, number][] | null;
  compared_at: string | null;
};

const snapshotKey = (p: RankingPeriod) => `ranking:v2:${p}`;
const baselineKey = (hour: number) => `ranking:v2:realtime:base:${hour}`;

const toEntries = (rows: ColourwayScore[]): Entry[] =>
  rows
    .slice(0, RANKING_SNAPSHOT_MAX)
    .map((r) => [r.product_id, r.display_id, Math.round(r.score * 1000) / 1000]);

/** Popularity of every active colourway (the realtime score). */
async function popularityRows(db: Db): Promise<ColourwayScore[]> {
  const rows = await db
    .select({
      display_id: productDisplays.id,
      product_id: productDisplays.product_id,
      score: productDisplays.popularity,
    })
    .from(productDisplays)
    .where(eq(productDisplays.is_active, true));
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/** Weighted activity of every active colourway within [from, to). */
async function activityRows(db: Db, from: Date, to: Date): Promise<ColourwayScore[]> {
  const res = await db.execute<{ id: number; product_id: number; s: number }>(sql`
    select a.id, d.product_id, a.s from (${windowActivitySql(from, to)}) a
    join product_displays d on d.id = a.id where d.is_active`);
  return rowsOf<{ id: number; product_id: number; s: number }>(res).map((r) => ({
    display_id: Number(r.id),
    product_id: Number(r.product_id),
    score: Number(r.s),
  }));
}

type Baseline = { computed_at: string; ids: [number, number][] };

async function readJson<T>(ctx: AppContext, key: string): Promise<T | null> {
  try {
    const raw = await ctx.kv.get(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const writeJson = (ctx: AppContext, key: string, value: unknown, ttlS: number) =>
  ctx.kv.set(key, JSON.stringify(value), ttlS).catch(() => {});

/**
 * The realtime ranking now; it is compared with the baseline of an earlier hour that is at least
 * REALTIME_COMPARE_MINUTES old (each hour's first computation is that hour's baseline).
 */
async function realtimeSnapshot(ctx: AppContext, now: Date): Promise<PeriodSnapshot> {
  const entries = toEntries(groupColourways(await popularityRows(ctx.db)));
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const ids = entries.map(([p, d]) => [p, d] as [number, number]);
  if (!(await readJson<Baseline>(ctx, baselineKey(hour)))) {
    await writeJson(ctx, baselineKey(hour), { computed_at: now.toISOString(), ids }, BASELINE_TTL_S);
  }
  let base: Baseline | null = null;
  for (const h of [hour - 1, hour - 2, hour - 3]) {
    const b = await readJson<Baseline>(ctx, baselineKey(h));
    if (b && new Date(b.computed_at).getTime() <= now.getTime() - REALTIME_COMPARE_MINUTES * 60_000) {
      base = b;
      break;
    }
  }
  return {
    period: 'realtime',
    computed_at: now.toISOString(),
    window_from: null,
    window_to: null,
    entries,
    previous: base?.ids ?? null,
    compared_at: base?.computed_at ?? null,
  };
}

/** A windowed period: the last 24 hours / 7 days against the same length before. */
async function windowSnapshot(
  ctx: AppContext,
  period: 'daily' | 'weekly',
  now: Date,
): Promise<PeriodSnapshot> {
  const len = RANKING_PERIOD_HOURS[period] * HOUR_MS;
  const from = new Date(now.getTime() - len);
  const before = new Date(now.getTime() - 2 * len);
  const [cur, prev] = await Promise.all([
    activityRows(ctx.db, from, new Date(now.getTime() + 1)),
    activityRows(ctx.db, before, from),
  ]);
  return {
    period,
    computed_at: now.toISOString(),
    window_from: from.toISOString(),
    window_to: now.toISOString(),
    entries: toEntries(groupColourways(cur, true)),
    previous: toEntries(groupColourways(prev, true)).map(([p, d]) => [p, d]),
    compared_at: before.toISOString(),
  };
}

function computeSnapshot(ctx: AppContext, period: RankingPeriod, now: Date): Promise<PeriodSnapshot> {
  return period === 'realtime' ? realtimeSnapshot(ctx, now) : windowSnapshot(ctx, period, now);
}

/** Computes and stores every period's snapshot (the ranking schedule calls it). */
export async function storeRankingSnapshots(ctx: AppContext, now: Date): Promise<void> {
  for (const period of ['realtime', 'daily', 'weekly'] as const) {
    await writeJson(ctx, snapshotKey(period), await computeSnapshot(ctx, period, now), SNAPSHOT_TTL_S);
  }
}

/** The stored snapshot of a period, computed (and stored) now when there is none. */
export async function periodSnapshot(ctx: AppContext, period: RankingPeriod): Promise<PeriodSnapshot> {
  const stored = await readJson<PeriodSnapshot>(ctx, snapshotKey(period));
  if (stored) return stored;
  const snap = await computeSnapshot(ctx, period, ctx.clock.now());
  await writeJson(ctx, snapshotKey(period), snap, SNAPSHOT_TTL_S);
  return snap;
}

export type RankingTab = {
  category_main?: ShopCategory | undefined;
  category_sub?: string | undefined;
  is_fast?: boolean | undefined;
};

/** Which of these displays (active) belong to the tab; their product ids too. */
async function tabMembers(db: Db, ids: number[], tab: RankingTab) {
  if (ids.length === 0) return { displays: new Set<number>(), products: new Set<number>() };
  const rows = await db
    .select({ id: productDisplays.id, product_id: productDisplays.product_id })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(
      and(
        inArray(productDisplays.id, ids),
        eq(productDisplays.is_active, true),
        tab.category_main && tab.category_main !== 'all' ? eq(categories.main, tab.category_main) : undefined,
        tab.category_sub ? eq(categories.sub, tab.category_sub) : undefined,
        tab.is_fast !== undefined ? eq(productDisplays.is_fast, tab.is_fast) : undefined,
      ),
    );
  return { displays: new Set(rows.map((r) => r.id)), products: new Set(rows.map((r) => r.product_id)) };
}

/**
 * Ranking cards of display ids in rank order: the live-price-free card (product-read.ts prices
 * them), its rank and change, its colour and how many colourways its product has on sale.
 */
export async function rankingCards(
  db: Db,
  ranked: { display_id: number; rank: number; rank_change: number | null; is_new: boolean }[],
): Promise<RankingCard[]> {
  const ids = ranked.map((r) => r.display_id);
  if (ids.length === 0) return [];
  const [cards, colours] = await Promise.all([
    activeCardsByIds(db, ids),
    db
      .select({
        id: productDisplays.id,
        product_id: productDisplays.product_id,
        color_name: productDisplays.color_name,
      })
      .from(productDisplays)
      .where(inArray(productDisplays.id, ids)),
  ]);
  const productIds = [...new Set(colours.map((c) => c.product_id))];
  const counts = productIds.length
    ? await db
        .select({ product_id: productDisplays.product_id, n: count() })
        .from(productDisplays)
        .where(and(inArray(productDisplays.product_id, productIds), eq(productDisplays.is_active, true)))
        .groupBy(productDisplays.product_id)
    : [];
  const colourOf = new Map(colours.map((c) => [c.id, c]));
  const countOf = new Map(counts.map((c) => [c.product_id, Number(c.n)]));
  const byId = new Map(cards.map((c) => [c.id, c]));
  return ranked.flatMap((r) => {
    const card = byId.get(r.display_id);
    const colour = colourOf.get(r.display_id);
    if (!card || !colour) return [];
    return [
      {
        ...card,
        rank: r.rank,
        rank_change: r.rank_change,
        is_new: r.is_new,
        color_name: colour.color_name,
        colourway_count: countOf.get(colour.product_id) ?? 1,
      },
    ];
  });
}

/** A page of a period's ranking in a tab, with changes within the tab. */
export async function periodRankingPage(
  ctx: AppContext,
  period: RankingPeriod,
  tab: RankingTab,
  page: number,
): Promise<RankingPageBody> {
  const snap = await periodSnapshot(ctx, period);
  const all = [...new Set([...snap.entries.map((e) => e[1]), ...(snap.previous ?? []).map((e) => e[1])])];
  const member = await tabMembers(ctx.db, all, tab);
  const current = snap.entries.filter(([, d]) => member.displays.has(d));
  // A product counts in the previous ranking of the tab by its colourway then or its colourway now.
  const previous =
    snap.previous?.filter(([p, d]) => member.displays.has(d) || member.products.has(p)).map(([p]) => p) ??
    null;
  const changes = rankChanges(
    current.map(([p]) => p),
    previous,
  );
  const start = (page - 1) * RANKING_PAGE_SIZE;
  const slice = current.slice(start, start + RANKING_PAGE_SIZE).map(([, d], i) => ({
    display_id: d,
    ...(changes[start + i] as (typeof changes)[number]),
  }));
  const result = await rankingCards(ctx.db, slice);
  return {
    ...pageInfo(page, RANKING_PAGE_SIZE, current.length, result.length),
    result,
    period,
    computed_at: snap.computed_at,
    compared_at: snap.compared_at,
    window_from: snap.window_from,
    window_to: snap.window_to,
  };
}
