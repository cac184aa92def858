/**
 * Server-side pricing of order lines: the live price of each product item at the caller's instant
 * (the shared `unitPrice`: the running time sale's price while `timeSaleApplies`, else the display's
 * price_discount, plus the item's extra_price — catalog/live-prices.ts; list price + extra_price)
 * and the cart's own money rule
 * (cartMoney: per-brand shipping unless the brand subtotal reaches free_shipping_min). A price
 * from the client is never read. Used by POST /api/orders, the checkout form and calculate-price.
 * Neither quotes nor orders more units than are in stock (assertInStock, assertBuyable).
 */
import { cartMoney, type OrderMoney, timeSaleRemaining, unitPrice } from '@codiroom/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { MSG as CART_MSG, memberCartLines } from '../carts/index.ts';
import { itemPriceRows, sellableStock, timeSalesFromJson } from '../catalog/index.ts';

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
  /** Unit price paid (the live price — time-sale price while one applies, else the discount price — + extra). */
  price: number;
  /** The time_sale_items row whose price this line pays (its limit is counted at order creation), else null. */
  time_sale_item_id: number | null;
  /** Units left at the time-sale price when priced (0 without a time sale). */
  time_sale_remaining: number;
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
  timeSaleLimit: (name: string, left: number) =>
    `타임세일 한정 수량이 부족합니다: ${name} (남은 수량 ${left}개). 수량을 줄이거나 잠시 후 다시 시도해 주세요.`,
} as const;

/** The member's cart lines by id (ids outside the member's cart answer 404). */
export async function wantedFromCart(db: Conn, userId: number, cartIds: number[]): Promise<Wanted[]> {
  const ids = [...new Set(cartIds)];
  const rows = await memberCartLines(db, userId, ids);
  if (rows.length !== ids.length) throw notFound(PRICE_MSG.cartLineNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id) as (typeof rows)[number];
    return { product_item_id: r.product_item_id, quantity: r.quantity, cart_id: r.id };
  });
}

export async function priceLines(db: Conn | Db, wanted: Wanted[], now: Date): Promise<PricedLine[]> {
  if (wanted.length === 0) return [];
  const ids = [...new Set(wanted.map((w) => w.product_item_id))];
  // The catalogue's one-round-trip pricing read (catalog/price-rows.ts): the items with their
  // display, brand and the display's running time-sale rows.
  const rows = await itemPriceRows(db, ids, now);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sales = timeSalesFromJson(
    rows.map((r) => r.sales),
    rows.map((r) => ({ id: r.product_display_id, price_discount: r.price_discount })),
  );
  return wanted.map((w) => {
    const r = byId.get(w.product_item_id);
    if (!r) throw notFound(PRICE_MSG.itemNotFound);
    const available = r.item_active && r.display_active;
    const stock = sellableStock(r);
    const sale = sales.get(r.product_display_id);
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
      price: unitPrice({ ...r, time_sale_price: sale?.sale_price }),
      time_sale_item_id: sale?.time_sale_item_id ?? null,
      time_sale_remaining: sale ? timeSaleRemaining(sale) : 0,
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

/** An item asked beyond its stock, with its units left. */
export type StockShort = { product_item_id: number; stock: number };

/**
 * The items the lines ask more of than is in stock (lines of one item added up; an item not for
 * sale has 0 left), once each, in the order of the lines.
 */
export function stockShortages(lines: readonly PricedLine[]): StockShort[] {
  const need = new Map<number, number>();
  for (const l of lines) need.set(l.product_item_id, (need.get(l.product_item_id) ?? 0) + l.quantity);
  const short = new Map<number, StockShort>();
  for (const l of lines) {
    if ((need.get(l.product_item_id) ?? 0) > l.stock && !short.has(l.product_item_id)) {
      short.set(l.product_item_id, { product_item_id: l.product_item_id, stock: l.stock });
    }
  }
  return [...short.values()];
}

/** The fields of an over-stock answer: the first short item and its units left, and every short item. */
function shortageFields(short: readonly StockShort[]) {
  const first = short[0] as StockShort;
  return { product_item_id: first.product_item_id, stock: first.stock, items: short };
}

/**
 * calculate-price quotes only what can be bought: a line beyond its item's stock, or of a sold-out
 * item, is a 400 with the cart's wording (`재고가 부족합니다. (남은 수량: N개)`, `품절된 상품입니다.`,
 * as POST /api/carts answers) naming the first short item and its units left, plus every short
 * item (`{detail, product_item_id, stock, items}`; POST /api/orders adds the same fields).
 */
export function assertInStock(lines: readonly PricedLine[]): void {
  const short = stockShortages(lines);
  const first = short[0];
  if (!first) return;
  throw badRequest(first.stock <= 0 ? CART_MSG.soldOut : CART_MSG.stock(first.stock), shortageFields(short));
}

/**
 * Refuses lines that cannot be bought now (inactive, or more than the stock: 400 naming the item,
 * with the units left as in assertInStock).
 */
export function assertBuyable(lines: readonly PricedLine[]): void {
  const need = new Map<number, number>();
  for (const l of lines) need.set(l.product_item_id, (need.get(l.product_item_id) ?? 0) + l.quantity);
  for (const l of lines) {
    if (!l.available) throw badRequest(PRICE_MSG.notForSale(l.name));
    if ((need.get(l.product_item_id) ?? 0) > l.stock) {
      throw badRequest(PRICE_MSG.stock(l.name), shortageFields(stockShortages(lines)));
    }
  }
  assertTimeSaleLimit(lines);
}

/**
 * Units bought at a time-sale price, per time_sale_items row (sizes of one display add up):
 * `POST /api/orders` counts them against the row's stock_limit (orders/time-sale-stock.ts).
 */
export function timeSaleUnits(lines: readonly PricedLine[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const l of lines)
    if (l.time_sale_item_id !== null)
      m.set(l.time_sale_item_id, (m.get(l.time_sale_item_id) ?? 0) + l.quantity);
  return m;
}

/**
 * An order may not take more time-sale units than are left of the sale's limit: it is refused (409,
 * the detail names what is left) rather than silently charged a mix of prices. Once the limit is
 * used up the time sale no longer applies (`timeSaleApplies`), so the next order pays the normal
 * price — the price every screen then shows.
 */
export function assertTimeSaleLimit(lines: readonly PricedLine[]): void {
  for (const [id, q] of timeSaleUnits(lines)) {
    const l = lines.find((x) => x.time_sale_item_id === id) as PricedLine;
    if (q > l.time_sale_remaining) throw conflict(PRICE_MSG.timeSaleLimit(l.name, l.time_sale_remaining));
  }
}
