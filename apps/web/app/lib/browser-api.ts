/**
 * The storefront's browser-side API client (one per page load): tokens and the guest id from the
 * cookies of SPEC.md §3 (the refresh token is the server's HttpOnly cookie), refreshed access tokens
 * stored back with their lifetimes, logout on the SPEC.md
 * §8 cases, failures of reported calls sent to the error log. Requests are cancelled on page change
 * (Shell calls cancelAll).
 */
import {
  type ApiClient,
  COOKIE_MAX_AGE,
  createApiClient,
  hasGuestIdShape,
  TOKEN_WAIT_POLL_MS,
} from '@codiroom/shared';
import { readBrowserCookie, writeBrowserCookie } from './cookies';
import { sendLog } from './log';
import { logoutLocally } from './session';

let client: ApiClient | null = null;

export function browserApi(): ApiClient {
  if (client) return client;
  client = createApiClient({
    fetch: (path, init) => fetch(path, init),
    getAccessToken: () => readBrowserCookie('accessToken'),
    // The refresh token is an HttpOnly cookie set by the server (path /api/users): scripts never see it.
    refreshCookie: true,
    // Server-issued guest ids only (an old client-made one is left out); when the server refuses
    // one, the client gets a new id, stores it here and retries once (packages/shared/src/api-client.ts).
    getGuestId: () => {
      const id = readBrowserCookie('guestID');
      return hasGuestIdShape(id) ? id : null;
    },
    // One tab refreshes at a time (a refresh token is spent by its first use); the others wait
    // for its new access cookie at most TOKEN_WAIT_POLL_MS (SPEC.md §9), then try on their own.
    refreshLock: (run) => withTabLock('codiroom-token-refresh', TOKEN_WAIT_POLL_MS, run),
    onGuestId: (id) => writeBrowserCookie('guestID', id, COOKIE_MAX_AGE.guestID),
    onTokens: ({ access }) => {
      writeBrowserCookie('accessToken', access, COOKIE_MAX_AGE.accessToken);
      writeBrowserCookie('isLogin', 'true', COOKIE_MAX_AGE.isLogin);
    },
    onLogout: () => logoutLocally(),
    onReportError: (err, call) => sendLog('error-log', { message: err.detail, status: err.status, ...call }),
  });
  return client;
}

/**
 * The guest id header for `guest`-access additions (calls not in API-CATALOGUE.md, so not in the
 * client's access table, which adds the header only to the catalogue's guest calls): a member's
 * token still wins on the server.
 */
export function guestHeaders(): Record<string, string> {
  const id = readBrowserCookie('guestID');
  return hasGuestIdShape(id) ? { 'x-guest-user-id': id as string } : {};
}

/**
 * `run` under an exclusive lock shared by the shop's tabs (Web Locks API), waiting for it at most
 * `waitMs`; without the API (old webviews) or after the wait, `run` goes on its own.
 */
export async function withTabLock<T>(name: string, waitMs: number, run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return run();
  let started = false;
  try {
    return await locks.request(name, { signal: AbortSignal.timeout(waitMs) }, () => {
      started = true;
      return run();
    });
  } catch (e) {
    if (started) throw e;
    return run(); // the wait timed out (another tab hung): refresh on our own
  }
}
