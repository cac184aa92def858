/**
 * SPEC.md §9 shipping rules as one pure function, shared by the API (`/api/products/shipping-info`)
 * and the product page's shipping promise.
 *
 * - today_shipping brands (and forced product ids) dispatch the same day when ordered before
 *   12:00 KST; fast_shipping brands dispatch the same day before their own cut-off (12:00, one
 *   brand 11:00) and promise next-day arrival; everything else is standard shipping.
 * - Weekday means Mon–Thu and weekend Fri–Sun (KST). Couriers dispatch and deliver Mon–Fri, so
 *   on a weekday a same-day dispatch arrives the next day, and on the weekend it arrives on Monday;
 *   after the cut-off (or on Saturday and Sunday) dispatch moves to the next business day.
 */
import { type Clock, isKstWeekend, kstDate, kstDateString, kstParts } from './time.ts';

export const TODAY_SHIPPING_CUTOFF_HOUR = 12;
/** Standard shipping: dispatched within this many business days of the order. */
export const STANDARD_DISPATCH_DAYS = 2;

export type ShippingType = 'today' | 'fast' | 'standard';

export type ShippingRuleInput = {
  /** The brand ships the same day when ordered before 12:00 KST. */
  today_shipping: boolean;
  /** The brand's fast_shipping cut-off hour (KST), null without fast shipping. */
  fast_shipping_cutoff: number | null;
  /** The product id is forced to today shipping. */
  force_today_shipping: boolean;
};

export type ShippingPromise = {
  shipping_type: ShippingType;
  /** KST hour before which an order counts for today's dispatch; null for standard shipping. */
  cutoff_hour: number | null;
  /** Weekend (Fri–Sun KST) or weekday (Mon–Thu). */
  is_weekend: boolean;
  /** The order (now) is before today's cut-off on a dispatch day. */
  is_before_cutoff: boolean;
  /** Today's cut-off instant (ISO) while it is still ahead, for a countdown; null otherwise. */
  cutoff_at: string | null;
  /** KST date the parcel leaves. */
  dispatch_date: string;
  /** KST date it is expected to arrive. */
  arrival_date: string;
  /** Short badge: 오늘출발 (내일출발, 월요일 출발 once today's cut-off has passed), 빠른배송, 일반배송. */
  label: string;
  /** The promise in one Korean sentence. */
  message: string;
};

const WEEKDAY_KO = ['일', '월', '화', '수', '목', '금', '토'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Mon–Fri in KST: the days couriers dispatch and deliver. */
function isBusinessDay(at: Date): boolean {
  const wd = kstParts(at).weekday;
  return wd >= 1 && wd <= 5;
}

/** The KST noon of the day `n` business days after `at`'s day (n ≥ 1). */
function addBusinessDays(at: Date, n: number): Date {
  const p = kstParts(at);
  let d = kstDate(p.year, p.month, p.day, 12);
  let left = n;
  while (left > 0) {
    d = new Date(d.getTime() + DAY_MS);
    if (isBusinessDay(d)) left -= 1;
  }
  return d;
}

function dayLabel(now: Date, day: Date): string {
  const today = kstDateString(now);
  const tomorrow = kstDateString(new Date(now.getTime() + DAY_MS));
  const s = kstDateString(day);
  const p = kstParts(day);
  if (s === today) return '오늘';
  if (s === tomorrow) return `내일(${WEEKDAY_KO[p.weekday]})`;
  return `${p.month}/${p.day}(${WEEKDAY_KO[p.weekday]})`;
}

/**
 * The short badge beside the promise, from the same dispatch day as the sentence (SPEC.md §9
 * "Shipping rules"): a today_shipping product says 오늘출발 only while an order still leaves today
 * (before 12:00 KST on a dispatch day); after the cut-off or on the weekend it names the day it
 * leaves (내일출발, 월요일 출발), so the badge never says today beside "내일(월) 출발".
 */
function shippingBadge(type: ShippingType, now: Date, dispatch: Date): string {
  if (type === 'fast') return '빠른배송';
  if (type === 'standard') return '일반배송';
  const day = dayLabel(now, dispatch);
  if (day === '오늘') return '오늘출발';
  if (day.startsWith('내일')) return '내일출발';
  return `${WEEKDAY_KO[kstParts(dispatch).weekday]}요일 출발`;
}

export function shippingTypeOf(rule: ShippingRuleInput): { type: ShippingType; cutoff: number | null } {
  if (rule.force_today_shipping || rule.today_shipping) {
    return { type: 'today', cutoff: TODAY_SHIPPING_CUTOFF_HOUR };
  }
  if (
    rule.fast_shipping_cutoff !== null &&
    rule.fast_shipping_cutoff >= 0 &&
    rule.fast_shipping_cutoff <= 23
  ) {
    return { type: 'fast', cutoff: rule.fast_shipping_cutoff };
  }
  return { type: 'standard', cutoff: null };
}

export function shippingPromise(rule: ShippingRuleInput, clock: Clock): ShippingPromise {
  const now = clock.now();
  const p = kstParts(now);
  const { type, cutoff } = shippingTypeOf(rule);
  const weekend = isKstWeekend(now);
  const cutoffInstant = cutoff === null ? null : kstDate(p.year, p.month, p.day, cutoff);
  const beforeCutoff =
    cutoffInstant !== null && isBusinessDay(now) && now.getTime() < cutoffInstant.getTime();

  let dispatch: Date;
  if (type === 'standard') dispatch = addBusinessDays(now, STANDARD_DISPATCH_DAYS);
  else if (beforeCutoff) dispatch = now;
  else dispatch = addBusinessDays(now, 1);
  const arrival = addBusinessDays(dispatch, 1);

  const label = shippingBadge(type, now, dispatch);
  let message: string;
  if (type === 'standard') {
    message = `${dayLabel(now, dispatch)} 출발 예정, ${dayLabel(now, arrival)} 도착 예정`;
  } else if (beforeCutoff) {
    message = `${cutoff}시 전 주문 시 오늘 출발, ${dayLabel(now, arrival)} 도착 예정`;
  } else {
    message = `지금 주문하면 ${dayLabel(now, dispatch)} 출발, ${dayLabel(now, arrival)} 도착 예정`;
  }
  return {
    shipping_type: type,
    cutoff_hour: cutoff,
    is_weekend: weekend,
    is_before_cutoff: beforeCutoff,
    cutoff_at: beforeCutoff && cutoffInstant ? cutoffInstant.toISOString() : null,
    dispatch_date: kstDateString(dispatch),
    arrival_date: kstDateString(arrival),
    label,
    message,
  };
}

/**
 * SPEC.md §9 "Shipping rules": "Some products were flagged almost sold-out from 2024-08-08 10:00
 * to 2024-08-11 11:59." A colourway carries such a window (the back office sets it); within it
 * the shop shows 품절임박. The end is a minute and is included (11:59 means until 11:59:59). A
 * colourway that has sold out completely is 품절, never 품절임박.
 */
export const SPEC_ALMOST_SOLD_OUT_WINDOW = {
  from: kstDate(2024, 8, 8, 10, 0),
  until: kstDate(2024, 8, 11, 11, 59),
} as const;

export function isAlmostSoldOut(input: {
  from: Date | null;
  until: Date | null;
  now: Date;
  /** Units still for sale across the colourway's sizes. */
  sellable: number;
}): boolean {
  if (!input.from || !input.until || input.sellable <= 0) return false;
  const t = input.now.getTime();
  return t >= input.from.getTime() && t < input.until.getTime() + 60_000;
}
