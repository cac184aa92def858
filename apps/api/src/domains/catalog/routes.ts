import {
  CategoryFiltersBody,
  CategoryListingBody,
  CategoryTreeBody,
  ErrorBody,
  MainRankingBody,
  ProductCard,
  ProductCardList,
  ProductDetail,
  ProductItemsBody,
  RankingCategoryEnum,
  RankingPageBody,
  RankingPeriodEnum,
  SameProductsBody,
  ShopCategoryEnum,
  SizeGradingBody,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issuedGuestIdOf } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { BoolQuery, CodeQuery, DisplayIdQuery, IdParams, PageQuery } from '../../platform/params.ts';
import { catalogAdminRoutes } from './admin-routes.ts';
import { categories, categoryFacets } from './aggregates.ts';
import { brandRoutes } from './brand-routes.ts';
import { productExtraRoutes } from './extras-routes.ts';
import { msToNextPriceChange } from './live-prices.ts';
import {
  readCardsByIds,
  readCategoryListing,
  readDetail,
  readMainRanking,
  readRankingPage,
  readSimilarCards,
} from './product-read.ts';
import { parseId, productItemsOf, sameProducts, sizeGrading } from './products.ts';
import { CARD_SORTS } from './repository.ts';
import { DETAIL_TTL_MS, LISTING_TTL_MS, sendCached } from './response-cache.ts';
import { parseDisplayIdList } from './rules.ts';
import { markLiveViewer } from './signals.ts';

const ADDITION = '[addition, not in API-CATALOGUE.md]';
const NotFound = { 404: ErrorBody };
const DisplayIdOnly = z.object({ product_display_id: DisplayIdQuery });

/** The query of GET /api/products/ranking-items (also parsed by the storefront's in-process read). */
export const RankingItemsQuery = z.object({
  page: PageQuery,
  category_main: RankingCategoryEnum.default('all'),
  category_sub: CodeQuery.optional(),
  is_fast: BoolQuery,
  period: RankingPeriodEnum.default('realtime').meta({
    description: '[addition] realtime, daily or weekly',
  }),
});

const IdList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, 'expected up to 20 comma-separated ids')
  .transform((v) => v.split(',').map(Number));
const NameList = z
  .string()
  .max(300)
  .transform((v) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .slice(0, 20),
  );
const Won = z.coerce.number().int().min(0).max(100_000_000);
/** The query of GET /api/products/category-products (also parsed by the storefront's in-process read). */
export const CategoryProductsQuery = z.object({
  page: PageQuery,
  category_main: ShopCategoryEnum.default('all'),
  category_sub: CodeQuery.optional(),
  sort: z.enum(CARD_SORTS).default('popular'),
  is_fast: BoolQuery,
  brand_id: IdList.optional(),
  price_min: Won.optional(),
  price_max: Won.optional(),
  size: NameList.optional().meta({ description: 'Sizes in stock, comma-separated' }),
  color: NameList.optional().meta({ description: 'Colour names, comma-separated' }),
  cursor: z.string().max(300).optional().meta({ description: 'next_cursor of the previous answer' }),
});

/** The listing filter of a parsed CategoryProductsQuery. */
export function listingFilterOf(query: z.output<typeof CategoryProductsQuery>) {
  const { brand_id, size, color, ...q } = query;
  return { ...q, brand_ids: brand_id, sizes: size, colors: color };
}

