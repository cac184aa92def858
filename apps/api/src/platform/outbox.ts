/**
 * The outbox (docs/ARCHITECTURE.md, "Outbox"): what a committed change must still cause outside
 * the database — a push, an ad-conversion event — is written as an `outbox` row in the same
 * transaction as the change (`enqueue`), so a rolled-back change causes nothing and a committed one
 * survives a crash, a SIGTERM or a Redis outage. `deliverOutbox` then delivers every due row at
 * least once:
 *   - claim: one statement picks due rows `FOR UPDATE SKIP LOCKED` and moves their `available_at`
 *     a lease ahead (two deliverers, in one process or several, never claim the same row; a
 *     deliverer that dies mid-way leaves the row to be claimed again once the lease has passed);
 *   - deliver: the handler of the row's kind runs with the row's idempotency key, which it hands
 *     to the receiver (OneSignal `idempotency_key`, the ad API's `event_id`) so a second delivery
 *     after a crash is deduplicated there;
 *   - settle: success sets `delivered_at`; a failure moves `available_at` by an exponential
 *     back-off (capped) and records the error; after the last attempt the row is dead (`dead_at`:
 *     kept, visible, counted by `outboxStats`) and the handler's `onDead` runs.
 * Handlers belong to the domains that own the effects; platform must not import domains, so app
 * wiring registers them per context (`registerOutboxHandlers`), as it does the sign-up listeners.
 * Delivered rows are kept OUTBOX_KEEP_DELIVERED_MS for inspection, then deleted.
 */
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.ts';
import type { AppContext } from './context.ts';
import { jsonDepthExceeds } from './input-limits.ts';
import type { Collector } from './metrics.ts';
import type { Conn } from './transactions.ts';

/** One effect to deliver after the transaction that writes it commits. */
export type OutboxEffect = {
  /** The handler that delivers it (e.g. `push.send`, `ads.purchase`). */
  kind: string;
  /** Unique per effect: enqueueing the same key twice writes one row; also the receiver's dedupe key. */
  key: string;
  /** What the handler needs (bounded: OUTBOX_PAYLOAD_MAX_CHARS, OUTBOX_PAYLOAD_MAX_DEPTH). */
  payload: Record<string, unknown>;
  /** The change's time (the app clock): the row's created_at, and when it is first due. */
  at: Date;
};

/** What a handler is told about the row it delivers. */
export type OutboxDelivery = { id: number; key: string; attempts: number };

export type OutboxHandler = {
  /** Delivers the effect; throws to be retried. Must tolerate being run twice for one key. */
  deliver(ctx: AppContext, payload: Record<string, unknown>, delivery: OutboxDelivery): Promise<void>;
  /** After the last failed attempt (e.g. record the failure on the domain's row). */
  onDead?(ctx: AppContext, payload: Record<string, unknown>, delivery: OutboxDelivery): Promise<void>;
};

export const OUTBOX_PAYLOAD_MAX_CHARS = 16_384;
/** Far below the input bound of 32 levels (a deep jsonb once crashed the embedded database). */
export const OUTBOX_PAYLOAD_MAX_DEPTH = 8;
export const OUTBOX_MAX_ATTEMPTS = 10;
export const OUTBOX_BACKOFF_BASE_MS = 2_000;
export const OUTBOX_BACKOFF_CAP_MS = 10 * 60_000;
/**
 * How long a claim holds a row: longer than a handler may run (OUTBOX_HANDLER_TIMEOUT_MS), short
 * enough that what a killed process had claimed is delivered by another within seconds.
 */
export const OUTBOX_LEASE_MS = 8_000;
export const OUTBOX_HANDLER_TIMEOUT_MS = 6_000;
export const OUTBOX_KEEP_DELIVERED_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_ROWS = 10_000;
/** Rows claimed, and handlers run, at a time within one pass. */
const PARALLEL = 8;

/** The wait before attempt `attempts + 1` after `attempts` failures: 2 s, 4 s, 8 s … at most 10 min. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(OUTBOX_BACKOFF_CAP_MS, OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

function checkedPayload(e: OutboxEffect): string {
  const json = JSON.stringify(e.payload);
  if (json.length > OUTBOX_PAYLOAD_MAX_CHARS) throw new Error(`outbox payload of ${e.kind} is too large`);
  if (jsonDepthExceeds(json, OUTBOX_PAYLOAD_MAX_DEPTH))
    throw new Error(`outbox payload of ${e.kind} is too deep`);
  return json;
}

/**
 * Writes effects on `conn` — the caller's transaction, so they commit or roll back with its
 * change. A key already written is skipped (the effect exists once).
 */
