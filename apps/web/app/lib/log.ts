import { hasGuestIdShape } from '@codiroom/shared';

/** Fire-and-forget analytics/log calls (POST /api/loggers/*). Failures are ignored (SPEC.md §8). */
export function sendLog(
  kind: 'active-user-log' | 'page-log' | 'error-log' | 'section-log',
  payload: Record<string, unknown>,
) {
  if (typeof window === 'undefined') return;
  try {
    const body = JSON.stringify(payload);
    const url = `/api/loggers/${kind}`;
    const cookie = document.cookie.match(/(?:^|; )guestID=([^;]+)/)?.[1];
    // Only a server-issued id (the root loader replaces any other on the next page).
    const guest = cookie && hasGuestIdShape(decodeURIComponent(cookie)) ? cookie : undefined;
    // sendBeacon cannot set headers; fetch keepalive can carry the guest id.
    void fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      headers: {
        'content-type': 'application/json',
        ...(guest ? { 'x-guest-user-id': decodeURIComponent(guest) } : {}),
      },
    }).catch(() => {});
  } catch {
    // tracking never breaks the page
  }
}
