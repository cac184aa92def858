/**
 * Server-side pricing of order lines: the current catalogue price of each product item (display
 * price_discount + item extra_price, list price + extra_price) and the cart's own money rule
 * (cartMoney: per-brand shipping unless the brand subtotal reaches free_shipping_min). A price
 * from the client is never read. Used by POST /api/orders, the checkout form and calculate-price.
 */
import { cartMoney, type OrderMoney } from '@codiroom/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, cartLines, carts, productDisplays, productItems } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Conn } from '../users/member-db.ts';

export type Wanted = { product_item_id: number; quantity: number; cart_id: number | null };

export type PricedLine = {
  cart_id: number | null;
  product_item_id: number;
  product_display_id: number;
  product_id: number;
  brand_id: number;
  brand_name: string;
  name: string;
  image_url: string;
  product_type: string;
  size_name: string;
  color_name: string;
  quantity: number;
  /** Unit price paid (sale price + extra). */
  price: number;
  /** Unit list price (+ extra). */
  list_price: number;
  stock: number;
  available: boolean;
  is_sold_out: boolean;
  is_despoke: boolean;
  brand_shipping_fee: number;
  brand_free_shipping_min: number;
};

export const PRICE_MSG = {
  itemNotFound: '상품을 찾을 수 없습니다.',
  cartLineNotFound: '장바구니 상품을 찾을 수 없습니다.',
  notForSale: (name: string) => `판매 중이 아닌 상품입니다: ${name}`,
  stock: (name: string) => `재고가 부족합니다: ${name}`,
  notInDisplay: '해당 상품의 옵션이 아닙니다.',
} as const;

/** The member's cart lines by id (ids outside the member's cart answer 404). */
export async function wantedFromCart(db: Conn, userId: number, cartIds: number[]): Promise<Wanted[]> {
  const ids = [...new Set(cartIds)];
  const rows = await db
    .select({ id: cartLines.id, product_item_id: cartLines.product_item_id, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cart_id))
    .where(and(eq(carts.user_id, userId), inArray(cartLines.id, ids)));
  if (rows.length !== ids.length) throw notFound(PRICE_MSG.cartLineNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id) as (typeof rows)[number];
    return { product_item_id: r.product_item_id, quantity: r.quantity, cart_id: r.id };
  });
}

export async function priceLines(db: Conn | Db, wanted: Wanted[]): Promise<PricedLine[]> {
  if (wanted.length === 0) return [];
  const ids = [...new Set(wanted.map((w) => w.product_item_id))];
  const rows = await db
    .select({
      id: productItems.id,
      product_display_id: productItems.product_display_id,
      product_id: productItems.product_id,
      size_name: productItems.size_name,
      color_name: productItems.color_name,
      stock: productItems.stock,
      extra_price: productItems.extra_price,
      item_active: productItems.is_active,
      name: productDisplays.name,
      image_url: productDisplays.image_url,
      product_type: productDisplays.product_type,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
      display_active: productDisplays.is_active,
      brand_id: brands.id,
      brand_name: brands.name,
      shipping_fee: brands.shipping_fee,
      free_shipping_min: brands.free_shipping_min,
      allows_custom_order: brands.allows_custom_order,
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(inArray(productItems.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.map((w) => {
    const r = byId.get(w.product_item_id);
    if (!r) throw notFound(PRICE_MSG.itemNotFound);
    const available = r.item_active && r.display_active;
    const stock = available ? Math.max(0, r.stock) : 0;
    return {
      cart_id: w.cart_id,
      product_item_id: r.id,
      product_display_id: r.product_display_id,
      product_id: r.product_id,
      brand_id: r.brand_id,
      brand_name: r.brand_name,
      name: r.name,
      image_url: r.image_url,
      product_type: r.product_type,
      size_name: r.size_name,
      color_name: r.color_name,
      quantity: w.quantity,
      price: r.price_discount + r.extra_price,
      list_price: r.price + r.extra_price,
      stock,
      available,
      is_sold_out: stock <= 0,
      is_despoke: r.allows_custom_order,
      brand_shipping_fee: r.shipping_fee,
      brand_free_shipping_min: r.free_shipping_min,
    };
  });
}

/** The order money of priced lines (the cart's rule) before coupons and points (benefits.ts adds them). */
export function orderMoney(lines: readonly PricedLine[]) {
  const { brands: perBrand, totals } = cartMoney(lines.map((l) => ({ ...l, is_sold_out: false })));
  const couponDiscount = 0;
  const pointUsed = 0;
  const money: OrderMoney = {
    total_price: totals.total_price,
    product_discount: totals.total_discount,
    coupon_discount: couponDiscount,
    point_used: pointUsed,
    shipping_fee: totals.shipping_fee,
    amount: totals.total - couponDiscount - pointUsed,
  };
  return { brands: perBrand, money };
}

/** Refuses lines that cannot be bought now (inactive, or more than the stock). */
export function assertBuyable(lines: readonly PricedLine[]): void {
  const need = new Map<number, number>();
  for (const l of lines) need.set(l.product_item_id, (need.get(l.product_item_id) ?? 0) + l.quantity);
  for (const l of lines) {
    if (!l.available) throw badRequest(PRICE_MSG.notForSale(l.name));
    if ((need.get(l.product_item_id) ?? 0) > l.stock) throw badRequest(PRICE_MSG.stock(l.name));
  }
}
