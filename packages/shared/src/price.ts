import { FIRST_DISCOUNT_RATE, INTEREST_FREE_CARD_DEFAULT_MIN } from './constants.ts';

/** Money is always an integer number of won. */
export function assertWon(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not an integer won amount: ${amount}`);
  return amount;
}

/** Rounds up to the next multiple of `unit` won (SPEC.md rounds first-discount prices to 10 won). */
export function ceilToUnit(amount: number, unit = 10): number {
  return Math.ceil(amount / unit) * unit;
}

/**
 * SPEC.md §9: "First-discount price is 85% of the discount price, rounded up to 10 won."
 * Integer arithmetic avoids floating error (e.g. 85% of 39,900 is exactly 33,915 → 33,920).
 */
export function firstDiscountPrice(priceDiscount: number): number {
  assertWon(priceDiscount);
  const hundredths = Math.round(FIRST_DISCOUNT_RATE * 100);
  return ceilToUnit(Math.ceil((priceDiscount * hundredths) / 100), 10);
}

/** Whole-percent discount rate shown in red on product cards (floor, as Korean shops show it). */
export function discountRate(price: number, priceDiscount: number): number {
  if (price <= 0 || priceDiscount >= price) return 0;
  return Math.floor(((price - priceDiscount) * 100) / price);
}

/** 39900 → "39,900원". */
export function formatWon(amount: number): string {
  return `${amount.toLocaleString('ko-KR')}원`;
}

/**
 * The price of one unit of a product item as every screen and the checkout count it (issue 9
 * "prices everywhere agree"): the live time-sale price while one runs for the display, else the
 * display's discount price, plus the item's extra price (size or option surcharge). `price` (the
 * list price) is taken so callers pass one product shape; it does not change the result.
 */
export function unitPrice(p: {
  price: number;
  price_discount: number;
  extra_price: number;
  time_sale_price?: number | null | undefined;
}): number {
  return assertWon((p.time_sale_price ?? p.price_discount) + p.extra_price);
}

/**
 * SPEC.md: card interest-free instalments are offered from INTEREST_FREE_CARD_DEFAULT_MIN (50,000
 * won) of payable amount, unless a card promotion gives another minimum.
 */
export function interestFreeAvailable(payable: number, minimum = INTEREST_FREE_CARD_DEFAULT_MIN): boolean {
  return Number.isFinite(payable) && payable >= minimum;
}
