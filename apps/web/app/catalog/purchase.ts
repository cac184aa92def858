/**
 * The shopper's purchase rules of the storefront (docs/ARCHITECTURE.md, "Buying"): the quantity a
 * stepper allows for a size (its stock, at most CART_MAX_QUANTITY), the "buy now" (바로 구매)
 * checkout address of one size and quantity (the checkout's item lines, never the cart), what a
 * sold-out product no longer promises (shipping dates, coupon and first-purchase prices), and the
 * pieces of an outfit that go into the cart together (코디 한번에 담기).
 */
import { CART_MAX_QUANTITY } from '@codiroom/shared';

/** Most units of one size a shopper may pick: its stock, at most CART_MAX_QUANTITY; 0 when sold out. */
export function maxBuyQuantity(stock: number): number {
  return Math.max(0, Math.min(Math.floor(stock), CART_MAX_QUANTITY));
}

/** The stepper's next quantity: `current + delta`, kept between 1 and the size's maximum. */
export function stepQuantity(current: number, delta: number, stock: number): number {
  const max = Math.max(1, maxBuyQuantity(stock));
  return Math.min(max, Math.max(1, Math.floor(current) + delta));
}

/**
 * The checkout of one size and quantity straight from the product page (/payment's item lines,
 * `?product_item_ids=&quantities=`), without the cart.
 */
export function buyNowPath(productItemId: number, quantity: number): string {
  const q = new URLSearchParams({ product_item_ids: String(productItemId), quantities: String(quantity) });
  return `/payment?${q.toString()}`;
}

/** The product page's query parameters that reopen its purchase sheet with a choice kept. */
export const BUY_INTENT_PARAMS = { item: 'buy_item', quantity: 'buy_qty' } as const;

/**
 * The product page address that reopens its purchase sheet with the size and quantity a guest
 * chose before 바로 구매 sent them to sign in or sign up (the page they come back to afterwards).
 */
export function buyIntentPath(productDisplayId: number, productItemId: number, quantity: number): string {
  const q = new URLSearchParams({
    [BUY_INTENT_PARAMS.item]: String(productItemId),
    [BUY_INTENT_PARAMS.quantity]: String(quantity),
  });
  return `/product/${productDisplayId}?${q.toString()}`;
}

/**
 * The kept choice in a product page's query, or null: a size of this product that can still be
 * bought, its quantity kept within what the size allows now (at least 1).
 */
export function readBuyIntent(
  search: string | URLSearchParams,
  items: readonly { id: number; stock: number; is_sold_out?: boolean }[],
): { productItemId: number; quantity: number } | null {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = q.get(BUY_INTENT_PARAMS.item);
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  const item = items.find((i) => i.id === Number(raw));
  if (!item || item.is_sold_out || maxBuyQuantity(item.stock) < 1) return null;
  const wanted = Number(q.get(BUY_INTENT_PARAMS.quantity) ?? '1');
  const quantity = Number.isInteger(wanted) && wanted >= 1 ? wanted : 1;
  return { productItemId: item.id, quantity: Math.min(quantity, maxBuyQuantity(item.stock)) };
}

/**
 * Whether a product may show purchase promises — a shipping date or badge, coupon prices, the
 * first-purchase price: only while something can be bought. `is_sold_out` when the answer has it
 * (the detail), else the card's total stock (`quantity`).
 */
export function showsPurchasePromises(p: { is_sold_out?: boolean; quantity?: number }): boolean {
  if (p.is_sold_out !== undefined) return !p.is_sold_out;
  return (p.quantity ?? 0) > 0;
}

/** An outfit piece with its sizes, as the 코디 한번에 담기 sheet shows it. */
export type CodiPiece = {
  product_display_id: number;
  items: readonly { id: number; stock: number }[];
};

/**
 * The codi-to-cart items of the shopper's choice: one unit of the chosen size of each piece that
 * can be bought. A sold-out piece (no size in stock) is skipped; a piece in stock without a chosen
 * size (or with a chosen size now sold out) is missing, and nothing is sent until none is.
 */
export function codiCartItems(
  pieces: readonly CodiPiece[],
  chosen: ReadonlyMap<number, number>,
): { items: { product_item_id: number; quantity: number }[]; skipped: number[]; missing: number[] } {
  const items: { product_item_id: number; quantity: number }[] = [];
  const skipped: number[] = [];
  const missing: number[] = [];
  for (const p of pieces) {
    if (!p.items.some((i) => i.stock > 0)) {
      skipped.push(p.product_display_id);
      continue;
    }
    const itemId = chosen.get(p.product_display_id);
    const item = p.items.find((i) => i.id === itemId);
    if (!item || item.stock <= 0) missing.push(p.product_display_id);
    else items.push({ product_item_id: item.id, quantity: 1 });
  }
  return { items, skipped, missing };
}
