import {
  CategoryTreeBody,
  ErrorBody,
  MainRankingBody,
  PaginatedProducts,
  ProductCard,
  ProductCardList,
  ProductDetail,
  ProductItemsBody,
  SameProductsBody,
  ShopCategoryEnum,
  SizeGradingBody,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { BoolQuery, CodeQuery, DisplayIdQuery, IdParams, PageQuery } from '../../platform/params.ts';
import { brandRoutes } from './brand-routes.ts';
import { AGGREGATE_TTL_S, cached } from './cache.ts';
import {
  categoryTree,
  listingPage,
  mainRanking,
  parseId,
  productDetail,
  productItemsOf,
  sameProducts,
  similarProducts,
  sizeGrading,
} from './products.ts';
import { CARD_SORTS, productCardsByIds } from './repository.ts';
import { parseDisplayIdList } from './rules.ts';

const ADDITION = '[addition, not in API-CATALOGUE.md]';
const NotFound = { 404: ErrorBody };
const DisplayIdOnly = z.object({ product_display_id: DisplayIdQuery });

export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
      return { result: await productCardsByIds(ctx.db, ids) };
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
          description: "404 '상품이 없습니다.' for a missing, inactive or non-numeric id. Counts nothing.",
          params: IdParams,
          response: { 200: ProductDetail, ...NotFound },
        },
      },
      async (req) => productDetail(ctx.db, parseId(req.params.id)),
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
    async (req) => ({ result: await similarProducts(ctx.db, req.query.product_display_id) }),
  );

  app.get(
    '/products/ranking-items',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Ranking by popularity, 30 per page, filtered by shop tab, sub-category and fast delivery',
        querystring: z.object({
          page: PageQuery,
          category_main: ShopCategoryEnum.default('all'),
          category_sub: CodeQuery.optional(),
          is_fast: BoolQuery,
        }),
        response: { 200: PaginatedProducts, 400: ErrorBody },
      },
    },
    async (req) => listingPage(ctx.db, { ...req.query, sort: 'popular' }),
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
    async () => mainRanking(ctx.db),
  );

  app.get(
    '/products/category-products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: `${ADDITION} Category listing for /category, 30 per page`,
        querystring: z.object({
          page: PageQuery,
          category_main: ShopCategoryEnum.default('all'),
          category_sub: CodeQuery.optional(),
          sort: z.enum(CARD_SORTS).default('popular'),
          is_fast: BoolQuery,
        }),
        response: { 200: PaginatedProducts, 400: ErrorBody },
      },
    },
    async (req) => listingPage(ctx.db, req.query),
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
    async () => cached(ctx.kv, 'products:categories', AGGREGATE_TTL_S, () => categoryTree(ctx.db)),
  );

  await app.register(brandRoutes, { ctx });
};
