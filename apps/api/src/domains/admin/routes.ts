/**
 * The back office's own calls (docs/ARCHITECTURE.md, "Back office"): operator sign-in and
 * sign-out, the session, the second factor, operator accounts and the audit log, under
 * /api/admin/.
 */
import {
  AuditLogEntry,
  CreateOperatorRequest,
  ErrorBody,
  OperatorLoginRequest,
  OperatorSessionBody,
  OperatorView,
  UpdateOperatorRequest,
} from '@codiroom/shared';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, noteAudit, writeAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { HttpError, unauthorized } from '../../platform/errors.ts';
import {
  endOperatorSession,
  operatorOfCookie,
  startOperatorSession,
} from '../../platform/operator-sessions.ts';
import { IdParams } from '../../platform/params.ts';
import { auditLogs } from '../../platform/schema.ts';
import { parseId } from '../catalog/index.ts';
import { applyCatalogCsv, CSV_LIMITS } from './catalog-csv.ts';
import { DASHBOARD, dashboard } from './dashboard.ts';
import {
  beginTotp,
  checkSignIn,
  confirmTotp,
  createOperator,
  getOperator,
  listOperators,
  operatorView,
  updateOperator,
} from './operators.ts';
import { productAdminRoutes } from './product-routes.ts';

const tags = ['admin'];
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const AUDIT_PAGE = 50;

