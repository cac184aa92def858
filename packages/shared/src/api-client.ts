/**
 * The typed API client shared by the storefront (browser and server render).
 * On the server the storefront passes an in-process fetch; in the browser it uses window.fetch
 * against the same origin. Errors come back as ApiError with the server's `detail`.
 */
export type FetchLike = (path: string, init?: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly detail: string,
    public readonly body: unknown,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export type ApiClientOptions = {
  fetch: FetchLike;
  /** Prefix for every path, '' when the fetch already targets the API origin. */
  baseUrl?: string;
  accessToken?: () => string | null | undefined;
  guestId?: () => string | null | undefined;
};

export function buildQuery(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function createApiClient(opts: ApiClientOptions) {
  const base = opts.baseUrl ?? '';

  async function request<T>(method: string, path: string, query?: Query, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = opts.accessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const guest = opts.guestId?.();
    if (guest) headers['x-guest-user-id'] = guest;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await opts.fetch(`${base}${path}${buildQuery(query)}`, init);
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!res.ok) {
      const detail =
        data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string'
          ? data.detail
          : `HTTP ${res.status}`;
      throw new ApiError(res.status, detail, data);
    }
    return data as T;
  }

  return {
    get: <T>(path: string, query?: Query) => request<T>('GET', path, query),
    post: <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, query, body),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, undefined, body),
    patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, undefined, body),
    delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, undefined, body),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
