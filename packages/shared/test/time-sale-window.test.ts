import { describe, expect, it } from 'vitest';
import { saleWindowsOverlap, shownTimeSale, timeSaleShownState } from '../src/time-sale-window.ts';

const at = (h: number) => new Date(Date.UTC(2026, 10, 28, h));
const sale = (id: number, from: number, to: number) => ({ id, starts_at: at(from), ends_at: at(to) });

describe('time-sale windows (one sale at a time)', () => {
  it('windows overlap when they share an instant; touching ends do not', () => {
    expect(saleWindowsOverlap(sale(1, 0, 10), sale(2, 5, 12))).toBe(true);
    expect(saleWindowsOverlap(sale(1, 0, 10), sale(2, 2, 3))).toBe(true);
    expect(saleWindowsOverlap(sale(1, 0, 10), sale(2, 10, 12))).toBe(false);
    expect(saleWindowsOverlap(sale(1, 10, 12), sale(2, 0, 10))).toBe(false);
  });
  it('the shop shows the running sale with the latest start, then the higher id', () => {
    expect(shownTimeSale([sale(1, 0, 10), sale(2, 3, 10)], at(5))?.id).toBe(2);
    expect(shownTimeSale([sale(3, 3, 10), sale(2, 3, 10)], at(5))?.id).toBe(3);
    expect(shownTimeSale([sale(1, 0, 4), sale(2, 6, 10)], at(5))).toBeNull();
    expect(shownTimeSale([sale(1, 0, 5)], at(5))).toBeNull();
  });
  it('the back office label follows the same rule: a running sale the shop does not show is HIDDEN', () => {
    const running = [sale(1, 0, 10), sale(2, 3, 10)];
    expect(timeSaleShownState(sale(1, 0, 10), running, at(5))).toBe('HIDDEN');
    expect(timeSaleShownState(sale(2, 3, 10), running, at(5))).toBe('RUNNING');
    expect(timeSaleShownState(sale(4, 6, 10), running, at(5))).toBe('SCHEDULED');
    expect(timeSaleShownState(sale(5, 0, 5), running, at(5))).toBe('ENDED');
  });
});
