import {
  INTEREST_FREE_CARD_DEFAULT_MIN,
  SLACKS_EVENT_PRICES,
  SLACKS_EVENT_RATE_PERCENT,
} from './constants.ts';
import { type CouponLine, type CouponRule, discountOn, lineCouponDiscount } from './coupons.ts';

/** Money is always an integer number of won. */
export function assertWon(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not an integer won amount: ${amount}`);
  return amount;
}

/** Rounds up to the next multiple of `unit` won. */
export function ceilToUnit(amount: number, unit = 10): number {
  return Math.ceil(amount / unit) * unit;
}

/** Whole-percent discount rate shown in red on product cards (floor, as Korean shops show it). */
export function discountRate(price: number, priceDiscount: number): number {
  if (price <= 0 || priceDiscount >= price) return 0;
  return Math.floor(((price - priceDiscount) * 100) / price);
}

/**
 * 39900 → "39,900원": an integer number of won with thousands separators, as Korean shops show
 * money. A fraction of a won (a client-side share, an average) is cut off (원 미만 절사), never shown;
 * a value that is no number shows 0원. Grouped by hand, so the server render and the browser agree
 * whatever their locale data.
 */
export function formatWon(amount: number): string {
  return `${groupThousands(amount)}원`;
}

/**
 * A discount line's amount (쿠폰 할인, 포인트 사용…): "-3,897원" when something is taken off, "0원" when
 * nothing is (never "-0원").
 */
export function formatDiscount(amount: number): string {
  const won = Number.isFinite(amount) ? Math.trunc(amount) : 0;
  return won > 0 ? `-${formatWon(won)}` : formatWon(0);
}

/** 1234567.8 → "1,234,567" (truncated toward zero; NaN and ±Infinity → "0"). */
export function groupThousands(n: number): string {
  const whole = Number.isFinite(n) ? Math.trunc(n) : 0;
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}

/**
 * A whole percent of `part` in `whole`, floored as Korean shops show rates (12.7% → 12%; never
 * rounded up to promise more than is given). Floating error is absorbed first (29/100 is 29, not
 * 28), and the result stays within 0–100.
 */
export function floorPercent(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  const pct = Math.floor((part * 100) / whole + 1e-9);
  return Math.min(100, Math.max(0, pct));
}

/**
 * The price of one unit of a product item as every screen and the checkout count it (prices everywhere agree:
 * docs/ARCHITECTURE.md, 'Prices'): the live time-sale price while one runs for the display, else the
 * display's discount price, plus the item's extra price (size or option surcharge). `price` (the list price)
 * is taken so callers pass one product shape; it does not change the result.
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

/**
 * A time sale running for a product display at some instant, as `catalog/live-prices.ts` reads it
 * (`time_sale_items` of a sale whose window holds the instant).
 */
export interface RunningTimeSale {
  time_sale_item_id: number;
  sale_price: number;
  stock_limit: number;
  sold_count: number;
  ends_at?: Date | string | null;
}

/** Units still sellable at the time-sale price (its limit less what orders already took). */
export function timeSaleRemaining(s: Pick<RunningTimeSale, 'stock_limit' | 'sold_count'>): number {
  return Math.max(0, s.stock_limit - s.sold_count);
}

/**
 * Whether a running time sale sets the price (docs/ARCHITECTURE.md, 'Time sales'): while some of its
 * limited quantity is left and its price is below the display's discount price. Cards, the product
 * page, the cart, checkout, coupons (time-sale lines take only `allow_time_sale` coupons) and
 * `POST /api/orders` all decide with this one rule.
 */
export function timeSaleApplies(
  display: { price_discount: number },
  sale: RunningTimeSale | null | undefined,
): sale is RunningTimeSale {
  return !!sale && timeSaleRemaining(sale) > 0 && sale.sale_price < display.price_discount;
}

/**
 * The live price of one unit of a display (no item surcharge): the time-sale price while one applies,
 * else the discount price, with the red whole-percent rate against the list price. Cards and the
 * product page show it; `unitPrice` adds an item's extra price for the cart and checkout.
 */
export function livePrice(
  display: { price: number; price_discount: number },
  sale: RunningTimeSale | null | undefined,
): {
  unit_price: number;
  discount_rate: number;
  time_sale_price: number | null;
  time_sale_item_id: number | null;
} {
  const on = timeSaleApplies(display, sale);
  const unit = on ? sale.sale_price : display.price_discount;
  return {
    unit_price: assertWon(unit),
    discount_rate: discountRate(display.price, unit),
    time_sale_price: on ? sale.sale_price : null,
    time_sale_item_id: on ? sale.time_sale_item_id : null,
  };
}

/**
 * SPEC.md §9 "Event coupon prices for slacks on a list of product ids: 9900, 14900, 19900, 29500
 * (50% off)": the price of one unit after the 50% event coupon — the same percent maths as the coupon
 * machinery (`discountOn`: discount floored to the won), so the card's "이벤트 쿠폰가" is what
 * checkout charges with the coupon.
 */
export function slacksEventPrice(unit: number, percent: number = SLACKS_EVENT_RATE_PERCENT): number {
  assertWon(unit);
  return unit - discountOn({ discount_kind: 'PERCENT', discount_value: percent, max_discount: null }, unit);
}

/**
 * The price of one unit of a line after one line coupon (the event coupon on cards and the product
 * page): what checkout charges for that unit with that coupon — 0 discount when the coupon does not
 * apply (out of scope, a time-sale line the coupon does not allow, below its minimum, cart-wide).
 */
export function couponUnitPrice(line: CouponLine, rule: CouponRule): number {
  return line.unit_price - lineCouponDiscount(rule, { ...line, quantity: 1 });
}

/** Whether a discount price is one the slacks event prices at (its event price is on SPEC.md's list). */
export function isSlacksEventPrice(priceDiscount: number): boolean {
  return (SLACKS_EVENT_PRICES as readonly number[]).includes(slacksEventPrice(priceDiscount));
}

/**
 * What a product card or the product page shows from the API's live fields (docs/ARCHITECTURE.md, 'Prices'):
 * the unit price (time-sale price while one runs, else the discount price), its red rate against the list
 * price, whether the 타임세일 badge shows, and the event coupon price ("이벤트 쿠폰가").
 */
export function shownPrice(c: {
  price: number;
  price_discount: number;
  time_sale_price?: number | null | undefined;
  event_coupon_price?: number | null | undefined;
}): { unit_price: number; discount_rate: number; is_time_sale: boolean; event_coupon_price: number | null } {
  const unit = c.time_sale_price ?? c.price_discount;
  return {
    unit_price: unit,
    discount_rate: discountRate(c.price, unit),
    is_time_sale: c.time_sale_price != null,
    event_coupon_price:
      c.event_coupon_price != null && c.event_coupon_price < unit ? c.event_coupon_price : null,
  };
}

/**
 * What a codi set costs as its cards show it (docs/ARCHITECTURE.md, 'Prices'): the sum of each card's shown
 * unit price (`shownPrice`: the time-sale price while one runs, else the discount price), so a set's total
 * agrees with the cards listed under it. The API's `total_price_discount` stays the sum of the displays' own
 * discount prices.
 */
export function shownTotal(
  cards: readonly { price: number; price_discount: number; time_sale_price?: number | null | undefined }[],
): number {
  return cards.reduce((sum, c) => sum + shownPrice(c).unit_price, 0);
}

/**
 * The line the shop shows for a payable amount from the card interest-free notice (site-content.ts,
 * edited in the back office), or null when the notice is off or the amount is under its minimum:
 * "50,000원 이상 결제 시 카드 무이자 할부 가능 (…)". Here, with no schema, so the product page
 * does not load the form schemas for it.
 */
export function interestFreeLine(
  notice: { text: string; min_amount: number; is_active: boolean },
  payable: number,
): string | null {
  if (!notice.is_active || !interestFreeAvailable(payable, notice.min_amount)) return null;
  return notice.min_amount > 0 ? `${formatWon(notice.min_amount)} 이상 결제 시 ${notice.text}` : notice.text;
}
