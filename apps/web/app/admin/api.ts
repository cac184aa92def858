/**
 * The back office's calls (docs/ARCHITECTURE.md, "Back office"): same-origin fetches to
 * /api/admin/* that carry the operator's HttpOnly session cookie, and on every change the CSRF
 * token the session answered (kept in memory only: a new tab asks /api/admin/auth/me again).
 */
import type { OperatorSessionBody } from '@codiroom/shared';

let csrf: string | null = null;

export class AdminApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly detail: string,
    public readonly body: Record<string, unknown> | null,
  ) {
    super(detail);
  }
}

export function rememberSession(s: OperatorSessionBody): void {
  csrf = s.csrf_token;
}

export async function adminCall<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const detail = typeof data?.detail === 'string' ? data.detail : `HTTP ${res.status}`;
    throw new AdminApiError(res.status, detail, data);
  }
  return data as T;
}

/** The signed-in operator, or null (no session, or it ended). */
export async function currentOperator(signal?: AbortSignal): Promise<OperatorSessionBody | null> {
  try {
    const s = await adminCall<OperatorSessionBody>(
      'GET',
      '/api/admin/auth/me',
      undefined,
      signal ? { signal } : {},
    );
    rememberSession(s);
    return s;
  } catch (err) {
    if (err instanceof AdminApiError && err.status === 401) return null;
    throw err;
  }
}

export const errorText = (err: unknown) =>
  err instanceof AdminApiError ? err.detail : '요청을 처리하지 못했어요. 잠시 후 다시 시도해주세요.';

/** A multipart upload (photos) to /api/admin/*, with the session's CSRF token. */
export async function adminUpload<T>(path: string, form: FormData): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { accept: 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) },
    credentials: 'same-origin',
    body: form,
  });
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    throw new AdminApiError(
      res.status,
      typeof data?.detail === 'string' ? data.detail : `HTTP ${res.status}`,
      data,
    );
  }
  return data as T;
}
