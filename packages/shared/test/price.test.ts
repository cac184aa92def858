import { describe, expect, it } from 'vitest';
import { INTEREST_FREE_CARD_DEFAULT_MIN, SLACKS_EVENT_PRICES } from '../src/constants.ts';
import { type CouponLine, type CouponRule, lineCouponDiscount } from '../src/coupons.ts';
import {
  ceilToUnit,
  couponUnitPrice,
  discountRate,
  floorPercent,
  formatDiscount,
  formatWon,
  groupThousands,
  interestFreeAvailable,
  isSlacksEventPrice,
  livePrice,
  type RunningTimeSale,
  shownPrice,
  shownTotal,
  slacksEventPrice,
  timeSaleApplies,
  timeSaleRemaining,
  unitPrice,
} from '../src/price.ts';

describe('formatDiscount (a discount line never reads "-0원")', () => {
  it.each([
    [3897, '-3,897원'],
    [0, '0원'],
    [0.4, '0원'],
    [Number.NaN, '0원'],
  ])('%s → %s', (n, text) => expect(formatDiscount(n)).toBe(text));
});

describe('price helpers', () => {
  it('ceilToUnit', () => {
    expect(ceilToUnit(101)).toBe(110);
    expect(ceilToUnit(100)).toBe(100);
  });
  it('discountRate floors the percentage and ignores non-discounts', () => {
    expect(discountRate(59_000, 39_900)).toBe(32);
    expect(discountRate(10_000, 10_000)).toBe(0);
    expect(discountRate(0, 0)).toBe(0);
  });
  it('formatWon uses Korean digit grouping and 원', () => {
    expect(formatWon(39_900)).toBe('39,900원');
    expect(formatWon(1_250_000)).toBe('1,250,000원');
  });
  it('formatWon shows whole won only: a fraction is cut off, no number is 0원', () => {
    expect(formatWon(12_345.67)).toBe('12,345원');
    expect(formatWon(999.999)).toBe('999원');
    expect(formatWon(-1_500.5)).toBe('-1,500원');
    expect(formatWon(-0.4)).toBe('0원');
    expect(formatWon(0)).toBe('0원');
    expect(formatWon(Number.NaN)).toBe('0원');
    expect(groupThousands(1_234_567_890)).toBe('1,234,567,890');
  });
  it('floorPercent floors (12.7% is 12%), absorbs floating error and stays within 0–100', () => {
    expect(floorPercent(127, 1000)).toBe(12);
    expect(floorPercent(0.29, 1)).toBe(29); // 0.29 * 100 is 28.999…
    expect(floorPercent(999, 1000)).toBe(99);
    expect(floorPercent(5, 0)).toBe(0);
    expect(floorPercent(3, 2)).toBe(100);
    expect(discountRate(10_000, 8_730)).toBe(12); // a 12.7% discount shows 12%
  });
});

describe('interestFreeAvailable (SPEC.md: interest-free card default minimum 50000)', () => {
  it('offers interest-free instalments from 50,000 won of payable amount', () => {
    expect(INTEREST_FREE_CARD_DEFAULT_MIN).toBe(50_000);
    expect(interestFreeAvailable(49_999)).toBe(false);
    expect(interestFreeAvailable(50_000)).toBe(true);
    expect(interestFreeAvailable(120_000)).toBe(true);
    expect(interestFreeAvailable(60_000, 70_000)).toBe(false);
    expect(interestFreeAvailable(Number.NaN)).toBe(false);
  });
});

