/**
 * The audit log (docs/ARCHITECTURE.md, "Back office"): every change an operator makes — any call
 * but GET and HEAD by an operator session or the ADMIN_API_KEY, and the reads of sensitive data
 * its route marks (`config: { auditReads: true }`) — leaves a row in `audit_logs`
 * with who, what (`METHOD /route`), the target (the route's `:id`), before and after, the status
 * and when, written before the answer leaves (so a refused change is logged too). Routes and
 * services add what they know (`noteAudit`: a verb, the target, the row before and after); without
 * it `after` is the request body, with passwords and secrets blanked.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { orWhenUnavailable } from './kv.ts';
import { auditLogs } from './schema.ts';

export type AuditDetail = {
  action?: string;
  target_type?: string;
  target_id?: string | number;
  before?: unknown;
  after?: unknown;
};

declare module 'fastify' {
  interface FastifyRequest {
    auditDetail?: AuditDetail;
  }
  interface FastifyContextConfig {
    /** A read of sensitive data (serial codes, personal data): its GET is audited like a change. */
    auditReads?: boolean;
  }
}

const SECRET_KEY = /password|secret|totp|token|key/i;
/** PostgreSQL text and jsonb refuse NUL: a hostile value is logged without it. */
const text = (v: string, max: number) => v.replaceAll('\u0000', '').slice(0, max);

/** A copy of `value` with secret-looking fields blanked (bounded in depth and size). */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 100)
        .map(([k, v]) => [text(k, 100), SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)]),
    );
  }
  if (typeof value === 'string') return value.length > 2000 ? `${text(value, 2000)}…` : text(value, 2000);
  return value;
}

/** How the log names an operator: `name <e-mail>`, or the name alone (the API key). */
export function actorOf(operator: { name: string; email: string | null }): string {
  return operator.email ? `${operator.name} <${operator.email}>` : operator.name;
}

/** What a route or service knows of the change it makes (merged into the request's audit row). */
export function noteAudit(request: FastifyRequest, detail: AuditDetail): void {
  request.auditDetail = { ...request.auditDetail, ...detail };
}

export type AuditRow = {
  operator_id: number | null;
  actor: string;
  action: string;
  status_code: number;
  ip: string | null;
  detail?: AuditDetail;
};

const actionOf = (row: AuditRow) =>
  text(row.detail?.action ? `${row.detail.action} · ${row.action}` : row.action, 200);

/** Writes one audit row (also for calls outside the hook, e.g. sign-in attempts). */
export async function writeAudit(ctx: AppContext, row: AuditRow): Promise<void> {
  const d = row.detail ?? {};
  await ctx.db.insert(auditLogs).values({
    operator_id: row.operator_id,
    actor: text(row.actor, 300),
    action: actionOf(row),
    target_type: d.target_type ?? null,
    target_id: d.target_id === undefined ? null : text(String(d.target_id), 100),
    before: d.before === undefined ? null : redact(d.before),
    after: d.after === undefined ? null : redact(d.after),
    status_code: row.status_code,
    ip: row.ip,
    created_at: ctx.clock.now(),
  });
}

/**
 * Counts a repeated event instead of writing a row each time (refused operator sign-ins): one row
 * per (action, actor, address, fixed window of `windowSeconds`) whose `after` is
 * `{ attempts, last_at }`, so a flood of attempts stays a few readable rows. The count lives in the
 * key-value store; the window's first event writes the row and every later one raises its count
 * (never lowers it: parallel events may arrive out of order).
 */
export async function countAudit(ctx: AppContext, row: AuditRow, windowSeconds: number): Promise<void> {
  const now = ctx.clock.now();
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const action = actionOf(row);
  const actor = text(row.actor, 300);
  const key = `audit:count:${action}:${actor}:${row.ip ?? ''}:${start.getTime()}`;
  // Without Redis every event is its own row (counted 1): none is lost.
  const attempts = await orWhenUnavailable(ctx.kv.incr(key, windowSeconds * 2), 1);
  const raise = async (n: number) => {
    await ctx.db
      .update(auditLogs)
      .set({ after: { attempts: n, last_at: now.toISOString() }, status_code: row.status_code })
      .where(
        and(
          gte(auditLogs.created_at, start),
          eq(auditLogs.action, action),
          eq(auditLogs.actor, actor),
          row.ip === null ? sql`${auditLogs.ip} is null` : eq(auditLogs.ip, row.ip),
          sql`coalesce((${auditLogs.after}->>'attempts')::int, 0) < ${n}`,
        ),
      );
  };
  if (attempts > 1) return raise(attempts);
  await writeAudit(ctx, {
    ...row,
    detail: { ...row.detail, after: { attempts: 1, last_at: now.toISOString() } },
  });
  // Events counted while the row was being written found nothing to raise: take their count now.
  const counted = Number((await orWhenUnavailable(ctx.kv.get(key), null)) ?? 1);
  if (counted > 1) await raise(counted);
}

export function registerAudit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const operator = request.principal?.operator;
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!operator || (read && request.routeOptions.config?.auditReads !== true)) return payload;
    const url = request.routeOptions.url ?? request.url;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const detail: AuditDetail = {
      ...(typeof params.id === 'string' ? { target_id: params.id } : {}),
      ...(request.body !== undefined && typeof request.body === 'object' ? { after: request.body } : {}),
      ...request.auditDetail,
    };
    await writeAudit(ctx, {
      operator_id: operator.id,
      actor: actorOf(operator),
      action: `${request.method} ${url}`,
      status_code: reply.statusCode,
      ip: request.ip ?? null,
      detail,
    });
    return payload;
  });
}
