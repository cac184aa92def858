/**
 * Time-sale stock accounting (docs/ARCHITECTURE.md, 'Time sales'): a unit sold at a time-sale price counts
 * against its `time_sale_items.stock_limit`. `POST /api/orders` takes the units in the order transaction,
 * right after the stock reservation, with one conditional statement (`sold_count = sold_count + n where
 * sold_count + n <= stock_limit`, rows locked in id order): of concurrent buyers exactly the limit's worth of
 * units get the sale price; an order the limit no longer covers rolls back with 409 (its detail says how many
 * are left) and, once the limit is used up, the time sale stops applying (`timeSaleApplies`), so a new order
 * pays the normal price shown everywhere. Every stock release (payment failure, expiry, abandon, cancel,
 * completed return) gives the units back (`releaseStock` calls `releaseTimeSaleUnits` with the same order
 * items).
 */
import { type SQL, sql } from 'drizzle-orm';
import { conflict } from '../../platform/errors.ts';
import type { Tx } from '../../platform/transactions.ts';
import type { PricedLine } from './pricing.ts';
import { PRICE_MSG, timeSaleUnits } from './pricing.ts';

function rowsOf<T>(r: unknown): T[] {
  return (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? [])) as T[];
}

/** Counts the order's time-sale units against their limits, or throws 409 (the transaction rolls back). */
export async function reserveTimeSaleUnits(tx: Tx, lines: readonly PricedLine[]): Promise<void> {
  const units = timeSaleUnits(lines);
  if (units.size === 0) return;
  const values = sql.join(
    [...units].map(([id, q]) => sql`(${id}::int, ${q}::int)`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; left: number }>(
    await tx.execute(sql`
      with v(id, q) as (values ${values}),
      locked as materialized (
        select t.id from time_sale_items t where t.id in (select id from v) order by t.id for no key update
      )
      update time_sale_items t set sold_count = t.sold_count + v.q
      from v, locked
      where t.id = v.id and locked.id = t.id and t.sold_count + v.q <= t.stock_limit
      returning t.id`),
  );
  const taken = new Set(rows.map((r) => Number(r.id)));
  for (const id of units.keys()) {
    if (taken.has(id)) continue;
    const [left] = rowsOf<{ left: number }>(
      await tx.execute(
        sql`select greatest(stock_limit - sold_count, 0)::int as left from time_sale_items where id = ${id}::int`,
      ),
    );
    const line = lines.find((l) => l.time_sale_item_id === id) as PricedLine;
    throw conflict(PRICE_MSG.timeSaleLimit(line.name, Number(left?.left ?? 0)));
  }
}

/**
 * Gives back the time-sale units of order items (all of the orders' items when `only` is empty),
 * never below zero. Called from `releaseStock` with the same selection of items.
 */
export async function releaseTimeSaleUnits(tx: Tx, orderIds: readonly number[], only: SQL): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    with v as (
      select oi.time_sale_item_id as id, sum(oi.quantity)::int as q
      from order_items oi
      where oi.order_id in (${sql.join(
        orderIds.map((i) => sql`${i}::int`),
        sql`, `,
      )}) ${only} and oi.time_sale_item_id is not null
      group by oi.time_sale_item_id
    ),
    locked as materialized (
      select t.id from time_sale_items t where t.id in (select id from v) order by t.id for no key update
    )
    update time_sale_items t set sold_count = greatest(t.sold_count - v.q, 0)
    from v, locked
    where t.id = v.id and locked.id = t.id`);
}
