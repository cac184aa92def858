/**
 * Review moderation in the back office (docs/ARCHITECTURE.md, "Back office"), for CS: the queue
 * (moderation.ts), hiding a review with a reason, which takes its review credit back and withholds
 * its photos, and showing it again (write.ts).
 */
import { ErrorBody } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { IdParams } from '../../platform/params.ts';
import { parseId } from '../catalog/index.ts';
import { MODERATION_PAGE, moderationQueue } from './moderation.ts';
import { hideReview, unhideReview } from './write.ts';

const cs = { access: 'admin', roles: ['CS'] } as const;
const tags = ['admin'];
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const QueueRow = z.object({
  id: z.number().int(),
  product_display_id: z.number().int(),
  product_name: z.string(),
  user_name: z.string(),
  rating: z.number().int(),
  content: z.string(),
  size_name: z.string().nullable(),
  report_count: z.number().int(),
  helpful_count: z.number().int(),
  credit_paid: z.number().int(),
  hidden_at: z.string().nullable(),
  hidden_reason: z.string().nullable(),
  created_at: z.string(),
  photos: z.array(z.string()),
  reports: z.array(z.object({ reason: z.string(), detail: z.string().nullable() })),
});

export const reviewAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/reviews',
    {
      config: cs,
      schema: {
        tags,
        summary: `Reviews to moderate, ${MODERATION_PAGE} a page: reported (most reports first), hidden, or all`,
        querystring: z.object({
          filter: z.enum(['reported', 'hidden', 'all']).default('reported'),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({ total: z.number().int(), page: z.number().int(), result: z.array(QueueRow) }),
          ...E,
        },
      },
    },
    async (req) => moderationQueue(ctx, req.query.filter, req.query.page),
  );

  app.post(
    '/admin/reviews/:id/hide',
    {
      config: cs,
      schema: {
        tags,
        summary: 'Hide a review with a reason (moderation); the review credit is taken back',
        params: IdParams,
        body: z.object({ reason: z.string().trim().min(1).max(200) }).strict(),
        response: {
          200: z.object({
            review_id: z.number().int(),
            hidden: z.boolean(),
            credit_revoked: z.number().int(),
          }),
          ...E,
        },
      },
    },
    async (req) => {
      const out = await hideReview(ctx, parseId(req.params.id), req.body.reason);
      noteAudit(req, {
        action: 'review.hide',
        target_type: 'review',
        target_id: out.review_id,
        after: { reason: req.body.reason, credit_revoked: out.credit_revoked },
      });
      return out;
    },
  );

  app.post(
    '/admin/reviews/:id/unhide',
    {
      config: cs,
      schema: {
        tags,
        summary: 'Show a hidden review again, its photos served again (the credit taken back stays so)',
        params: IdParams,
        response: { 200: z.object({ review_id: z.number().int(), hidden: z.boolean() }), ...E },
      },
    },
    async (req) => {
      const out = await unhideReview(ctx, parseId(req.params.id));
      noteAudit(req, { action: 'review.unhide', target_type: 'review', target_id: out.review_id });
      return out;
    },
  );
};
