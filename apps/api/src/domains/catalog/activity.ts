/** The weighted activity the rankings read (signals.ts, ranking-periods.ts): one SQL, one weighting. */
import { sql } from 'drizzle-orm';
import { SIGNAL_WEIGHTS } from './ranking-rules.ts';

/** Weighted, undecayed activity per product display within [from, to): the query (id, s). */
export function windowActivitySql(from: Date, to: Date) {
  return sql`
    select id, sum(w)::float as s from (
      select product_display_id as id, weight::float * ${SIGNAL_WEIGHTS.view} as w from product_signals
        where signal = 'view' and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
      union all
      select like_id, ${SIGNAL_WEIGHTS.like}::float from likes
        where like_type = 'PRODUCT' and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
      union all
      select product_display_id, ${SIGNAL_WEIGHTS.cart}::float from cart_lines
        where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
      union all
      select product_display_id, ${SIGNAL_WEIGHTS.purchase}::float * quantity from order_items
        where status in ('PAID','PREPARING','SHIPPING','COMPLETE','EXCHANGE_REQUESTED','EXCHANGED','CONFIRMED')
          and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
    ) x group by id`;
}

/** Rows of a `db.execute` answer (PGlite answers { rows }, postgres.js an array). */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : ((res as { rows?: T[] }).rows ?? [])) as T[];
}