export async function enqueue(conn: Conn, effects: OutboxEffect | OutboxEffect[]): Promise<void> {
  const list = Array.isArray(effects) ? effects : [effects];
  if (list.length === 0) return;
  const rows = sql.join(
    list.map((e) => {
      const at = e.at.toISOString();
      return sql`(${e.kind}, ${checkedPayload(e)}::jsonb, ${e.key}, ${at}::timestamptz, ${at}::timestamptz)`;
    }),
    sql`, `,
  );
  await conn.execute(sql`
    insert into outbox (kind, payload, idempotency_key, created_at, available_at)
    values ${rows}
    on conflict (idempotency_key) do nothing`);
}

/**
 * The same as `enqueue`, as a statement to put inside a caller's single SQL statement (a CTE):
 * one effect per row of `from`, its key and payload computed from that row (`keySql`,
 * `payloadSql`: SQL over `from`'s columns; `at`: a timestamptz expression). For a change made by
 * one statement (the confirm's).
 */
export function enqueueFromSql(kind: string, keySql: SQL, payloadSql: SQL, from: SQL, at: SQL): SQL {
  return sql`insert into outbox (kind, payload, idempotency_key, created_at, available_at)
    select ${kind}::text, ${payloadSql}, ${keySql}, ${at}, ${at} from ${from}
    on conflict (idempotency_key) do nothing`;
}

/**
 * A UUID (v4 in shape) derived from `name`: the same on every delivery of one effect, for receivers
 * that deduplicate by a UUID (OneSignal's `idempotency_key`, the ad service's `event_id`).
 */
