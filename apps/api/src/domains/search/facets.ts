/**
 * The facets of a product result set (PgSearchEngine.filters): brands, categories, price bounds
 * and ranges (SEARCH_PRICE_RANGES), sizes in stock and colours, each with its count.
 */
import { SEARCH_PRICE_RANGES } from '@codiroom/shared';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FacetCounts } from './engine.ts';
import { searchDocuments as D } from './schema.ts';

/** Facets of the `total` product documents matching `where` (none when total is 0). */
export async function facetCounts(db: Db, where: SQL | undefined, total: number): Promise<FacetCounts> {
  if (total === 0) {
    return {
      total: 0,
      brands: [],
      categories: [],
      price: { min: null, max: null },
      priceRanges: SEARCH_PRICE_RANGES.map(() => 0),
      sizes: [],
      colors: [],
    };
  }
  const n = sql<number>`count(*)::int`;
  const brandRows = await db
    .select({ id: D.brand_id, count: n })
    .from(D)
    .where(where)
    .groupBy(D.brand_id)
    .orderBy(desc(n), asc(D.brand_id))
    .limit(50);
  const categoryRows = await db
    .select({ id: D.category_id, count: n })
    .from(D)
    .where(where)
    .groupBy(D.category_id)
    .orderBy(desc(n), asc(D.category_id));
  const rangeCols = SEARCH_PRICE_RANGES.map(
    (r) =>
      sql<number>`count(*) filter (where ${D.price_discount} >= ${r.min}${
        r.max === null ? sql`` : sql` and ${D.price_discount} < ${r.max}`
      })::int`,
  );
  const [priceRow] = await db
    .select({
      min: sql<number | null>`min(${D.price_discount})`,
      max: sql<number | null>`max(${D.price_discount})`,
      ranges: sql<number[]>`array[${sql.join(rangeCols, sql`, `)}]`,
    })
    .from(D)
    .where(where);
  const size = sql<string>`unnest(${D.sizes})`;
  const sizeRows = await db
    .select({ size_name: size, count: n })
    .from(D)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(desc(n), sql`1`);
  const colorRows = await db
    .select({ color_name: D.color_name, color_hex: D.color_hex, count: n })
    .from(D)
    .where(where)
    .groupBy(D.color_name, D.color_hex)
    .orderBy(desc(n), asc(D.color_name));
  return {
    total,
    brands: brandRows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, count: Number(r.count) }])),
    categories: categoryRows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, count: Number(r.count) }])),
    price: {
      min: priceRow?.min === null || priceRow?.min === undefined ? null : Number(priceRow.min),
      max: priceRow?.max === null || priceRow?.max === undefined ? null : Number(priceRow.max),
    },
    priceRanges: (priceRow?.ranges ?? SEARCH_PRICE_RANGES.map(() => 0)).map(Number),
    sizes: sizeRows.map((r) => ({ size_name: r.size_name, count: Number(r.count) })),
    colors: colorRows.flatMap((r) =>
      r.color_name
        ? [{ color_name: r.color_name, color_hex: r.color_hex ?? '#000000', count: Number(r.count) }]
        : [],
    ),
  };
}
