import { describe, expect, it } from 'vitest';
import {
  decayedScore,
  decayFactor,
  popularityPrior,
  risingScore,
} from '../src/domains/catalog/ranking-rules.ts';

const now = new Date('2026-11-20T00:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe('ranking rules', () => {
  it('a signal halves every 72 hours and counts nothing after 14 days', () => {
    expect(decayFactor(0)).toBe(1);
    expect(decayFactor(72)).toBeCloseTo(0.5);
    expect(decayFactor(144)).toBeCloseTo(0.25);
    expect(decayedScore([{ kind: 'view', at: hoursAgo(15 * 24) }], now)).toBe(0);
  });

  it('weights purchases over carts over likes over views, times the quantity', () => {
    const one = (kind: 'view' | 'like' | 'cart' | 'purchase') => decayedScore([{ kind, at: now }], now);
    expect([one('view'), one('like'), one('cart'), one('purchase')]).toEqual([1, 3, 5, 10]);
    expect(decayedScore([{ kind: 'purchase', at: now, quantity: 2 }], now)).toBe(20);
    // A fresh like beats a purchase from two weeks ago.
    expect(one('like')).toBeGreaterThan(decayedScore([{ kind: 'purchase', at: hoursAgo(13 * 24) }], now));
  });

  it('rising needs growth over the previous window and enough recent activity', () => {
    expect(risingScore(2, 0)).toBeNull();
    expect(risingScore(10, 10)).toBeNull();
    expect(risingScore(10, 20)).toBeNull();
    const small = risingScore(3, 0) as number;
    const big = risingScore(120, 40) as number;
    expect(big).toBeGreaterThan(small);
    expect(risingScore(20, 0)).toBeGreaterThan(risingScore(20, 10) as number);
  });

  it('the prior grows with the stored counters', () => {
    expect(popularityPrior({ like_count: 0, sales_count: 0, review_count: 0 })).toBe(0);
    expect(popularityPrior({ like_count: 10, sales_count: 1, review_count: 0 })).toBeGreaterThan(
      popularityPrior({ like_count: 10, sales_count: 0, review_count: 0 }),
    );
  });
});
