/**
 * The storefront's in-process reads of the search page (packages/shared storefront-page-reads.ts
 * `SearchReads`; SPEC.md "Search"): the keyword lists, the result types of a query and a page of
 * products, styles or brands with the product facets, from the functions the API routes answer with
 * (search/service.ts), each query parsed with the route's schema and each answer validated by the
 * route's response schema. The caching is the functions' own (the product pages' cache, the realtime
 * keywords' minute), as on the routes; so are the limits: a search without an exact hit counts
 * against the client address's typo limit (its 429), and a product search counts in the realtime
 * keywords as the guest's, else as the client address's (search/routes.ts `shopperOf`).
 */
import {
  AvailableTypesBody,
  BrandSearchBody,
  PagedSearchQuery,
  ProductSearchBody,
  ProductSearchQuery,
  QueryOnly,
  RealtimeKeywordsBody,
  RecommendedKeywordsBody,
  SearchFiltersBody,
  type SearchReads,
  StyleSearchBody,
} from '@codiroom/shared';
import {
  availableTypes,
  realtimeKeywords,
  recommendedKeywords,
  searchBrands,
  searchFilters,
  searchProducts,
  searchStyles,
} from '../domains/search/service.ts';
import type { AppContext } from '../platform/context.ts';
import { isIssuedGuestId } from '../platform/guest-id.ts';
import { parseQuery } from './reads-listing.ts';

/** `clientAddress`: the page request's address (req.ip), as the route's `req.ip`. */
export function searchReads(ctx: AppContext, clientAddress: string): SearchReads {
  return {
    // GET /api/v1/search/realtime-keywords and /recommended-keywords (search/routes.ts).
    realtimeKeywords: async () => RealtimeKeywordsBody.parse(await realtimeKeywords(ctx)),
    recommendedKeywords: async () => RecommendedKeywordsBody.parse(await recommendedKeywords(ctx)),
    // GET /api/v1/search/available-types?query=
    async availableTypes(query) {
      const q = parseQuery(QueryOnly, { query });
      return AvailableTypesBody.parse(await availableTypes(ctx, q.query));
    },
    // GET /api/v1/search/product?… with x-guest-user-id: the shopper is the issued guest id, else
    // the address (the loader sends no token).
    async products(input, guestId) {
      const q = parseQuery(ProductSearchQuery, input);
      const guest = guestId && isIssuedGuestId(ctx.config, guestId) ? guestId : null;
      const shopper = async () => (guest ? `g${guest}` : `ip${clientAddress}`);
      return ProductSearchBody.parse(await searchProducts(ctx, q, clientAddress, shopper));
    },
    // GET /api/v1/search/filters?query=
    async filters(query) {
      const q = parseQuery(QueryOnly, { query });
      return SearchFiltersBody.parse(await searchFilters(ctx, q.query));
    },
    // GET /api/v1/search/style and /brand?query=&page=
    async styles(query, page) {
      return StyleSearchBody.parse(await searchStyles(ctx, parseQuery(PagedSearchQuery, { query, page })));
    },
    async brands(query, page) {
      return BrandSearchBody.parse(await searchBrands(ctx, parseQuery(PagedSearchQuery, { query, page })));
    },
  };
}
