/** Stock of order items given back (cancels, failures, expiry; SPEC.md, 'Orders'). */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Tx } from '../../platform/transactions.ts';
import { releaseTimeSaleUnits } from './time-sale-stock.ts';

/**
 * Gives back the stock of the given order items (all of the order when ids are omitted), in one
 * statement, rows locked in item id order like the reservation. Answers the displays whose stock
 * moved, for the caller to announce once committed (catalog `displaysChanged`).
 */
export async function releaseStock(
  tx: Tx,
  orderId: number | number[],
  itemIds?: number[],
  /** false: the shopper keeps the unit (an exchange), so its time-sale unit stays counted. */
  timeSaleUnits = true,
): Promise<number[]> {
  if (itemIds && itemIds.length === 0) return [];
  const orderIds = Array.isArray(orderId) ? orderId : [orderId];
  if (orderIds.length === 0) return [];
  const only = itemIds
    ? sql`and oi.id in (${sql.join(
        itemIds.map((i) => sql`${i}::int`),
        sql`, `,
      )})`
    : sql``;
  const moved = await tx.execute(sql`
    with v as (
      select oi.product_item_id as id, sum(oi.quantity)::int as q
      from order_items oi
      where oi.order_id in (${sql.join(
        orderIds.map((i) => sql`${i}::int`),
        sql`, `,
      )}) ${only}
      group by oi.product_item_id
    ),
    locked as materialized (
      select p.id from product_items p where p.id in (select id from v) order by p.id for no key update
    )
    update product_items p set stock = p.stock + v.q
    from v, locked
    where p.id = v.id and locked.id = p.id
    returning p.product_display_id`);
  if (timeSaleUnits) await releaseTimeSaleUnits(tx, orderIds, only);
  return rowsOf<{ product_display_id: number }>(moved).map((r) => Number(r.product_display_id));
}
