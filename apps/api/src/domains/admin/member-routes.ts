/**
 * Member look-up for CS in the back office (docs/ARCHITECTURE.md, "Back office"): search, one
 * member's overview with personal data masked, and the audited reveal (members.ts).
 */
import { ErrorBody } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { IdParams, pathId } from '../../platform/params.ts';
import { ADMIN_MEMBERS_PAGE, findMembers, memberOverview, revealMember } from './members.ts';

const cs = { access: 'admin', roles: ['CS'] } as const;
const tags = ['admin'];
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const Int = z.number().int();

const MemberRow = z.object({
  id: Int,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});

export const memberAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/members',
    {
      config: cs,
      schema: {
        tags,
        summary: `Members newest first, ${ADMIN_MEMBERS_PAGE} a page, by name, phone, e-mail or number; personal data masked`,
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({ total: Int, page: Int, result: z.array(MemberRow) }),
          ...E,
        },
      },
    },
    async (req) => findMembers(ctx, req.query.q, req.query.page),
  );

  app.get(
    '/admin/members/:id',
    {
      config: cs,
      schema: {
        tags,
        summary: 'One member, masked: latest orders, points, usable coupons, reviews and support tickets',
        params: IdParams,
        response: {
          200: MemberRow.extend({
            height: Int.nullable(),
            weight: Int.nullable(),
            stopped_at: z.string().nullable(),
            points: Int,
            order_count: Int,
            review_count: Int,
            orders: z.array(
              z.object({
                id: Int,
                order_no: z.string(),
                order_name: z.string(),
                status: z.string(),
                status_label: z.string(),
                amount: Int,
                created_at: z.string(),
              }),
            ),
            coupons: z.array(z.object({ id: Int, name: z.string(), expires_at: z.string() })),
            tickets: z.array(
              z.object({ id: Int, title: z.string(), status: z.string(), created_at: z.string() }),
            ),
          }),
          ...E,
        },
      },
    },
    async (req) => memberOverview(ctx, pathId(req.params.id, '회원이 없습니다.')),
  );

  app.post(
    '/admin/members/:id/reveal',
    {
      config: cs,
      schema: {
        tags,
        summary: "Reveal a member's name, phone, e-mail and addresses (every reveal is in the audit log)",
        params: IdParams,
        response: {
          200: z.object({
            id: Int,
            name: z.string(),
            phone: z.string().nullable(),
            email: z.string().nullable(),
            addresses: z.array(
              z.object({
                name: z.string(),
                recipient: z.string(),
                phone: z.string(),
                zipcode: z.string(),
                main_address: z.string(),
                detail_address: z.string(),
                is_default: z.boolean(),
              }),
            ),
          }),
          ...E,
        },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '회원이 없습니다.');
      const out = await revealMember(ctx, id);
      // What was shown, not its values: the audit log must not become a copy of the personal data.
      noteAudit(req, {
        action: 'member.reveal',
        target_type: 'user',
        target_id: id,
        after: { fields: ['name', 'phone', 'email', 'addresses'], addresses: out.addresses.length },
      });
      return out;
    },
  );
};
