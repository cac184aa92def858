import { describe, expect, it } from 'vitest';
import { addToWishlistEvent } from '../src/domains/ads/conversion.ts';
import { adUnitPrice } from '../src/domains/ads/index.ts';

describe('adUnitPrice (SPEC.md §9 Ad events)', () => {
  it('reports price_discount plus the item extra price', () => {
    expect(adUnitPrice({ price: 50_000, price_discount: 39_000, extra_price: 2_000 })).toBe(41_000);
  });
  it('falls back to the list price when there is no discount price', () => {
    expect(adUnitPrice({ price: 50_000, price_discount: 0, extra_price: 1_000 })).toBe(51_000);
    expect(adUnitPrice({ price: 50_000, price_discount: null })).toBe(50_000);
    expect(adUnitPrice({ price: 50_000, price_discount: undefined, extra_price: null })).toBe(50_000);
  });
  it('is what AddToWishlist reports', () => {
    const e = addToWishlistEvent({ id: 7, price: 30_000, price_discount: 0 }, new Date(0));
    expect(e.custom_data?.contents).toEqual([{ id: '7', quantity: 1, item_price: 30_000 }]);
    expect(e.custom_data?.value).toBe(30_000);
  });
});
