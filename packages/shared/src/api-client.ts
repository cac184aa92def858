/**
 * The typed API client shared by the storefront (browser and server render).
 * On the server the storefront passes an in-process fetch; in the browser it uses window.fetch
 * against the same origin. It implements the client rules of SPEC.md §6–§8:
 *
 * - Headers: `Authorization: Bearer <access>` whenever an access token exists, `x-guest-user-id`
 *   on guest-capable calls (API-CATALOGUE.md access `guest`, which includes social sign-in,
 *   sign-up, social sign-up and price calculation), JSON bodies, FormData/Blob/URLSearchParams
 *   bodies passed through untouched. Static JSON files (`*.json`) and absolute URLs get neither
 *   credential header (they may live on a storage bucket).
 * - Token-required (and admin) calls without an access token are rejected locally with
 *   ApiError(401, 'Token Required') and never reach the network.
 * - 401 handling (SPEC.md §8): sign-in / social sign-in and `*.json` answers are returned as is;
 *   'User not found' / 'User is inactive' call onLogout; any other 401 refreshes the tokens once
 *   (single flight shared by concurrent requests) and retries the request once.
 * - `request()` resolves 2xx and 4xx (except 401) answers as a discriminated result, so a 400 is a
 *   normal response; 401 after handling, 5xx, network errors and aborts are thrown as ApiError.
 *   `get/post/put/patch/delete` throw ApiError for every non-2xx answer.
 * - `get()` is the getter of pages: a 5xx or a network failure reaches the caller (the route's
 *   ErrorBoundary) as an ApiError and is never shown as an empty list.
 * - `getOr()` never throws: it returns the fallback and hands the error to onError. It is only for
 *   optional extras whose absence is harmless (a badge, a side panel), never for a page's data.
 * - `cancelAll()` aborts every in-flight request started without an explicit signal.
 * - Failed calls of the reported flows go to onReportError (except social provider rejections).
 * - Types: a call's answer type follows from its method and path (api-responses.ts, from the
 *   shared zod schemas); a path the map does not hold is a type error. The caller names no type.
 * - Guest ids are issued by the server (guest-id.ts). With onGuestId, a guest-capable call without
 *   an access token or a guest id first gets one (POST /api/users/guest-id), and an answer 400
 *   GUEST_ID_INVALID (an old or altered id) gets a new one — single flight — and is retried once
 *   with it: never a loop.
 */
import type { ApiPath, ApiResponse, ApiResponses } from './api-responses.ts';
import { type ApiAccess, type ApiMethod, matchRoute, pathnameOf, type RouteMatch } from './api-routes.ts';
import { MESSAGES } from './constants.ts';
import { GUEST_ID_INVALID, GUEST_ID_PATH } from './guest-id.ts';

export type FetchLike = (path: string, init?: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came back (network failure or abort). */
    public readonly status: number,
    public readonly detail: string,
    /** The parsed response body (null when there was none). */
    public readonly body: unknown,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'ApiError';
  }
}

/** Detail of the ApiError (status 0) of a request aborted by its signal or by cancelAll(). */
export const ABORTED = 'aborted';
/** Detail of the ApiError (status 0) of a request whose fetch failed without an answer. */
export const NETWORK_ERROR = 'network error';
export const REFRESH_PATH = '/api/users/token/refresh';
export const ERROR_LOG_PATH = '/api/loggers/error-log';
export const GUEST_HEADER = 'x-guest-user-id';

export function isAbortError(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 0 && err.detail === ABORTED;
}

const abortedError = () => new ApiError(0, ABORTED, null);

export type QueryValue = string | number | boolean | null | undefined;
/** Arrays become comma lists (`product_item_ids=1,2,3`); null and undefined values are left out. */
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export function buildQuery(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      const items = v.filter((x) => x !== undefined && x !== null);
      if (items.length) params.set(k, items.map(String).join(','));
      continue;
    }
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

type Getter = () => string | null | undefined;

export type Tokens = { access: string; refresh: string };
export type LogoutReason = 'user-not-found' | 'user-inactive' | 'refresh-failed';
export type CallContext = { method: string; path: string };

