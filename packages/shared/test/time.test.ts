import { describe, expect, it } from 'vitest';
import {
  dayGateOpen,
  fixedClock,
  formatKst,
  isKstWeekend,
  kstDate,
  kstDateString,
  kstParts,
  kstText,
} from '../src/time.ts';

describe('KST helpers', () => {
  it('reads wall-clock fields in Asia/Seoul, not UTC', () => {
    // 2026-11-21 16:30 UTC is 2026-11-22 01:30 KST (a Sunday).
    const p = kstParts(new Date('2026-11-21T16:30:00Z'));
    expect(p).toMatchObject({ year: 2026, month: 11, day: 22, hour: 1, minute: 30, weekday: 0 });
    expect(kstDateString(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22');
  });
  it('kstDate is the inverse of kstParts', () => {
    const d = kstDate(2025, 3, 17, 0, 0);
    expect(d.toISOString()).toBe('2025-03-16T15:00:00.000Z');
  });
  it('weekend is Fri–Sun KST, weekday Mon–Thu (SPEC.md §9)', () => {
    // 2026-11-16 is a Monday.
    const days = [16, 17, 18, 19, 20, 21, 22].map((d) => isKstWeekend(kstDate(2026, 11, d, 12)));
    expect(days).toEqual([false, false, false, false, true, true, true]);
    // Thursday 23:59 KST is still a weekday even though it is Thursday 14:59 UTC.
    expect(isKstWeekend(kstDate(2026, 11, 19, 23, 59))).toBe(false);
    // Friday 00:30 KST is Thursday 15:30 UTC: weekend in KST.
    expect(isKstWeekend(kstDate(2026, 11, 20, 0, 30))).toBe(true);
  });
  it("formats every shown time in KST, not the viewer's zone", () => {
    // A 1:1 answer given at 00:35 KST on 11/29 is 15:35 UTC on 11/28.
    expect(formatKst('2026-11-28T15:35:00Z', 'datetime')).toBe('2026.11.29 00:35');
    expect(formatKst(new Date('2026-11-28T15:35:00Z'), 'date')).toBe('2026.11.29');
    expect(formatKst('2026-11-28T15:35:00Z', 'time')).toBe('00:35');
    expect(formatKst('2026-11-28T15:35:00Z', 'md')).toBe('11.29(일) 00:35');
    expect(kstText(null, 'date', '—')).toBe('—');
    expect(kstText('not a date', 'date')).toBe('');
    expect(kstText('2026-11-28T15:35:00.000Z', 'datetime')).toBe('2026.11.29 00:35');
  });
  it('day gates: WEEKDAY shows Mon–Thu, WEEKEND Fri–Sun, ALL every day, by the injected clock (KST)', () => {
    const week = [16, 17, 18, 19, 20, 21, 22].map((d) => fixedClock(kstDate(2026, 11, d, 12)));
    expect(week.map((c) => dayGateOpen('WEEKDAY', c))).toEqual([true, true, true, true, false, false, false]);
    expect(week.map((c) => dayGateOpen('WEEKEND', c))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(week.every((c) => dayGateOpen('ALL', c))).toBe(true);
    // Friday 00:30 KST is still Thursday in UTC: the gate follows KST.
    const friEarly = fixedClock(kstDate(2026, 11, 20, 0, 30));
    expect(dayGateOpen('WEEKEND', friEarly)).toBe(true);
    expect(dayGateOpen('WEEKDAY', friEarly)).toBe(false);
  });
});
