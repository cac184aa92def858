import { describe, expect, it } from 'vitest';
import { INTEREST_FREE_CARD_DEFAULT_MIN } from '../src/constants.ts';
import {
  ceilToUnit,
  discountRate,
  firstDiscountPrice,
  formatWon,
  interestFreeAvailable,
} from '../src/price.ts';

describe('firstDiscountPrice (SPEC.md §9: 85% of the discount price, rounded up to 10 won)', () => {
  it.each([
    [39_900, 33_920], // 33,915 → 33,920
    [10_000, 8_500], // exact
    [29_500, 25_080], // 25,075 → 25,080
    [9_900, 8_420], // 8,415 → 8,420
    [1, 10],
    [0, 0],
  ])('%i → %i', (input, expected) => {
    expect(firstDiscountPrice(input)).toBe(expected);
  });
  it('never goes below 85% and always lands on a 10-won unit', () => {
    for (let p = 0; p < 200_000; p += 137) {
      const v = firstDiscountPrice(p);
      expect(v % 10).toBe(0);
      expect(v * 100).toBeGreaterThanOrEqual(p * 85);
      expect(v - 10).toBeLessThan((p * 85) / 100);
    }
  });
  it('rejects non-integer won', () => {
    expect(() => firstDiscountPrice(10.5)).toThrow(RangeError);
  });
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
