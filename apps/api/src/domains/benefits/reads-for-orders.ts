/**
 * The benefits domain's reads for the orders domain (SPEC.md, 'Benefits'): the coupons orders
 * reserved or used, the points already given back for an order, and whether an order item's
 * purchase points were earned. On the caller's connection, so inside the order's transaction they
 * see its writes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { coupons, pointLedger } from './schema.ts';

export type OrderCoupon = { id: number; user_id: number; order_id: number | null };

/** The coupons reserved or used by the given orders, by coupon id. */
export async function couponsOfOrders(db: Conn, orderIds: number[]): Promise<OrderCoupon[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ id: coupons.id, user_id: coupons.user_id, order_id: coupons.order_id })
    .from(coupons)
    .where(inArray(coupons.order_id, orderIds))
    .orderBy(coupons.id);
}

/** Points of order `orderId` already given back to member `userId` (REFUND_ORDER entries). */
export async function returnedOrderPoints(db: Conn, userId: number, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${pointLedger.amount}), 0)::int` })
    .from(pointLedger)
    .where(
      and(
        eq(pointLedger.user_id, userId),
        eq(pointLedger.reason, 'REFUND_ORDER'),
        eq(pointLedger.ref_type, 'order'),
        eq(pointLedger.ref_id, orderId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Whether member `userId` already earned the purchase points of order item `orderItemId`. */
export async function earnedPurchasePoints(db: Conn, userId: number, orderItemId: number): Promise<boolean> {
  const [seen] = await db
    .select({ id: pointLedger.id })
    .from(pointLedger)
    .where(
      and(
        eq(pointLedger.user_id, userId),
        eq(pointLedger.reason, 'EARN_PURCHASE'),
        eq(pointLedger.ref_type, 'order_item'),
        eq(pointLedger.ref_id, orderItemId),
      ),
    )
    .limit(1);
  return seen !== undefined;
}