export type ApiClientOptions = {
  fetch: FetchLike;
  /** Prefix for every path, '' when the fetch already targets the API origin. */
  baseUrl?: string;
  getAccessToken?: Getter;
  /**
   * The refresh token travels in an HttpOnly cookie the script cannot read (the web storefront):
   * refresh calls are then sent with an empty body and the browser attaches the cookie.
   */
  refreshCookie?: boolean;
  /**
   * The session travels in an HttpOnly cookie instead of a bearer token (the back office's
   * operator session): `token` and `admin` calls are then sent without one rather than refused
   * locally, and the server answers 401 when the session is gone.
   */
  sessionCookie?: boolean;
  /** The refresh token: the cookie or the local copy, the host app decides. */
  getRefreshToken?: Getter;
  getGuestId?: Getter;
  /** Old name of getAccessToken (a getter, or a fixed value). */
  accessToken?: Getter | string | null;
  /** Old name of getGuestId (a getter, or a fixed value). */
  guestId?: Getter | string | null;
  /**
   * A new guest id from the server (POST /api/users/guest-id): store it (the guestID cookie).
   * Setting it turns on getting one when a guest call has none, and replacing one the server
   * refuses (400 GUEST_ID_INVALID) before one retry.
   */
  onGuestId?: (guestId: string) => void | Promise<void>;
  /**
   * Runs the refresh under a lock shared with the host's other clients (the shop's other tabs):
   * a refresh token is spent by its first use, so a second tab refreshing with the same one
   * would revoke the session. Inside the lock the client first looks whether another holder
   * already stored a new access token, and refreshes only if not. The host bounds the wait
   * (SPEC.md §9 "Token wait polling": 10 s) and runs `run` anyway when it times out.
   */
  refreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
  /** New tokens after a successful refresh: store them (awaited before the retry). */
  onTokens?: (tokens: Tokens) => void | Promise<void>;
  /** The session is over: clear local data and cookies and go to /login (SPEC.md §4). */
  onLogout?: (reason: LogoutReason, error: ApiError) => void;
  /** Failures swallowed by getOr() (aborts excepted); the host logs them, the user sees nothing. */
  onError?: (err: ApiError, context: CallContext & { query?: Query }) => void;
  /** Failures of the reported flows (isReportedCall), meant for POST /api/loggers/error-log. */
  onReportError?: (err: ApiError, context: CallContext) => void;
};

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** An explicit signal: the request is then not aborted by cancelAll(). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type CallInit = { signal?: AbortSignal; headers?: Record<string, string> };

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = { ok: false; status: number; data: unknown; detail: string };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type DetailBody = { detail: unknown; [key: string]: unknown };

// ---------------------------------------------------------------------------------------------
// Pure rules

const SIGN_IN_PATHS = new Set(['/api/users/sign-in', '/api/users/social-sign-in']);
const SOCIAL_PATHS = new Set(['/api/users/social-sign-in', '/api/users/social-sign-up']);
/** SPEC.md §6: the guest id also goes with these (all `guest` in the catalogue already). */
const GUEST_HEADER_ALSO = new Set([
  'POST /api/users/social-sign-in',
  'POST /api/users/social-sign-up',
  'POST /api/users/sign-up',
  'POST /api/products/product-displays/{id}/calculate-price',
]);
const LOGOUT_DETAILS: Record<string, LogoutReason> = {
  'User not found': 'user-not-found',
  'User is inactive': 'user-inactive',
};

const ABSOLUTE_RE = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * SPEC.md §8 "Errors on social sign-up, sign-in, orders, curation request and style quiz are
 * reported": POST sign-in, social sign-in and social sign-up; every non-GET call under
 * /api/orders and /api/v1/orders (placing, confirming, cancelling, refunds, exchanges, address
 * changes); the curation (styling) request GET /api/curations/get-styling-request; and every
 * style-quiz call (GET/POST style quiz, style-quiz photo upload and delete).
 */
