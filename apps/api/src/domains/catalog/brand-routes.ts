import {
  BrandContentsBody,
  BrandFiltersBody,
  BrandListBody,
  CategoryTabBrandBody,
  ErrorBody,
  ShopCategoryEnum,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { BoolQuery, IdParams, PageQuery } from '../../platform/params.ts';
import { allBrands, brandFacets, tabBrands } from './aggregates.ts';
import { readBrandContents } from './product-read.ts';
import { parseId } from './products.ts';
import { CARD_SORTS } from './repository.ts';

const Won = z.coerce.number().int().min(0).max(100_000_000);

/** The query of GET /api/brands/{id}/contents (also the storefront's in-process read, web/reads-brand.ts). */
export const BrandContentsQuery = z.object({
  sort: z.enum(CARD_SORTS).default('popular'),
  page: PageQuery,
  category: z.string().max(50).optional(),
  size: z.string().max(20).optional(),
  color: z.string().max(30).optional(),
  price_min: Won.optional(),
  price_max: Won.optional(),
  is_fast: BoolQuery,
});

export const brandRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/brands/simple-brand-data',
    {
      config: { access: 'public' },
      schema: {
        tags: ['brands'],
        summary: 'All brands with their product counts, in Korean name order',
        response: { 200: BrandListBody },
      },
    },
    async () => ({
      result: await allBrands(ctx),
    }),
  );

  app.get(
    '/brands/category-tab-brand',
    {
      config: { access: 'public' },
      schema: {
        tags: ['brands'],
        summary: 'Brands with products in a shop tab, most popular first',
        querystring: z.object({ category_main: ShopCategoryEnum.default('all') }),
        response: { 200: CategoryTabBrandBody, 400: ErrorBody },
      },
    },
    async (req) => ({
      category_main: req.query.category_main,
      result: await tabBrands(ctx, req.query.category_main),
    }),
  );

  app.get(
    '/brands/:id/contents',
    {
      config: { access: 'public' },
      schema: {
        tags: ['brands'],
        summary: "Brand page: the brand and a page (30) of its products; 404 '브랜드가 존재하지 않습니다'",
        description:
          'Optional filters (values from /brands/{id}/filters): category (category code), size, color ' +
          '(colour name), price_min / price_max (discounted price, won), is_fast.',
        params: IdParams,
        querystring: BrandContentsQuery,
        response: { 200: BrandContentsBody, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => readBrandContents(ctx, ctx.clock.now(), parseId(req.params.id), req.query),
  );

  app.get(
    '/brands/:id/filters',
    {
      config: { access: 'public' },
      schema: {
        tags: ['brands'],
        summary: "Facets of a brand's products: categories, price range, sizes and colours with counts",
        params: IdParams,
        response: { 200: BrandFiltersBody, 404: ErrorBody },
      },
    },
    async (req) => brandFacets(ctx, parseId(req.params.id)),
  );
};
