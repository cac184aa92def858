/**
 * The catalogue's aggregate reads (brand lists, facets, the category tree) as the routes answer
 * them: each scans many product rows, so each is kept in CATALOG_AGGREGATES (catalog/cache.ts) for
 * AGGREGATE_TTL_S and ended early on every node by `catalog.changed`. The cache policy lives here,
 * beside the reads, not in the routes.
 */
import type { ShopCategory } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { brandFilters, categoryTabBrands, simpleBrandData } from './brands.ts';
import { AGGREGATE_TTL_S, cached } from './cache.ts';
import { categoryFilters } from './listing.ts';
import { categoryTree } from './products.ts';

type Ctx = Pick<AppContext, 'db' | 'caches'>;

export const allBrands = (ctx: Ctx) =>
  cached(ctx, 'brands:simple', AGGREGATE_TTL_S, () => simpleBrandData(ctx.db));

export const tabBrands = (ctx: Ctx, main: ShopCategory) =>
  cached(ctx, `brands:tab:${main}`, AGGREGATE_TTL_S, () => categoryTabBrands(ctx.db, main));

export const brandFacets = (ctx: Ctx, id: number | null) =>
  cached(ctx, `brands:filters:${id}`, AGGREGATE_TTL_S, () => brandFilters(ctx.db, id));

export const categoryFacets = (
  ctx: Ctx,
  f: { category_main: ShopCategory; category_sub?: string | undefined },
) =>
  cached(ctx, `products:category-filters:${f.category_main}:${f.category_sub ?? ''}`, AGGREGATE_TTL_S, () =>
    categoryFilters(ctx.db, f),
  );

export const categories = (ctx: Ctx) =>
  cached(ctx, 'products:categories', AGGREGATE_TTL_S, () => categoryTree(ctx.db));
