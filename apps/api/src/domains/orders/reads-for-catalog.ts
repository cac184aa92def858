/**
 * The orders domain's read for the catalog domain (catalog's port, catalog/ports.ts, plugged in by
 * src/ports.ts): the co-purchases of AI-similar products (catalog/ai-similar.ts).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Conn } from '../../platform/transactions.ts';
import { orderItems, orders } from './schema.ts';

/**
 * Products bought by the members who bought display `id` (in any of their orders), with how many
 * times, the most first (200 at most).
 */
export async function coBoughtProducts(db: Conn, id: number): Promise<{ id: number; n: number }[]> {
  const result = await db.execute<{ id: number; n: number }>(sql`
      select oi2.product_display_id as id, count(*)::int as n
      from ${orderItems} oi1
      join ${orders} o1 on o1.id = oi1.order_id
      join ${orders} o2 on o2.user_id = o1.user_id
      join ${orderItems} oi2 on oi2.order_id = o2.id and oi2.product_display_id <> oi1.product_display_id
      where oi1.product_display_id = ${id} and o1.user_id is not null
      group by oi2.product_display_id order by n desc limit 200`);
  return rowsOf<{ id: number; n: number }>(result).map((r) => ({ id: Number(r.id), n: Number(r.n) }));
}
