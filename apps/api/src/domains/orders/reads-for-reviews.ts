/**
 * The orders domain's side of the reviews domain's port (reviews/orders-port.ts, wired by app.ts):
 * a review's order item, locked in the review's transaction; the member's items in the statuses
 * reviews asks for (the "reviews to write" list); the size last bought of each display (the size
 * recommendation's fallback, SPEC.md 'Sizing').
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/transactions.ts';
import type { ReviewOrders } from '../reviews/index.ts';
import { orderItems, orders } from './schema.ts';

type ItemStatus = (typeof orderItems.status.enumValues)[number];
const statusIn = (statuses: readonly string[]) => inArray(orderItems.status, statuses as ItemStatus[]);

async function lockOrderItem(tx: Tx, orderItemId: number) {
  const [row] = await tx
    .select({
      id: orderItems.id,
      status: orderItems.status,
      product_display_id: orderItems.product_display_id,
      product_item_id: orderItems.product_item_id,
      size_name: orderItems.size_name,
      user_id: orders.user_id,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(orderItems.id, orderItemId))
    .for('no key update', { of: orderItems })
    .limit(1);
  return row ?? null;
}

async function memberItems(db: Conn, userId: number, statuses: readonly string[], limit: number) {
  return db
    .select({
      order_item_id: orderItems.id,
      order_no: orders.order_no,
      product_display_id: orderItems.product_display_id,
      name: orderItems.name,
      size_name: orderItems.size_name,
      color_name: orderItems.color_name,
      completed_at: orderItems.completed_at,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(eq(orders.user_id, userId), statusIn(statuses)))
    .orderBy(desc(orderItems.completed_at), desc(orderItems.id))
    .limit(limit);
}

async function latestSizeByDisplay(db: Conn, userId: number, statuses: readonly string[]) {
  return db
    .selectDistinctOn([orderItems.product_display_id], {
      product_display_id: orderItems.product_display_id,
      size_name: orderItems.size_name,
      created_at: orderItems.created_at,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(eq(orders.user_id, userId), statusIn(statuses)))
    .orderBy(asc(orderItems.product_display_id), desc(orderItems.created_at), desc(orderItems.id));
}

export const ordersForReviews: ReviewOrders = { lockOrderItem, memberItems, latestSizeByDisplay };
