import {
  AiSimilarBody,
  BrandRankingBody,
  CurrentViewCountBody,
  ErrorBody,
  ImageMainBody,
  ProductBoxBody,
  ProductCardList,
  ShippingInfoBody,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { DisplayIdQuery, IdParams } from '../../platform/params.ts';
import { PREFERRED_DEFAULT_LIMIT } from './preferred.ts';
import { currentViewCount, imageMain, shippingInfo } from './product-page.ts';
import { readAiSimilar, readBrandRanking, readPreferredCards, readProductBox } from './product-read.ts';
import { parseId } from './products.ts';

const ADDITION = '[addition, not in API-CATALOGUE.md]';
const tags = ['products'];
const NotFound = { 404: ErrorBody };
const DisplayIdOnly = z.object({ product_display_id: DisplayIdQuery });

export const productExtraRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/products/shipping-info',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Shipping terms and today's promise (SPEC.md §9: today/fast cut-offs in KST, weekday vs weekend)",
        querystring: DisplayIdOnly,
        response: { 200: ShippingInfoBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => shippingInfo(ctx, req.query.product_display_id),
  );

  app.get(
    '/products/current-view-count',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Distinct viewers of the product over the last 5 minutes',
        querystring: DisplayIdOnly,
        response: { 200: CurrentViewCountBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => currentViewCount(ctx, req.query.product_display_id),
  );

  app.get(
    '/products/image-main',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Main image and gallery of a product display',
        querystring: DisplayIdOnly,
        response: { 200: ImageMainBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => imageMain(ctx.db, req.query.product_display_id),
  );

  app.get(
    '/products/product-box/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Compact product box: the card, its colour, sizes and sold-out state',
        params: IdParams,
        response: { 200: ProductBoxBody, ...NotFound },
      },
    },
    async (req) => readProductBox(ctx, ctx.clock.now(), parseId(req.params.id)),
  );

  app.get(
    '/v1/products/ai-similar-products',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Similar products by weighted features: category, style tags, colour, price band, fit and co-like/co-purchase',
        querystring: DisplayIdOnly,
        response: { 200: AiSimilarBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => readAiSimilar(ctx, ctx.clock.now(), req.query.product_display_id),
  );

  app.get(
    '/products/user-preferred-product-displays',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary:
          'Products for the caller from the brands and tabs of their likes and cart (popular without history)',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(50).default(PREFERRED_DEFAULT_LIMIT),
        }),
        response: { 200: ProductCardList, 400: ErrorBody },
      },
    },
    async (req) => ({
      result: await readPreferredCards(ctx, ctx.clock.now(), req.principal, req.query.limit),
    }),
  );

  app.get(
    '/products/ranking-brands',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `${ADDITION} The 'brands' ranking tab: brands by the popularity of their products, with their top 3`,
        response: { 200: BrandRankingBody },
      },
    },
    async () => readBrandRanking(ctx, ctx.clock.now()),
  );
};
