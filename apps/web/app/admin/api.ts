/**
 * The back office's calls (docs/ARCHITECTURE.md, "Back office"): the shared API client
 * (packages/shared api-client.ts) on same-origin fetches to /api/admin/* that carry the
 * operator's HttpOnly session cookie, and on every change the CSRF token the session answered
 * (kept in memory only: a new tab asks /api/admin/auth/me again).
 *
 * Answer types: every call goes through `adminApi`, typed by its method and path (the shared
 * map: api-responses.ts, admin-responses.ts); a screen never names an answer type, and a path
 * outside the map does not compile. A picture upload is a POST whose body is a FormData (the
 * client sends it as multipart, untouched).
 */
import { ApiError, createApiClient, type OperatorSessionBody } from '@codiroom/shared';

let csrf: string | null = null;

/** An answer the back office refused or could not get: status, the server's detail, its body. */
export const AdminApiError = ApiError;
export type AdminApiError = ApiError;

export function rememberSession(s: OperatorSessionBody): void {
  csrf = s.csrf_token;
}

const transport = {
  sessionCookie: true,
  fetch: (path: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    if (method !== 'GET' && csrf) headers.set('x-csrf-token', csrf);
    return fetch(path, { ...init, headers, credentials: 'same-origin' });
  },
};

/** The back office's client: answers typed by path (the shared map). */
export const adminApi = createApiClient(transport);

/** The signed-in operator, or null (no session, or it ended). */
export async function currentOperator(signal?: AbortSignal): Promise<OperatorSessionBody | null> {
  try {
    const s = await adminApi.get('/api/admin/auth/me', undefined, signal ? { signal } : {});
    rememberSession(s);
    return s;
  } catch (err) {
    if (err instanceof AdminApiError && err.status === 401) return null;
    throw err;
  }
}

export const errorText = (err: unknown) =>
  err instanceof AdminApiError && err.status !== 0
    ? err.detail
    : '요청을 처리하지 못했어요. 잠시 후 다시 시도해주세요.';
