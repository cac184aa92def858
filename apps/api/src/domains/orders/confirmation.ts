/**
 * Automatic purchase confirmation (구매확정; docs/ARCHITECTURE.md, 'Orders and payments'). A delivered item
 * (COMPLETE) is confirmed at `autoConfirmAt(completed_at)` — KST midnight ending the 7th day after delivery,
 * after the withdrawal period — and an exchanged item (EXCHANGED) the same time after its exchange completed.
 * Confirmation credits the purchase points (earnForItem) and ends returns and exchanges. Runs from the
 * periodic order sweep (routes.ts) with the injected clock.
 *
 * Each item is confirmed in its own short transaction with its order row locked — the lock every
 * claim (cancel, return, exchange, the member's own confirmation) takes — and a conditional update
 * on its status, so a confirmation never races a return request or another confirmation into
 * two transitions or two point credits.
 */
import { autoConfirmCutoff, isAutoConfirmDue, isConfirmable, type OrderItemStatus } from '@codiroom/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import { earnForItem } from './benefits.ts';
import { orderItems, orders } from './schema.ts';

/**
 * Items the sweep confirms now, at most `limit` per pass, oldest first: delivered (or, for an
 * exchanged item, exchanged) before `autoConfirmCutoff(now)`. The bound is exact in SQL, so items
 * not yet due never fill the page and hold back due ones; the shared rule checks each again.
 */
async function candidates(ctx: AppContext, now: Date, limit: number) {
  const cutoff = autoConfirmCutoff(now).toISOString();
  const rows = rowsOf<{ id: number; order_id: number; delivered_at: string | Date | null }>(
    await ctx.db.execute(sql`
      select c.id, c.order_id, c.delivered_at from (
        select oi.id, oi.order_id,
          case when oi.status = 'EXCHANGED' then coalesce(
            (select max(e.completed_at) from exchanges e
              where e.order_item_id = oi.id and e.status = 'COMPLETED'), oi.completed_at)
          else oi.completed_at end as delivered_at
        from order_items oi
        where oi.status in ('COMPLETE', 'EXCHANGED') and oi.completed_at < ${cutoff}::timestamptz
      ) c
      where c.delivered_at < ${cutoff}::timestamptz
      order by c.id
      limit ${limit}`),
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      order_id: Number(r.order_id),
      delivered_at: r.delivered_at === null ? null : new Date(r.delivered_at),
    }))
    .filter((r) => isAutoConfirmDue(r.delivered_at, now));
}

/**
 * Confirms one item if it is still confirmable, under its order's row lock; credits the purchase
 * points. Returns whether this call confirmed it.
 */
export async function confirmItemNow(ctx: AppContext, itemId: number, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [head] = await tx
      .select({ order_id: orderItems.order_id })
      .from(orderItems)
      .where(eq(orderItems.id, itemId));
    if (!head) return false;
    const [order] = await tx
      .select({ id: orders.id, user_id: orders.user_id })
      .from(orders)
      .where(eq(orders.id, head.order_id))
      .for('update');
    if (!order) return false;
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId));
    if (!item || !isConfirmable(item.status as OrderItemStatus)) return false;
    const moved = await tx
      .update(orderItems)
      .set({ status: 'CONFIRMED', updated_at: now })
      .where(and(eq(orderItems.id, item.id), inArray(orderItems.status, ['COMPLETE', 'EXCHANGED'])))
      .returning({ id: orderItems.id });
    if (moved.length !== 1) return false;
    await earnForItem(tx, order.user_id, item, now);
    return true;
  });
}

/**
 * The sweep's part: confirms every item whose automatic confirmation is due (up to `limit` per
 * pass; the next pass takes the rest). Returns how many items it confirmed.
 */
export async function autoConfirmItems(ctx: AppContext, limit = 500): Promise<number> {
  const now = ctx.clock.now();
  let confirmed = 0;
  for (const c of await candidates(ctx, now, limit)) {
    if (await confirmItemNow(ctx, c.id, now)) confirmed += 1;
  }
  return confirmed;
}
