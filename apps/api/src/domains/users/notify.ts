/**
 * One way to tell a member something (docs/ARCHITECTURE.md, "Notifications"): `notify` writes the
 * in-app row — always: the list is not marketing — and decides its push with the rules of
 * @codiroom/shared notifications.ts (decidePush: is_app_alert, is_benefit_alert for benefit and
 * marketing kinds, the 21:00–08:00 KST night-time rule unless is_nighttime_alert).
 *
 * push_status of the row: SKIPPED (flags say no), HELD with push_after (waiting: for the morning,
 * or due now and about to be sent), SENT, FAILED. A push due now is sent after the caller's
 * transaction commits (delivery reads the committed row; a rolled-back notification is never
 * pushed), fire-and-forget; `releaseDuePushes` (the minute sweep) sends held pushes once due, and
 * at once for members who have since agreed to night-time alerts. Every send re-reads the flags:
 * what the member turned off meanwhile is not pushed. Claiming a row is one conditional update
 * (HELD → SENT), so the sweep and the immediate send never push twice. Push errors are logged and
 * recorded as FAILED; they never fail the request.
 */
import { abGroups, decidePush, loginPushTags, type NotificationKind, type PushFlags } from '@codiroom/shared';
import { and, asc, eq, lte, or } from 'drizzle-orm';
import { notifications, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Conn } from '../../platform/transactions.ts';
import { pushSenderFor } from './push.ts';

export type NotificationInput = {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A storefront path the notification opens, or null. */
  link: string | null;
  /** At most one notification per (member, key), e.g. `coupon-expiring:<coupon id>`. */
  dedupe_key?: string | null;
};

type Log = { warn: (obj: object, msg: string) => void };
const logs = new WeakMap<AppContext, Log>();
/** The logger push failures go to (the users routes register the app's). */
export function setNotifyLog(ctx: AppContext, log: Log): void {
  logs.set(ctx, log);
}

const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();
function track(ctx: AppContext, p: Promise<void>): void {
  let set = inFlight.get(ctx);
  if (!set) {
    set = new Set();
    inFlight.set(ctx, set);
  }
  const s = set;
  const done = p.finally(() => s.delete(done));
  s.add(done);
}

/** Waits for the pushes in flight (tests; a graceful shutdown). */
export async function settlePushes(ctx: AppContext): Promise<void> {
  const set = inFlight.get(ctx);
  while (set?.size) await Promise.allSettled([...set]);
}

const flagColumns = {
  is_app_alert: users.is_app_alert,
  is_benefit_alert: users.is_benefit_alert,
  is_nighttime_alert: users.is_nighttime_alert,
  is_active: users.is_active,
};

/**
 * Writes the member's notification (unless one with the same dedupe key exists: then nothing,
 * null) and decides its push. Works on the pool or inside the caller's transaction.
 */
export async function notify(
  conn: Conn,
  ctx: AppContext,
  userId: number,
  n: NotificationInput,
): Promise<{ id: number } | null> {
  const now = ctx.clock.now();
  const [flags] = await conn.select(flagColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!flags) return null;
  const decision = decidePush(n.kind, flags, now);
  const [row] = await conn
    .insert(notifications)
    .values({
      user_id: userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      dedupe_key: n.dedupe_key ?? null,
      push_status: decision.action === 'SKIP' ? 'SKIPPED' : 'HELD',
      push_after: decision.action === 'HOLD' ? decision.until : decision.action === 'SEND' ? now : null,
      created_at: now,
    })
    .onConflictDoNothing({ target: [notifications.user_id, notifications.dedupe_key] })
    .returning({ id: notifications.id });
  if (!row) return null;
  if (decision.action === 'SEND') schedule(ctx, row.id);
  return row;
}

/**
 * Sends the push of one notification after the caller's transaction: at once (on PGlite the next
 * query waits for the transaction), and again shortly after for a PostgreSQL transaction still
 * open; anything left waits for the sweep.
 */
function schedule(ctx: AppContext, id: number): void {
  const attempt = async () => {
    for (const wait of [0, 250, 2000]) {
      if (wait) await new Promise((r) => setTimeout(r, wait).unref());
      if ((await deliverPush(ctx, id)) !== 'not_due') return;
    }
  };
  track(ctx, new Promise<void>((resolve) => setImmediate(resolve)).then(attempt).catch(logFailure(ctx, id)));
}