export function isReportedCall(method: string, path: string): boolean {
  const m = method.toUpperCase();
  const p = pathnameOf(path);
  if (m === 'POST' && (SIGN_IN_PATHS.has(p) || p === '/api/users/social-sign-up')) return true;
  if (m !== 'GET' && /^\/api\/(v1\/)?orders(\/|$)/.test(p)) return true;
  if (m === 'GET' && p === '/api/curations/get-styling-request') return true;
  return /^\/api\/(v1\/)?curations\/style-quiz(-photo)?(\/|$)/.test(p);
}

const PROVIDER_RE = /kakao|apple|naver|카카오|애플|네이버|provider|oauth/i;

/**
 * A social provider rejection (not reported, SPEC.md §8): a 4xx answer of social sign-in or
 * social sign-up whose detail names a provider (Kakao, Apple, Naver — Latin or Hangul) or
 * mentions the provider / OAuth in general ("invalid oauth_token", "provider rejected …").
 */
export function isSocialProviderRejection(err: ApiError, path: string): boolean {
  return (
    SOCIAL_PATHS.has(pathnameOf(path)) &&
    err.status >= 400 &&
    err.status < 500 &&
    PROVIDER_RE.test(err.detail)
  );
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const NUMERIC_STRING_RE = /^\d+(\.\d+)?$/;

/** Deeper values are left as they are: the walk never recurses without a bound. */
const NORMALISE_MAX_DEPTH = 32;

function normaliseValue(v: unknown, depth = 0): unknown {
  if (depth > NORMALISE_MAX_DEPTH) return v;
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isNaN(v) ? null : v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return null;
    if (NUMERIC_STRING_RE.test(s) && Number(s) > 0) return Math.trunc(Number(s));
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => normaliseValue(x, depth + 1));
  if (isPlainObject(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normaliseValue(x, depth + 1)]));
  }
  return v;
}

/**
 * SPEC.md §5, before the codi-to-cart call, at every depth (items included): empty or missing
 * values ('' or blank strings, undefined, null, NaN) become null, and numeric strings above 0
 * become integers ('3' → 3, '2.5' → 2). Other values ('0', 'M', numbers, booleans) are kept.
 */
export function normaliseCodiToCartBody(body: Record<string, unknown>): Record<string, unknown> {
  return normaliseValue(body) as Record<string, unknown>;
}

/** SPEC.md §5: product display ids 'null' / 'undefined' / empty are dropped. */
export function cleanProductDisplayIds(
  ids: string | readonly (string | number | null | undefined)[],
): string[] {
  const list = typeof ids === 'string' ? ids.split(',') : ids;
  return list
    .map((v) => (v === null || v === undefined ? '' : String(v).trim()))
    .filter((v) => v !== '' && v !== 'null' && v !== 'undefined');
}

function hasDetail(body: unknown): body is DetailBody {
  return typeof body === 'object' && body !== null && 'detail' in body;
}

function detailOf(data: unknown, status: number): string {
  if (hasDetail(data) && typeof data.detail === 'string') return data.detail;
  return `HTTP ${status}`;
}

