/**
 * Benefit calls of the back office (docs/ARCHITECTURE.md, "Back office"): coupon policies and
 * their serial batches, and missions (MD); point grants to a member (CS) — admin-benefits.ts.
 */
import {
  CouponPolicyInput,
  CouponPolicyUpdate,
  ErrorBody,
  MissionInput,
  MissionUpdate,
  PointGrantRequest,
  SerialBatchRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { IdParams, pathId } from '../../platform/params.ts';
import {
  ADMIN_POLICIES_PAGE,
  createMission,
  createPolicy,
  grantPoints,
  listMissions,
  listPolicies,
  makeSerialBatch,
  serialsCsv,
  updateMission,
  updatePolicy,
} from './admin-benefits.ts';

const tags = ['admin'];
const md = { access: 'admin', roles: ['MD'] } as const;
const cs = { access: 'admin', roles: ['CS'] } as const;
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const Int = z.number().int();
const PolicyView = z.looseObject({
  id: Int,
  name: z.string(),
  coupon_type: z.string(),
  discount_kind: z.string(),
  discount_value: Int,
  issued_count: Int,
  used_count: Int,
  serial_count: Int,
  serial_redeemed: Int,
  is_active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
const Mission = z.object({
  id: Int,
  code: z.string(),
  title: z.string(),
  point: Int,
  is_active: z.boolean(),
});

export const benefitAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/coupon-policies',
    {
      config: md,
      schema: {
        tags,
        summary: `Coupon policies newest first, ${ADMIN_POLICIES_PAGE} a page, with issued, used and serial counts`,
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          active: z.enum(['true', 'false']).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: { 200: z.object({ total: Int, page: Int, result: z.array(PolicyView) }), ...E },
      },
    },
    async (req) =>
      listPolicies(ctx, {
        q: req.query.q || undefined,
        active: req.query.active === undefined ? undefined : req.query.active === 'true',
        page: req.query.page,
      }),
  );

  app.post(
    '/admin/coupon-policies',
    {
      config: md,
      schema: {
        tags,
        summary: 'Create a coupon policy (amount or rate, cap, minimum, targets, validity, issuance limits)',
        body: CouponPolicyInput,
        response: { 200: PolicyView, ...E },
      },
    },
    async (req) => {
      const out = await createPolicy(ctx, req.body);
      noteAudit(req, { action: 'coupon.policy.create', target_type: 'coupon_policy', target_id: out.id });
      return out;
    },
  );

  app.patch(
    '/admin/coupon-policies/:id',
    {
      config: md,
      schema: {
        tags,
        summary: 'Switch a policy off or on, its downloadability, its end or its total limit',
        params: IdParams,
        body: CouponPolicyUpdate,
        response: { 200: PolicyView, ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '쿠폰 정책이 없습니다.');
      const { before, after } = await updatePolicy(ctx, id, req.body);
      const pick = (p: typeof before) => ({
        is_active: p.is_active,
        is_downloadable: p.is_downloadable,
        ends_at: p.ends_at,
        total_limit: p.total_limit,
      });
      noteAudit(req, {
        action: 'coupon.policy.update',
        target_type: 'coupon_policy',
        target_id: id,
        before: pick(before),
        after: pick(after),
      });
      return after;
    },
  );

  app.post(
    '/admin/coupon-policies/:id/serials',
    {
      config: md,
      schema: {
        tags,
        summary: 'Make a batch of one-time serial codes (XXXX-XXXX-XXXX) for a policy',
        params: IdParams,
        body: SerialBatchRequest,
        response: { 200: z.object({ coupon_policy_id: Int, batch: Int, count: Int }), ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '쿠폰 정책이 없습니다.');
      const out = await makeSerialBatch(ctx, id, req.body.count);
      noteAudit(req, {
        action: 'coupon.serials.create',
        target_type: 'coupon_policy',
        target_id: id,
        after: out,
      });
      return out;
    },
  );

  app.get(
    '/admin/coupon-policies/:id/serials.csv',
    {
      // Whoever holds the codes can redeem them: every download is in the audit log.
      config: { ...md, auditReads: true },
      schema: {
        tags,
        summary: "A policy's serial codes as CSV (code,batch,redeemed_at), one batch or all",
        params: IdParams,
        querystring: z.object({ batch: z.coerce.number().int().min(1).max(1_000_000).optional() }),
        response: { 200: z.string(), ...E },
      },
    },
    async (req, reply) => {
      const id = pathId(req.params.id, '쿠폰 정책이 없습니다.');
      const csv = await serialsCsv(ctx, id, req.query.batch);
      noteAudit(req, {
        action: 'coupon.serials.download',
        target_type: 'coupon_policy',
        target_id: id,
        after: { batch: req.query.batch ?? null },
      });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="coupon-${id}-serials.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
  );

  app.post(
    '/admin/members/:id/points',
    {
      config: cs,
      schema: {
        tags,
        summary:
          'Grant points to a member (or take them back with a negative amount), with the reason they see; once per idempotency_key (a repeat answers the first answer, repeated: true)',
        params: IdParams,
        body: PointGrantRequest,
        response: {
          200: z.object({ user_id: Int, moved: Int, balance: Int, repeated: z.boolean() }),
          ...E,
        },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '회원이 없습니다.');
      const out = await grantPoints(ctx, id, req.body, req.principal.operator?.id ?? null);
      noteAudit(req, {
        action: `${req.body.amount > 0 ? 'points.grant' : 'points.revoke'}${out.repeated ? '.repeated' : ''}`,
        target_type: 'user',
        target_id: id,
        after: { ...req.body, moved: out.repeated ? 0 : out.moved },
      });
      return out;
    },
  );

  app.get(
    '/admin/missions',
    {
      config: md,
      schema: {
        tags,
        summary: 'Missions with their completion counts',
        response: { 200: z.object({ result: z.array(Mission.extend({ completions: Int })) }), ...E },
      },
    },
    async () => listMissions(ctx),
  );

  app.post(
    '/admin/missions',
    {
      config: md,
      schema: {
        tags,
        summary: 'Create a mission (code, title, points)',
        body: MissionInput,
        response: { 200: Mission, ...E },
      },
    },
    async (req) => {
      const m = await createMission(ctx, req.body);
      noteAudit(req, { action: 'mission.create', target_type: 'mission', target_id: m.id });
      return m;
    },
  );

  app.patch(
    '/admin/missions/:id',
    {
      config: md,
      schema: {
        tags,
        summary: "A mission's title, points or whether it is on",
        params: IdParams,
        body: MissionUpdate,
        response: { 200: Mission, ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '미션이 없습니다.');
      const { before, after } = await updateMission(ctx, id, req.body);
      noteAudit(req, { action: 'mission.update', target_type: 'mission', target_id: id, before, after });
      return after;
    },
  );
};
