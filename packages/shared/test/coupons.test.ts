/**
 * Coupon maths: every rule of packages/shared/src/coupons.ts, and the optimiser compared with an
 * exhaustive search on thousands of seeded random small carts.
 */
import { describe, expect, it } from 'vitest';
import {
  allocateDiscount,
  bestCouponAssignment,
  type CouponChoice,
  CouponChoiceError,
  type CouponLine,
  type CouponRule,
  couponClawback,
  couponOptimiserStats,
  couponOptions,
  discountOn,
  evaluateChoice,
  firstPurchasePrice,
  isCouponUsable,
  issuedCouponExpiry,
  lineCouponDiscount,
  maxUsablePoints,
  priceAfterBestCoupon,
} from '../src/coupons.ts';
import { unitPrice } from '../src/price.ts';
import { Rng } from '../src/random.ts';

const NOW = new Date('2026-11-20T03:00:00Z');

const rule = (over: Partial<CouponRule> & { id: number }): CouponRule => ({
  discount_kind: 'FIXED',
  discount_value: 1000,
  max_discount: null,
  min_order_amount: 0,
  scope: 'ORDER',
  scope_ids: [],
  is_cart_coupon: false,
  stackable: false,
  allow_time_sale: false,
  ...over,
});
const line = (over: Partial<CouponLine> & { line_id: number }): CouponLine => ({
  product_item_id: over.line_id * 10,
  product_display_id: over.line_id * 100,
  brand_id: 1,
  category_id: 1,
  unit_price: 10_000,
  quantity: 1,
  ...over,
});

describe('discountOn', () => {
  it('fixed discounts never exceed the amount', () => {
    expect(discountOn(rule({ id: 1, discount_value: 3000 }), 10_000)).toBe(3000);
    expect(discountOn(rule({ id: 1, discount_value: 3000 }), 2000)).toBe(2000);
    expect(discountOn(rule({ id: 1, discount_value: 3000 }), 0)).toBe(0);
  });
  it('percentages floor to the won and respect the maximum', () => {
    const p = rule({ id: 1, discount_kind: 'PERCENT', discount_value: 7, max_discount: 10_000 });
    expect(discountOn(p, 39_900)).toBe(2793); // 2793.0
    expect(discountOn(p, 12_345)).toBe(864); // 864.15 → 864
    expect(discountOn(p, 200_000)).toBe(10_000); // 14,000 capped
    expect(discountOn({ ...p, max_discount: null }, 200_000)).toBe(14_000);
  });
});

describe('isCouponUsable', () => {
  const c = rule({
    id: 1,
    starts_at: new Date('2026-11-01T00:00:00Z'),
    ends_at: new Date('2026-12-01T00:00:00Z'),
  });
  it('inside the window and unused', () => expect(isCouponUsable(c, NOW)).toBe(true));
  it('not before the start, not at or after the end', () => {
    expect(isCouponUsable(c, new Date('2026-10-31T23:59:59Z'))).toBe(false);
    expect(isCouponUsable(c, new Date('2026-12-01T00:00:00Z'))).toBe(false);
  });
  it('not when used, expired or inactive', () => {
    expect(isCouponUsable({ ...c, used: true }, NOW)).toBe(false);
    expect(isCouponUsable({ ...c, expires_at: NOW }, NOW)).toBe(false);
    expect(isCouponUsable({ ...c, is_active: false }, NOW)).toBe(false);
  });
});