function isPassThroughBody(body: unknown): body is NonNullable<RequestInit['body']> {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** Run a host hook without letting it break the request (a rejected promise included). */
function safely(fn: () => unknown): void {
  try {
    const r = fn();
    if (r instanceof Promise) r.catch(() => {});
  } catch {
    // a host hook failing must not change the outcome of the call
  }
}

/** Settle with `promise`, or reject with the 'aborted' ApiError as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(abortedError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Debouncing

/**
 * `debounced(key, ms, fn)` collapses calls with the same key made less than `ms` apart into the
 * last one: only the last `fn` runs, `ms` after the last call, and EVERY caller of the burst
 * resolves with its result (or rejects with its error) — earlier callers are not rejected, so
 * search-as-you-type code needs no abort handling. `cancel(key)` / `cancelAll()` drop pending
 * bursts, rejecting their callers with ApiError(0, 'aborted').
 */
export function createDebouncer() {
  type Waiter = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
  type Pending = { timer: ReturnType<typeof setTimeout>; fn: () => unknown; waiters: Waiter[] };
  const pending = new Map<string, Pending>();

  function debounced<T>(key: string, ms: number, fn: () => Promise<T> | T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const prev = pending.get(key);
      if (prev) clearTimeout(prev.timer);
      const waiters = prev?.waiters ?? [];
      waiters.push({ resolve: resolve as (v: unknown) => void, reject });
      const entry: Pending = {
        fn,
        waiters,
        timer: setTimeout(() => {
          pending.delete(key);
          Promise.resolve()
            .then(entry.fn)
            .then(
              (v) => {
                for (const w of waiters) w.resolve(v);
              },
              (e) => {
                for (const w of waiters) w.reject(e);
              },
            );
        }, ms),
      };
      pending.set(key, entry);
    });
  }

  function cancel(key: string): void {
    const entry = pending.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(key);
    for (const w of entry.waiters) w.reject(abortedError());
  }

  function cancelAll(): void {
    for (const key of [...pending.keys()]) cancel(key);
  }

  return { debounced, cancel, cancelAll };
}

// ---------------------------------------------------------------------------------------------
// The client

/**
 * `R` is the map of answers (api-responses.ts); a test of the client's mechanics may pass a map
 * of its own.
 */
