/**
 * Search calls of API-CATALOGUE.md: `/api/v1/search/*`, plus `/api/contents/search` and
 * `/api/contents/keywords` (registered here, beside the rest of search). All public.
 */
import {
  AvailableTypesBody,
  BrandSearchBody,
  ContentsSearchBody,
  ErrorBody,
  KeywordsBody,
  KeywordsQuery,
  PagedSearchQuery,
  ProductSearchBody,
  ProductSearchQuery,
  QueryOnly,
  RealtimeKeywordsBody,
  RecommendedKeywordsBody,
  SearchFiltersBody,
  StyleSearchBody,
} from '@codiroom/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, issuedGuestIdOf } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { servesHttp } from '../../platform/process-role.ts';
import {
  availableTypes,
  contentsSearch,
  keywords,
  realtimeKeywords,
  recommendedKeywords,
  type ShopperOf,
  searchBrands,
  searchFilters,
  searchProducts,
  searchStyles,
  warmSearch,
} from './service.ts';
import { flushSearchStats, SEARCH_STATS } from './stats.ts';

const tags = ['search'];

/**
 * The shopper of a search, for the realtime keywords: the member of a well-signed access token
 * (no database read; not checked for revocation: counting only), else a guest id this server
 * issued, else the client address.
 */
function shopperOf(ctx: AppContext, req: FastifyRequest): ShopperOf {
  return async () => {
    const token = bearerToken(req);
    const claims = token ? await ctx.tokens.readAccess(token, ctx.clock.now()).catch(() => null) : null;
    if (claims) return `u${claims.userId}`;
    const guest = issuedGuestIdOf(req);
    return guest ? `g${guest}` : `ip${req.ip}`;
  };
}
const Bad = { 400: ErrorBody };
/** Searches without an exact product hit are limited per client address (service.ts typoLimit). */
const Limited = { ...Bad, 429: ErrorBody };
const QUERY_NOTE =
  "query matches Korean by full words, partial syllables (맨투ㅁ), 초성 (ㅅㄹㅅ), English-keyboard typing (tmffortm), common variants (슬렉스), English and romanised names of categories and items (slacks, polo, seullaekseu → 슬랙스, 폴로), brand names in Korean or English and any spacing; words that mean nothing in a men's shop (남자, 남성, 맨즈, mens) are left out (남자 니트, 남자니트 → 니트).";

export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The day's search counts (stats.ts): written every 30 s in the background and at close.
  app.addHook('onClose', async () => {
    await flushSearchStats(ctx).catch(() => undefined);
  });
  if (ctx.config.BACKGROUND_JOBS === 'on') {
    const timer = setInterval(() => {
      void flushSearchStats(ctx).catch((err: unknown) => app.log.warn({ err }, 'search stats flush failed'));
    }, SEARCH_STATS.FLUSH_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  if (ctx.config.BACKGROUND_JOBS === 'on' && servesHttp(ctx.config)) {
    // Search is warmed before the server listens (service.ts warmSearch: the in-memory replicas
    // loaded, about half a second on the 100,000-product seed, and the first searches' other
    // costs paid), so the first searches neither fall back to SQL nor wait. A failure does not
    // stop the start: searches answer from SQL meanwhile and load the replicas again.
    app.addHook('onReady', async () => {
      const t0 = performance.now();
      await warmSearch(ctx)
        .then(() => app.log.info({ ms: Math.round(performance.now() - t0) }, 'search warmed'))
        .catch((err: unknown) => app.log.warn({ err }, 'search warm-up failed; searches use SQL meanwhile'));
    });
  }
  app.get(
    '/v1/search/product',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Product search with filters, sort and paging',
        description: `${QUERY_NOTE} sort=relevance ranks exact name and brand matches first, then popularity. Filters: brand_ids (comma list), category (shop tab or leaf code), price_min/price_max (won, on the price paid), sizes, colors (comma lists).`,
        querystring: ProductSearchQuery,
        response: { 200: ProductSearchBody, ...Limited },
      },
    },
    async (req) => searchProducts(ctx, req.query, req.ip, shopperOf(ctx, req)),
  );

  app.get(
    '/v1/search/style',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Style search with paging',
        description: QUERY_NOTE,
        querystring: PagedSearchQuery,
        response: { 200: StyleSearchBody, ...Bad },
      },
    },
    async (req) => searchStyles(ctx, req.query),
  );

  app.get(
    '/v1/search/brand',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Brand search (Korean or English names) with paging',
        description: QUERY_NOTE,
        querystring: PagedSearchQuery,
        response: { 200: BrandSearchBody, ...Bad },
      },
    },
    async (req) => searchBrands(ctx, req.query),
  );

  app.get(
    '/v1/search/filters',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Brands, categories, price ranges, sizes and colours present in the product results, with counts',
        querystring: QueryOnly,
        response: { 200: SearchFiltersBody, ...Bad },
      },
    },
    async (req) => searchFilters(ctx, req.query.query),
  );

  app.get(
    '/v1/search/available-types',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Which result types (product, style, brand) have hits for the query',
        querystring: QueryOnly,
        response: { 200: AvailableTypesBody, ...Bad },
      },
    },
    async (req) => availableTypes(ctx, req.query.query),
  );

  app.get(
    '/v1/search/realtime-keywords',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Top searches of the last hour with rank-change arrows',
        description:
          'Ranked by distinct shoppers (member, guest id or address) per keyword, recent searches weighing more (half-life 20 minutes); count is the shoppers of the last hour. Only searches with exact hits count; raw 초성, half-typed and junk strings never appear.',
        response: { 200: RealtimeKeywordsBody },
      },
    },
    async () => realtimeKeywords(ctx),
  );

  app.get(
    '/v1/search/recommended-keywords',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Operator-curated keywords, then trending ones',
        response: { 200: RecommendedKeywordsBody },
      },
    },
    async () => recommendedKeywords(ctx),
  );

  app.get(
    '/contents/search',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'First products, brands, styles and magazine posts for a query, with counts',
        description: QUERY_NOTE,
        querystring: QueryOnly,
        response: { 200: ContentsSearchBody, ...Limited },
      },
    },
    async (req) => contentsSearch(ctx, req.query.query, req.ip),
  );

  app.get(
    '/contents/keywords',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Autocomplete suggestions for query (keywords, brands, styles; 초성 too), or the recommended keywords',
        querystring: KeywordsQuery,
        response: { 200: KeywordsBody, ...Bad },
      },
    },
    async (req) => keywords(ctx, req.query),
  );
};