describe('issuedCouponExpiry (KST days)', () => {
  it('valid_days counts the KST issue day and ends at 24:00 KST', () => {
    // 2026-11-20 12:00 KST + 14 days → 2026-12-04 00:00 KST = 2026-12-03T15:00Z
    expect(issuedCouponExpiry(new Date('2026-11-20T03:00:00Z'), 14, null).toISOString()).toBe(
      '2026-12-03T15:00:00.000Z',
    );
    // 23:30 UTC on the 19th is already the 20th in KST.
    expect(issuedCouponExpiry(new Date('2026-11-19T23:30:00Z'), 1, null).toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
  });
  it('rolls over month and year ends in KST (through time.ts kstDate)', () => {
    // Issued 2026-11-30 10:00 KST, 2 days → the end of 2026-12-01 KST.
    expect(issuedCouponExpiry(new Date('2026-11-30T01:00:00Z'), 2, null).toISOString()).toBe(
      '2026-12-01T15:00:00.000Z',
    );
    // Issued 2026-12-31 23:00 KST (14:00 UTC), 1 day → 2027-01-01 00:00 KST.
    expect(issuedCouponExpiry(new Date('2026-12-31T14:00:00Z'), 1, null).toISOString()).toBe(
      '2026-12-31T15:00:00.000Z',
    );
  });
  it('never after the policy end; the policy end without valid_days; else one year', () => {
    const end = new Date('2026-11-25T00:00:00Z');
    expect(issuedCouponExpiry(NOW, 14, end)).toEqual(end);
    expect(issuedCouponExpiry(NOW, null, end)).toEqual(end);
    expect(issuedCouponExpiry(NOW, null, null).getTime()).toBe(NOW.getTime() + 365 * 86_400_000);
  });
});

describe('line coupon rules', () => {
  const l = line({
    line_id: 1,
    brand_id: 5,
    category_id: 20,
    parent_category_ids: [2],
    unit_price: 30_000,
    quantity: 2,
  });
  it('scope: whole order, brand, category (leaf or parent), display, item', () => {
    expect(lineCouponDiscount(rule({ id: 1 }), l)).toBe(1000);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'BRAND', scope_ids: [5] }), l)).toBe(1000);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'BRAND', scope_ids: [6] }), l)).toBe(0);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'CATEGORY', scope_ids: [20] }), l)).toBe(1000);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'CATEGORY', scope_ids: [2] }), l)).toBe(1000);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'CATEGORY', scope_ids: [3] }), l)).toBe(0);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'PRODUCT_DISPLAY', scope_ids: [100] }), l)).toBe(1000);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'PRODUCT_DISPLAY', scope_ids: [101] }), l)).toBe(0);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'PRODUCT_ITEM', scope_ids: [10] }), l)).toBe(1000);
    expect(lineCouponDiscount(rule({ id: 1, scope: 'PRODUCT_ITEM', scope_ids: [11] }), l)).toBe(0);
  });
  it('minimum order amount is checked on the line amount (unit price × quantity)', () => {
    expect(lineCouponDiscount(rule({ id: 1, min_order_amount: 60_000 }), l)).toBe(1000);
    expect(lineCouponDiscount(rule({ id: 1, min_order_amount: 60_001 }), l)).toBe(0);
  });
  it('percent on the line amount', () => {
    expect(lineCouponDiscount(rule({ id: 1, discount_kind: 'PERCENT', discount_value: 10 }), l)).toBe(6000);
  });
  it('time-sale lines are excluded unless the policy allows them', () => {
    const ts = { ...l, is_time_sale: true };
    expect(lineCouponDiscount(rule({ id: 1 }), ts)).toBe(0);
    expect(lineCouponDiscount(rule({ id: 1, allow_time_sale: true }), ts)).toBe(1000);
  });
  it('a cart-wide coupon is not a line coupon', () => {
    expect(lineCouponDiscount(rule({ id: 1, is_cart_coupon: true }), l)).toBe(0);
  });
});