export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(catalogAdminRoutes, { ctx });
  // Cached bodies with prices are never answered past the next time sale / event start or end.
  const untilPriceChange = () => msToNextPriceChange(ctx, ctx.clock.now());
  app.get(
    '/products/product-display-list',
    {
      schema: {
        tags: ['products'],
        summary: 'Product cards for a comma-separated list of product display ids',
        querystring: z.object({
          product_display_list: z.string().max(2000).default(''),
          coupon_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: z.object({ result: z.array(ProductCard) }), 400: ErrorBody },
      },
    },
    async (req) => {
      const ids = parseDisplayIdList(req.query.product_display_list);
      // SPEC.md §5: 'null' / 'undefined' ids give empty results without a database call.
      if (ids.length === 0) return { result: [] };
      return { result: await readCardsByIds(ctx, ctx.clock.now(), ids) };
    },
  );

  for (const path of ['/products/detail/:id', '/products/get-product-display-detail/:id']) {
    app.get(
      path,
      {
        config: { access: 'public' },
        schema: {
          tags: ['products'],
          summary: 'Product display detail: brand, category, prices, images, items and stock',
          description:
            "404 '상품이 없습니다.' for a missing, inactive or non-numeric id. Records a view signal " +
            '(live viewers, rankings) without touching the product row.',
          params: IdParams,
          response: { 200: ProductDetail, ...NotFound },
        },
      },
      async (req, reply) => {
        const id = parseId(req.params.id);
        const detail = await sendCached(
          ctx,
          reply,
          `detail:${id}`,
          DETAIL_TTL_MS,
          ProductDetail,
          () => readDetail(ctx, ctx.clock.now(), id),
          untilPriceChange,
        );
        // The viewer: a member, the guest id (the storefront's loader forwards it; only an id this
        // server issued, so made-up ids cannot inflate the count), or the address.
        const guest = issuedGuestIdOf(req);
        const viewer =
          req.principal.userId !== null ? `u${req.principal.userId}` : guest ? `g${guest}` : `ip${req.ip}`;
        markLiveViewer(ctx, id as number, viewer, (err) => req.log.warn({ err }, 'live viewer count failed'));
        return detail;
      },
    );
  }

  app.get(
    '/products/product-items/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Items (size × colour) of a product display with stock and sold-out state',
        params: IdParams,
        response: { 200: ProductItemsBody, ...NotFound },
      },
    },
    async (req) => productItemsOf(ctx.db, parseId(req.params.id)),
  );

  app.get(
    '/products/size-grading',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: "Size sheet: measurements per size in the category's field set and its '2' variant",
        querystring: DisplayIdOnly,
        response: { 200: SizeGradingBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => sizeGrading(ctx.db, req.query.product_display_id),
  );

  app.get(
    '/products/same-products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Other colour-ways of the same product, with their colours',
        querystring: DisplayIdOnly,
        response: { 200: SameProductsBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => ({ result: await sameProducts(ctx.db, req.query.product_display_id) }),
  );

  app.get(
    '/products/similar-products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Similar products: same category, the 12 closest in price, popular first',
        querystring: DisplayIdOnly,
        response: { 200: ProductCardList, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => ({
      result: await readSimilarCards(ctx, ctx.clock.now(), req.query.product_display_id),
    }),
  );

  app.get(
    '/products/ranking-items',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary:
          "Ranking, 30 per page, one card per product (colourways grouped), by shop tab, sub-category and fast delivery; category_main 'rising' is the rising tab. [addition] period (realtime | daily | weekly) and each card's rank, rank_change, is_new, color_name, colourway_count",
        description:
          'realtime (default): popularity (signals decayed by age), recomputed every 5 minutes, changes against the ' +
          'ranking of at least an hour before. daily / weekly: weighted activity of the last 24 hours / 7 days, ' +
          'changes against the 24 hours / 7 days before. The rising tab ignores period.',
        querystring: RankingItemsQuery,
        response: { 200: RankingPageBody, 400: ErrorBody },
      },
    },
    async (req, reply) => {
      const { category_main, ...q } = req.query;
      return sendCached(
        ctx,
        reply,
        `ranking:${req.url}`,
        LISTING_TTL_MS,
        RankingPageBody,
        () => readRankingPage(ctx, ctx.clock.now(), category_main, q),
        untilPriceChange,
      );
    },
  );

  app.get(
    '/products/main-ranking-items',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Ranking overview: top 10 overall and top 6 of every shop tab',
        response: { 200: MainRankingBody },
      },
    },
    async () => readMainRanking(ctx, ctx.clock.now()),
  );

  app.get(
    '/products/category-products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: `${ADDITION} Category listing for /category, 30 per page: sorts, brand/price/size/colour filters, page or keyset cursor`,
        querystring: CategoryProductsQuery,
        response: { 200: CategoryListingBody, 400: ErrorBody },
      },
    },
    async (req, reply) => {
      return sendCached(
        ctx,
        reply,
        `listing:${req.url}`,
        LISTING_TTL_MS,
        CategoryListingBody,
        () => readCategoryListing(ctx, ctx.clock.now(), listingFilterOf(req.query)),
        untilPriceChange,
      );
    },
  );

  app.get(
    '/products/category-filters',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: `${ADDITION} Filter facets of a shop tab / sub-category: brands, price range, sizes in stock, colours`,
        querystring: z.object({
          category_main: ShopCategoryEnum.default('all'),
          category_sub: CodeQuery.optional(),
        }),
        response: { 200: CategoryFiltersBody, 400: ErrorBody },
      },
    },
    async (req) => categoryFacets(ctx, req.query),
  );

  app.get(
    '/products/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: `${ADDITION} Category tree: shop tabs with their sub-categories and product counts`,
        response: { 200: CategoryTreeBody },
      },
    },
    async () => categories(ctx),
  );

  await app.register(brandRoutes, { ctx });
  await app.register(productExtraRoutes, { ctx });
};
