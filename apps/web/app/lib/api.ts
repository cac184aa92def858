import { ApiError, createApiClient, type FetchLike } from '@codiroom/shared';
import { type AppLoadContext, data } from 'react-router';

/** API client for loaders: in-process on the server, same-origin fetch in the browser. */
export function serverApi(context: AppLoadContext | undefined) {
  const fetchLike: FetchLike =
    context?.apiFetch ??
    ((path, init) =>
      typeof window === 'undefined'
        ? fetch(new URL(path, process.env.API_ORIGIN ?? 'http://localhost:3000'), init)
        : fetch(path, init));
  return createApiClient({ fetch: fetchLike });
}

/** Turns an API 404 into a 404 page carrying the server's message (e.g. 상품이 없습니다.). */
export async function or404<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
      throw data({ message: err.detail }, { status: 404 });
    }
    throw err;
  }
}

/** Positive page number from a query string value. */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : 1;
}