function logFailure(ctx: AppContext, id: number) {
  return (err: unknown) => logs.get(ctx)?.warn({ err, notification_id: id }, 'push delivery failed');
}

type Delivery = 'sent' | 'failed' | 'held' | 'skipped' | 'not_due';

/** Whether a HELD row may go now: its time has come, or its member agrees to night-time pushes. */
const due = (now: Date) =>
  and(
    eq(notifications.push_status, 'HELD'),
    or(lte(notifications.push_after, now), eq(users.is_nighttime_alert, true)),
  );

/** Re-decides and, when due, sends the push of one HELD notification (flags as they are now). */
export async function deliverPush(ctx: AppContext, id: number): Promise<Delivery> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      uuid: users.uuid,
      ...flagColumns,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(and(eq(notifications.id, id), due(now)))
    .limit(1);
  if (!row) return 'not_due';
  const flags: PushFlags & { is_active: boolean } = row;
  const decision = decidePush(row.kind, flags, now);
  const stillHeld = and(eq(notifications.id, id), eq(notifications.push_status, 'HELD'));
  if (decision.action === 'SKIP') {
    await ctx.db.update(notifications).set({ push_status: 'SKIPPED', push_after: null }).where(stillHeld);
    return 'skipped';
  }
  if (decision.action === 'HOLD') {
    await ctx.db.update(notifications).set({ push_after: decision.until }).where(stillHeld);
    return 'held';
  }
  // The claim: only one sender moves the row from HELD.
  const claimed = await ctx.db
    .update(notifications)
    .set({ push_status: 'SENT', push_after: null })
    .where(stillHeld)
    .returning({ id: notifications.id });
  if (claimed.length === 0) return 'not_due';
  try {
    await pushSenderFor(ctx).send({
      external_id: row.uuid,
      title: row.title,
      body: row.body,
      link: row.link,
      kind: row.kind,
      notification_id: row.id,
    });
    return 'sent';
  } catch (err) {
    logFailure(ctx, id)(err);
    await ctx.db.update(notifications).set({ push_status: 'FAILED' }).where(eq(notifications.id, id));
    return 'failed';
  }
}

/**
 * The sweep (every minute in the server process): sends the held pushes that are due — their
 * morning has come, or their member has since agreed to night-time alerts — oldest first, up to
 * `limit` a pass (one member's when userId is given). Returns what became of each.
 */
export async function releaseDuePushes(
  ctx: AppContext,
  opts: { limit?: number; userId?: number } = {},
): Promise<Record<Delivery, number>> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(and(due(now), opts.userId !== undefined ? eq(notifications.user_id, opts.userId) : undefined))
    .orderBy(asc(notifications.push_after), asc(notifications.id))
    .limit(opts.limit ?? 500);
  const tally: Record<Delivery, number> = { sent: 0, failed: 0, held: 0, skipped: 0, not_due: 0 };
  for (const r of rows) tally[await deliverPush(ctx, r.id)] += 1;
  return tally;
}

/** After the member agreed to night-time alerts: their held pushes go now (fire-and-forget). */
export function releaseHeldPushesOf(ctx: AppContext, userId: number): void {
  track(
    ctx,
    releaseDuePushes(ctx, { userId }).then(
      () => undefined,
      (err: unknown) => logs.get(ctx)?.warn({ err, user_id: userId }, 'releasing held pushes failed'),
    ),
  );
}

/**
 * Sets the member's push tags (loginPushTags: experiment groups, alarm switches and, at a login,
 * how and when) off the request path: at every login (SPEC.md §4 "Session": "It then sets
 * analytics and push attributes") and when the alarm switches change. A failing push service is
 * logged, never the caller's failure.
 */
export function tagPushUser(ctx: AppContext, userId: number, method?: string): void {
  const run = async () => {
    const [row] = await ctx.db
      .select({ uuid: users.uuid, ...flagColumns })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row?.is_active) return;
    const { abType, subAbType } = abGroups(row.uuid);
    await pushSenderFor(ctx).setTags(
      row.uuid,
      loginPushTags({ abType, subAbType, ...(method ? { method } : {}), ...row, now: ctx.clock.now() }),
    );
  };
  track(
    ctx,
    run().catch((err: unknown) => logs.get(ctx)?.warn({ err, user_id: userId }, 'setting push tags failed')),
  );
}
