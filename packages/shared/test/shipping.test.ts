import { describe, expect, it } from 'vitest';
import {
  isAlmostSoldOut,
  SPEC_ALMOST_SOLD_OUT_WINDOW,
  shippingPromise,
  shippingTypeOf,
} from '../src/shipping.ts';
import { fixedClock, kstDate } from '../src/time.ts';

const TODAY = { today_shipping: true, fast_shipping_cutoff: null, force_today_shipping: false };
const FAST_11 = { today_shipping: false, fast_shipping_cutoff: 11, force_today_shipping: false };
const FAST_12 = { today_shipping: false, fast_shipping_cutoff: 12, force_today_shipping: false };
const STANDARD = { today_shipping: false, fast_shipping_cutoff: null, force_today_shipping: false };
const FORCED = { ...STANDARD, force_today_shipping: true };
const at = (day: number, h: number, m: number) => fixedClock(kstDate(2026, 11, day, h, m));

// 2026-11-18 is a Wednesday (weekday), 2026-11-20 a Friday and 2026-11-21 a Saturday (weekend).
describe('the badge and the sentence name one dispatch day (SPEC.md §9 "Shipping rules")', () => {
  it('today_shipping says 오늘출발 only while an order still leaves today', () => {
    // Wednesday 12:00 (after the cut-off), Friday 12:00, Saturday and Sunday morning.
    expect(shippingPromise(TODAY, at(18, 11, 59)).label).toBe('오늘출발');
    expect(shippingPromise(TODAY, at(18, 12, 0))).toMatchObject({
      label: '내일출발',
      message: expect.stringContaining('내일(목) 출발'),
    });
    expect(shippingPromise(FORCED, at(20, 12, 0))).toMatchObject({
      label: '월요일 출발',
      message: expect.stringContaining('11/23(월) 출발'),
    });
    expect(shippingPromise(TODAY, at(21, 9, 0)).label).toBe('월요일 출발');
    expect(shippingPromise(TODAY, at(22, 9, 0))).toMatchObject({
      label: '내일출발',
      message: expect.stringContaining('내일(월) 출발'),
    });
  });

  it('over a whole week, hour by hour, the badge never promises a day the sentence does not', () => {
    for (let day = 16; day <= 22; day++) {
      for (let h = 0; h < 24; h++) {
        for (const rule of [TODAY, FORCED, FAST_11, FAST_12, STANDARD]) {
          const p = shippingPromise(rule, at(day, h, 30));
          const today = `2026-11-${day}`;
          if (p.label === '오늘출발') {
            expect(p.dispatch_date).toBe(today);
            expect(p.message).toContain('오늘 출발');
          }
          if (p.dispatch_date !== today) {
            expect(p.label).not.toContain('오늘');
            expect(p.message).not.toContain('오늘 출발');
          }
          if (p.label === '내일출발') expect(p.message).toMatch(/내일\([월화수목금]\) 출발/);
          const named = /^(.)요일 출발$/.exec(p.label);
          if (named) expect(p.message).toContain(`(${named[1]}) 출발`);
        }
      }
    }
  });
});

