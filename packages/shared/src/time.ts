import { TIME_ZONE } from './constants.ts';

/** A clock that can be replaced in tests: time-gated rules take one instead of calling Date.now(). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export function fixedClock(at: Date | string): Clock {
  const d = new Date(at);
  return { now: () => new Date(d) };
}

const KST_OFFSET_MS = 9 * 60 * 60 * 1000; // Korea has no daylight saving time.

export type KstParts = {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday, in KST. */
  weekday: number;
};

/** Calendar fields of an instant as seen in Asia/Seoul. */
export function kstParts(at: Date): KstParts {
  const k = new Date(at.getTime() + KST_OFFSET_MS);
  return {
    year: k.getUTCFullYear(),
    month: k.getUTCMonth() + 1,
    day: k.getUTCDate(),
    hour: k.getUTCHours(),
    minute: k.getUTCMinutes(),
    weekday: k.getUTCDay(),
  };
}

/** The instant of a KST wall-clock time. */
export function kstDate(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - KST_OFFSET_MS);
}

/** SPEC.md §9: weekday means Mon–Thu and weekend means Fri–Sun (KST). */
export function isKstWeekend(at: Date): boolean {
  const wd = kstParts(at).weekday;
  return wd === 5 || wd === 6 || wd === 0;
}

/**
 * SPEC.md §9 "Time and money": time-gated banners and tabs use KST; weekday means Mon–Thu and
 * weekend means Fri–Sun. ALL shows every day.
 */
export const DAY_GATES = ['ALL', 'WEEKDAY', 'WEEKEND'] as const;
export type DayGate = (typeof DAY_GATES)[number];

/** Whether something gated to `gate` shows at the clock's now (KST). */
export function dayGateOpen(gate: DayGate, clock: Clock): boolean {
  if (gate === 'ALL') return true;
  return isKstWeekend(clock.now()) === (gate === 'WEEKEND');
}

/** "2026-11-21" in KST. */
export function kstDateString(at: Date): string {
  const p = kstParts(at);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export { TIME_ZONE };

const pad2 = (n: number) => String(n).padStart(2, '0');

export type KstStyle = 'date' | 'time' | 'datetime' | 'md';

/**
 * An instant as the shop shows it, in KST whatever the viewer's own time zone: 'date' →
 * "2026.11.21", 'time' → "14:05", 'datetime' → "2026.11.21 14:05", 'md' → "11.21(토) 14:05".
 * Every date or time a person sees (storefront, back office, server-written text) goes through
 * here; it takes a Date or the API's ISO text.
 */
export function formatKst(at: Date | string, style: KstStyle): string {
  const p = kstParts(typeof at === 'string' ? new Date(at) : at);
  const date = `${p.year}.${pad2(p.month)}.${pad2(p.day)}`;
  const time = `${pad2(p.hour)}:${pad2(p.minute)}`;
  if (style === 'date') return date;
  if (style === 'time') return time;
  if (style === 'md') return `${pad2(p.month)}.${pad2(p.day)}(${'일월화수목금토'[p.weekday]}) ${time}`;
  return `${date} ${time}`;
}

/** formatKst for a value that may be missing or unreadable: `empty` ('' unless told) then. */
export function kstText(at: Date | string | null | undefined, style: KstStyle, empty = ''): string {
  if (at == null || at === '') return empty;
  const d = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(d.getTime()) ? empty : formatKst(d, style);
}

/**
 * An instant as the value of a datetime-local input read as KST ("2026-11-21T14:05"): what the
 * back office's time fields hold (SPEC.md §9 "Time and money": KST).
 */
export function kstDatetimeLocal(at: Date | string): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const p = kstParts(d);
  return `${kstDateString(d)}T${pad2(p.hour)}:${pad2(p.minute)}`;
}