describe('evaluateChoice (stacking rules)', () => {
  const lines = [
    line({ line_id: 1, unit_price: 50_000 }),
    line({ line_id: 2, unit_price: 30_000, brand_id: 2 }),
  ];
  const coupons = [
    rule({ id: 1, discount_value: 5000 }),
    rule({ id: 2, discount_value: 3000 }),
    rule({ id: 3, discount_value: 2000, stackable: true }),
    rule({
      id: 10,
      is_cart_coupon: true,
      discount_kind: 'PERCENT',
      discount_value: 10,
      min_order_amount: 50_000,
    }),
    rule({ id: 11, is_cart_coupon: true, discount_value: 4000 }),
    rule({ id: 12, is_cart_coupon: true, discount_value: 1000, stackable: true }),
    rule({
      id: 13,
      is_cart_coupon: true,
      discount_value: 1000,
      scope: 'BRAND',
      scope_ids: [2],
      min_order_amount: 40_000,
    }),
  ];
  const ev = (choice: CouponChoice) => evaluateChoice(lines, coupons, choice, NOW);

  it('cart coupon is computed on the eligible amount after line coupons', () => {
    const a = ev({ lines: [{ line_id: 1, coupon_ids: [1] }], cart_coupon_ids: [10] });
    // line 5,000; cart 10% of (80,000 − 5,000) = 7,500 (its minimum counts 80,000, before coupons)
    expect(a.cart_discount).toBe(7500);
    expect(a.total_discount).toBe(12_500);
    expect(a.cart_allocation).toEqual([
      { line_id: 1, discount: 4500 },
      { line_id: 2, discount: 3000 },
    ]);
  });
  it('one coupon per line (a stackable flag does not add a line slot)', () => {
    expect(() => ev({ lines: [{ line_id: 1, coupon_ids: [1, 2] }], cart_coupon_ids: [] })).toThrow(/하나만/);
    expect(() => ev({ lines: [{ line_id: 1, coupon_ids: [1, 3] }], cart_coupon_ids: [] })).toThrow(/하나만/);
    expect(
      ev({
        lines: [
          { line_id: 1, coupon_ids: [1] },
          { line_id: 2, coupon_ids: [2] },
        ],
        cart_coupon_ids: [],
      }).total_discount,
    ).toBe(8000);
  });
  it('one regular cart coupon per order; a stackable one may be added', () => {
    expect(() => ev({ lines: [], cart_coupon_ids: [10, 11] })).toThrow(/하나만/);
    expect(ev({ lines: [], cart_coupon_ids: [11, 12] }).total_discount).toBe(5000);
  });
  it('a coupon is used once', () => {
    expect(() =>
      ev({
        lines: [
          { line_id: 1, coupon_ids: [1] },
          { line_id: 2, coupon_ids: [1] },
        ],
        cart_coupon_ids: [],
      }),
    ).toThrow(/한 번만/);
  });
  it('cart minimum counts only the eligible lines before coupons', () => {
    expect(() => ev({ lines: [], cart_coupon_ids: [13] })).toThrow(/조건/); // brand 2 has 30,000 < 40,000
  });
  it('a line coupon cannot go on the order nor a cart coupon on a line', () => {
    expect(() => ev({ lines: [], cart_coupon_ids: [1] })).toThrow(CouponChoiceError);
    expect(() => ev({ lines: [{ line_id: 1, coupon_ids: [11] }], cart_coupon_ids: [] })).toThrow(
      CouponChoiceError,
    );
  });
  it('unknown or unusable coupons are refused', () => {
    expect(() => ev({ lines: [], cart_coupon_ids: [99] })).toThrow(/보유/);
    expect(() =>
      evaluateChoice(
        lines,
        [{ ...rule({ id: 1 }), used: true }],
        { lines: [{ line_id: 1, coupon_ids: [1] }], cart_coupon_ids: [] },
        NOW,
      ),
    ).toThrow(/사용할 수 없는/);
  });
  it('the total never exceeds the order amount', () => {
    const small = [line({ line_id: 1, unit_price: 4000 })];
    const cs = [
      rule({ id: 1, discount_value: 3000 }),
      rule({ id: 2, discount_value: 5000, is_cart_coupon: true }),
    ];
    const a = evaluateChoice(
      small,
      cs,
      { lines: [{ line_id: 1, coupon_ids: [1] }], cart_coupon_ids: [2] },
      NOW,
    );
    expect(a.total_discount).toBe(4000);
    expect(a.cart_discount).toBe(1000);
    const best = bestCouponAssignment(small, cs, NOW);
    expect(best.total_discount).toBe(4000);
  });
});