/** The operator of a session-only route (the API key has no account). */
function accountOf(req: { principal: { operator: { id: number | null } | null } }): number {
  const id = req.principal.operator?.id ?? null;
  if (id === null)
    throw new HttpError(400, 'ADMIN_API_KEY는 운영자 계정이 아닙니다. 로그인한 운영자만 쓸 수 있어요.');
  return id;
}

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(productAdminRoutes, { ctx });
  app.post(
    '/admin/auth/login',
    {
      schema: {
        tags,
        summary: 'Operator sign-in: e-mail, password and (when on) the TOTP code; sets the session cookie',
        body: OperatorLoginRequest,
        response: {
          200: OperatorSessionBody,
          400: ErrorBody,
          401: ErrorBody.extend({ totp_required: z.boolean().optional() }),
          429: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const o = await checkSignIn(ctx, req.body, req.ip);
      const csrf = await startOperatorSession(ctx, reply, o.id);
      await writeAudit(ctx, {
        operator_id: o.id,
        actor: actorOf(o),
        action: 'POST /api/admin/auth/login',
        status_code: 200,
        ip: req.ip ?? null,
        detail: { action: 'operator.login' },
      });
      return {
        operator: operatorView(o),
        csrf_token: csrf,
        idle_timeout_min: ctx.config.OPERATOR_IDLE_MIN,
      };
    },
  );

  app.post(
    '/admin/auth/logout',
    {
      schema: {
        tags,
        summary: 'Operator sign-out: ends the session and clears the cookie',
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (req, reply) => {
      const ended = await endOperatorSession(ctx, req, reply);
      if (ended !== null) {
        await writeAudit(ctx, {
          operator_id: ended,
          actor: actorOf(await getOperator(ctx, ended)),
          action: 'POST /api/admin/auth/logout',
          status_code: 200,
          ip: req.ip ?? null,
          detail: { action: 'operator.logout', target_type: 'operator', target_id: ended },
        });
      }
      return { ok: true };
    },
  );

  app.get(
    '/admin/auth/me',
    {
      schema: {
        tags,
        summary: 'The signed-in operator and the CSRF token (401 when the session ended)',
        response: { 200: OperatorSessionBody, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const check = await operatorOfCookie(ctx, req);
      if (!check.ok || check.operator.id === null) throw unauthorized('Operator sign-in required');
      return {
        operator: await getOperator(ctx, check.operator.id),
        csrf_token: check.csrf,
        idle_timeout_min: ctx.config.OPERATOR_IDLE_MIN,
      };
    },
  );

  // ── the second factor (any role, for oneself) ──
  const anyRole = { access: 'admin', roles: ['MD', 'CS', 'CURATOR'] } as const;
  app.post(
    '/admin/auth/totp/setup',
    {
      config: anyRole,
      schema: {
        tags,
        summary: 'Start the TOTP second factor: a secret and its otpauth URI for an authenticator app',
        response: { 200: z.object({ secret: z.string(), otpauth_uri: z.string() }), ...E },
      },
    },
    async (req) => {
      const id = accountOf(req);
      noteAudit(req, { action: 'operator.totp.setup', target_type: 'operator', target_id: id });
      return beginTotp(ctx, id);
    },
  );
  app.post(
    '/admin/auth/totp/confirm',
    {
      config: anyRole,
      schema: {
        tags,
        summary: 'Confirm the second factor with a first code; required from the next sign-in',
        body: z.object({ code: z.string().regex(/^\d{6}$/) }).strict(),
        response: { 200: OperatorView, ...E },
      },
    },
    async (req) => {
      const id = accountOf(req);
      noteAudit(req, { action: 'operator.totp.on', target_type: 'operator', target_id: id, after: null });
      return confirmTotp(ctx, id, req.body.code);
    },
  );

  // ── operator accounts (ADMIN) ──
  app.get(
    '/admin/operators',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Operator accounts',
        response: { 200: z.object({ result: z.array(OperatorView) }), ...E },
      },
    },
    async () => ({ result: await listOperators(ctx) }),
  );
  app.post(
    '/admin/operators',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create an operator with roles',
        body: CreateOperatorRequest,
        response: { 200: OperatorView, ...E },
      },
    },
    async (req) => {
      const created = await createOperator(ctx, req.body);
      noteAudit(req, {
        action: 'operator.create',
        target_type: 'operator',
        target_id: created.id,
        after: created,
      });
      return created;
    },
  );
  app.patch(
    '/admin/operators/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change an operator: name, roles, active, password, or turn their second factor off',
        params: IdParams,
        body: UpdateOperatorRequest,
        response: { 200: OperatorView, ...E },
      },
    },
    async (req) => {
      const id = parseId(req.params.id) ?? 0;
      const { before, after } = await updateOperator(ctx, id, req.body, req.principal.operator?.id ?? null);
      noteAudit(req, { action: 'operator.update', target_type: 'operator', target_id: id, before, after });
      return after;
    },
  );

  // ── bulk stock and prices by CSV (MD) ──
  const CsvRowBody = z.object({
    line: z.number().int(),
    id: z.number().int().nullable(),
    sku: z.string().nullable(),
    before: z.record(z.string(), z.number()).nullable(),
    after: z.record(z.string(), z.number()).nullable(),
    error: z.string().nullable(),
  });
  app.post(
    '/admin/catalog/csv',
    {
      config: { access: 'admin', roles: ['MD'] },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: `Bulk stock (product_item_id,stock or sku,stock) or prices (product_display_id,price,price_discount) by CSV, at most ${CSV_LIMITS.rows} rows`,
        description:
          'dry_run answers every row (before, after or why refused) and changes nothing; otherwise the valid rows are applied and the others refused.',
        body: z.object({ csv: z.string().min(1).max(1_500_000), dry_run: z.boolean() }).strict(),
        response: {
          200: z.object({
            kind: z.enum(['stock', 'price']),
            dry_run: z.boolean(),
            rows: z.array(CsvRowBody),
            applied: z.number().int(),
            refused: z.number().int(),
          }),
          ...E,
          413: ErrorBody,
        },
      },
    },
    async (req) => {
      const out = await applyCatalogCsv(ctx, req.body.csv, req.body.dry_run);
      noteAudit(req, {
        action: out.dry_run ? `catalog.csv.${out.kind}.preview` : `catalog.csv.${out.kind}`,
        target_type: out.kind === 'stock' ? 'product_item' : 'product_display',
        before: out.rows.filter((r) => r.after).map((r) => ({ id: r.id, ...r.before })),
        after: out.rows.filter((r) => r.after).map((r) => ({ id: r.id, ...r.after })),
      });
      return out;
    },
  );

  // ── the dashboard (ADMIN, MD, CS) ──
  const Totals = z.object({
    sales: z.number().int(),
    orders: z.number().int(),
    average_order_value: z.number().int(),
    sessions: z.number().int(),
    conversion: z.number(),
    cancelled_items: z.number().int(),
    returns: z.number().int(),
    refunded_amount: z.number().int(),
  });
  const Keyword = z.object({ keyword: z.string(), searches: z.number().int() });
  const FunnelStep = z.object({
    step: z.enum(['product_view', 'cart', 'order']),
    visitors: z.number().int(),
    rate: z.number(),
  });
  app.get(
    '/admin/dashboard',
    {
      config: { access: 'admin', roles: ['MD', 'CS'] },
      schema: {
        tags,
        summary: `Today and the last ${DASHBOARD.days} KST days: sales, orders, AOV, conversion, cancels and returns, best sellers, searches, low stock`,
        response: {
          200: z.object({
            generated_at: z.string(),
            today: Totals,
            last_30_days: Totals,
            daily: z.array(
              z.object({
                day: z.string(),
                sales: z.number().int(),
                orders: z.number().int(),
                sessions: z.number().int(),
                page_views: z.number().int(),
              }),
            ),
            top_products: z.array(
              z.object({
                display_id: z.number().int(),
                name: z.string(),
                brand_name: z.string(),
                quantity: z.number().int(),
                sales: z.number().int(),
              }),
            ),
            top_searches: z.array(Keyword),
            zero_result_searches: z.array(Keyword),
            low_stock: z.array(
              z.object({
                product_item_id: z.number().int(),
                display_id: z.number().int(),
                product_id: z.number().int(),
                name: z.string(),
                color_name: z.string(),
                size_name: z.string(),
                stock: z.number().int(),
              }),
            ),
            top_pages: z.array(
              z.object({ name: z.string(), views: z.number().int(), visitors: z.number().int() }),
            ),
            sections: z.array(
              z.object({ name: z.string(), events: z.number().int(), visitors: z.number().int() }),
            ),
            /** Page views per device: app (the webview), pc, mobile; unknown for rows from before. */
            page_views_by_device: z.array(
              z.object({ device: z.string(), views: z.number().int(), visitors: z.number().int() }),
            ),
            funnel: z.array(FunnelStep),
            funnel_by_group: z.array(z.object({ ab_group: z.string(), steps: z.array(FunnelStep) })),
            /** SPEC.md §3 "Campaign codes": visits, sign-ups and paid orders per campaign link. */
            campaigns: z.array(
              z.object({
                campaign_code: z.number().int(),
                utm_source: z.string(),
                utm_medium: z.string(),
                utm_campaign: z.string(),
                visits: z.number().int(),
                sign_ups: z.number().int(),
                orders: z.number().int(),
                sales: z.number().int(),
              }),
            ),
          }),
          ...E,
        },
      },
    },
    async () => dashboard(ctx),
  );

  // ── the audit log (ADMIN) ──
  app.get(
    '/admin/audit-logs',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: `The audit log, newest first, ${AUDIT_PAGE} a page (before: the last id seen)`,
        querystring: z.object({
          operator_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
          before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
        }),
        response: {
          200: z.object({ result: z.array(AuditLogEntry), next_before: z.number().int().nullable() }),
          ...E,
        },
      },
    },
    async (req) => {
      const where: SQL[] = [];
      if (req.query.operator_id) where.push(eq(auditLogs.operator_id, req.query.operator_id));
      if (req.query.before) where.push(lt(auditLogs.id, req.query.before));
      const rows = await ctx.db
        .select()
        .from(auditLogs)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLogs.id))
        .limit(AUDIT_PAGE + 1);
      const page = rows.slice(0, AUDIT_PAGE);
      return {
        result: page.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
        next_before: rows.length > AUDIT_PAGE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );
};
