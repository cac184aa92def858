import { describe, expect, it } from 'vitest';
import {
  decidePush,
  isBenefitNotificationKind,
  isDeliverableAppPush,
  isKstNightTime,
  loginPushTags,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  nightTimeEnd,
} from '../src/notifications.ts';
import { kstDate } from '../src/time.ts';

const all = { is_app_alert: true, is_benefit_alert: true, is_nighttime_alert: true };
const day = kstDate(2026, 11, 20, 12);
const night = kstDate(2026, 11, 20, 22, 30);

describe('the night-time window (21:00–08:00 KST)', () => {
  it('starts at 21:00 and ends at 08:00 KST', () => {
    expect(isKstNightTime(kstDate(2026, 11, 20, 20, 59))).toBe(false);
    expect(isKstNightTime(kstDate(2026, 11, 20, 21, 0))).toBe(true);
    expect(isKstNightTime(kstDate(2026, 11, 21, 7, 59))).toBe(true);
    expect(isKstNightTime(kstDate(2026, 11, 21, 8, 0))).toBe(false);
  });
  it('ends at the next 08:00 KST, across a month end', () => {
    expect(nightTimeEnd(night)).toEqual(kstDate(2026, 11, 21, 8));
    expect(nightTimeEnd(kstDate(2026, 11, 21, 3))).toEqual(kstDate(2026, 11, 21, 8));
    expect(nightTimeEnd(kstDate(2026, 11, 30, 23))).toEqual(kstDate(2026, 12, 1, 8));
    expect(nightTimeEnd(day)).toEqual(day);
  });
});

describe('decidePush', () => {
  it('pushes nothing without the app alert flag', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(decidePush(kind, { ...all, is_app_alert: false }, day)).toEqual({
        action: 'SKIP',
        reason: 'app_alert_off',
      });
    }
  });
  it('pushes nothing to a withdrawn member', () => {
    expect(decidePush('ORDER', { ...all, is_active: false }, day).action).toBe('SKIP');
  });
  it('pushes transactional kinds at any hour, without the benefit flag', () => {
    const flags = { is_app_alert: true, is_benefit_alert: false, is_nighttime_alert: false };
    for (const kind of ['ORDER', 'CLAIM', 'TICKET', 'CURATION']) {
      expect(isBenefitNotificationKind(kind)).toBe(false);
      expect(decidePush(kind, flags, night)).toEqual({ action: 'SEND' });
    }
  });
  it('needs the benefit flag for benefit and marketing kinds (unknown kinds included)', () => {
    for (const kind of ['COUPON', 'REVIEW', 'POINT', 'MARKETING', 'GENERAL', 'SOMETHING']) {
      expect(isBenefitNotificationKind(kind)).toBe(true);
      expect(decidePush(kind, { ...all, is_benefit_alert: false }, day)).toEqual({
        action: 'SKIP',
        reason: 'benefit_alert_off',
      });
      expect(decidePush(kind, all, day)).toEqual({ action: 'SEND' });
    }
  });
  it('holds marketing at night until 08:00 KST unless night-time alerts are on', () => {
    const flags = { ...all, is_nighttime_alert: false };
    expect(decidePush('COUPON', flags, night)).toEqual({ action: 'HOLD', until: kstDate(2026, 11, 21, 8) });
    expect(decidePush('MARKETING', all, night)).toEqual({ action: 'SEND' });
    expect(decidePush('COUPON', flags, kstDate(2026, 11, 21, 8))).toEqual({ action: 'SEND' });
  });
  it('labels every kind', () => {
    for (const kind of NOTIFICATION_KINDS) expect(NOTIFICATION_KIND_LABELS[kind]).toBeTruthy();
  });
});

describe('loginPushTags (SPEC.md §4 "Session": push attributes at login)', () => {
  const base = {
    abType: 'B',
    subAbType: 'C',
    is_app_alert: true,
    is_benefit_alert: false,
    is_nighttime_alert: true,
    // 2026-11-27 23:30 KST is still the 27th in Seoul although it is the 27th 14:30 UTC
    now: new Date(Date.UTC(2026, 10, 27, 14, 30)),
  };
  it('carries the groups, the switches as 1/0 and, at a login, the method and the KST date', () => {
    expect(loginPushTags({ ...base, method: 'kakao' })).toEqual({
      ab_type: 'B',
      sub_ab_type: 'C',
      app_alert: '1',
      benefit_alert: '0',
      nighttime_alert: '1',
      login_method: 'kakao',
      last_login: '2026-11-27',
    });
  });
  it('uses the Seoul date, not the UTC one, just after midnight KST', () => {
    const tags = loginPushTags({ ...base, method: 'phone', now: new Date(Date.UTC(2026, 10, 27, 15, 5)) });
    expect(tags.last_login).toBe('2026-11-28');
  });
  it('leaves the login fields out when only the switches changed', () => {
    const tags = loginPushTags(base);
    expect(tags).not.toHaveProperty('login_method');
    expect(tags).not.toHaveProperty('last_login');
  });
});

describe('isDeliverableAppPush (the push-consent mission needs a real app permission)', () => {
  it('is an enabled phone push subscription with the system permission', () => {
    expect(isDeliverableAppPush({ type: 'iOSPush', enabled: true, notification_types: 1 })).toBe(true);
    expect(isDeliverableAppPush({ type: 'AndroidPush', enabled: true })).toBe(true);
  });
  it('refuses web push, e-mail and SMS, a disabled one, and a refused system permission', () => {
    expect(isDeliverableAppPush({ type: 'ChromePush', enabled: true, notification_types: 1 })).toBe(false);
    expect(isDeliverableAppPush({ type: 'Email', enabled: true })).toBe(false);
    expect(isDeliverableAppPush({ type: 'iOSPush', enabled: false, notification_types: 1 })).toBe(false);
    expect(isDeliverableAppPush({ type: 'AndroidPush', enabled: true, notification_types: -2 })).toBe(false);
    expect(isDeliverableAppPush({})).toBe(false);
  });
});