describe('cart coupons stay inside their scope (review finding 1)', () => {
  // Brand 7 at 20,000 and brand 8 at 80,000; a brand-7 line coupon of 20,000 and a brand-7 cart
  // coupon of 50%. The cart coupon's base is brand 7 after the line coupon: 0.
  const lines = [
    line({ line_id: 1, brand_id: 7, unit_price: 20_000 }),
    line({ line_id: 2, brand_id: 8, unit_price: 80_000 }),
  ];
  const coupons = [
    rule({ id: 1, discount_value: 20_000, scope: 'BRAND', scope_ids: [7] }),
    rule({
      id: 2,
      is_cart_coupon: true,
      discount_kind: 'PERCENT',
      discount_value: 50,
      scope: 'BRAND',
      scope_ids: [7],
    }),
  ];
  it('a brand cart coupon never discounts another brand, nor money a line coupon removed', () => {
    const a = bestCouponAssignment(lines, coupons, NOW);
    expect(a.total_discount).toBe(20_000);
    expect(a.cart_allocation.find((x) => x.line_id === 2)).toBeUndefined();
    // With the line coupon the cart coupon has nothing left to discount: refused, not 10,000 off brand 8.
    expect(() =>
      evaluateChoice(lines, coupons, { lines: [{ line_id: 1, coupon_ids: [1] }], cart_coupon_ids: [2] }, NOW),
    ).toThrow(/할인할 금액이 없습니다/);
    // The cart coupon alone: 50% of brand 7 (10,000), all of it on the brand-7 line.
    const c = evaluateChoice(lines, coupons, { lines: [], cart_coupon_ids: [2] }, NOW);
    expect(c.cart_discount).toBe(10_000);
    expect(c.cart_allocation).toEqual([{ line_id: 1, discount: 10_000 }]);
  });
  it('an order coupon takes its percentage of what is left after line coupons', () => {
    const order = rule({ id: 3, is_cart_coupon: true, discount_kind: 'PERCENT', discount_value: 10 });
    const a = evaluateChoice(
      lines,
      [...coupons, order],
      { lines: [{ line_id: 1, coupon_ids: [1] }], cart_coupon_ids: [3] },
      NOW,
    );
    expect(a.cart_discount).toBe(8000); // 10% of (100,000 − 20,000)
    expect(a.total_discount).toBe(28_000);
    expect(a.cart_allocation).toEqual([{ line_id: 2, discount: 8000 }]);
  });
  it('a stackable cart coupon also counts on the amount after line coupons', () => {
    const cs = [
      rule({ id: 1, is_cart_coupon: true, discount_kind: 'PERCENT', discount_value: 50 }),
      rule({ id: 2, is_cart_coupon: true, discount_kind: 'PERCENT', discount_value: 10, stackable: true }),
    ];
    const a = evaluateChoice(lines, cs, { lines: [], cart_coupon_ids: [2, 1] }, NOW);
    expect(a.cart_coupon_ids).toEqual([1, 2]);
    expect(a.cart_discount).toBe(50_000 + 10_000);
    // …but never more than the lines still cost after the regular one.
    const big = [cs[0] as CouponRule, { ...(cs[1] as CouponRule), discount_value: 80 }];
    expect(evaluateChoice(lines, big, { lines: [], cart_coupon_ids: [1, 2] }, NOW).cart_discount).toBe(
      100_000,
    );
  });
  it("moves a line coupon off a capped cart coupon's lines when that pays more", () => {
    // Line coupon 5,000 fits both lines. Cart coupon: 10% of brand 1, at most 2,000 — its base
    // (30,000) gives 3,000, capped to 2,000, so a line coupon on brand 1 costs the cart coupon
    // nothing until the base falls under 20,000. Either placement gives 7,000 here; with a
    // 12,000 line coupon only the brand-2 placement keeps the cart coupon's full 2,000.
    const ls = [
      line({ line_id: 1, brand_id: 1, unit_price: 30_000 }),
      line({ line_id: 2, brand_id: 2, unit_price: 12_000 }),
    ];
    const cs = [
      rule({ id: 1, discount_value: 12_000 }),
      rule({
        id: 2,
        is_cart_coupon: true,
        discount_kind: 'PERCENT',
        discount_value: 10,
        max_discount: 2000,
        scope: 'BRAND',
        scope_ids: [1],
      }),
    ];
    const a = bestCouponAssignment(ls, cs, NOW);
    // On line 1: 12,000 + 10% of 18,000 = 13,800. On line 2: 12,000 + 2,000 = 14,000.
    expect(a.total_discount).toBe(14_000);
    expect(a.lines).toEqual([{ line_id: 2, coupon_ids: [1], discount: 12_000 }]);
  });
});

