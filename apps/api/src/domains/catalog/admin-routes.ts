/** Time sales in the back office, for MDs (admin-time-sales.ts). */
import { ErrorBody, TimeSaleInput } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { IdParams, pathId } from '../../platform/params.ts';
import { ADMIN_TIME_SALES_PAGE, createTimeSale, endTimeSale, listTimeSales } from './admin-time-sales.ts';

const tags = ['admin'];
const md = { access: 'admin', roles: ['MD'] } as const;
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const Int = z.number().int();

export const catalogAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/time-sales',
    {
      config: md,
      schema: {
        tags,
        summary: `Time sales, latest start first, ${ADMIN_TIME_SALES_PAGE} a page, with their state, products and units sold`,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: {
          200: z.object({
            total: Int,
            page: Int,
            result: z.array(
              z.object({
                id: Int,
                title: z.string(),
                starts_at: z.string(),
                ends_at: z.string(),
                state: z.enum(['SCHEDULED', 'RUNNING', 'HIDDEN', 'ENDED']),
                items: Int,
                sold: Int,
              }),
            ),
          }),
          ...E,
        },
      },
    },
    async (req) => listTimeSales(ctx, req.query.page),
  );

  app.post(
    '/admin/time-sales',
    {
      config: md,
      schema: {
        tags,
        summary:
          'Schedule a time sale: a KST window and products at a price below their sale price, in limited quantities',
        body: TimeSaleInput,
        response: { 200: z.object({ id: Int }), ...E },
      },
    },
    async (req) => {
      const out = await createTimeSale(ctx, req.body);
      noteAudit(req, { action: 'time_sale.create', target_type: 'time_sale', target_id: out.id });
      return out;
    },
  );

  app.post(
    '/admin/time-sales/:id/end',
    {
      config: md,
      schema: {
        tags,
        summary: 'End a scheduled or running time sale now',
        params: IdParams,
        response: { 200: z.object({ id: Int, state: z.literal('ENDED'), ends_at: z.string() }), ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '타임세일이 없습니다.');
      const out = await endTimeSale(ctx, id);
      noteAudit(req, { action: 'time_sale.end', target_type: 'time_sale', target_id: id });
      return out;
    },
  );
};
