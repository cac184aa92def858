/**
 * The price an ad-conversion event reports for one unit (SPEC.md §9 Ad events): the display's
 * price_discount, falling back to its list price when there is none (0 or missing), plus the
 * item's extra_price (an option's surcharge; 0 for a display as a whole, e.g. AddToWishlist).
 * It is the catalogue price, not the live price: ad events never carry time-sale or coupon prices.
 */
export function adUnitPrice(p: {
  price: number;
  price_discount: number | null | undefined;
  extra_price?: number | null;
}): number {
  return (p.price_discount || p.price) + (p.extra_price ?? 0);
}
