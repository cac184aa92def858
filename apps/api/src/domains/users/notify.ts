/**
 * One way to tell a member something (docs/ARCHITECTURE.md, "Notifications"): `notify` writes the
 * in-app row — always: the list is not marketing — and decides its push with the rules of
 * @codiroom/shared notifications.ts (decidePush: is_app_alert, is_benefit_alert for benefit and
 * marketing kinds, the 21:00–08:00 KST night-time rule unless is_nighttime_alert).
 *
 * push_status of the row: SKIPPED (flags say no), HELD with push_after (waiting: for the morning,
 * or due now and about to be sent), SENT, FAILED. A push due now is written to the outbox
 * (platform/outbox.ts) with the row, in the caller's transaction: a rolled-back notification is
 * never pushed, a committed one is pushed at least once even if the process dies right after
 * (docs/ARCHITECTURE.md, "Outbox"). `releaseDuePushes` (the minute sweep) writes the push of each
 * held row once due, and at once for members who have since agreed to night-time alerts. Every
 * send re-reads the flags: what the member turned off meanwhile is not pushed. Each push carries
 * an idempotency key derived from the notification, so a repeated delivery is deduplicated by the
 * push service. A failing push service is retried with back-off; the row is FAILED after the last
 * attempt. Push errors never fail the request.
 */

import { randomUUID } from 'node:crypto';
import { abGroups, decidePush, loginPushTags, type NotificationKind, type PushFlags } from '@codiroom/shared';
import { and, asc, eq, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import {
  enqueue,
  flushOutbox,
  nudgeOutbox,
  type OutboxEffect,
  type OutboxHandler,
  settleOutbox,
  stableUuid,
} from '../../platform/outbox.ts';
import type { Conn } from '../../platform/transactions.ts';
import { pushSenderFor } from './push.ts';
import { notifications, users } from './schema.ts';

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

/** Waits for the pushes and tag updates in flight (a graceful shutdown). */
export async function settlePushesInFlight(ctx: AppContext): Promise<void> {
  const set = inFlight.get(ctx);
  while (set?.size) await Promise.allSettled([...set]);
  await settleOutbox(ctx);
  while (set?.size) await Promise.allSettled([...set]);
}

/** Tests: delivers the pushes due now, including those whose transaction committed after a nudge. */
export async function settlePushes(ctx: AppContext): Promise<void> {
  const set = inFlight.get(ctx);
  while (set?.size) await Promise.allSettled([...set]);
  await flushOutbox(ctx);
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
  if (decision.action === 'SEND') {
    // The push is written with the notification (same connection: the caller's transaction).
    await enqueue(conn, pushEffect(row.id, now, now));
    nudgeOutbox(ctx);
  }
  return row;
}

/** The outbox kind of a notification's push. */
export const PUSH_SEND = 'push.send';

/**
 * The push of a HELD notification as an outbox effect (platform/outbox.ts), one per notification
 * and due time: the immediate push is written with the notification, in the caller's
 * transaction; the sweep writes one when a held push comes due.
 */
function pushEffect(id: number, pushAfter: Date, at: Date): OutboxEffect {
  return { kind: PUSH_SEND, key: `push:${id}:${pushAfter.getTime()}`, payload: { notification_id: id }, at };
}

/** The key the push service deduplicates a notification's push by: every delivery of it carries it. */
export const pushIdempotencyKey = (notificationId: number) => stableUuid(`push:${notificationId}`);

type Delivery = 'sent' | 'held' | 'skipped' | 'not_due';

/** Whether a HELD row may go now: its time has come, or its member agrees to night-time pushes. */
const due = (now: Date) =>
  and(
    eq(notifications.push_status, 'HELD'),
    or(lte(notifications.push_after, now), eq(users.is_nighttime_alert, true)),
  );

/**
 * The outbox handler of a push: re-decides with the member's flags as they are now and, when
 * due, sends it, then marks it SENT. Sent before it is marked, so a crash in between sends it
 * again — with the same idempotency key, which the push service deduplicates. A send that throws
 * is retried by the outbox; after its last attempt the row is FAILED (`pushDead`).
 */
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
  await pushSenderFor(ctx).send({
    external_id: row.uuid,
    title: row.title,
    body: row.body,
    link: row.link,
    kind: row.kind,
    notification_id: row.id,
    idempotency_key: pushIdempotencyKey(row.id),
  });
  await ctx.db.update(notifications).set({ push_status: 'SENT', push_after: null }).where(stillHeld);
  return 'sent';
}

