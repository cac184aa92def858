/**
 * The storefront's in-process reads of the brand page (packages/shared storefront-page-reads.ts
 * `BrandReads`; SPEC.md "Brand"): a brand's facets (the category chips) and a page of its products,
 * from the functions the API routes answer with, the query parsed with the route's schema and the
 * answers validated by the routes' response schemas. As on the routes, the facets are cached by the
 * function itself (catalog aggregates) and the products are read live (the live price laid over).
 */
import { BrandContentsBody, BrandFiltersBody, BrandListBody, type BrandReads } from '@codiroom/shared';
import { allBrands, brandFacets } from '../domains/catalog/aggregates.ts';
import { BrandContentsQuery } from '../domains/catalog/brand-routes.ts';
import { parseId } from '../domains/catalog/index.ts';
import { readBrandContents } from '../domains/catalog/product-read.ts';
import type { AppContext } from '../platform/context.ts';
import { parseQuery } from './reads-listing.ts';

export function brandReads(ctx: AppContext): BrandReads {
  return {
    // GET /api/brands/{id}/filters (catalog/brand-routes.ts).
    filters: async (id) => BrandFiltersBody.parse(await brandFacets(ctx, parseId(id))),
    // GET /api/brands/{id}/contents: the query is checked before the id, as the route's schema is.
    async contents(id, input) {
      const query = parseQuery(BrandContentsQuery, input);
      return BrandContentsBody.parse(await readBrandContents(ctx, ctx.clock.now(), parseId(id), query));
    },
    // GET /api/brands/simple-brand-data (cached by allBrands, as the route).
    all: async () => BrandListBody.parse({ result: await allBrands(ctx) }),
  };
}