export function createApiClient<R = ApiResponses>(opts: ApiClientOptions) {
  type Answer<M extends ApiMethod, P extends string> = ApiResponse<M, P, R>;
  const base = opts.baseUrl ?? '';
  const alias = (v: Getter | string | null | undefined): Getter | undefined =>
    typeof v === 'function' ? v : v === undefined ? undefined : () => v;
  const accessGetter = opts.getAccessToken ?? alias(opts.accessToken);
  const guestGetter = opts.getGuestId ?? alias(opts.guestId);
  const readAccess = () => accessGetter?.() || null;
  const readRefresh = () => opts.getRefreshToken?.() || null;
  const readGuest = () => guestGetter?.() || null;
  /** The last guest id the server issued, for a host that has not stored it (yet). */
  let renewedGuest: { from: string | null; to: string } | null = null;
  const currentGuest = () => {
    const g = readGuest();
    return renewedGuest && g === renewedGuest.from ? renewedGuest.to : g;
  };
  /** The one guest id request in flight. */
  let guestFlight: Promise<string | null> | null = null;

  /** Controllers of in-flight requests started without an explicit signal (for cancelAll). */
  const inflight = new Set<AbortController>();
  const debouncer = createDebouncer();

  /** The one refresh in flight, shared by every request that got a 401 meanwhile. */
  let refreshFlight: Promise<string | null> | null = null;
  /** Last rotation, so a host that has not stored the new access token yet still gets it. */
  let rotated: { from: string; to: string } | null = null;
  /** Last failed refresh, so late 401s of the same session neither refresh nor log out again. */
  let failed: { access: string | null; refresh: string | null } | null = null;

  function currentAccess(): string | null {
    const t = readAccess();
    if (rotated && t === rotated.from) return rotated.to;
    return t;
  }

  function logout(reason: LogoutReason, err: ApiError): void {
    rotated = null;
    if (opts.onLogout) safely(() => opts.onLogout?.(reason, err));
  }

  type Target = {
    method: string;
    path: string;
    pathname: string;
    route: RouteMatch | undefined;
    /** Our own API: credentials are sent and the 401 rules apply. */
    own: boolean;
  };

  function targetOf(method: string, path: string): Target {
    const m = method.toUpperCase();
    const external = ABSOLUTE_RE.test(path);
    const pathname = pathnameOf(path);
    const own = !external && !pathname.endsWith('.json');
    return { method: m, path, pathname, route: external ? undefined : matchRoute(m, path), own };
  }

  function urlOf(t: Target, query?: Query): string {
    const qs = buildQuery(query);
    const withQuery = qs && t.path.includes('?') ? `${t.path}&${qs.slice(1)}` : `${t.path}${qs}`;
    return ABSOLUTE_RE.test(t.path) ? withQuery : `${base}${withQuery}`;
  }

  type Reply = { status: number; data: unknown };

  async function send(
    t: Target,
    ro: RequestOptions,
    access: string | null,
    signal: AbortSignal | undefined,
    withGuest: boolean,
  ): Promise<Reply> {
    const headers: Record<string, string> = { accept: 'application/json', ...ro.headers };
    if (t.own && access) headers.authorization = `Bearer ${access}`;
    if (t.own && withGuest) {
      const guest = currentGuest();
      if (guest) headers[GUEST_HEADER] = guest;
    }
    const init: RequestInit = { method: t.method, headers };
    if (signal) init.signal = signal;
    if (ro.body !== undefined) {
      if (isPassThroughBody(ro.body)) {
        init.body = ro.body; // multipart: fetch sets the boundary itself
      } else {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(ro.body);
      }
    }
    if (signal?.aborted) throw abortedError();
    try {
      const res = await abortable(opts.fetch(urlOf(t, ro.query), init), signal);
      const text = await abortable(res.text(), signal);
      let data: unknown = null;
      if (text) {
        try {
          data = JSON.parse(text);
        } catch {
          data = text;
        }
      }
      return { status: res.status, data };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (signal?.aborted || (e instanceof Error && e.name === 'AbortError')) throw abortedError();
      throw new ApiError(0, NETWORK_ERROR, null, { cause: e });
    }
  }

  /** POST the refresh token; the new access token, or null after logging out. */
  async function runRefresh(sent: string | null, refresh: string | null): Promise<string | null> {
    let error = new ApiError(401, 'No refresh token', null);
    let tokens: Tokens | null = null;
    if (refresh || opts.refreshCookie) {
      try {
        const t = targetOf('POST', REFRESH_PATH);
        const res = await send(t, { body: refresh ? { refresh } : {} }, null, undefined, false);
        const d = res.data as { access?: unknown; refresh?: unknown } | null;
        if (res.status >= 200 && res.status < 300 && typeof d?.access === 'string' && d.access) {
          tokens = {
            access: d.access,
            refresh: typeof d.refresh === 'string' && d.refresh ? d.refresh : (refresh ?? ''),
          };
        } else {
          error = new ApiError(res.status, detailOf(res.data, res.status), res.data);
        }
      } catch (e) {
        error = e instanceof ApiError ? e : new ApiError(0, NETWORK_ERROR, null, { cause: e });
      }
    }
    if (!tokens) {
      failed = { access: sent, refresh };
      logout('refresh-failed', error);
      return null;
    }
    failed = null;
    rotated = sent ? { from: sent, to: tokens.access } : null;
    if (opts.onTokens) {
      try {
        await opts.onTokens(tokens);
      } catch {
        // storing failed: the retry still uses the new token
      }
    }
    return tokens.access;
  }

  /**
   * The access token to retry a 401 with, or null when the 401 stands. Joins the refresh in
   * flight, or reuses a token that changed since the request was sent, or starts one refresh.
   */
  function renewAccess(sent: string | null, signal: AbortSignal | undefined): Promise<string | null> {
    if (!refreshFlight) {
      const current = currentAccess();
      if (current && current !== sent) return Promise.resolve(current);
      const refresh = readRefresh();
      // A guest (no access sent, no refresh token) has no session to renew or end.
      if (!sent && !refresh) return Promise.resolve(null);
      if (failed && failed.access === sent && failed.refresh === refresh) return Promise.resolve(null);
      const lock = opts.refreshLock;
      const flight = lock
        ? lock(async () => {
            // Another tab may have refreshed while this one waited for the lock: its token is ours.
            const now = currentAccess();
            if (now && now !== sent) return now;
            return runRefresh(sent, readRefresh());
          })
        : runRefresh(sent, refresh);
      refreshFlight = flight.finally(() => {
        refreshFlight = null;
      });
    }
    return abortable(refreshFlight, signal);
  }

  /** A new guest id from the server, stored through onGuestId; null when none came. */
  function renewGuest(signal: AbortSignal | undefined): Promise<string | null> {
    if (!guestFlight) {
      const from = readGuest();
      guestFlight = (async () => {
        const res = await send(targetOf('POST', GUEST_ID_PATH), {}, null, undefined, false);
        const id = (res.data as { guest_id?: unknown } | null)?.guest_id;
        if (res.status !== 200 || typeof id !== 'string' || !id) return null;
        renewedGuest = { from, to: id };
        try {
          await opts.onGuestId?.(id);
        } catch {
          // storing failed: this client keeps using the new id
        }
        return id;
      })()
        .catch(() => null)
        .finally(() => {
          guestFlight = null;
        });
    }
    return abortable(guestFlight, signal);
  }

  /** The x-guest-user-id a request carries: a header the caller set, else the stored id. */
  function explicitGuestKey(ro: RequestOptions): string | undefined {
    return ro.headers ? Object.keys(ro.headers).find((k) => k.toLowerCase() === GUEST_HEADER) : undefined;
  }

  async function perform(t: Target, given: RequestOptions, signal: AbortSignal | undefined) {
    let ro = given;
    const access: ApiAccess | undefined = t.route?.access;
    const withGuest = access === 'guest' || (t.route !== undefined && GUEST_HEADER_ALSO.has(t.route.key));
    const sent = t.own ? currentAccess() : null;
    if ((access === 'token' || access === 'admin') && !sent && !opts.sessionCookie) {
      throw new ApiError(401, MESSAGES.tokenRequired, null);
    }
    const guestKey = explicitGuestKey(ro);
    const renewsGuest = t.own && opts.onGuestId !== undefined && t.pathname !== GUEST_ID_PATH;
    // A guest call without any identity: get a guest id first rather than a 401.
    if (renewsGuest && access === 'guest' && !sent && !guestKey && !currentGuest()) await renewGuest(signal);
    const guestSent = guestKey ? (ro.headers?.[guestKey] ?? null) : withGuest ? currentGuest() : null;
    let res = await send(t, ro, sent, signal, withGuest);
    // A guest id the server did not issue (an old cookie, an altered id): a new one, one retry.
    if (
      renewsGuest &&
      guestSent &&
      res.status === 400 &&
      detailOf(res.data, res.status) === GUEST_ID_INVALID
    ) {
      const current = currentGuest();
      const fresh = current && current !== guestSent ? current : await renewGuest(signal);
      if (fresh) {
        if (guestKey) ro = { ...ro, headers: { ...ro.headers, [guestKey]: fresh } };
        res = await send(t, ro, sent, signal, withGuest);
      }
    }
    const logoutReason = (a: Reply) =>
      t.own && !SIGN_IN_PATHS.has(t.pathname) ? LOGOUT_DETAILS[detailOf(a.data, a.status)] : undefined;

    if (res.status === 401 && t.own && !SIGN_IN_PATHS.has(t.pathname) && t.pathname !== REFRESH_PATH) {
      if (!logoutReason(res)) {
        const fresh = await renewAccess(sent, signal);
        if (fresh) res = await send(t, ro, fresh, signal, withGuest); // once: a second 401 stands
      }
    }
    const reason = logoutReason(res);
    // 401 'User not found' / 'User is inactive', and any other inactive-user answer, end the session.
    if (reason && (res.status === 401 || reason === 'user-inactive')) {
      logout(reason, new ApiError(res.status, detailOf(res.data, res.status), res.data));
    }
    if (res.status >= 200 && res.status < 300) {
      return { ok: true, status: res.status, data: res.data } satisfies ApiSuccess<unknown>;
    }
    const detail = detailOf(res.data, res.status);
    if (res.status >= 400 && res.status < 500 && res.status !== 401) {
      return { ok: false, status: res.status, data: res.data, detail } satisfies ApiFailure;
    }
    throw new ApiError(res.status, detail, res.data);
  }

  function report(err: ApiError, t: Target): void {
    if (!opts.onReportError || isAbortError(err)) return;
    if (!isReportedCall(t.method, t.pathname) || isSocialProviderRejection(err, t.pathname)) return;
    safely(() => opts.onReportError?.(err, { method: t.method, path: t.pathname }));
  }

  /**
   * Every call, without throwing on 4xx answers: 2xx → `{ok: true, status, data}`; 400 and the
   * other 4xx except 401 → `{ok: false, status, data, detail}`. Thrown as ApiError: a 401 (after
   * the refresh/logout rules), 5xx, network failures (status 0, 'network error'), aborts
   * (status 0, 'aborted') and the local 'Token Required' rejection.
   */
  async function exchange(
    method: string,
    path: string,
    ro: RequestOptions = {},
  ): Promise<ApiResult<unknown>> {
    const t = targetOf(method, path);
    let controller: AbortController | undefined;
    if (!ro.signal) {
      controller = new AbortController();
      inflight.add(controller);
    }
    try {
      const result = await perform(t, ro, ro.signal ?? controller?.signal);
      if (!result.ok) report(new ApiError(result.status, result.detail, result.data), t);
      return result;
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, NETWORK_ERROR, null, { cause: e });
      report(err, t);
      throw err;
    } finally {
      if (controller) inflight.delete(controller);
    }
  }

  /** The body of a 2xx answer; ApiError for anything else (400 included). */
  async function call(method: string, path: string, ro: RequestOptions): Promise<unknown> {
    const r = await exchange(method, path, ro);
    if (!r.ok) throw new ApiError(r.status, r.detail, r.data);
    return r.data;
  }

  /**
   * A getter that falls back to an empty default: `fallback` on any failure (network, 4xx, 5xx,
   * abort, local 'Token Required') and also when a 2xx answer has no body. Failures other than
   * aborts go to onError; nothing is shown to the user. Because it hides server errors, use it only
   * for optional extras (a badge count, a side panel); a page's own data goes through `get()`.
   */
  async function getOr<P extends ApiPath<'GET', R>, F>(
    path: P,
    fallback: F,
    query?: Query,
    init: CallInit = {},
  ): Promise<Answer<'GET', P> | F> {
    const t = targetOf('GET', path);
    const ctx = { method: t.method, path: t.pathname, ...(query ? { query } : {}) };
    let err: ApiError;
    try {
      const r = await exchange('GET', path, { ...init, query });
      if (r.ok) return (r.data as Answer<'GET', P> | null) ?? fallback;
      err = new ApiError(r.status, r.detail, r.data);
    } catch (e) {
      err = e instanceof ApiError ? e : new ApiError(0, NETWORK_ERROR, null, { cause: e });
    }
    if (!isAbortError(err) && opts.onError) safely(() => opts.onError?.(err, ctx));
    return fallback;
  }

  /** The server body when it carries a `detail`, whatever the status; otherwise the error. */
  async function bodyWithDetail<P extends string>(
    path: P,
    body: unknown,
  ): Promise<Answer<'POST', P> | DetailBody> {
    try {
      return (await call('POST', path, { body })) as Answer<'POST', P>;
    } catch (e) {
      if (e instanceof ApiError && hasDetail(e.body)) return e.body;
      throw e;
    }
  }

  /** The answer of a 2xx, typed by the call's method and path. */
  const typed =
    <M extends ApiMethod>(method: M) =>
    <P extends ApiPath<M, R>>(path: P, ro: RequestOptions) =>
      call(method, path, ro) as Promise<Answer<M, P>>;
  const [get, post, put, patch, del] = [
    typed('GET'),
    typed('POST'),
    typed('PUT'),
    typed('PATCH'),
    typed('DELETE'),
  ] as const;

  return {
    request: <M extends ApiMethod, P extends ApiPath<M, R>>(method: M, path: P, ro?: RequestOptions) =>
      exchange(method, path, ro) as Promise<ApiResult<Answer<M, P>>>,
    get: <P extends ApiPath<'GET', R>>(path: P, query?: Query, init?: CallInit) =>
      get(path, { ...init, query }),
    post: <P extends ApiPath<'POST', R>>(path: P, body?: unknown, query?: Query, init?: CallInit) =>
      post(path, { ...init, query, body }),
    put: <P extends ApiPath<'PUT', R>>(path: P, body?: unknown, init?: CallInit & { query?: Query }) =>
      put(path, { ...init, body }),
    patch: <P extends ApiPath<'PATCH', R>>(path: P, body?: unknown, init?: CallInit & { query?: Query }) =>
      patch(path, { ...init, body }),
    delete: <P extends ApiPath<'DELETE', R>>(path: P, body?: unknown, init?: CallInit & { query?: Query }) =>
      del(path, { ...init, body }),
    getOr,

    /** Abort every in-flight request started without an explicit signal (route change), and drop pending debounced calls. */
    cancelAll(): void {
      for (const c of inflight) c.abort();
      inflight.clear();
      debouncer.cancelAll();
    },
    /** See createDebouncer: the burst's callers all get the last call's outcome. */
    debounced: debouncer.debounced,

    /** POST /api/users/social-sign-in; the server body when it has a `detail`, even on an error status. */
    socialSignIn: (body: Record<string, unknown>) => bodyWithDetail('/api/users/social-sign-in', body),

    /** POST /api/carts/codi-to-cart with a normalised body; the server body when it has a `detail`. */
    codiToCart: (body: Record<string, unknown>) =>
      bodyWithDetail('/api/carts/codi-to-cart', normaliseCodiToCartBody(body)),

    /**
     * POST /api/benefits/download-coupon: the server's `detail` (success or failure); on a failure
     * without one, MESSAGES.couponDownloadFallback; null on a success without a detail.
     */
    async downloadCoupon(coupon_type: string): Promise<string | null> {
      try {
        const data = await call('POST', '/api/benefits/download-coupon', { body: { coupon_type } });
        return hasDetail(data) && typeof data.detail === 'string' ? data.detail : null;
      } catch (e) {
        if (e instanceof ApiError && hasDetail(e.body) && typeof e.body.detail === 'string')
          return e.body.detail;
        return MESSAGES.couponDownloadFallback;
      }
    },

    /** POST /api/benefits/issue-by-serial: the server body, or `{result: 'error'}` on any failure. */
    async issueBySerial(
      serial: string,
    ): Promise<Answer<'POST', '/api/benefits/issue-by-serial'> | { result: 'error' }> {
      try {
        return (await call('POST', '/api/benefits/issue-by-serial', { body: { serial } })) as Answer<
          'POST',
          '/api/benefits/issue-by-serial'
        >;
      } catch {
        return { result: 'error' };
      }
    },

    /** POST /api/v1/curations/style-quiz: 'SUCCESS' when a 2xx answer has a `status` field, else 'FAIL'. */
    async styleQuiz(body: Record<string, unknown>): Promise<'SUCCESS' | 'FAIL'> {
      try {
        const data = await call('POST', '/api/v1/curations/style-quiz', { body });
        return typeof data === 'object' && data !== null && 'status' in data ? 'SUCCESS' : 'FAIL';
      } catch {
        return 'FAIL';
      }
    },

    /**
     * GET /api/products/product-display-list: `{result: []}` without a call when no id is left
     * after dropping 'null' / 'undefined' / empty ones (SPEC.md §5); `{result: []}` on failure.
     */
    productDisplayList(
      ids: string | readonly (string | number | null | undefined)[],
      coupon_id?: string | number | null,
    ): Promise<Answer<'GET', '/api/products/product-display-list'>> {
      type Cards = Answer<'GET', '/api/products/product-display-list'>;
      const none = { result: [] } as Cards;
      const clean = cleanProductDisplayIds(ids);
      if (!clean.length) return Promise.resolve(none);
      return getOr('/api/products/product-display-list' as ApiPath<'GET', R>, none, {
        product_display_list: clean.join(','),
        coupon_id,
      }) as Promise<Cards>;
    },
  };
}

export type ApiClient<R = ApiResponses> = ReturnType<typeof createApiClient<R>>;
