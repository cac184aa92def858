/**
 * The product page's contents (codi sets are contents data): GET /api/products/recommend-style (the
 * codi sets holding the product and their styles) and GET /api/products/matchup-products (items
 * that go with it, its codi sets first). Registered by routes.ts.
 */
import { ErrorBody, MatchupProductsBody, RecommendStyleBody } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { DisplayIdQuery } from '../../platform/params.ts';
import { matchupProducts } from './matchup.ts';
import { recommendStyle } from './recommend-style.ts';

const NotFound = { 404: ErrorBody };
const DisplayIdOnly = z.object({ product_display_id: DisplayIdQuery });

export const productPageContentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // ── styles for a product page (GET /api/products/recommend-style: codi sets are contents data) ──
  app.get(
    '/products/recommend-style',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Codi sets containing the product and their styles (styles sharing its tags otherwise)',
        querystring: DisplayIdOnly,
        response: { 200: RecommendStyleBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => recommendStyle(ctx, ctx.clock.now(), req.query.product_display_id),
  );

  // ── items that go with a product (its codi sets first: codi sets are contents data) ──
  app.get(
    '/products/matchup-products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary:
          'Items that go with the product: its codi sets first, then complementary types sharing a style tag',
        querystring: DisplayIdOnly,
        response: { 200: MatchupProductsBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => matchupProducts(ctx, ctx.clock.now(), req.query.product_display_id),
  );
};
