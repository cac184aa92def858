/**
 * The analytics write path (docs/ARCHITECTURE.md, "Analytics"): accepted means written. A logger
 * call writes its validated rows to the append-only `event_logs` table in one multi-row INSERT,
 * committed before it answers 2xx; the product page views among them become ranking view signals
 * (`product_signals`, one row per product, weighted by its views) in the same statement, so no
 * view signal waits in memory either. When the database cannot take them the call answers 503
 * with Retry-After (nothing of the batch was accepted); a row the database refuses as data (which
 * validation should have stopped) refuses the batch with 400. A daily sweep deletes rows older
 * than ANALYTICS_RETENTION_DAYS.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { eventLogs } from './schema.ts';

export type EventRow = typeof eventLogs.$inferInsert;

const RETENTION_CHECK_MS = 3_600_000;
const RETENTION_DELETE_ROWS = 10_000;
/** A view signal's weight is a smallint. */
const MAX_WEIGHT = 32_767;

/**
 * Writes the rows, and a view signal for each product id in `views` (repeats add weight), in one
 * statement. The rows go as a single JSON parameter that PostgreSQL unpacks (json_to_recordset):
 * eleven parameters a row cost the event loop far more. Throws 503 (Retry-After) when the database
 * is unavailable, 400 when it refuses the data.
 */
export async function writeEvents(ctx: AppContext, rows: EventRow[], views: number[] = []): Promise<void> {
  if (rows.length === 0) return;
  const now = ctx.clock.now();
  const json = JSON.stringify(
    rows.map((r) => ({
      kind: r.kind,
      user_id: r.user_id ?? null,
      guest_id: r.guest_id ?? null,
      name: r.name ?? null,
      session_id: r.session_id ?? null,
      ab_group: r.ab_group ?? null,
      path: r.path ?? null,
      product_display_id: r.product_display_id ?? null,
      event_id: r.event_id ?? null,
      payload: r.payload ?? {},
      created_at: (r.created_at ?? now).toISOString(),
    })),
  );
  const weights = new Map<number, number>();
  for (const id of views) weights.set(id, Math.min(MAX_WEIGHT, (weights.get(id) ?? 0) + 1));
  const signals = JSON.stringify([...weights].map(([id, weight]) => ({ id, weight })));
  // A view counts in the minute it was seen (the rankings' time decay reads created_at).
  const minute = new Date(now.getTime() - (now.getTime() % 60_000)).toISOString();
  try {
    await ctx.db.execute(sql`
      with ev as (
        insert into event_logs
          (kind, user_id, guest_id, name, session_id, ab_group, path, product_display_id, event_id, payload, created_at)
        select kind::log_kind, user_id, guest_id, name, session_id, ab_group, path, product_display_id, event_id,
          coalesce(payload, '{}'::jsonb), created_at
        from json_to_recordset(${json}::json) as x(
          kind text, user_id int, guest_id text, name text, session_id text, ab_group text, path text,
          product_display_id int, event_id text, payload jsonb, created_at timestamptz)
      )
      insert into product_signals (product_display_id, signal, weight, created_at)
      select id, 'view', weight::smallint, ${minute}::timestamptz
      from json_to_recordset(${signals}::json) as s(id int, weight int)`);
  } catch (err) {
    if (isDataError(err)) throw badRequest('Events refused by the database: check their fields');
    throw new HttpError(503, 'Events cannot be written right now: retry shortly', undefined, {
      'retry-after': '2',
    });
  }
}

/** A PostgreSQL data or constraint error (SQLSTATE class 22 or 23), maybe wrapped by Drizzle. */
function isDataError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Deletes rows older than the retention window, in bounded chunks. Returns how many. */
export async function sweepRetention(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - ctx.config.ANALYTICS_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const res = await ctx.db.execute<{ id: number }>(sql`
      delete from event_logs where id in (
        select id from event_logs where created_at < ${before.toISOString()} limit ${RETENTION_DELETE_ROWS}
      ) returning id`);
    const n = rowsOf(res).length;
    deleted += n;
    if (n < RETENTION_DELETE_ROWS) break;
  }
  return deleted;
}

/** The retention sweep, hourly, once across the worker processes (platform/jobs.ts). */
export const retentionJob: JobDefinition = {
  name: 'support.analytics-retention',
  everyMs: RETENTION_CHECK_MS,
  run: (ctx) => sweepRetention(ctx),
};
