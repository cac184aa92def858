/**
 * 1:1 문의 calls (docs/ARCHITECTURE.md, "Support"): the member's tickets under
 * /api/customer_experiences/tickets (API-CATALOGUE.md, 'Customer experiences'), and the back
 * office's inbox under /api/admin/tickets (CS) — tickets.ts does the work.
 */
import {
  ErrorBody,
  SUPPORT_KINDS,
  SUPPORT_LIMITS,
  SUPPORT_STATUSES,
  SUPPORT_TEMPLATES,
  TicketDetail,
  TicketFields,
  TicketReply,
  TicketSummary,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, unauthorized } from '../../platform/errors.ts';
import { IdParams, PageQuery, pathId } from '../../platform/params.ts';
import { readImageParts, registerUploads } from '../../platform/uploads.ts';
import {
  answerTicket,
  assignTicket,
  closeTicket,
  createTicket,
  inbox,
  listTickets,
  replyAsMember,
  TICKET_PAGE,
  ticketDetail,
} from './tickets.ts';

const tags = ['support'];
const Int = z.number().int();
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const cs = { access: 'admin', roles: ['CS'] } as const;
/** The caller's member id, or 401 (a token route's principal always has one). */
export const member = (req: { principal: { userId: number | null } }) => {
  if (req.principal.userId === null) throw unauthorized('Token Required');
  return req.principal.userId;
};
const AdminTicket = TicketDetail.extend({ user_id: Int, assignee_operator_id: Int.nullable() });

export const ticketRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(async (uploads) => {
    await registerUploads(uploads);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/customer_experiences/tickets',
      {
        config: { access: 'token', uploads: true },
        schema: {
          tags,
          summary: `Open a 1:1 문의 (multipart: main_category, sub_category, title, content, target_type, target_id, up to ${SUPPORT_LIMITS.files} files)`,
          description:
            'Photos: JPEG, PNG or WebP, at most 10 MB each, re-encoded as WebP without metadata, private to the member and the shop.',
          consumes: ['multipart/form-data'],
          response: { 200: TicketDetail, ...E, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (req) => {
        const userId = member(req);
        const { files, fields } = await readImageParts(req, {
          maxFiles: SUPPORT_LIMITS.files,
          maxFields: 6,
          member: { id: userId, kv: ctx.kv, clock: ctx.clock },
        });
        const parsed = TicketFields.safeParse(fields);
        if (!parsed.success) {
          const i = parsed.error.issues[0];
          throw badRequest(`${i?.path.join('.') || 'ticket'}: ${i?.message ?? '입력을 확인해주세요.'}`);
        }
        return createTicket(ctx, userId, parsed.data, files);
      },
    );
  });

  app.get(
    '/customer_experiences/tickets',
    {
      config: { access: 'token' },
      schema: {
        tags,
        summary: `The member's tickets, newest first, ${TICKET_PAGE} a page`,
        querystring: z.object({ page: PageQuery }),
        response: {
          200: z.object({
            page: Int,
            count: Int,
            total_count: Int,
            total_page: Int,
            result: z.array(TicketSummary),
          }),
          ...E,
        },
      },
    },
    async (req) => listTickets(ctx, member(req), req.query.page),
  );

  app.get(
    '/customer_experiences/tickets/:id',
    {
      config: { access: 'token' },
      schema: {
        tags,
        summary: "One of the member's tickets with its photos and the answer thread",
        params: IdParams,
        response: { 200: TicketDetail, ...E },
      },
    },
    async (req) => ticketDetail(ctx, pathId(req.params.id, '문의를 찾을 수 없어요.'), member(req)),
  );

  app.post(
    '/customer_experiences/tickets/:id/replies',
    {
      config: { access: 'token' },
      schema: {
        tags,
        summary: "The member's reply in their own ticket's thread (not a closed one)",
        params: IdParams,
        body: TicketReply,
        response: { 200: TicketDetail, ...E },
      },
    },
    async (req) =>
      replyAsMember(ctx, member(req), pathId(req.params.id, '문의를 찾을 수 없어요.'), req.body.body),
  );

  // ── the back office's inbox ──
  app.get(
    '/admin/tickets',
    {
      config: cs,
      schema: {
        tags: ['admin'],
        summary: `The support inbox, waiting longest first, ${TICKET_PAGE} a page: by status, kind (TICKET, CALLBACK, CURATOR_CHAT), mine or unassigned`,
        querystring: z.object({
          status: z.enum(SUPPORT_STATUSES).optional(),
          kind: z.enum(SUPPORT_KINDS).optional(),
          assignee: z.enum(['me', 'none']).optional(),
          page: PageQuery,
        }),
        response: {
          200: z.object({
            total: Int,
            page: Int,
            result: z.array(
              TicketSummary.extend({ user_id: Int, assignee: z.string().nullable(), updated_at: z.string() }),
            ),
          }),
          ...E,
        },
      },
    },
    async (req) =>
      inbox(ctx, {
        status: req.query.status,
        kind: req.query.kind,
        mine: req.query.assignee === 'me' ? (req.principal.operator?.id ?? -1) : undefined,
        unassigned: req.query.assignee === 'none',
        page: req.query.page,
      }),
  );

  app.get(
    '/admin/tickets/templates',
    {
      config: cs,
      schema: {
        tags: ['admin'],
        summary: 'Answer templates of the inbox',
        response: {
          200: z.object({ result: z.array(z.object({ title: z.string(), body: z.string() })) }),
          ...E,
        },
      },
    },
    async () => ({ result: SUPPORT_TEMPLATES.map((t) => ({ ...t })) }),
  );

  app.get(
    '/admin/tickets/:id',
    {
      config: cs,
      schema: {
        tags: ['admin'],
        summary: 'One ticket with its photos and thread',
        params: IdParams,
        response: { 200: AdminTicket, ...E },
      },
    },
    async (req) => ticketDetail(ctx, pathId(req.params.id, '문의를 찾을 수 없어요.'), null),
  );

  app.post(
    '/admin/tickets/:id/assign',
    {
      config: cs,
      schema: {
        tags: ['admin'],
        summary: 'Take a ticket (to: me) or leave it unassigned (to: none)',
        params: IdParams,
        body: z.object({ to: z.enum(['me', 'none']) }).strict(),
        response: { 200: AdminTicket, ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '문의를 찾을 수 없어요.');
      noteAudit(req, { action: 'ticket.assign', target_type: 'ticket', target_id: id, after: req.body });
      return assignTicket(ctx, id, req.body.to === 'me' ? (req.principal.operator?.id ?? null) : null);
    },
  );

  app.post(
    '/admin/tickets/:id/answer',
    {
      config: cs,
      schema: {
        tags: ['admin'],
        summary: 'Answer a ticket: into its thread, the ticket answered, the member notified',
        params: IdParams,
        body: TicketReply,
        response: { 200: AdminTicket, ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '문의를 찾을 수 없어요.');
      noteAudit(req, { action: 'ticket.answer', target_type: 'ticket', target_id: id });
      return answerTicket(ctx, id, req.principal.operator?.id ?? null, req.body.body);
    },
  );

  app.post(
    '/admin/tickets/:id/close',
    {
      config: cs,
      schema: {
        tags: ['admin'],
        summary: 'Close a ticket',
        params: IdParams,
        response: { 200: AdminTicket, ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '문의를 찾을 수 없어요.');
      noteAudit(req, { action: 'ticket.close', target_type: 'ticket', target_id: id });
      return closeTicket(ctx, id);
    },
  );
};
