/**
 * When a time sale runs (docs/ARCHITECTURE.md, 'Time sales'): from its start (inclusive) to its end
 * (exclusive), KST instants compared as timestamptz. The condition is built here once, over any time_sales
 * columns and instant: the Drizzle queries (live prices, the time-sale strip, order pricing) use it with the
 * table and the caller's clock; fixed statements use it over an alias and a parameter. Whether a running sale
 * *sets the price* (limit left, below the discount price) is the shared pure rule `timeSaleApplies`
 * (packages/shared/src/price.ts).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { timeSales } from './schema.ts';

type SaleWindow = { starts_at: SQLWrapper; ends_at: SQLWrapper };

/** The instant as a timestamptz value (the caller's clock). */
export function instant(now: Date): SQL {
  return sql`${now.toISOString()}::timestamptz`;
}

/** The time sale whose window columns are `sale` runs at `at`. */
export function timeSaleRunningAt(at: SQLWrapper, sale: SaleWindow = timeSales): SQL {
  return sql`(${sale.starts_at} <= ${at} and ${sale.ends_at} > ${at})`;
}

/** The time_sales row runs at `now` (Drizzle queries over the time_sales table). */
export function timeSaleRunning(now: Date): SQL {
  return timeSaleRunningAt(instant(now));
}
