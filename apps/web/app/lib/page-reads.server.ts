/**
 * The typed reads of the storefront's other pages (packages/shared storefront-page-reads.ts): in the
 * server's process the API's read models called directly (`context.reads`,
 * apps/api/src/web/reads-*.ts); a storefront without the API in its process gets the same
 * interface over the API client (as reads.server.ts does for the product page). Either way the
 * answers are the API routes' bodies.
 */
import {
  type BrandReads,
  type ContentReads,
  GUEST_HEADER,
  GUEST_ID_PATH,
  type HomeReads,
  type ListingReads,
  type RankingReads,
  type ReviewPageReads,
  type SearchReads,
  type SiteReads,
  type VisitorReads,
} from '@codiroom/shared';
import type { AppLoadContext } from 'react-router';
import { serverApi } from './api';

/** Every page's reads for this request. */
export function siteReads(context: AppLoadContext | undefined): SiteReads {
  if (context?.reads?.site) return context.reads.site;
  const api = serverApi(context);
  return {
    webStatus: () => api.get('/api/web-status'),
    banners: (placement) => api.get('/api/contents/banners', { placement }),
  };
}

/** The visitor's guest id for this request (lib/guest-id.ts asks it once per request). */
export function visitorReads(context: AppLoadContext | undefined): VisitorReads {
  if (context?.reads?.visitor) return context.reads.visitor;
  const api = serverApi(context);
  return {
    guestId: (presented) =>
      api.post(GUEST_ID_PATH, undefined, undefined, {
        headers: presented ? { [GUEST_HEADER]: presented } : {},
      }),
  };
}

/** The home page's reads for this request. */
export function homeReads(context: AppLoadContext | undefined): HomeReads {
  if (context?.reads?.home) return context.reads.home;
  const api = serverApi(context);
  const guest = (guestId: string | null): Record<string, string> =>
    guestId ? { [GUEST_HEADER]: guestId } : {};
  return {
    feed: (guestId) =>
      api.get('/api/contents/home-feed', undefined, guestId ? { headers: guest(guestId) } : undefined),
    memberFeed: (token, guestId) =>
      api.get('/api/contents/home-feed', undefined, {
        headers: { ...guest(guestId), authorization: `Bearer ${token}` },
      }),
    dailyLook: () => api.get('/api/contents/daily-look'),
  };
}

/** The listing pages' reads for this request. */
export function listingReads(context: AppLoadContext | undefined): ListingReads {
  if (context?.reads?.listing) return context.reads.listing;
  const api = serverApi(context);
  return {
    categories: () => api.get('/api/products/categories'),
    categoryProducts: (query) => api.get('/api/products/category-products', { ...query }),
    categoryFilters: (categoryMain, categorySub) =>
      api.get('/api/products/category-filters', { category_main: categoryMain, category_sub: categorySub }),
    collection: (slug, page) => api.get(`/api/contents/collection/${slug}`, { page }),
    theme: (id, page) => api.get(`/api/contents/theme/${id}`, { page }),
  };
}

/** The ranking page's reads for this request. */
export function rankingReads(context: AppLoadContext | undefined): RankingReads {
  if (context?.reads?.ranking) return context.reads.ranking;
  const api = serverApi(context);
  return {
    items: (query) => api.get('/api/products/ranking-items', { ...query }),
    brands: () => api.get('/api/products/ranking-brands'),
  };
}

/** The brand page's reads for this request. */
export function brandReads(context: AppLoadContext | undefined): BrandReads {
  if (context?.reads?.brand) return context.reads.brand;
  const api = serverApi(context);
  return {
    filters: (id) => api.get(`/api/brands/${id}/filters`),
    contents: (id, query) => api.get(`/api/brands/${id}/contents`, { ...query }),
    all: () => api.get('/api/brands/simple-brand-data'),
  };
}

/** The search page's reads for this request. */
export function searchReads(context: AppLoadContext | undefined): SearchReads {
  if (context?.reads?.search) return context.reads.search;
  const api = serverApi(context);
  return {
    realtimeKeywords: () => api.get('/api/v1/search/realtime-keywords'),
    recommendedKeywords: () => api.get('/api/v1/search/recommended-keywords'),
    availableTypes: (query) => api.get('/api/v1/search/available-types', { query }),
    products: (query, guestId) =>
      api.get(
        '/api/v1/search/product',
        { ...query },
        guestId ? { headers: { [GUEST_HEADER]: guestId } } : undefined,
      ),
    filters: (query) => api.get('/api/v1/search/filters', { query }),
    styles: (query, page) => api.get('/api/v1/search/style', { query, page }),
    brands: (query, page) => api.get('/api/v1/search/brand', { query, page }),
  };
}

/** The editorial pages' reads for this request (magazine, styles, promotions, time sale, codi). */
export function contentReads(context: AppLoadContext | undefined): ContentReads {
  if (context?.reads?.content) return context.reads.content;
  const api = serverApi(context);
  return {
    timeSale: () => api.get('/api/contents/time-sale'),
    posts: (page) => api.get('/api/contents/post-list', { page }),
    post: (id) => api.get(`/api/contents/post-detail/${id}`),
    styles: (page) => api.get('/api/contents/style-list', { page }),
    style: (id) => api.get(`/api/contents/style-detail/${id}`),
    promotions: () => api.get('/api/contents/promotion-list'),
    promotion: (id, page) => api.get(`/api/contents/promotion-detail/${id}`, { page }),
    codi: (id) => api.get(`/api/curations/codi-detail/${id}`),
    sitemapEntries: () => api.get('/api/contents/sitemap-entries'),
    dailyQuiz: (guestId) =>
      api.get('/api/curations/daily-quiz-today', undefined, { headers: { [GUEST_HEADER]: guestId } }),
  };
}

/** The reviews page's reads for this request (as a guest, as its loader always asked). */
export function reviewPageReads(context: AppLoadContext | undefined): ReviewPageReads {
  if (context?.reads?.reviews) return context.reads.reviews;
  const api = serverApi(context);
  return {
    list: (id, sort, query) => api.get(`/api/reviews/product-reviews/${id}/${sort}`, { ...query }),
    photos: (id, count) => api.get(`/api/reviews/product-review-photo/${id}`, { count }),
    review: (id) => api.get(`/api/reviews/review-detail/${id}`),
    card: async (id) =>
      (await api.get('/api/products/product-display-list', { product_display_list: id })).result[0] ?? null,
  };
}
