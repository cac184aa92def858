/**
 * Order figures for the back office dashboard (SPEC.md §9): over a window of time, the paid orders
 * and their amounts (in total, per KST day and per campaign code), the items cancelled, the
 * refunds and the amount given back, and the best sellers; and a member's orders for the member
 * look-up. Plain rows out; the admin domain assembles.
 */
import type { OrderItemStatus } from '@codiroom/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { kstDaySql } from '../../platform/kst-day.ts';
import type { Conn } from '../../platform/transactions.ts';
import { orderItems, orders, paymentCancels, refunds } from './schema.ts';

export type Window = { from: Date; to: Date };

const paidIn = (w: Window) => and(gte(orders.paid_at, w.from), lte(orders.paid_at, w.to));

/** Paid orders and their amount, items cancelled, refunds and the amount given back in the window. */
export async function orderWindowTotals(db: Conn, w: Window) {
  const [[o], [c], [r], [g]] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*)::int`,
        sales: sql<number>`coalesce(sum(${orders.amount}), 0)::bigint`,
      })
      .from(orders)
      .where(paidIn(w)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.status, 'CANCEL'),
          gte(orderItems.updated_at, w.from),
          lte(orderItems.updated_at, w.to),
        ),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(and(gte(refunds.created_at, w.from), lte(refunds.created_at, w.to))),
    db
      .select({ amount: sql<number>`coalesce(sum(${paymentCancels.amount}), 0)::bigint` })
      .from(paymentCancels)
      .where(and(gte(paymentCancels.created_at, w.from), lte(paymentCancels.created_at, w.to))),
  ]);
  return {
    orders: Number(o?.n ?? 0),
    sales: Number(o?.sales ?? 0),
    cancelled_items: Number(c?.n ?? 0),
    returns: Number(r?.n ?? 0),
    refunded_amount: Number(g?.amount ?? 0),
  };
}

/** Paid orders and their amount per KST day of payment (days without orders are absent). */
export async function paidOrdersByKstDay(
  db: Conn,
  w: Window,
): Promise<{ day: string; orders: number; sales: number }[]> {
  const rows = await db
    .select({
      day: kstDaySql(orders.paid_at),
      orders: sql<number>`count(*)::int`,
      sales: sql<number>`sum(${orders.amount})::bigint`,
    })
    .from(orders)
    .where(paidIn(w))
    .groupBy(sql`1`);
  return rows.map((r) => ({ day: r.day, orders: Number(r.orders), sales: Number(r.sales) }));
}

/** Paid orders and their amount per campaign code (orders without a code are left out). */
export async function paidOrdersByCampaign(
  db: Conn,
  w: Window,
): Promise<{ code: number | null; n: number; sales: number }[]> {
  const rows = await db
    .select({
      code: orders.campaign_code,
      n: sql<number>`count(*)::int`,
      sales: sql<number>`coalesce(sum(${orders.amount}), 0)::bigint`,
    })
    .from(orders)
    .where(and(isNotNull(orders.campaign_code), paidIn(w)))
    .groupBy(orders.campaign_code);
  return rows.map((r) => ({ code: r.code, n: Number(r.n), sales: Number(r.sales) }));
}

/**
 * The best sellers of the window's paid orders (items neither cancelled nor refunded), by quantity
 * then amount: each display with the name it was sold under and its brand id (the highest, should
 * one display have been sold under two).
 */
export async function topSellers(db: Conn, w: Window, limit: number) {
  const rows = await db
    .select({
      display_id: orderItems.product_display_id,
      name: orderItems.name,
      brand_id: sql<number | null>`max(${orderItems.brand_id})`,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
      sales: sql<number>`sum(${orderItems.paid_amount})::bigint`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(paidIn(w), sql`${orderItems.status} not in ('CANCEL', 'REFUNDED')`))
    .groupBy(orderItems.product_display_id, orderItems.name)
    .orderBy(desc(sql`4`), desc(sql`5`))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    brand_id: r.brand_id === null ? null : Number(r.brand_id),
    quantity: Number(r.quantity),
    sales: Number(r.sales),
  }));
}

// ───────────── the member look-up (admin/members.ts) ─────────────

/** A member's orders past PENDING: the latest `limit`, with their items' statuses, and the count. */
export async function memberOrdersForAdmin(db: Conn, userId: number, limit: number) {
  const placed = and(eq(orders.user_id, userId), sql`${orders.status} <> 'PENDING'`);
  const [recent, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        order_no: orders.order_no,
        order_name: orders.order_name,
        status: orders.status,
        amount: orders.amount,
        created_at: orders.created_at,
      })
      .from(orders)
      .where(placed)
      .orderBy(desc(orders.created_at))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(placed),
  ]);
  const itemRows = recent.length
    ? await db
        .select({ order_id: orderItems.order_id, status: orderItems.status })
        .from(orderItems)
        .where(
          inArray(
            orderItems.order_id,
            recent.map((o) => o.id),
          ),
        )
    : [];
  const itemStatuses = new Map<number, OrderItemStatus[]>();
  for (const i of itemRows) {
    itemStatuses.set(i.order_id, [...(itemStatuses.get(i.order_id) ?? []), i.status as OrderItemStatus]);
  }
  return {
    count: Number(total?.n ?? 0),
    recent: recent.map((o) => ({ ...o, item_statuses: itemStatuses.get(o.id) ?? [] })),
  };
}
