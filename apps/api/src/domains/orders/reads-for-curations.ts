/**
 * The orders domain's read for the curations domain (curations' port, curations/ports.ts, plugged
 * in by src/ports.ts): what a member bought and kept, which the curation engine learns from.
 */
import { KEPT_ITEM_STATUSES } from '@codiroom/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { orderItems, orders } from './schema.ts';

/** The displays member `userId` bought and kept (items in a KEPT_ITEM_STATUSES status), each once. */
export async function keptDisplayIds(db: Conn, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: orderItems.product_display_id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(eq(orders.user_id, userId), inArray(orderItems.status, [...KEPT_ITEM_STATUSES])));
  return rows.map((r) => r.id);
}
