/**
 * The orders domain's reads for the benefits domain (benefits' port `OrderFacts`,
 * benefits/ports.ts, plugged in by src/ports.ts): whether a member has paid an order (the
 * first-purchase coupon's rule) and which orders were never paid (the point history's held
 * points). On the caller's connection, so inside an issuing transaction they see its writes.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { orders } from './schema.ts';

/** Whether member `userId` has an order that was paid (paid_at set, whatever happened since). */
export async function hasPaidOrder(db: Conn, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.user_id, userId), isNotNull(orders.paid_at)))
    .limit(1);
  return !!row;
}

/** Of `ids`, the orders never paid, each with whether it still waits for its payment (PENDING). */
export async function unpaidOrders(db: Conn, ids: readonly number[]): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.id, [...ids]), isNull(orders.paid_at)));
  return new Map(rows.map((r) => [r.id, r.status === 'PENDING']));
}
