/**
 * The storefront's in-process reads of the listing pages (packages/shared storefront-page-reads.ts
 * `ListingReads`; SPEC.md "Category", collections and themes): the category tree, a category
 * listing page, its filter facets, and a collection's or theme's page, from the functions the API
 * routes answer with, parsed with the routes' query schemas and validated by their response
 * schemas. The category listing is kept as objects in STOREFRONT_LISTING_CACHE with the route's
 * policy (LISTING_TTL_MS, never past the next price change, cleared by `catalog.changed` and
 * `prices.changed` on every node); the tree and facets are cached by the functions themselves;
 * collections and themes are not cached, as the routes do not cache them.
 */
import {
  CategoryFiltersBody,
  CategoryListingBody,
  CategoryTreeBody,
  type ListingReads,
  ShopCategoryEnum,
  ThemeBody,
} from '@codiroom/shared';
import { z } from 'zod';
import { categories, categoryFacets } from '../domains/catalog/aggregates.ts';
import { parseId } from '../domains/catalog/index.ts';
import { readCategoryListing } from '../domains/catalog/product-read.ts';
import { LISTING_TTL_MS, type ResponseCache } from '../domains/catalog/response-cache.ts';
import { CategoryProductsQuery, listingFilterOf } from '../domains/catalog/routes.ts';
import { themePage } from '../domains/contents/editorial.ts';
import { defineCache } from '../platform/cache.ts';
import type { AppContext } from '../platform/context.ts';
import { badRequest } from '../platform/errors.ts';
import { CodeQuery, PageQuery } from '../platform/params.ts';
import { cachedBody, type StorefrontEntry, storefrontCache } from './read-cache.ts';

export const STOREFRONT_LISTING_CACHE = defineCache<StorefrontEntry>('storefront-listing', {
  // Each entry carries its own life (ResponseCache).
  ttlMs: Number.POSITIVE_INFINITY,
  maxEntries: 20_000,
  invalidatedBy: ['catalog.changed', 'popularity.changed', 'prices.changed'],
  clock: 'app',
});

/** Also the ranking page's (web/reads-ranking.ts): the same events clear both. */
export const listingCache = (ctx: AppContext): ResponseCache<unknown> =>
  storefrontCache(ctx, STOREFRONT_LISTING_CACHE);

/** `input` parsed with a route's query schema; what it refuses is the route's 400. */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'invalid query');
  return parsed.data;
}

const FiltersQuery = z.object({
  category_main: ShopCategoryEnum.default('all'),
  category_sub: CodeQuery.optional(),
});

export function listingReads(ctx: AppContext): ListingReads {
  return {
    // GET /api/products/categories (catalog/routes.ts).
    categories: async () => CategoryTreeBody.parse(await categories(ctx)),
    // GET /api/products/category-products, with the route's query schema and cache policy.
    async categoryProducts(input) {
      const query = parseQuery(CategoryProductsQuery, input);
      return cachedBody(
        ctx,
        listingCache(ctx),
        `category:${JSON.stringify(query)}`,
        LISTING_TTL_MS,
        true,
        CategoryListingBody,
        () => readCategoryListing(ctx, ctx.clock.now(), listingFilterOf(query)),
      );
    },
    // GET /api/products/category-filters.
    async categoryFilters(categoryMain, categorySub) {
      const query = parseQuery(FiltersQuery, { category_main: categoryMain, category_sub: categorySub });
      return CategoryFiltersBody.parse(await categoryFacets(ctx, query));
    },
    // GET /api/contents/collection/{slug} and /api/contents/theme/{id} (contents/routes.ts).
    async collection(slug, page) {
      const p = parseQuery(PageQuery, page);
      return ThemeBody.parse(await themePage(ctx, ctx.clock.now(), { slug }, p));
    },
    async theme(id, page) {
      const p = parseQuery(PageQuery, page);
      return ThemeBody.parse(await themePage(ctx, ctx.clock.now(), { id: parseId(id) }, p));
    },
  };
}
