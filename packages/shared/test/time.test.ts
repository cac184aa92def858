import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayGateOpen,
  fixedClock,
  formatKst,
  isKstWeekend,
  kstDate,
  kstDateString,
  kstDatetimeLocal,
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
  it("a datetime-local value is the KST wall clock, whatever the viewer's zone", () => {
    // 15:35 UTC on 11/28 is 00:35 KST on 11/29: the date rolls over too.
    expect(kstDatetimeLocal('2026-11-28T15:35:00Z')).toBe('2026-11-29T00:35');
    expect(kstDatetimeLocal(new Date('2026-12-31T14:59:00Z'))).toBe('2026-12-31T23:59');
    expect(kstDatetimeLocal(kstDate(2027, 1, 1, 9, 5))).toBe('2027-01-01T09:05');
  });
  it('agrees with the time-zone database for Asia/Seoul (the journeys check the pages against these helpers)', () => {
    const seoul = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Seoul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const at = new Date(ms);
        const f = Object.fromEntries(seoul.formatToParts(at).map((x) => [x.type, x.value]));
        expect(formatKst(at, 'datetime')).toBe(`${f.year}.${f.month}.${f.day} ${f.hour}:${f.minute}`);
        expect(kstDatetimeLocal(at)).toBe(`${f.year}-${f.month}-${f.day}T${f.hour}:${f.minute}`);
        expect(kstParts(at).weekday).toBe(WEEKDAYS.indexOf(f.weekday as string));
      }),
      { numRuns: 500 },
    );
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

/** Every .ts/.tsx file under a folder (node_modules and build output left out). */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'build') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

describe('KST goes through time.ts', () => {
  // "9 * 3_600_000", "9 * 3600_000", "9 * 3600", "9 * 60 * 60", "32_400_000", "getUTCHours() + 9"
  // and the like.
  const HAND_OFFSET =
    /\b9\s*\*\s*(?:3_?600(?:_?000)?|60\s*\*\s*60)\b|\b32_?400(?:_?000)?\b|getTimezoneOffset|getUTC\w+\(\)\s*\+\s*9\b/;

  it('the scan recognises the hand-written forms (and not the helpers)', () => {
    for (const hand of [
      'new Date(Date.now() + 9 * 3_600_000)',
      'new Date(ms + 9 * 3600_000).getUTCDay()',
      'const KST = 9 * 60 * 60 * 1000',
      'at.getTime() + 32_400_000',
      '(d.getUTCHours() + 9) % 24',
      'new Date().getTimezoneOffset()',
    ]) {
      expect(HAND_OFFSET.test(hand), hand).toBe(true);
    }
    for (const fine of ["formatKst(new Date(), 'date')", 'Date.now() + 86_400_000', 'kstDatetimeLocal(ms)']) {
      expect(HAND_OFFSET.test(fine), fine).toBe(false);
    }
  });

  it('no source file or journey computes the +9 h offset by hand (SPEC.md §9 "Time and money": KST)', () => {
    const root = join(import.meta.dirname, '../../..');
    // The journeys (e2e/) too: what they expect a page to show comes from the same helpers.
    const dirs = ['packages/shared/src', 'apps/api/src', 'apps/api/seed', 'apps/web/app', 'e2e'];
    const offenders = dirs
      .flatMap((d) => sourceFiles(join(root, d)))
      .filter((f) => !f.endsWith(join('packages/shared/src/time.ts')))
      .filter((f) => HAND_OFFSET.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(root.length + 1));
    expect(offenders).toEqual([]);
  });
});
