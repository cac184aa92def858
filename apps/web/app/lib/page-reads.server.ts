/**
 * The typed reads of the storefront's other pages (packages/shared storefront-page-reads.ts): in the
 * server's process the API's read models called directly (`context.reads`,
 * apps/api/src/web/reads-*.ts); a storefront without the API in its process gets the same
 * interface over the API client (as reads.server.ts does for the product page). Either way the
 * answers are the API routes' bodies.
 */
import type { HomeReads, ListingReads, RankingReads, SiteReads } from '@codiroom/shared';
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

/** The home page's reads for this request (anonymous: the member's feed is asked with the token). */
export function homeReads(context: AppLoadContext | undefined): HomeReads {
  if (context?.reads?.home) return context.reads.home;
  const api = serverApi(context);
  return {
    feed: (guestId) =>
      api.get(
        '/api/contents/home-feed',
        undefined,
        guestId ? { headers: { 'x-guest-user-id': guestId } } : undefined,
      ),
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