/**
 * The sweep (every minute in the server process): writes the push of every held notification now
 * due — its morning has come, or its member has since agreed to night-time alerts — to the outbox,
 * oldest first, up to `limit` a pass (one member's when userId is given), and delivers them at
 * once. Returns how many were written.
 */
export async function releaseDuePushes(
  ctx: AppContext,
  opts: { limit?: number; userId?: number } = {},
): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ id: notifications.id, push_after: notifications.push_after })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(and(due(now), opts.userId !== undefined ? eq(notifications.user_id, opts.userId) : undefined))
    .orderBy(asc(notifications.push_after), asc(notifications.id))
    .limit(opts.limit ?? 500);
  await enqueue(
    ctx.db,
    rows.map((r) => pushEffect(r.id, r.push_after ?? now, now)),
  );
  if (rows.length > 0) {
    nudgeOutbox(ctx);
    await settleOutbox(ctx);
  }
  return rows.length;
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

/** The outbox kind of a member's push tags. */
export const PUSH_TAGS = 'push.tags';

/**
 * Sets the member's push tags (loginPushTags: experiment groups, alarm switches and, at a login,
 * how and when) off the request path, through the outbox (retried while the push service fails):
 * at every login (SPEC.md §4 "Session": "It then sets analytics and push attributes") and when the
 * alarm switches change. Written right after the caller's commit; never the caller's failure.
 */
export function tagPushUser(ctx: AppContext, userId: number, method?: string): void {
  const at = ctx.clock.now();
  const effect: OutboxEffect = {
    kind: PUSH_TAGS,
    key: `${PUSH_TAGS}:${userId}:${randomUUID()}`,
    payload: { user_id: userId, method: method ?? null, at: at.getTime() },
    at,
  };
  track(
    ctx,
    enqueue(ctx.db, effect).then(
      () => nudgeOutbox(ctx),
      (err: unknown) => logs.get(ctx)?.warn({ err, user_id: userId }, 'setting push tags failed'),
    ),
  );
}

/** The tags as they stand at delivery (switches), with the login's method and time. */
async function sendPushTags(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const [row] = await ctx.db
    .select({ uuid: users.uuid, ...flagColumns })
    .from(users)
    .where(eq(users.id, Number(payload.user_id)))
    .limit(1);
  if (!row?.is_active) return;
  const { abType, subAbType } = abGroups(row.uuid);
  const method = typeof payload.method === 'string' ? payload.method : undefined;
  await pushSenderFor(ctx).setTags(
    row.uuid,
    loginPushTags({
      abType,
      subAbType,
      ...(method ? { method } : {}),
      ...row,
      now: new Date(Number(payload.at)),
    }),
  );
}

/** The users domain's outbox handlers (app wiring registers them). */
export const notifyOutboxHandlers: Record<string, OutboxHandler> = {
  [PUSH_TAGS]: { deliver: sendPushTags },
  [PUSH_SEND]: {
    deliver: async (ctx, payload) => {
      await deliverPush(ctx, Number(payload.notification_id));
    },
    onDead: async (ctx, payload) => {
      await ctx.db
        .update(notifications)
        .set({ push_status: 'FAILED' })
        .where(
          and(eq(notifications.id, Number(payload.notification_id)), eq(notifications.push_status, 'HELD')),
        );
    },
  },
};
