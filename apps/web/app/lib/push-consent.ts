/**
 * SPEC.md §4 Push consent: liking a product shows the native marketing push-consent popup once per
 * MARKETING_PUSH_POPUP_REPEAT_DAYS days, only inside the app, only when logged in, and only when the
 * stored popup date is absent or has passed. Pure: the caller passes the clock.
 */
import { MARKETING_PUSH_POPUP_REPEAT_DAYS } from '@codiroom/shared';

const DAY_MS = 86_400_000;

export function shouldShowPushConsent(input: {
  isApp: boolean;
  isLoggedIn: boolean;
  /** The date the popup was last shown (ISO string), or null. */
  storedDate: string | null | undefined;
  now: Date;
}): boolean {
  if (!input.isApp || !input.isLoggedIn) return false;
  if (!input.storedDate) return true;
  const last = Date.parse(input.storedDate);
  if (Number.isNaN(last)) return true;
  return input.now.getTime() - last >= MARKETING_PUSH_POPUP_REPEAT_DAYS * DAY_MS;
}

/** The earliest date the popup may appear again after being shown at `now` (ISO string). */
export function nextPushConsentDate(now: Date): string {
  return new Date(now.getTime() + MARKETING_PUSH_POPUP_REPEAT_DAYS * DAY_MS).toISOString();
}
