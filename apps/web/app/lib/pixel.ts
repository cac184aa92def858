/**
 * The browser's half of the ad-conversion events (SPEC.md §3 Ad-conversion event, §7 Other
 * outbound calls). The server sends every event itself (apps/api/src/domains/ads); the call that
 * fires one carries an event id in `x-ad-event-id`, and the browser pixel — only if a page has
 * loaded one: the shop never loads third-party code — gets the same id, so the service counts the
 * pair once.
 *
 *   const ad = adEvent();
 *   await browserApi().post(path, body, undefined, { headers: ad.headers });
 *   trackPixel('AddToCart', { value, currency: 'KRW' }, ad.eventId);
 */

export const AD_EVENT_ID_HEADER = 'x-ad-event-id';

/** The ids the server accepts: at most 64 of [A-Za-z0-9_-] (anything else it replaces). */
const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

type Fbq = (
  command: 'track',
  name: string,
  data?: Record<string, unknown>,
  options?: { eventID: string },
) => void;

declare global {
  interface Window {
    fbq?: Fbq;
  }
}

/** A fresh event id (a UUID; a random token where crypto.randomUUID is missing, e.g. plain http). */
export function newAdEventId(): string {
  try {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {}
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The id and the header for one event-firing call. `stableId` (e.g. `purchase_<order id>`) is used
 * when well-formed: a repeated call (a reloaded payment page) then repeats the id and counts once.
 */
export function adEvent(stableId?: string | null): { eventId: string; headers: Record<string, string> } {
  const eventId = stableId && EVENT_ID.test(stableId) ? stableId : newAdEventId();
  return { eventId, headers: { [AD_EVENT_ID_HEADER]: eventId } };
}

/** Reports the event to the browser pixel if one is loaded; never throws. */
export function trackPixel(name: string, data: Record<string, unknown>, eventId: string): void {
  if (typeof window === 'undefined') return;
  try {
    window.fbq?.('track', name, data, { eventID: eventId });
  } catch {}
}
