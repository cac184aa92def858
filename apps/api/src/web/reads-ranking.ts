/**
 * The storefront's in-process reads of the ranking page (packages/shared storefront-page-reads.ts
 * `RankingReads`; SPEC.md "Ranking"): a ranking tab's page, parsed with the route's query schema and
 * cached as objects with the route's policy (LISTING_TTL_MS, never past the next price change, in
 * the listing cache that `catalog.changed` and `prices.changed` clear), and the brands tab,
 * uncached as on the route; both validated by the routes' response schemas.
 */
import { BrandRankingBody, RankingPageBody, type RankingReads } from '@codiroom/shared';
import { readBrandRanking, readRankingPage } from '../domains/catalog/product-read.ts';
import { LISTING_TTL_MS } from '../domains/catalog/response-cache.ts';
import { RankingItemsQuery } from '../domains/catalog/routes.ts';
import type { AppContext } from '../platform/context.ts';
import { cachedBody } from './read-cache.ts';
import { listingCache, parseQuery } from './reads-listing.ts';

export function rankingReads(ctx: AppContext): RankingReads {
  return {
    // GET /api/products/ranking-items (catalog/routes.ts).
    async items(input) {
      const { category_main, ...q } = parseQuery(RankingItemsQuery, input);
      return cachedBody(
        ctx,
        listingCache(ctx),
        `ranking:${category_main}:${JSON.stringify(q)}`,
        LISTING_TTL_MS,
        true,
        RankingPageBody,
        () => readRankingPage(ctx, ctx.clock.now(), category_main, q),
      );
    },
    // GET /api/products/ranking-brands (catalog/extras-routes.ts).
    brands: async () => BrandRankingBody.parse(await readBrandRanking(ctx, ctx.clock.now())),
  };
}
