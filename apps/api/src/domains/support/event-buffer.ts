/**
 * The analytics write path (docs/ARCHITECTURE.md, "Analytics"): the loggers hand validated rows to
 * this process's buffer and answer at once; the buffer writes them to the append-only
 * `event_logs` table in multi-row INSERTs every ANALYTICS_FLUSH_MS (or sooner when
 * ANALYTICS_FLUSH_ROWS are waiting), so no logger request waits on the database.
 *
 * Accepted means written: the buffer is bounded (ANALYTICS_BUFFER_MAX rows) and a batch that does
 * not fit is refused (the logger answers 503 with Retry-After) rather than accepted and dropped; a
 * failed INSERT puts its rows back at the front and is retried on the next tick. On close the
 * buffer is flushed. A daily sweep deletes rows older than ANALYTICS_RETENTION_DAYS.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { eventLogs } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';

export type EventRow = typeof eventLogs.$inferInsert;

type Log = { warn: (obj: object, msg: string) => void };

/** Rows per INSERT statement (10 columns each: far under PostgreSQL's 65,535 parameters). */
const INSERT_ROWS = 1_000;
const RETENTION_CHECK_MS = 3_600_000;
const RETENTION_DELETE_ROWS = 10_000;

export class EventBuffer {
  private rows: EventRow[] = [];
  private flushing: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastRetention = 0;
  /**
   * Counters since start: rows accepted and written, batches refused because the buffer was full,
   * rows the database rejected, and failed INSERTs.
   */
  readonly stats = { accepted: 0, written: 0, refused: 0, rejected: 0, failures: 0 };

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: Log,
  ) {}

  get pending(): number {
    return this.rows.length;
  }

  /** Takes the rows, or none of them when they do not fit (false: the caller answers 503). */
  offer(rows: EventRow[]): boolean {
    const { ANALYTICS_BUFFER_MAX, ANALYTICS_FLUSH_ROWS } = this.ctx.config;
    if (this.rows.length + rows.length > ANALYTICS_BUFFER_MAX) {
      this.stats.refused += 1;
      return false;
    }
    for (const r of rows) this.rows.push(r);
    this.stats.accepted += rows.length;
    if (this.rows.length >= ANALYTICS_FLUSH_ROWS && !this.flushing) void this.flush();
    return true;
  }

  /** Writes everything waiting (one flush at a time); resolves with the rows written. */
  async flush(): Promise<number> {
    while (this.flushing) await this.flushing;
    if (this.rows.length === 0) return 0;
    this.flushing = this.writeAll();
    try {
      return await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  private async writeAll(): Promise<number> {
    let written = 0;
    while (this.rows.length > 0) {
      const chunk = this.rows.splice(0, INSERT_ROWS);
      try {
        await this.insert(chunk);
      } catch (err) {
        this.stats.failures += 1;
        if (!isDataError(err)) {
          // The database is away: back to the front, in order; the next tick tries again.
          this.rows.unshift(...chunk);
          this.log?.warn({ err, rows: chunk.length }, 'analytics write failed; will retry');
          break;
        }
        // A row the database refuses (validation should have stopped it) must not block the rest:
        // the chunk goes in row by row and only the refused rows are dropped, and counted.
        const ok = await this.writeOneByOne(chunk);
        written += ok;
        this.stats.written += ok;
        this.stats.rejected += chunk.length - ok;
        this.log?.warn({ err, rejected: chunk.length - ok }, 'analytics rows refused by the database');
        continue;
      }
      written += chunk.length;
      this.stats.written += chunk.length;
    }
    return written;
  }

  /**
   * One INSERT of the rows, sent as a single JSON parameter that PostgreSQL unpacks
   * (json_to_recordset): building 11 parameters a row for a thousand rows cost the event loop tens
   * of milliseconds a flush, which every logger call waiting behind it felt.
   */
  private async insert(rows: EventRow[]): Promise<void> {
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
        created_at: (r.created_at ?? this.ctx.clock.now()).toISOString(),
      })),
    );
    await this.ctx.db.execute(sql`
      insert into event_logs
        (kind, user_id, guest_id, name, session_id, ab_group, path, product_display_id, event_id, payload, created_at)
      select kind::log_kind, user_id, guest_id, name, session_id, ab_group, path, product_display_id, event_id,
        coalesce(payload, '{}'::jsonb), created_at
      from json_to_recordset(${json}::json) as x(
        kind text, user_id int, guest_id text, name text, session_id text, ab_group text, path text,
        product_display_id int, event_id text, payload jsonb, created_at timestamptz)`);
  }

  private async writeOneByOne(rows: EventRow[]): Promise<number> {
    let ok = 0;
    for (const r of rows) {
      try {
        await this.insert([r]);
        ok += 1;
      } catch {}
    }
    return ok;
  }

  /** Deletes rows older than the retention window, in bounded chunks (at most once an hour). */
  async sweepRetention(force = false): Promise<number> {
    const now = this.ctx.clock.now();
    if (!force && now.getTime() - this.lastRetention < RETENTION_CHECK_MS) return 0;
    this.lastRetention = now.getTime();
    const before = new Date(now.getTime() - this.ctx.config.ANALYTICS_RETENTION_DAYS * 86_400_000);
    let deleted = 0;
    for (;;) {
      const res = await this.ctx.db.execute<{ id: number }>(sql`
        delete from event_logs where id in (
          select id from event_logs where created_at < ${before.toISOString()} limit ${RETENTION_DELETE_ROWS}
        ) returning id`);
      const n = rowsOf(res).length;
      deleted += n;
      if (n < RETENTION_DELETE_ROWS) break;
    }
    return deleted;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.flush().catch((err) => this.log?.warn({ err }, 'analytics flush failed'));
      this.sweepRetention().catch((err) => this.log?.warn({ err }, 'analytics retention sweep failed'));
    }, this.ctx.config.ANALYTICS_FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
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

const buffers = new WeakMap<AppContext, EventBuffer>();

/** This process's buffer for the app context (made on first use). */
export function eventBufferFor(ctx: AppContext, log?: Log): EventBuffer {
  let b = buffers.get(ctx);
  if (!b) {
    b = new EventBuffer(ctx, log);
    buffers.set(ctx, b);
  }
  return b;
}

/** Writes the analytics rows waiting in this process (tests, the dashboard). */
export function flushAnalytics(ctx: AppContext): Promise<number> {
  return buffers.get(ctx)?.flush() ?? Promise.resolve(0);
}