describe('bestCouponAssignment', () => {
  it('prefers the assignment with the larger total, not the greedy one', () => {
    // Coupon 1 (5,000) fits both lines, coupon 2 (4,000) only line A. Greedy gives 1→A and nothing
    // for B (5,000); the best is 2→A, 1→B (9,000).
    const lines = [line({ line_id: 1, brand_id: 1 }), line({ line_id: 2, brand_id: 2 })];
    const coupons = [
      rule({ id: 1, discount_value: 5000 }),
      rule({ id: 2, discount_value: 4000, scope: 'BRAND', scope_ids: [1] }),
    ];
    const a = bestCouponAssignment(lines, coupons, NOW);
    expect(a.total_discount).toBe(9000);
    expect(a.lines).toEqual([
      { line_id: 1, coupon_ids: [2], discount: 4000 },
      { line_id: 2, coupon_ids: [1], discount: 5000 },
    ]);
  });
  it('ignores used and expired coupons', () => {
    const lines = [line({ line_id: 1 })];
    const a = bestCouponAssignment(
      lines,
      [rule({ id: 1, used: true }), rule({ id: 2, expires_at: NOW })],
      NOW,
    );
    expect(a.total_discount).toBe(0);
  });
  it('an empty cart and no coupons give nothing', () => {
    expect(bestCouponAssignment([], [], NOW)).toEqual({
      cart_allocation: [],
      lines: [],
      cart_coupon_ids: [],
      cart_discounts: [],
      cart_discount: 0,
      total_discount: 0,
    });
  });
  it('couponOptions lists the per-line and cart options, best first', () => {
    const lines = [line({ line_id: 1 })];
    const o = couponOptions(
      lines,
      [rule({ id: 1 }), rule({ id: 2, discount_value: 2000 }), rule({ id: 3, is_cart_coupon: true })],
      NOW,
    );
    expect(o.lines[0]?.coupons.map((c) => c.coupon_id)).toEqual([2, 1]);
    expect(o.cart).toEqual([{ coupon_id: 3, discount: 1000 }]);
  });
  it('priceAfterBestCoupon: one unit with the best coupon', () => {
    const l = line({ line_id: 1, unit_price: 39_900, quantity: 3 });
    const r = priceAfterBestCoupon(
      l,
      [
        rule({
          id: 1,
          discount_kind: 'PERCENT',
          discount_value: 7,
          max_discount: 10_000,
          is_cart_coupon: true,
        }),
      ],
      NOW,
    );
    expect(r).toEqual({ price: 39_900 - 2793, coupon_id: 1 });
  });
});

describe('firstPurchasePrice (the "첫 구매 시" price: the first-purchase coupon, 7 %, at most 10,000 won)', () => {
  const fp = rule({
    id: 99,
    discount_kind: 'PERCENT',
    discount_value: 7,
    max_discount: 10_000,
    is_cart_coupon: true,
  });
  it.each([
    [58_900, 58_900 - 4123], // 4,123.0
    [53_470, 53_470 - 3742], // 3,742.9 floored to the won, as checkout does
    [142_857, 142_857 - 9999], // 9,999.99 → 9,999: just under the cap
    [142_858, 142_858 - 10_000], // 10,000.06 → the cap
    [289_000, 279_000], // 20,230 capped at 10,000 (not 85 %: 245,650)
  ])('one unit of %i → %i', (unit, expected) => {
    expect(firstPurchasePrice(line({ line_id: 1, unit_price: unit, quantity: 3 }), fp, [], NOW)).toBe(
      expected,
    );
  });
  it('null when the coupon takes nothing off: below its minimum, a time-sale line it does not allow, used', () => {
    const l = line({ line_id: 1, unit_price: 30_000 });
    expect(firstPurchasePrice(l, { ...fp, min_order_amount: 50_000 }, [], NOW)).toBeNull();
    expect(firstPurchasePrice({ ...l, is_time_sale: true }, fp, [], NOW)).toBeNull();
    expect(firstPurchasePrice({ ...l, is_time_sale: true }, { ...fp, allow_time_sale: true }, [], NOW)).toBe(
      30_000 - 2100,
    );
    expect(firstPurchasePrice(l, { ...fp, used: true }, [], NOW)).toBeNull();
    expect(firstPurchasePrice(l, { ...fp, expires_at: NOW }, [], NOW)).toBeNull();
  });
  it('stacks what checkout stacks: a line coupon the shopper holds, then the coupon on what is left', () => {
    const l = line({ line_id: 1, unit_price: 50_000 });
    const lineCoupon = rule({ id: 5, discount_value: 5000 });
    // 50,000 − 5,000 = 45,000; 7 % of 45,000 = 3,150.
    expect(firstPurchasePrice(l, fp, [lineCoupon], NOW)).toBe(50_000 - 5000 - 3150);
    expect(firstPurchasePrice(l, fp, [lineCoupon], NOW)).toBe(
      50_000 - bestCouponAssignment([l], [fp, lineCoupon], NOW).total_discount,
    );
  });
  it('null when another cart coupon the shopper holds is worth more and cannot stack with it', () => {
    const l = line({ line_id: 1, unit_price: 50_000 });
    const bigger = rule({ id: 6, discount_value: 9000, is_cart_coupon: true });
    expect(firstPurchasePrice(l, fp, [bigger], NOW)).toBeNull();
  });
});

