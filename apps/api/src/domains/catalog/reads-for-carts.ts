/**
 * The catalogue's reads for the carts domain (SPEC.md §3/§7): a cart line's item with its display,
 * brand and sellable stock, items' sellable stock, the item rows an add locks, and the colourways
 * and sizes a line can change to. Typed plain rows by item id; carts keeps its own lines.
 */
import type { ProductType } from '@codiroom/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { brands, productDisplays, productItems } from './schema.ts';
import { sellableStockColumn } from './stock.ts';

export type CartItemRow = {
  id: number;
  product_display_id: number;
  product_id: number;
  name: string;
  price: number;
  price_discount: number;
  extra_price: number;
  image_url: string;
  product_type: ProductType;
  is_fast: boolean;
  brand_id: number;
  brand_name: string;
  shipping_fee: number;
  free_shipping_min: number;
  size_name: string;
  color_name: string;
  /** Sellable stock (catalog/stock.ts). */
  stock: number;
};

/** Items with their display, brand and sellable stock, by item id (unknown ids are absent). */
export async function cartItemRows(db: Conn, itemIds: number[]): Promise<Map<number, CartItemRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: productItems.id,
      product_display_id: productItems.product_display_id,
      product_id: productItems.product_id,
      name: productDisplays.name,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
      extra_price: productItems.extra_price,
      image_url: productDisplays.image_url,
      product_type: productDisplays.product_type,
      is_fast: productDisplays.is_fast,
      brand_id: brands.id,
      brand_name: brands.name,
      shipping_fee: brands.shipping_fee,
      free_shipping_min: brands.free_shipping_min,
      size_name: productItems.size_name,
      color_name: productItems.color_name,
      stock: sellableStockColumn(),
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(inArray(productItems.id, [...new Set(itemIds)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Sellable stock by item id (unknown ids are absent). */
export async function sellableItemStocks(db: Conn, itemIds: number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productItems.id, stock: sellableStockColumn() })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(inArray(productItems.id, [...new Set(itemIds)]));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

export type LockedItem = { id: number; product_display_id: number; product_id: number; stock: number };

/**
 * Locks the item rows FOR UPDATE in the caller's transaction, in id order (so concurrent
 * multi-item adds cannot deadlock), and answers them with their sellable stock.
 */
export async function lockCartItems(tx: Tx, ids: number[]): Promise<Map<number, LockedItem>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: productItems.id,
      product_display_id: productItems.product_display_id,
      product_id: productItems.product_id,
      stock: sellableStockColumn(),
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(inArray(productItems.id, sorted))
    .orderBy(productItems.id)
    .for('update', { of: productItems });
  return new Map(rows.map((r) => [r.id, r]));
}

export type ItemOptionRow = {
  display_id: number;
  color_name: string;
  color_hex: string;
  image_url: string;
  id: number;
  size_name: string;
  extra_price: number;
  stock: number;
};

/**
 * Every active item (with its active display) of the product that item `itemId` belongs to, by
 * display then the item's sort order — what a cart line of that item can change to.
 */
export async function optionsOfItemProduct(db: Conn, itemId: number): Promise<ItemOptionRow[]> {
  return db
    .select({
      display_id: productDisplays.id,
      color_name: productDisplays.color_name,
      color_hex: productDisplays.color_hex,
      image_url: productDisplays.image_url,
      id: productItems.id,
      size_name: productItems.size_name,
      extra_price: productItems.extra_price,
      stock: sellableStockColumn(),
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(
      and(
        sql`${productItems.product_id} = (select i.product_id from product_items i where i.id = ${itemId})`,
        eq(productItems.is_active, true),
        eq(productDisplays.is_active, true),
      ),
    )
    .orderBy(asc(productDisplays.id), asc(productItems.sort_order), asc(productItems.id));
}