export function stableUuid(name: string): string {
  const h = createHash('sha256').update(`codiroom:${name}`).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// ───────────────────────────── handlers ─────────────────────────────

const registries = new WeakMap<AppContext, Map<string, OutboxHandler>>();

/** Registers the handlers of `ctx` by kind (app wiring; a kind registered twice keeps the last). */
export function registerOutboxHandlers(ctx: AppContext, handlers: Record<string, OutboxHandler>): void {
  const map = registries.get(ctx) ?? new Map<string, OutboxHandler>();
  for (const [kind, h] of Object.entries(handlers)) map.set(kind, h);
  registries.set(ctx, map);
}

// ───────────────────────────── delivery ─────────────────────────────

type Claimed = { id: number; kind: string; payload: Record<string, unknown>; key: string; attempts: number };
export type OutboxPass = { delivered: number; retried: number; dead: number };

type Log = { warn: (obj: object, msg: string) => void };
const logs = new WeakMap<AppContext, Log>();
/** The logger delivery failures go to (app wiring registers the app's). */
export function setOutboxLog(ctx: AppContext, log: Log): void {
  logs.set(ctx, log);
}

const lastPrune = new WeakMap<AppContext, number>();

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`outbox handler timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One pass: claims up to `limit` due rows and delivers them (see the file comment). Safe to run
 * concurrently with itself, in this process or another. Returns what became of the rows.
 */
export async function deliverOutbox(
  ctx: AppContext,
  limit = 100,
  opts: { maxAttempts?: number } = {},
): Promise<OutboxPass> {
  const maxAttempts = opts.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const now = ctx.clock.now();
  const pass: OutboxPass = { delivered: 0, retried: 0, dead: 0 };
  // PARALLEL rows per claim, so every claimed row is delivered within its lease (a slow receiver
  // never lets a row's lease run out while it waits its turn in the pass).
  for (let taken = 0; taken < limit; ) {
    const claimed = await claimDue(ctx, Math.min(PARALLEL, limit - taken));
    if (claimed.length === 0) break;
    taken += claimed.length;
    await deliverClaimed(ctx, claimed, pass, maxAttempts);
  }
  await pruneDelivered(ctx, now);
  return pass;
}

/** Claims up to `limit` due rows for OUTBOX_LEASE_MS, counting the attempt. */
async function claimDue(ctx: AppContext, limit: number): Promise<Claimed[]> {
  const now = ctx.clock.now();
  const lease = new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString();
  return rowsOf<Claimed>(
    await ctx.db.execute(sql`
      update outbox set available_at = ${lease}::timestamptz, attempts = attempts + 1
      where id in (
        select id from outbox
        where delivered_at is null and dead_at is null and available_at <= ${now.toISOString()}::timestamptz
        order by available_at, id
        limit ${limit}
        for update skip locked)
      returning id::int as id, kind, payload, idempotency_key as key, attempts`),
  );
}

/** Runs the handlers of claimed rows at once; marks them delivered, retried or dead. */
async function deliverClaimed(
  ctx: AppContext,
  claimed: Claimed[],
  pass: OutboxPass,
  maxAttempts: number,
): Promise<void> {
  const handlers = registries.get(ctx);
  const delivered: number[] = [];
  await Promise.all(
    claimed.map(async (row) => {
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      const delivery: OutboxDelivery = { id: row.id, key: row.key, attempts: row.attempts };
      const handler = handlers?.get(row.kind);
      try {
        if (!handler) throw new Error(`no outbox handler for ${row.kind}`);
        await withTimeout(handler.deliver(ctx, payload, delivery), OUTBOX_HANDLER_TIMEOUT_MS);
        delivered.push(row.id);
      } catch (err) {
        const dead = row.attempts >= maxAttempts;
        await failed(ctx, row, err, dead);
        logs
          .get(ctx)
          ?.warn(
            { err, outbox_id: row.id, kind: row.kind, attempts: row.attempts, dead },
            'outbox delivery failed',
          );
        if (dead) {
          pass.dead += 1;
          await handler
            ?.onDead?.(ctx, payload, delivery)
            .catch((e: unknown) =>
              logs.get(ctx)?.warn({ err: e, outbox_id: row.id }, 'outbox onDead failed'),
            );
        } else pass.retried += 1;
      }
    }),
  );
  if (delivered.length > 0) {
    await ctx.db.execute(sql`
      update outbox set delivered_at = ${ctx.clock.now().toISOString()}::timestamptz, last_error = null
      where id in (${sql.join(
        delivered.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    pass.delivered += delivered.length;
  }
}

async function failed(ctx: AppContext, row: Claimed, err: unknown, dead: boolean): Promise<void> {
  const now = ctx.clock.now();
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  const next = new Date(now.getTime() + outboxBackoffMs(row.attempts)).toISOString();
  await ctx.db.execute(sql`
    update outbox set available_at = ${next}::timestamptz, last_error = ${message},
      dead_at = ${dead ? now.toISOString() : null}::timestamptz
    where id = ${row.id}`);
}

/** Deletes delivered rows older than OUTBOX_KEEP_DELIVERED_MS (at most once an hour a context). */
async function pruneDelivered(ctx: AppContext, now: Date): Promise<void> {
  if (now.getTime() - (lastPrune.get(ctx) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(ctx, now.getTime());
  const before = new Date(now.getTime() - OUTBOX_KEEP_DELIVERED_MS).toISOString();
  await ctx.db.execute(sql`
    delete from outbox where id in (
      select id from outbox where delivered_at < ${before}::timestamptz limit ${PRUNE_ROWS})`);
}

// ───────────────────────────── running it ─────────────────────────────

/** Full passes before the job gives its slot back: 2,000 effects a second at most. */
const JOB_PASSES = 20;

/**
 * The background job (PROCESS_ROLE worker/all, once a second across the processes): passes until
 * nothing more is due (bounded), so a backlog after an outage drains at once, not 100 a second.
 */
export const outboxJob = {
  name: 'outbox.deliver',
  everyMs: 1000,
  overlapSafe: true,
  run: async (ctx: AppContext) => {
    for (let i = 0; i < JOB_PASSES; i++) {
      const pass = await deliverOutbox(ctx);
      if (pass.delivered + pass.retried + pass.dead < 100) return;
    }
  },
} as const;

type Runner = { running: Promise<void> | null; again: boolean };
const runners = new WeakMap<AppContext, Runner>();

function runnerOf(ctx: AppContext): Runner {
  let r = runners.get(ctx);
  if (!r) {
    r = { running: null, again: false };
    runners.set(ctx, r);
  }
  return r;
}

/** Passes until nothing more was due, one at a time per context. */
function drain(ctx: AppContext): void {
  const r = runnerOf(ctx);
  if (r.running) {
    r.again = true;
    return;
  }
  r.running = (async () => {
    do {
      r.again = false;
      const pass = await deliverOutbox(ctx);
      if (pass.delivered + pass.retried + pass.dead >= 100) r.again = true;
    } while (r.again);
  })()
    .catch((err: unknown) => logs.get(ctx)?.warn({ err }, 'outbox pass failed'))
    .finally(() => {
      r.running = null;
    });
}

/**
 * Delivers soon what was just enqueued, in the process that committed it unless that is an `api`
 * process (low latency; the job is the guarantee). Called right after `enqueue`: the pass runs on
 * the next turn of the event loop (the embedded database runs it after the caller's transaction)
 * and again 250 ms later for a PostgreSQL transaction still open then.
 */
export function nudgeOutbox(ctx: AppContext): void {
  // An `api` process leaves delivery to the worker's job (within a second); a closing one starts
  // no pass the database would be closed under.
  if (ctx.config.PROCESS_ROLE === 'api' || closing.has(ctx)) return;
  setImmediate(() => drain(ctx));
  setTimeout(() => drain(ctx), 250).unref();
}

const closing = new WeakSet<AppContext>();

/** Shutdown: no more nudged passes, then waits for those in flight. */
export async function closeOutbox(ctx: AppContext): Promise<void> {
  closing.add(ctx);
  await settleOutbox(ctx);
}

/**
 * Tests: waits for the passes in flight, then runs one more. A nudge's first pass can run before
 * the caller's PostgreSQL transaction commits (its second waits 250 ms); this delivers what is due
 * now without waiting for the timer.
 */
export async function flushOutbox(ctx: AppContext): Promise<void> {
  await settleOutbox(ctx);
  if (ctx.config.PROCESS_ROLE === 'api' || closing.has(ctx)) return;
  drain(ctx);
  await settleOutbox(ctx);
}

/** Waits for this process's passes in flight (tests; a graceful shutdown). */
export async function settleOutbox(ctx: AppContext): Promise<void> {
  await new Promise<void>((r) => setImmediate(r));
  for (let r = runners.get(ctx); r?.running; r = runners.get(ctx)) await r.running;
}

// ───────────────────────────── metrics ─────────────────────────────

export type OutboxStats = {
  /** Not yet delivered and not dead (due or waiting for a retry). */
  pending: number;
  /** Pending rows already past their time (the backlog). */
  due: number;
  dead: number;
  /** Seconds since the oldest pending row was written, 0 when none. */
  oldest_pending_s: number;
};

/** The outbox's counts, for /metrics: the undelivered rows only (delivered ones are kept a week). */
export async function outboxStats(ctx: AppContext): Promise<OutboxStats> {
  const now = ctx.clock.now().toISOString();
  const [row] = rowsOf<Record<keyof OutboxStats, number | string>>(
    await ctx.db.execute(sql`
      select
        count(*) filter (where dead_at is null)::int as pending,
        count(*) filter (where dead_at is null and available_at <= ${now}::timestamptz)::int as due,
        count(*) filter (where dead_at is not null)::int as dead,
        coalesce(extract(epoch from (${now}::timestamptz - min(created_at)
          filter (where dead_at is null))), 0)::float as oldest_pending_s
      from outbox where delivered_at is null`),
  );
  return {
    pending: Number(row?.pending ?? 0),
    due: Number(row?.due ?? 0),
    dead: Number(row?.dead ?? 0),
    oldest_pending_s: Math.max(0, Number(row?.oldest_pending_s ?? 0)),
  };
}

/** Gauges of the outbox for /metrics (docs/ARCHITECTURE.md "Observability"). */
export function outboxCollector(ctx: AppContext): Collector {
  return async () => {
    const s = await outboxStats(ctx);
    return [
      { name: 'codiroom_outbox_pending', help: 'Effects committed and not yet delivered', value: s.pending },
      { name: 'codiroom_outbox_due', help: 'Pending effects whose next try is due', value: s.due },
      { name: 'codiroom_outbox_dead', help: 'Effects given up after every attempt failed', value: s.dead },
      {
        name: 'codiroom_outbox_oldest_pending_seconds',
        help: 'Age of the oldest effect not yet delivered',
        value: s.oldest_pending_s,
      },
    ];
  };
}
