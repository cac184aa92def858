/**
 * Catalogue reads the contents domain assembles its pages from: the time-sale strip (SPEC.md 'Time
 * sales': the running sale and the next upcoming one, with their items) and the catalogue's ids
 * for sitemap.xml. Plain rows out; the contents domain adds cards and shapes the answer.
 */
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { brands, productDisplays, timeSaleItems, timeSales } from './schema.ts';
import { timeSaleRunning } from './time-sale.ts';

export type TimeSaleRow = { id: number; title: string; starts_at: Date; ends_at: Date };
export type TimeSaleItemRow = {
  time_sale_id: number;
  product_display_id: number;
  sale_price: number;
  stock_limit: number;
  sold_count: number;
};

const saleColumns = {
  id: timeSales.id,
  title: timeSales.title,
  starts_at: timeSales.starts_at,
  ends_at: timeSales.ends_at,
};

/** The time sales running at `now` and the next one to start (earliest start, then lowest id). */
export async function timeSalesAround(
  db: Conn,
  now: Date,
): Promise<{ running: TimeSaleRow[]; upcoming: TimeSaleRow | undefined }> {
  const [running, [upcoming]] = await Promise.all([
    db.select(saleColumns).from(timeSales).where(timeSaleRunning(now)),
    db
      .select(saleColumns)
      .from(timeSales)
      .where(gt(timeSales.starts_at, now))
      .orderBy(asc(timeSales.starts_at), asc(timeSales.id))
      .limit(1),
  ]);
  return { running, upcoming };
}

/** The items of the given time sales, in item id order. */
export async function timeSaleItemsOf(db: Conn, saleIds: readonly number[]): Promise<TimeSaleItemRow[]> {
  if (saleIds.length === 0) return [];
  return db
    .select({
      time_sale_id: timeSaleItems.time_sale_id,
      product_display_id: timeSaleItems.product_display_id,
      sale_price: timeSaleItems.sale_price,
      stock_limit: timeSaleItems.stock_limit,
      sold_count: timeSaleItems.sold_count,
    })
    .from(timeSaleItems)
    .where(inArray(timeSaleItems.time_sale_id, [...saleIds]))
    .orderBy(asc(timeSaleItems.id));
}

/**
 * The catalogue's sitemap ids with their date (no updated_at in the schema: created_at): active
 * displays in id order (at most `productCap`) and every brand.
 */
export async function sitemapCatalogIds(
  db: Conn,
  productCap: number,
): Promise<{ products: { id: number; at: Date }[]; brands: { id: number; at: Date }[] }> {
  const [products, brandRows] = await Promise.all([
    db
      .select({ id: productDisplays.id, at: productDisplays.created_at })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .orderBy(asc(productDisplays.id))
      .limit(productCap),
    db.select({ id: brands.id, at: brands.created_at }).from(brands).orderBy(asc(brands.id)),
  ]);
  return { products, brands: brandRows };
}
