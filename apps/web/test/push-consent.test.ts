import { MARKETING_PUSH_POPUP_REPEAT_DAYS } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import { nextPushConsentDate, shouldShowPushConsent } from '../app/lib/push-consent.ts';

const now = new Date('2026-11-22T00:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('shouldShowPushConsent', () => {
  it('shows in the app for a logged-in user without a stored date', () => {
    expect(shouldShowPushConsent({ isApp: true, isLoggedIn: true, storedDate: null, now })).toBe(true);
  });
  it('never shows outside the app or for guests', () => {
    expect(shouldShowPushConsent({ isApp: false, isLoggedIn: true, storedDate: null, now })).toBe(false);
    expect(shouldShowPushConsent({ isApp: true, isLoggedIn: false, storedDate: null, now })).toBe(false);
    expect(shouldShowPushConsent({ isApp: false, isLoggedIn: false, storedDate: daysAgo(30), now })).toBe(
      false,
    );
  });
  it('repeats only after 7 days', () => {
    expect(MARKETING_PUSH_POPUP_REPEAT_DAYS).toBe(7);
    const base = { isApp: true, isLoggedIn: true, now };
    expect(shouldShowPushConsent({ ...base, storedDate: daysAgo(1) })).toBe(false);
    expect(shouldShowPushConsent({ ...base, storedDate: daysAgo(6.99) })).toBe(false);
    expect(shouldShowPushConsent({ ...base, storedDate: daysAgo(7) })).toBe(true);
    expect(shouldShowPushConsent({ ...base, storedDate: daysAgo(20) })).toBe(true);
  });
  it('treats an unreadable stored date as absent', () => {
    expect(shouldShowPushConsent({ isApp: true, isLoggedIn: true, storedDate: 'garbage', now })).toBe(true);
  });
});

describe('nextPushConsentDate', () => {
  it('is 7 days later', () => {
    expect(nextPushConsentDate(now)).toBe('2026-11-29T00:00:00.000Z');
  });
});