describe('live prices (prices everywhere agree)', () => {
  const display = { price: 40_000, price_discount: 30_000 };
  const sale = (o: Partial<RunningTimeSale> = {}): RunningTimeSale => ({
    time_sale_item_id: 7,
    sale_price: 25_000,
    stock_limit: 10,
    sold_count: 0,
    ...o,
  });
  it('a running time sale with units left sets the price, rate against the list price', () => {
    expect(livePrice(display, sale())).toEqual({
      unit_price: 25_000,
      discount_rate: 37,
      time_sale_price: 25_000,
      time_sale_item_id: 7,
    });
  });
  it('no sale, a used-up limit, or a sale price not below the discount price: the discount price', () => {
    const normal = { unit_price: 30_000, discount_rate: 25, time_sale_price: null, time_sale_item_id: null };
    expect(livePrice(display, null)).toEqual(normal);
    expect(livePrice(display, sale({ sold_count: 10 }))).toEqual(normal);
    expect(livePrice(display, sale({ sold_count: 12 }))).toEqual(normal);
    expect(livePrice(display, sale({ sale_price: 30_000 }))).toEqual(normal);
    expect(timeSaleApplies(display, sale({ sold_count: 9 }))).toBe(true);
    expect(timeSaleApplies(display, sale({ sold_count: 10 }))).toBe(false);
  });
  it('timeSaleRemaining never goes below zero', () => {
    expect(timeSaleRemaining({ stock_limit: 10, sold_count: 3 })).toBe(7);
    expect(timeSaleRemaining({ stock_limit: 10, sold_count: 11 })).toBe(0);
  });
  it('unitPrice adds the item surcharge to the live price (cart, checkout and orders)', () => {
    const live = livePrice(display, sale());
    expect(unitPrice({ ...display, extra_price: 2000, time_sale_price: live.time_sale_price })).toBe(27_000);
    expect(unitPrice({ ...display, extra_price: 2000, time_sale_price: null })).toBe(32_000);
  });
  it('shownPrice (cards, product page) agrees with livePrice on the same facts', () => {
    for (const s of [null, sale(), sale({ sold_count: 10 }), sale({ sale_price: 19_900 })]) {
      const live = livePrice(display, s);
      const shown = shownPrice({ ...display, time_sale_price: live.time_sale_price });
      expect(shown.unit_price).toBe(live.unit_price);
      expect(shown.discount_rate).toBe(live.discount_rate);
      expect(shown.is_time_sale).toBe(live.time_sale_price !== null);
    }
    expect(shownPrice({ ...display, event_coupon_price: 15_000 }).event_coupon_price).toBe(15_000);
    // An "event price" not below the shown price is not an offer.
    expect(
      shownPrice({ ...display, time_sale_price: 14_000, event_coupon_price: 15_000 }).event_coupon_price,
    ).toBe(null);
  });
  it('shownTotal (codi set totals) sums the shown unit prices: a time-sale card counts at its sale price', () => {
    const plain = { ...display, time_sale_price: null };
    expect(shownTotal([plain, { ...display, time_sale_price: 24_000 }, { ...display }])).toBe(84_000);
    expect(shownTotal([])).toBe(0);
  });
});

describe('slacks event prices (SPEC.md §9: 9900, 14900, 19900, 29500 at 50% off)', () => {
  it.each([
    [19_800, 9_900],
    [29_800, 14_900],
    [39_800, 19_900],
    [59_000, 29_500],
  ])('%i → %i', (priceDiscount, event) => {
    expect(slacksEventPrice(priceDiscount)).toBe(event);
    expect(isSlacksEventPrice(priceDiscount)).toBe(true);
  });
  it('every SPEC price is reached from twice itself; other prices are not event prices', () => {
    for (const p of SLACKS_EVENT_PRICES) expect(slacksEventPrice(p * 2)).toBe(p);
    expect(isSlacksEventPrice(39_900)).toBe(false);
    expect(isSlacksEventPrice(19_900)).toBe(false);
  });
  it('is what the coupon machinery takes off with a 50% PERCENT coupon (odd amounts floor the discount)', () => {
    const rule: CouponRule = {
      id: 1,
      discount_kind: 'PERCENT',
      discount_value: 50,
      max_discount: null,
      min_order_amount: 0,
      scope: 'PRODUCT_DISPLAY',
      scope_ids: [5],
      is_cart_coupon: false,
      stackable: false,
      allow_time_sale: false,
    };
    const line: CouponLine = {
      line_id: 1,
      product_item_id: 1,
      product_display_id: 5,
      brand_id: 1,
      category_id: 1,
      unit_price: 0,
      quantity: 1,
    };
    for (const unit of [19_800, 39_801, 59_000, 12_345]) {
      const at = { ...line, unit_price: unit };
      expect(couponUnitPrice(at, rule)).toBe(slacksEventPrice(unit));
      expect(couponUnitPrice(at, rule)).toBe(unit - lineCouponDiscount(rule, at));
    }
    // Out of scope, or a time-sale line the coupon does not allow: no discount.
    expect(couponUnitPrice({ ...line, unit_price: 39_800, product_display_id: 6 }, rule)).toBe(39_800);
    expect(couponUnitPrice({ ...line, unit_price: 39_800, is_time_sale: true }, rule)).toBe(39_800);
    expect(
      couponUnitPrice(
        { ...line, unit_price: 39_800, is_time_sale: true },
        { ...rule, allow_time_sale: true },
      ),
    ).toBe(19_900);
  });
});
