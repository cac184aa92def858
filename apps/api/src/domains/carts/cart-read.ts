/**
 * Cart reads (SPEC.md §3/§7): the lines with their live price (time sale while one applies, as
 * checkout and POST /api/orders charge), sellable stock and sold-out flags, the totals, counts,
 * ids and sold-out checks.
 */
import {
  CART_MAX_QUANTITY,
  type CartEntry,
  type CartLine,
  type CartList,
  type CartProductIds,
  type CartSoldOutBody,
  cartMoney,
  livePrice,
  unitPrice,
} from '@codiroom/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItemRows, LOW_STOCK_MAX, runningTimeSales, sellableItemStocks } from '../catalog/index.ts';
import { codiHeadings } from '../contents/index.ts';
import { cartLines } from './schema.ts';
import { countLines, findCartId, type Owner } from './service.ts';

// ───────────────────────────── reads ─────────────────────────────

async function loadLines(db: Db, cartId: number, now: Date): Promise<CartLine[]> {
  const own = await db
    .select({
      id: cartLines.id,
      quantity: cartLines.quantity,
      codi_id: cartLines.codi_id,
      is_size_selected_by_user: cartLines.is_size_selected_by_user,
      product_display_id: cartLines.product_display_id,
      product_item_id: cartLines.product_item_id,
    })
    .from(cartLines)
    .where(eq(cartLines.cart_id, cartId))
    .orderBy(desc(cartLines.id));
  const items = await cartItemRows(
    db,
    own.map((l) => l.product_item_id),
  );
  const rows = own.flatMap((l) => {
    const item = items.get(l.product_item_id);
    return item ? [{ ...item, ...l }] : [];
  });
  // The live price (time sale while one applies), as checkout and POST /api/orders charge
  // (docs/ARCHITECTURE.md, 'Prices').
  const sales = await runningTimeSales(
    db,
    rows.map((r) => ({ id: r.product_display_id, price_discount: r.price_discount })),
    now,
  );
  return rows.map((r) => {
    const stock = r.stock;
    const live = livePrice(r, sales.get(r.product_display_id));
    return {
      id: r.id,
      quantity: r.quantity,
      price: unitPrice({ ...r, time_sale_price: live.time_sale_price }),
      list_price: r.price + r.extra_price,
      discount_rate: live.discount_rate,
      is_time_sale: live.time_sale_price !== null,
      product_display_id: r.product_display_id,
      product_item_id: r.product_item_id,
      codi_id: r.codi_id,
      is_size_selected_by_user: r.is_size_selected_by_user,
      name: r.name,
      brand_id: r.brand_id,
      brand_name: r.brand_name,
      image_url: r.image_url,
      product_type: r.product_type,
      is_fast: r.is_fast,
      size_name: r.size_name,
      color_name: r.color_name,
      stock,
      is_sold_out: stock <= 0,
      is_low_stock: stock >= 1 && stock <= LOW_STOCK_MAX,
      max_quantity: Math.min(stock, CART_MAX_QUANTITY),
      brand_shipping_fee: r.shipping_fee,
      brand_free_shipping_min: r.free_shipping_min,
    };
  });
}

export async function cartLinesOf(db: Db, owner: Owner, now: Date): Promise<CartLine[]> {
  const cartId = await findCartId(db, owner);
  return cartId === null ? [] : loadLines(db, cartId, now);
}

/** GET /api/carts: codi entries group the lines of one codi set, product entries hold one line. */
export async function cartList(db: Db, owner: Owner, now: Date): Promise<CartList> {
  const lines = await cartLinesOf(db, owner, now);
  const codiIds = [...new Set(lines.flatMap((l) => (l.codi_id === null ? [] : [l.codi_id])))];
  const codiById = await codiHeadings(db, codiIds);
  const result: CartEntry[] = [];
  const codiEntries = new Map<number, CartEntry & { type: 'codi' }>();
  for (const line of lines) {
    if (line.codi_id === null) {
      result.push({
        type: 'product',
        data: {
          id: line.id,
          product_display_id: line.product_display_id,
          brand_id: line.brand_id,
          brand_name: line.brand_name,
        },
        product_list: [line],
      });
      continue;
    }
    const existing = codiEntries.get(line.codi_id);
    if (existing) {
      existing.product_list.push(line);
      continue;
    }
    const codi = codiById.get(line.codi_id);
    const entry = {
      type: 'codi' as const,
      data: { codi_id: line.codi_id, title: codi?.title ?? '', image_url: codi?.image_url ?? '' },
      product_list: [line],
    };
    codiEntries.set(line.codi_id, entry);
    result.push(entry);
  }
  return { result, count: lines.length, ...cartMoney(lines) };
}

export async function cartCount(db: Db, owner: Owner): Promise<number> {
  return countLines(db, await findCartId(db, owner));
}

export async function cartProductIds(db: Db, owner: Owner): Promise<CartProductIds> {
  const cartId = await findCartId(db, owner);
  if (cartId === null) return { product_display_ids: [], product_item_ids: [] };
  const rows = await db
    .select({ d: cartLines.product_display_id, i: cartLines.product_item_id })
    .from(cartLines)
    .where(eq(cartLines.cart_id, cartId))
    .orderBy(desc(cartLines.id));
  return {
    product_display_ids: [...new Set(rows.map((r) => r.d))],
    product_item_ids: [...new Set(rows.map((r) => r.i))],
  };
}

export async function soldOutOf(db: Db, itemIds: number[]): Promise<CartSoldOutBody> {
  const ids = [...new Set(itemIds)];
  const byId = await sellableItemStocks(db, ids);
  const result = ids.map((id) => {
    const stock = byId.get(id) ?? 0;
    return { product_item_id: id, stock, is_sold_out: stock <= 0 };
  });
  return { sold_out_ids: result.filter((r) => r.is_sold_out).map((r) => r.product_item_id), result };
}
