/**
 * The member's in-app notifications (docs/ARCHITECTURE.md, "Notifications"): rows other domains
 * write through `notify` (notify.ts) when something happens to the member's orders, claims,
 * tickets, curations, coupons or review credit; listed newest first
 * with the unread count, and marked read by the member (only their own rows, whatever ids they
 * send).
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Conn } from '../../platform/transactions.ts';
import { notifications } from './schema.ts';

export const NOTIFICATION_PAGE = 20;

export async function unreadCount(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return Number(row?.n ?? 0);
}

export async function listNotifications(ctx: AppContext, userId: number, page: number) {
  const mine = eq(notifications.user_id, userId);
  const [rows, [total], unread] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(NOTIFICATION_PAGE)
      .offset((page - 1) * NOTIFICATION_PAGE),
    ctx.db.select({ n: count() }).from(notifications).where(mine),
    unreadCount(ctx.db, userId),
  ]);
  const totalCount = Number(total?.n ?? 0);
  return {
    page,
    count: rows.length,
    total_count: totalCount,
    total_page: Math.max(1, Math.ceil(totalCount / NOTIFICATION_PAGE)),
    unread_count: unread,
    result: rows.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read_at: n.read_at ? n.read_at.toISOString() : null,
      created_at: n.created_at.toISOString(),
    })),
  };
}

/** Marks the member's notifications read: the given ids (their own only), or all of them. */
export async function markRead(ctx: AppContext, userId: number, ids?: number[]) {
  await ctx.db
    .update(notifications)
    .set({ read_at: ctx.clock.now() })
    .where(
      and(
        eq(notifications.user_id, userId),
        isNull(notifications.read_at),
        ids ? inArray(notifications.id, ids.length ? ids : [0]) : undefined,
      ),
    );
  return { unread_count: await unreadCount(ctx.db, userId) };
}