describe('shipping promise (SPEC.md §9)', () => {
  it('today_shipping on a weekday: 11:59 KST leaves today and arrives tomorrow, 12:00 leaves tomorrow', () => {
    const before = shippingPromise(TODAY, at(18, 11, 59));
    expect(before).toMatchObject({
      shipping_type: 'today',
      cutoff_hour: 12,
      is_weekend: false,
      is_before_cutoff: true,
      dispatch_date: '2026-11-18',
      arrival_date: '2026-11-19',
      label: '오늘출발',
    });
    expect(before.cutoff_at).toBe(kstDate(2026, 11, 18, 12, 0).toISOString());
    expect(before.message).toContain('오늘 출발');
    const after = shippingPromise(TODAY, at(18, 12, 0));
    expect(after).toMatchObject({
      is_before_cutoff: false,
      cutoff_at: null,
      dispatch_date: '2026-11-19',
      arrival_date: '2026-11-20',
    });
    expect(after.message).not.toContain('오늘 출발');
  });

  it('today_shipping on the weekend: Friday 11:59 leaves Friday and arrives Monday; 12:00 leaves Monday', () => {
    const fri = shippingPromise(TODAY, at(20, 11, 59));
    expect(fri).toMatchObject({
      is_weekend: true,
      is_before_cutoff: true,
      dispatch_date: '2026-11-20',
      arrival_date: '2026-11-23',
    });
    const friLate = shippingPromise(TODAY, at(20, 12, 0));
    expect(friLate).toMatchObject({
      is_before_cutoff: false,
      dispatch_date: '2026-11-23',
      arrival_date: '2026-11-24',
    });
    // Saturday has no dispatch even before 12:00.
    for (const [h, m] of [
      [11, 59],
      [12, 0],
    ] as const) {
      const sat = shippingPromise(TODAY, at(21, h, m));
      expect(sat).toMatchObject({
        is_weekend: true,
        is_before_cutoff: false,
        dispatch_date: '2026-11-23',
        arrival_date: '2026-11-24',
      });
    }
  });

  it('fast_shipping uses the brand cut-off: 11:00 for one brand, 12:00 for the others', () => {
    expect(shippingPromise(FAST_11, at(18, 10, 59))).toMatchObject({
      shipping_type: 'fast',
      cutoff_hour: 11,
      is_before_cutoff: true,
      dispatch_date: '2026-11-18',
      label: '빠른배송',
    });
    expect(shippingPromise(FAST_11, at(18, 11, 0))).toMatchObject({
      is_before_cutoff: false,
      dispatch_date: '2026-11-19',
    });
    expect(shippingPromise(FAST_12, at(18, 11, 59))).toMatchObject({
      is_before_cutoff: true,
      dispatch_date: '2026-11-18',
    });
    expect(shippingPromise(FAST_12, at(18, 12, 0))).toMatchObject({
      is_before_cutoff: false,
      dispatch_date: '2026-11-19',
    });
    // Thursday after the cut-off: Friday dispatch, Monday arrival.
    expect(shippingPromise(FAST_12, at(19, 12, 0))).toMatchObject({
      is_weekend: false,
      dispatch_date: '2026-11-20',
      arrival_date: '2026-11-23',
    });
  });

  it('forced product ids ship today even from a standard brand; standard ships in 2 business days', () => {
    expect(shippingTypeOf(FORCED)).toEqual({ type: 'today', cutoff: 12 });
    expect(shippingPromise(FORCED, at(18, 11, 59))).toMatchObject({
      shipping_type: 'today',
      dispatch_date: '2026-11-18',
    });
    const std = shippingPromise(STANDARD, at(18, 9, 0));
    expect(std).toMatchObject({
      shipping_type: 'standard',
      cutoff_hour: null,
      is_before_cutoff: false,
      dispatch_date: '2026-11-20',
      arrival_date: '2026-11-23',
      label: '일반배송',
    });
    expect(shippingPromise(STANDARD, at(21, 9, 0))).toMatchObject({ dispatch_date: '2026-11-24' });
  });

  it('the cut-off is read in KST, not UTC (11:59 KST is 02:59 UTC)', () => {
    const p = shippingPromise(TODAY, fixedClock('2026-11-18T02:59:00Z'));
    expect(p.is_before_cutoff).toBe(true);
    expect(shippingPromise(TODAY, fixedClock('2026-11-18T03:00:00Z')).is_before_cutoff).toBe(false);
  });
});

describe('isAlmostSoldOut (SPEC.md §9: flagged from 2024-08-08 10:00 to 2024-08-11 11:59)', () => {
  const w = SPEC_ALMOST_SOLD_OUT_WINDOW;
  const at = (d: number, h: number, m = 0, s = 0) => new Date(kstDate(2024, 8, d, h, m).getTime() + s * 1000);
  it('is flagged from the first minute through the last minute of the window, in KST', () => {
    expect(isAlmostSoldOut({ ...w, now: at(8, 9, 59, 59), sellable: 3 })).toBe(false);
    expect(isAlmostSoldOut({ ...w, now: at(8, 10), sellable: 3 })).toBe(true);
    expect(isAlmostSoldOut({ ...w, now: at(10, 3), sellable: 3 })).toBe(true);
    expect(isAlmostSoldOut({ ...w, now: at(11, 11, 59, 59), sellable: 3 })).toBe(true);
    expect(isAlmostSoldOut({ ...w, now: at(11, 12), sellable: 3 })).toBe(false);
  });
  it('a sold-out colourway is 품절, not 품절임박; no window, no flag', () => {
    expect(isAlmostSoldOut({ ...w, now: at(9, 12), sellable: 0 })).toBe(false);
    expect(isAlmostSoldOut({ from: null, until: null, now: at(9, 12), sellable: 3 })).toBe(false);
  });
});
