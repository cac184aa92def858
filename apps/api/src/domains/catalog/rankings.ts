/**
 * Ranking tabs beyond the plain popularity listing (SPEC.md §2: rising, brands, then the
 * categories). Popularity itself is recomputed from signals by signals.ts.
 */
import type { BrandRankingBody, RankingPageBody } from '@codiroom/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AGGREGATE_TTL_S, cached } from './cache.ts';
import { PRODUCT_PAGE_SIZE } from './products.ts';
import { rankingCards } from './ranking-periods.ts';
import { activeCardsByIds, listProductCards, pageInfo } from './repository.ts';
import { brands, productDisplays } from './schema.ts';
import { risingSnapshot } from './signals.ts';

export const BRAND_RANKING_SIZE = 30;
export const BRAND_TOP_PRODUCTS = 3;

/** Keeps the first display of each product (rankings group colourways), in order. */
async function firstPerProduct(ctx: AppContext, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: productDisplays.id, product_id: productDisplays.product_id })
    .from(productDisplays)
    .where(inArray(productDisplays.id, ids));
  const productOf = new Map(rows.map((r) => [r.id, r.product_id]));
  const seen = new Set<number>();
  return ids.filter((id) => {
    const p = productOf.get(id);
    if (p === undefined || seen.has(p)) return false;
    seen.add(p);
    return true;
  });
}

/** A page of ranked display ids as ranking cards (no change marks: 'rising' is itself a change). */
async function risingCards(ctx: AppContext, ids: number[], page: number, computedAt: string | null) {
  const start = (page - 1) * PRODUCT_PAGE_SIZE;
  const slice = ids.slice(start, start + PRODUCT_PAGE_SIZE);
  const result = await rankingCards(
    ctx.db,
    slice.map((display_id, i) => ({ display_id, rank: start + i + 1, rank_change: null, is_new: false })),
  );
  return {
    ...pageInfo(page, PRODUCT_PAGE_SIZE, ids.length, result.length),
    result,
    period: null,
    computed_at: computedAt,
    compared_at: null,
    window_from: null,
    window_to: null,
  };
}

/**
 * The 'rising' tab: the products whose weighted activity grew most from the previous 24 hours to
 * the last 24 (computed by the ranking schedule), one per product. Before the first computation,
 * or when nothing is rising, the newest products stand in, most popular first among them.
 */
export async function risingPage(
  ctx: AppContext,
  q: { page: number; is_fast?: boolean | undefined },
): Promise<RankingPageBody> {
  const snap = await risingSnapshot(ctx);
  if (snap && snap.ids.length > 0) {
    const rows = await ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(
        and(
          inArray(productDisplays.id, snap.ids),
          eq(productDisplays.is_active, true),
          q.is_fast !== undefined ? eq(productDisplays.is_fast, q.is_fast) : undefined,
        ),
      );
    const keep = new Set(rows.map((r) => r.id));
    const ids = await firstPerProduct(
      ctx,
      snap.ids.filter((id) => keep.has(id)),
    );
    return risingCards(ctx, ids, q.page, snap.computed_at);
  }
  const fallbackSize = 90;
  const newest = await ctx.db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(
      and(
        eq(productDisplays.is_active, true),
        q.is_fast !== undefined ? eq(productDisplays.is_fast, q.is_fast) : undefined,
      ),
    )
    .orderBy(desc(productDisplays.created_at), desc(productDisplays.id))
    .limit(fallbackSize);
  const ids = newest.map((r) => r.id);
  const all = ids.length
    ? await listProductCards(ctx.db, {
        sort: 'popular',
        limit: fallbackSize,
        where: inArray(productDisplays.id, ids),
      })
    : [];
  return risingCards(
    ctx,
    await firstPerProduct(
      ctx,
      all.map((c) => c.id),
    ),
    q.page,
    null,
  );
}

/** The 'brands' tab: brands by the summed popularity of their active products, with their top 3. */
export function brandRanking(ctx: AppContext): Promise<BrandRankingBody> {
  return cached(ctx, 'ranking:brands', AGGREGATE_TTL_S, async () => {
    const rows = await ctx.db
      .select({
        id: brands.id,
        name: brands.name,
        name_en: brands.name_en,
        logo_url: brands.logo_url,
        score: sql<number>`sum(${productDisplays.popularity})::float`,
        product_count: sql<number>`count(*)::int`,
      })
      .from(productDisplays)
      .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
      .where(eq(productDisplays.is_active, true))
      .groupBy(brands.id)
      .orderBy(desc(sql`sum(${productDisplays.popularity})`), brands.id)
      .limit(BRAND_RANKING_SIZE);
    const brandIds = rows.map((r) => r.id);
    const top = brandIds.length
      ? await ctx.db.execute<{ id: number; brand_id: number }>(sql`
          select id, brand_id from (
            select id, brand_id, row_number() over (partition by brand_id order by popularity desc, id desc) as rn
            from product_displays where is_active and brand_id in (${sql.join(
              brandIds.map((b) => sql`${b}`),
              sql`, `,
            )})
          ) t where rn <= ${BRAND_TOP_PRODUCTS} order by brand_id, rn`)
      : [];
    const topRows = (Array.isArray(top) ? top : ((top as { rows?: unknown[] }).rows ?? [])) as {
      id: number;
      brand_id: number;
    }[];
    const cards = await activeCardsByIds(
      ctx.db,
      topRows.map((r) => Number(r.id)),
    );
    return {
      computed_at: ctx.clock.now().toISOString(),
      result: rows.map((r, i) => ({
        id: r.id,
        name: r.name,
        name_en: r.name_en,
        logo_url: r.logo_url,
        rank: i + 1,
        score: Math.round(Number(r.score) * 100) / 100,
        product_count: Number(r.product_count),
        products: cards.filter((c) => c.brand_id === r.id).slice(0, BRAND_TOP_PRODUCTS),
      })),
    };
  });
}