describe('unitPrice (the one unit price benefits, cart and checkout share)', () => {
  it('discount price plus the item extra; the live time-sale price replaces the discount price', () => {
    expect(unitPrice({ price: 59_000, price_discount: 39_900, extra_price: 2000 })).toBe(41_900);
    expect(
      unitPrice({ price: 59_000, price_discount: 39_900, extra_price: 2000, time_sale_price: 29_900 }),
    ).toBe(31_900);
    expect(unitPrice({ price: 59_000, price_discount: 39_900, extra_price: 0, time_sale_price: null })).toBe(
      39_900,
    );
    expect(() => unitPrice({ price: 1, price_discount: 0.5, extra_price: 0 })).toThrow(RangeError);
  });
});

describe('allocateDiscount and maxUsablePoints', () => {
  it('splits in proportion, in whole won, adding up exactly', () => {
    expect(allocateDiscount([10_000, 20_000, 30_000], 6000)).toEqual([1000, 2000, 3000]);
    const parts = allocateDiscount([33_333, 33_333, 33_334], 1000);
    expect(parts.reduce((s, x) => s + x, 0)).toBe(1000);
    expect(parts).toEqual([333, 333, 334]);
    expect(allocateDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]); // ties go to the earlier line
  });
  it('never more than the lines cost, nothing on free lines', () => {
    expect(allocateDiscount([1000, 0], 5000)).toEqual([1000, 0]);
    expect(allocateDiscount([], 100)).toEqual([]);
    expect(allocateDiscount([500], 0)).toEqual([0]);
  });
  it('points: up to the balance and the payable amount, in won', () => {
    expect(maxUsablePoints(5000, 3000)).toBe(3000);
    expect(maxUsablePoints(1200, 30_000)).toBe(1200);
    expect(maxUsablePoints(-5, 100)).toBe(0);
  });
});

// ── property test: optimiser = exhaustive search ──

