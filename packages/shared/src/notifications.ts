/**
 * Notifications and their pushes (docs/ARCHITECTURE.md, "Notifications"; SPEC.md §3 "User global
 * status" alarm state is_app_alert, is_benefit_alert, is_nighttime_alert). The in-app row is always
 * written; whether it is also pushed to the phone is decided here, with the caller's clock:
 *   - nothing is pushed without is_app_alert;
 *   - transactional kinds (the member's own orders, claims, tickets, curations) push at any hour;
 *   - every other kind is benefit/marketing-like (coupons, review and point credits, marketing):
 *     it needs is_benefit_alert too, and between 21:00 and 08:00 KST it waits for 08:00 unless the
 *     member agreed to night-time alerts (is_nighttime_alert).
 */
import { kstDate, kstDateString, kstParts } from './time.ts';

export const NOTIFICATION_KINDS = [
  'ORDER',
  'CLAIM',
  'TICKET',
  'CURATION',
  'COUPON',
  'REVIEW',
  'POINT',
  'MARKETING',
  'GENERAL',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds about the member's own transactions: pushed at any hour (still only with is_app_alert). */
export const TRANSACTIONAL_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'ORDER',
  'CLAIM',
  'TICKET',
  'CURATION',
];

/** The label the notification list shows beside each row. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  ORDER: '주문·배송',
  CLAIM: '반품·교환',
  TICKET: '문의',
  CURATION: '코디',
  COUPON: '쿠폰',
  REVIEW: '후기',
  POINT: '포인트',
  MARKETING: '혜택',
  GENERAL: '알림',
};

export function isNotificationKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/**
 * Whether a kind obeys the benefit/marketing flag and the night-time rule. Unknown kinds (and
 * GENERAL) count as marketing: a push held back is cheaper than one sent without consent.
 */
export function isBenefitNotificationKind(kind: string): boolean {
  return !(TRANSACTIONAL_NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/** The night-time window, KST: from 21:00 (inclusive) to 08:00 (exclusive). */
export const NIGHT_START_HOUR_KST = 21;
export const NIGHT_END_HOUR_KST = 8;

export function isKstNightTime(at: Date): boolean {
  const { hour } = kstParts(at);
  return hour >= NIGHT_START_HOUR_KST || hour < NIGHT_END_HOUR_KST;
}

/** The next 08:00 KST strictly after `at` when `at` is at night; `at` itself during the day. */
export function nightTimeEnd(at: Date): Date {
  if (!isKstNightTime(at)) return at;
  const p = kstParts(at);
  const day = p.hour >= NIGHT_START_HOUR_KST ? p.day + 1 : p.day;
  return kstDate(p.year, p.month, day, NIGHT_END_HOUR_KST);
}

export type PushFlags = {
  is_app_alert: boolean;
  is_benefit_alert: boolean;
  is_nighttime_alert: boolean;
};

export type PushDecision =
  | { action: 'SEND' }
  | { action: 'SKIP'; reason: 'app_alert_off' | 'benefit_alert_off' | 'inactive' }
  | { action: 'HOLD'; until: Date };

/** Whether a notification of `kind` is pushed now, held until the morning, or not pushed. */
export function decidePush(
  kind: string,
  flags: PushFlags & { is_active?: boolean },
  now: Date,
): PushDecision {
  if (flags.is_active === false) return { action: 'SKIP', reason: 'inactive' };
  if (!flags.is_app_alert) return { action: 'SKIP', reason: 'app_alert_off' };
  if (!isBenefitNotificationKind(kind)) return { action: 'SEND' };
  if (!flags.is_benefit_alert) return { action: 'SKIP', reason: 'benefit_alert_off' };
  if (isKstNightTime(now) && !flags.is_nighttime_alert) return { action: 'HOLD', until: nightTimeEnd(now) };
  return { action: 'SEND' };
}

/** Days before a coupon's expiry that its member is told (once per coupon). */
export const COUPON_EXPIRY_NOTICE_DAYS = 3;

/**
 * The push service's tags for a member, set at every login (SPEC.md §4 "Session": "It then sets
 * analytics and push attributes") and again when the alarm switches change: the experiment
 * groups (so a campaign can target one arm), how they signed in, the three alarm switches (so a
 * segment never targets someone who said no) and the KST date of the last login. Values are
 * strings, as the push service stores tags.
 */
export function loginPushTags(input: {
  abType: string;
  subAbType: string;
  /** How they signed in; absent when only the alarm switches changed. */
  method?: string;
  is_app_alert: boolean;
  is_benefit_alert: boolean;
  is_nighttime_alert: boolean;
  now: Date;
}): Record<string, string> {
  const yesNo = (b: boolean) => (b ? '1' : '0');
  const tags: Record<string, string> = {
    ab_type: input.abType,
    sub_ab_type: input.subAbType,
    app_alert: yesNo(input.is_app_alert),
    benefit_alert: yesNo(input.is_benefit_alert),
    nighttime_alert: yesNo(input.is_nighttime_alert),
  };
  if (input.method) {
    tags.login_method = input.method;
    tags.last_login = kstDateString(input.now);
  }
  return tags;
}

/** The push service's subscription kinds that are a phone app's push (OneSignal's `type`). */
export const APP_PUSH_SUBSCRIPTION_TYPES = ['iOSPush', 'AndroidPush', 'HuaweiPush', 'FireOSPush'] as const;

/**
 * Whether a subscription the push service holds for a member is a phone app's push that can
 * actually be delivered: an app push type, enabled, and — when the service says — with the
 * operating system's permission (OneSignal's `notification_types` is positive when subscribed,
 * negative when the user refused or turned it off). The push-consent mission is paid on this, not
 * on a switch the web page can flip (docs/ARCHITECTURE.md, "Notifications").
 */
export function isDeliverableAppPush(sub: {
  type?: unknown;
  enabled?: unknown;
  notification_types?: unknown;
}): boolean {
  if (!(APP_PUSH_SUBSCRIPTION_TYPES as readonly unknown[]).includes(sub.type)) return false;
  if (sub.enabled !== true) return false;
  return typeof sub.notification_types !== 'number' || sub.notification_types > 0;
}
