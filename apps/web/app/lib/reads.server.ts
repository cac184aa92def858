/**
 * The storefront's typed reads (SPEC.md 'Product detail'): in the server's process they are the
 * API's read models called directly (`context.reads`, apps/api/src/web/reads.ts), with no HTTP
 * round trip and no JSON; a storefront without the API in its process (or a test) gets the same
 * interface over the API client. Either way the answers are the API routes' bodies.
 */
import { ApiError, type ProductPageReads } from '@codiroom/shared';
import { type AppLoadContext, data } from 'react-router';
import { serverApi } from './api';

/** The product page's reads over HTTP (the API client), for a storefront without `context.reads`. */
function productReadsOverHttp(context: AppLoadContext | undefined): ProductPageReads {
  const api = serverApi(context);
  const q = (id: number) => ({ product_display_id: id });
  return {
    detail: (id, guestId) =>
      api.get(
        `/api/products/detail/${id}`,
        undefined,
        guestId ? { headers: { 'x-guest-user-id': guestId } } : undefined,
      ),
    sizeGrading: (id) => api.get('/api/products/size-grading', q(id)),
    similar: (id) => api.get('/api/v1/products/ai-similar-products', q(id)),
    shipping: (id) => api.get('/api/products/shipping-info', q(id)),
    matchup: (id) => api.get('/api/products/matchup-products', q(id)),
    codis: (id) => api.get(`/api/curations/codi-by-product/${id}`),
    bestReviews: (id, count) => api.get(`/api/reviews/product-reviews/${id}/best`, { count }),
    reviewPhotos: (id, count) => api.get(`/api/reviews/product-review-photo/${id}`, { count }),
    interestFreeNotice: () => api.get('/api/contents/interest-free-notice'),
    recommendedSize: (id, body) => api.get(`/api/products/recommended-size/${id}`, { ...body }),
  };
}

/** The product page's reads for this request. */
export function productReads(context: AppLoadContext | undefined): ProductPageReads {
  return context?.reads?.product ?? productReadsOverHttp(context);
}

/**
 * A read's 404 (or 400: no such id) as the 404 page carrying the server's message (e.g.
 * 상품이 없습니다.), whether it came over HTTP (ApiError) or in process (the API's HttpError).
 */
export async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    const status =
      err instanceof ApiError
        ? err.status
        : (err as { statusCode?: unknown } | null)?.statusCode === undefined
          ? null
          : Number((err as { statusCode: unknown }).statusCode);
    if (status === 404 || status === 400) {
      const detail =
        err instanceof ApiError ? err.detail : String((err as { detail?: unknown }).detail ?? '');
      throw data({ message: detail }, { status: 404 });
    }
    throw err;
  }
}
