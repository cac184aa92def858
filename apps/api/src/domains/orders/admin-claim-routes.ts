/**
 * The claims queue for operators (docs/ARCHITECTURE.md, "Back office"): `/api/admin/claims` (CS),
 * return and exchange requests with their decisions, a return's steps (collected, inspected) and
 * what refunding it would do (admin-claims.ts). Registered by orderAdminRoutes (admin-routes.ts).
 */
import { ErrorBody, RETURN_STEPS } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { IdParams } from '../../platform/params.ts';
import { ADMIN_CLAIMS_PAGE, advanceReturn, decideClaim, listClaims, refundPreview } from './admin-claims.ts';
import { MSG, pathId } from './model.ts';

const cs = { access: 'admin', roles: ['CS'] } as const;
const tags = ['admin'];
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

type App = Parameters<FastifyPluginAsyncZod<{ ctx: AppContext }>>[0];

export function claimAdminRoutes(app: App, ctx: AppContext): void {
  const ClaimRow = z.object({
    id: z.number().int(),
    kind: z.enum(['refund', 'exchange']),
    order_id: z.number().int(),
    order_no: z.string(),
    order_item_id: z.number().int(),
    user_id: z.number().int().nullable(),
    name: z.string(),
    size_name: z.string(),
    color_name: z.string(),
    exchange_to: z.string().nullable(),
    reason: z.string(),
    paid_amount: z.number().int(),
    amount: z.number().int(),
    return_cost: z.number().int(),
    coupon_clawback: z.number().int(),
    status: z.string(),
    item_status: z.string(),
    decision_note: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    /** The readable order number the shopper reads (YYYYMMDD-000123). */
    order_number: z.string(),
    /** The reason in Korean ("사이즈가 맞지 않음 · 작아요"). */
    reason_label: z.string(),
    /** A return's step (반품 접수 → 회수 완료 → 검수 완료 → 환불 완료); null for an exchange. */
    step: z.enum(RETURN_STEPS).nullable(),
    step_label: z.string().nullable(),
    collected_at: z.string().nullable(),
    inspected_at: z.string().nullable(),
  });
  app.get(
    '/admin/claims',
    {
      config: cs,
      schema: {
        tags,
        summary: `Return (refund) or exchange requests, newest first, ${ADMIN_CLAIMS_PAGE} a page`,
        querystring: z.object({
          kind: z.enum(['refund', 'exchange']).default('refund'),
          status: z.enum(['REQUESTED', 'COMPLETED', 'REJECTED']).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({ total: z.number().int(), page: z.number().int(), result: z.array(ClaimRow) }),
          ...E,
        },
      },
    },
    async (req) => listClaims(ctx, req.query),
  );

  app.post(
    '/admin/orders/items/:id/claim',
    {
      config: cs,
      schema: {
        tags,
        summary:
          "Approve or reject an item's open return (approve refunds through the gateway, less the return cost) or exchange request",
        params: IdParams,
        body: z
          .object({
            kind: z.enum(['refund', 'exchange']),
            decision: z.enum(['approve', 'reject']),
            note: z.string().trim().max(500).optional(),
          })
          .strict(),
        response: {
          200: z.object({
            order_item_id: z.number().int(),
            claim_id: z.number().int(),
            kind: z.enum(['refund', 'exchange']),
            decision: z.enum(['approve', 'reject']),
            status: z.string(),
            /** Points given back by an approved return's refund. */
            points_back: z.number().int(),
          }),
          ...E,
          502: ErrorBody,
        },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, MSG.itemNotFound);
      const { kind, decision, note } = req.body;
      noteAudit(req, {
        action: `claim.${kind}.${decision}`,
        target_type: 'order_item',
        target_id: id,
        after: { kind, decision, note: note ?? null },
      });
      return decideClaim(ctx, req.principal, id, kind, decision, note);
    },
  );
  app.post(
    '/admin/orders/items/:id/return-step',
    {
      config: cs,
      schema: {
        tags,
        summary:
          "Move an item's open return to its next step: COLLECTED (회수 완료), then INSPECTED (검수 완료); refunding needs both",
        params: IdParams,
        body: z.object({ step: z.enum(['COLLECTED', 'INSPECTED']) }).strict(),
        response: {
          200: z.object({
            order_item_id: z.number().int(),
            claim_id: z.number().int(),
            step: z.enum(RETURN_STEPS),
            step_label: z.string(),
          }),
          ...E,
        },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, MSG.itemNotFound);
      noteAudit(req, {
        action: `claim.refund.${req.body.step.toLowerCase()}`,
        target_type: 'order_item',
        target_id: id,
        after: { step: req.body.step },
      });
      return advanceReturn(ctx, id, req.body.step);
    },
  );

  app.get(
    '/admin/orders/items/:id/refund-preview',
    {
      config: cs,
      schema: {
        tags,
        summary:
          "What refunding an item's open return would do: the refund amount, return shipping, coupon clawback, points and coupon given back",
        params: IdParams,
        response: {
          200: z.object({
            order_item_id: z.number().int(),
            claim_id: z.number().int(),
            step: z.enum(RETURN_STEPS),
            refundable: z.boolean(),
            paid_amount: z.number().int(),
            return_cost: z.number().int(),
            coupon_clawback: z.number().int(),
            refund_amount: z.number().int(),
            points_back: z.number().int(),
            coupon_restored: z.boolean(),
          }),
          ...E,
        },
      },
    },
    async (req) => refundPreview(ctx, pathId(req.params.id, MSG.itemNotFound)),
  );
}
