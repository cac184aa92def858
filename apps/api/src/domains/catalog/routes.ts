import { ErrorBody, ProductCard } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { productCardsByIds } from './repository.ts';
import { parseDisplayIdList } from './rules.ts';

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
};
