/**
 * The catalogue's reads for the benefits domain (SPEC.md, 'Benefits'): what a coupon's scope
 * checks on an item or a display (brand, category and its parent, prices), and category names
 * for a coupon's scope. Plain rows by id; live (time-sale) prices stay with live-prices.ts.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { categories, productDisplays, productItems } from './schema.ts';

export type CouponItemRow = {
  item_id: number;
  display_id: number;
  brand_id: number;
  category_id: number;
  parent_id: number | null;
  name: string;
  size_name: string;
  price: number;
  price_discount: number;
  extra_price: number;
};

/** Items with their display's brand, category (and its parent) and prices, by item id. */
export async function couponItemRows(db: Conn, itemIds: number[]): Promise<Map<number, CouponItemRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({
      item_id: productItems.id,
      display_id: productDisplays.id,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      parent_id: categories.parent_id,
      name: productDisplays.name,
      size_name: productItems.size_name,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
      extra_price: productItems.extra_price,
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(inArray(productItems.id, [...new Set(itemIds)]));
  return new Map(rows.map((r) => [r.item_id, r]));
}

export type CouponDisplayRow = {
  id: number;
  brand_id: number;
  category_id: number;
  parent_id: number | null;
  price: number;
  price_discount: number;
  is_active: boolean;
};

/** A display, active or not, with its brand, category (and its parent) and prices; null if unknown. */
export async function couponDisplayRow(db: Conn, displayId: number): Promise<CouponDisplayRow | null> {
  const [d] = await db
    .select({
      id: productDisplays.id,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      parent_id: categories.parent_id,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
      is_active: productDisplays.is_active,
    })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(eq(productDisplays.id, displayId))
    .limit(1);
  return d ?? null;
}

/** Category names by category id (unknown ids are absent). */
export async function categoryNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