/** Uniform draws in [0, 1) from the project's one seeded generator (src/random.ts). */
function draws(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/**
 * Tries every choice: each line takes none or one coupon, the order 0–2
 * coupons; only the coupon-used-once rule is applied while enumerating, everything else is left to
 * evaluateChoice, whose refusals are skipped.
 */
function exhaustive(lines: CouponLine[], coupons: CouponRule[], now: Date): number {
  // Split by kind only to keep the search small (evaluateChoice refuses the other placements).
  const lineIds = coupons.filter((c) => !c.is_cart_coupon).map((c) => c.id);
  const cartIds = coupons.filter((c) => c.is_cart_coupon).map((c) => c.id);
  const singles: number[][] = [[], ...lineIds.map((a) => [a])];
  const subsets: number[][] = [[], ...cartIds.map((a) => [a])];
  for (const a of cartIds) for (const b of cartIds) if (b > a) subsets.push([a, b]);
  let best = 0;
  const picks: number[][] = [];
  const taken = new Set<number>();
  const rec = (i: number) => {
    if (i === lines.length) {
      for (const cart of subsets) {
        if (cart.some((id) => taken.has(id))) continue;
        try {
          const a = evaluateChoice(
            lines,
            coupons,
            {
              lines: lines.map((l, k) => ({ line_id: l.line_id, coupon_ids: picks[k] ?? [] })),
              cart_coupon_ids: cart,
            },
            now,
          );
          best = Math.max(best, a.total_discount);
        } catch (e) {
          if (!(e instanceof CouponChoiceError)) throw e;
        }
      }
      return;
    }
    // Two coupons on a line are always refused, so lines try none or one (the rule itself is unit-tested above).
    for (const c of singles) {
      if (c.some((id) => taken.has(id))) continue;
      for (const id of c) taken.add(id);
      picks[i] = c;
      rec(i + 1);
      for (const id of c) taken.delete(id);
    }
  };
  rec(0);
  return best;
}

function randomCase(rnd: () => number, capped = false) {
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const nLines = int(1, 4);
  const nCoupons = int(1, 6);
  const lines: CouponLine[] = Array.from({ length: nLines }, (_, i) => ({
    line_id: i + 1,
    product_item_id: 10 + i,
    product_display_id: 100 + int(0, 2),
    brand_id: int(1, 3),
    category_id: int(20, 22),
    parent_category_ids: [2],
    unit_price: int(1, 12) * 5000 - (rnd() < 0.3 ? 100 : 0),
    quantity: int(1, 3),
    is_time_sale: rnd() < 0.2,
  }));
  const scopes = ['ORDER', 'BRAND', 'CATEGORY', 'PRODUCT_DISPLAY', 'PRODUCT_ITEM'] as const;
  const coupons: CouponRule[] = Array.from({ length: nCoupons }, (_, i) => {
    const scope = scopes[int(0, 4)] ?? 'ORDER';
    const scopeIds =
      scope === 'BRAND'
        ? [int(1, 3)]
        : scope === 'CATEGORY'
          ? [rnd() < 0.2 ? 2 : int(20, 22)]
          : scope === 'PRODUCT_DISPLAY'
            ? [100 + int(0, 2)]
            : scope === 'PRODUCT_ITEM'
              ? [10 + int(0, 2)]
              : [];
    const percent = rnd() < 0.5;
    return {
      id: i + 1,
      discount_kind: percent ? 'PERCENT' : 'FIXED',
      discount_value: percent ? int(1, 30) : int(1, 20) * 1000,
      max_discount: percent && rnd() < (capped ? 0.9 : 0.5) ? int(1, 10) * 1000 : null,
      min_order_amount: rnd() < 0.4 ? int(1, 10) * 10_000 : 0,
      scope,
      scope_ids: scopeIds,
      is_cart_coupon: rnd() < 0.45,
      stackable: rnd() < (capped ? 0.4 : 0.2),
      allow_time_sale: rnd() < 0.3,
      used: rnd() < 0.05,
      expires_at: rnd() < 0.05 ? new Date(NOW.getTime() - 1) : null,
    };
  });
  return { lines, coupons };
}

describe('couponClawback (a cancel or return re-evaluates the coupons)', () => {
  // 10,000 off orders of at least 50,000; A 42,000 + B 20,000 → shares 6,774 : 3,226.
  const threshold = rule({ id: 9, is_cart_coupon: true, discount_value: 10_000, min_order_amount: 50_000 });
  const a = { ...line({ line_id: 1, unit_price: 42_000 }), line_discount: 0, live: true };
  const b = { ...line({ line_id: 2, unit_price: 20_000 }), line_discount: 0, live: true };
  const shares = evaluateChoice(
    [a, b],
    [threshold],
    { lines: [], cart_coupon_ids: [9] },
    NOW,
  ).cart_allocation;

  it('takes the discount A loses out of B’s refund when the order drops below the minimum', () => {
    expect(shares).toEqual([
      { line_id: 1, discount: 6774 },
      { line_id: 2, discount: 3226 },
    ]);
    const r = couponClawback({ lines: [a, b], cart_coupons: [threshold], closing: 2, refund: 16_774 });
    expect(r).toEqual({ clawback: 6774, refund: 10_000, lines: [{ line_id: 1, clawback: 6774 }] });
  });

  it('takes nothing while the rest still meets the minimum, from the last live line, or twice', () => {
    const c = { ...line({ line_id: 3, unit_price: 50_000 }), line_discount: 0, live: true };
    expect(
      couponClawback({ lines: [a, b, c], cart_coupons: [threshold], closing: 2, refund: 5000 }).clawback,
    ).toBe(0);
    expect(
      couponClawback({
        lines: [{ ...a, live: false }, b],
        cart_coupons: [threshold],
        closing: 2,
        refund: 16_774,
      }),
    ).toEqual({ clawback: 0, refund: 16_774, lines: [] });
    // B already gone (the coupon lost then): cancelling A later takes nothing more.
    expect(
      couponClawback({
        lines: [a, { ...b, live: false }, c],
        cart_coupons: [threshold],
        closing: 1,
        refund: 1000,
      }).clawback,
    ).toBe(0);
  });

  it('never takes more than the refund, and spreads what it takes over the lines that lose', () => {
    // 67,000 − B = 47,000: A and C both lose their shares, more than B refunds.
    const c = { ...line({ line_id: 3, unit_price: 5000 }), line_discount: 0, live: true };
    const r = couponClawback({ lines: [a, b, c], cart_coupons: [threshold], closing: 2, refund: 3000 });
    expect(r.clawback).toBe(3000);
    expect(r.refund).toBe(0);
    expect(r.lines.reduce((s, l) => s + l.clawback, 0)).toBe(3000);
    expect(r.lines.map((l) => l.line_id)).toEqual([1, 3]);
  });

  it('counts only the coupon’s eligible lines and keeps line coupons', () => {
    const brand = rule({ ...threshold, id: 10, scope: 'BRAND', scope_ids: [7] });
    const own = { ...a, brand_id: 7, line_discount: 2000 };
    const other = { ...b, brand_id: 8 };
    // The brand coupon never counted B: cancelling B changes nothing.
    expect(
      couponClawback({ lines: [own, other], cart_coupons: [brand], closing: 2, refund: 20_000 }).clawback,
    ).toBe(0);
  });
});

describe('property: the optimiser equals exhaustive search', () => {
  it('on 5,000 seeded random small carts', () => {
    const rnd = draws(20261120);
    let nonZero = 0;
    for (let k = 0; k < 5000; k++) {
      const { lines, coupons } = randomCase(rnd);
      const got = bestCouponAssignment(lines, coupons, NOW);
      const want = exhaustive(lines, coupons, NOW);
      if (got.total_discount !== want) {
        throw new Error(
          `case ${k}: optimiser ${got.total_discount} ≠ exhaustive ${want}\n${JSON.stringify({ lines, coupons })}`,
        );
      }
      // The answer is a valid choice scored by the same rules.
      const again = evaluateChoice(
        lines,
        coupons,
        {
          lines: got.lines.map((l) => ({ line_id: l.line_id, coupon_ids: l.coupon_ids })),
          cart_coupon_ids: got.cart_coupon_ids,
        },
        NOW,
      );
      expect(again.total_discount).toBe(got.total_discount);
      if (want > 0) nonZero += 1;
    }
    // Every call finished its enumeration: the optimiser proved each answer optimal.
    expect(couponOptimiserStats.budget_hits).toBe(0);
    // The generator is not degenerate: most carts have some discount.
    expect(nonZero).toBeGreaterThan(3500);
  }, 180_000);
  it('on 3,000 carts with mostly capped and stackable cart coupons (the exact enumeration runs)', () => {
    const rnd = draws(99);
    const before = couponOptimiserStats.enumerations;
    for (let k = 0; k < 3000; k++) {
      const { lines, coupons } = randomCase(rnd, true);
      const got = bestCouponAssignment(lines, coupons, NOW).total_discount;
      const want = exhaustive(lines, coupons, NOW);
      if (got !== want)
        throw new Error(`capped case ${k}: ${got} ≠ ${want}\n${JSON.stringify({ lines, coupons })}`);
    }
    expect(couponOptimiserStats.enumerations).toBeGreaterThan(before);
    expect(couponOptimiserStats.budget_hits).toBe(0);
  }, 180_000);
});

describe('serial codes', () => {
  it('maps 12 random bytes to XXXX-XXXX-XXXX without look-alikes, and reads typed codes back', async () => {
    const { SERIAL_ALPHABET, normaliseSerial, serialFromBytes } = await import('../src/coupons.ts');
    const code = serialFromBytes(Uint8Array.from([0, 1, 2, 3, 31, 32, 63, 255, 8, 9, 10, 11]));
    expect(code).toBe('2345-Z2ZZ-ABCD');
    expect(SERIAL_ALPHABET).not.toMatch(/[01OI]/);
    expect(new Set(SERIAL_ALPHABET).size).toBe(32);
    expect(normaliseSerial(' 2345 z2zz abcd ')).toBe('2345-Z2ZZ-ABCD');
    expect(normaliseSerial('welcome2026')).toBe('WELCOME2026');
    expect(() => serialFromBytes(new Uint8Array(11))).toThrow(RangeError);
  });
});
