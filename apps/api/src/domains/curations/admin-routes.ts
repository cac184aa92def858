/**
 * The curation queue for operators (docs/ARCHITECTURE.md, "Curations"): `/api/admin/curations`,
 * access admin. The back office's curator screens call these.
 */
import { ErrorBody } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { IdParams } from '../../platform/params.ts';
import { parseId } from '../catalog/index.ts';
import { curatorQueue, curatorView, noteDraft, publishNow, swapPick } from './curator.ts';

const admin = { access: 'admin', roles: ['CURATOR'] } as const;
const tags = ['admin'];
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const View = z.record(z.string(), z.unknown());

export const curationAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/curations',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The curation queue: drafts by publish time (default), the waiting list, or published ones',
        querystring: z.object({
          status: z.enum(['DRAFT', 'REQUESTED', 'DONE']).default('DRAFT'),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: { 200: View, ...E },
      },
    },
    async (req) => curatorQueue(ctx, req.query.status, req.query.page),
  );

  app.get(
    '/admin/curations/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One curation for the curator: the member’s answers, body, photos (signed) and the picks',
        params: IdParams,
        response: { 200: View, ...E },
      },
    },
    async (req) => curatorView(ctx, parseId(req.params.id) ?? 0),
  );

  app.put(
    '/admin/curations/:id/items',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Swap a pick of a draft for another product the member can wear (size in stock, budget, taste)',
        params: IdParams,
        body: z
          .object({
            outfit: z.number().int().min(0).max(20),
            role: z.enum(['top', 'bottom', 'outer', 'shoes', 'bag']),
            product_display_id: z.number().int().min(1).max(2_147_483_647),
            size_name: z.string().trim().min(1).max(20).optional(),
          })
          .strict(),
        response: { 200: View, ...E },
      },
    },
    async (req) => swapPick(ctx, parseId(req.params.id) ?? 0, req.body),
  );

  app.put(
    '/admin/curations/:id/note',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'The note to the member on a draft, signed with the signed-in operator’s name (curator_name only for the API key)',
        params: IdParams,
        body: z
          .object({
            curator_name: z.string().trim().min(1).max(50).optional(),
            note: z.string().trim().min(1).max(1000),
          })
          .strict(),
        response: { 200: View, ...E },
      },
    },
    async (req) => {
      // The name the member sees is the operator who wrote the note, never typed in.
      const operator = req.principal.operator;
      const curator = operator?.id != null ? operator.name : req.body.curator_name;
      if (!curator) throw badRequest('curator_name: 큐레이터 이름을 적어주세요.');
      return noteDraft(ctx, parseId(req.params.id) ?? 0, {
        curator_name: curator.slice(0, 50),
        note: req.body.note,
      });
    },
  );

  app.post(
    '/admin/curations/:id/publish',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Publish a draft now',
        params: IdParams,
        response: { 200: View, ...E },
      },
    },
    async (req) => publishNow(ctx, parseId(req.params.id) ?? 0),
  );
};
