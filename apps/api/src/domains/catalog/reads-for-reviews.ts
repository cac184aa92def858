/**
 * The catalogue's reads and writes for the reviews domain (SPEC.md, 'Reviews'): product names, the
 * item sizes a review import matches, and a product's review counters (review_count, rating_sum),
 * which reviews sets from its visible reviews inside its own transaction.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { productDisplays, productItems } from './schema.ts';

/** Display names by display id, active or not (unknown ids are absent). */
export async function displayNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productDisplays.id, name: productDisplays.name })
    .from(productDisplays)
    .where(inArray(productDisplays.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The items (id, display and size) of the given displays, active or not. */
export async function itemSizesOfDisplays(
  db: Conn,
  displayIds: number[],
): Promise<{ id: number; display: number; size: string }[]> {
  if (displayIds.length === 0) return [];
  return db
    .select({ id: productItems.id, display: productItems.product_display_id, size: productItems.size_name })
    .from(productItems)
    .where(inArray(productItems.product_display_id, [...new Set(displayIds)]));
}

/** Locks the displays FOR UPDATE in id order in the caller's transaction (review counter writes). */
export async function lockDisplays(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(
      inArray(
        productDisplays.id,
        [...new Set(ids)].sort((a, b) => a - b),
      ),
    )
    .orderBy(asc(productDisplays.id))
    .for('update');
}

export type ReviewCounters = { id: number; review_count: number; rating_sum: number };

/** Sets the review counters of the given displays, in one statement. */
export async function setReviewCounters(tx: Tx, counters: ReviewCounters[]): Promise<void> {
  if (counters.length === 0) return;
  const ints = (xs: number[]) =>
    sql`array[${sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    )}]::int[]`;
  await tx.execute(sql`
    update ${productDisplays} d set review_count = v.c, rating_sum = v.s
    from unnest(${ints(counters.map((c) => c.id))}, ${ints(counters.map((c) => c.review_count))},
      ${ints(counters.map((c) => c.rating_sum))}) as v(id, c, s)
    where d.id = v.id`);
}
