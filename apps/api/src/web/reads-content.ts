/**
 * The storefront's in-process reads of the editorial pages (packages/shared
 * storefront-page-reads.ts `ContentReads`): the time sale, the magazine, styles, promotions and an
 * outfit (codi), from the functions the API routes answer with (contents/routes.ts,
 * curations/routes.ts), pages parsed with the routes' query schema and answers validated by their
 * response schemas. The sitemap's ids are cached as the route caches them; nothing else is.
 */
import {
  CodiSet,
  type ContentReads,
  DailyQuizBody,
  PostDetail,
  PostListBody,
  PromotionDetailBody,
  PromotionListBody,
  SitemapEntriesBody,
  StyleDetail,
  StyleListBody,
  TimeSaleBody,
} from '@codiroom/shared';
import { parseId } from '../domains/catalog/index.ts';
import { postDetail, postList, sitemap, styleDetail, styleList } from '../domains/contents/editorial.ts';
import { promotionDetail, runningPromotions, timeSaleNow } from '../domains/contents/promotions.ts';
import { codiDetail } from '../domains/curations/codi.ts';
import { dailyQuizToday } from '../domains/curations/daily-quiz.ts';
import type { AppContext } from '../platform/context.ts';
import { PageQuery } from '../platform/params.ts';
import { parseQuery } from './reads-listing.ts';

export function contentReads(ctx: AppContext): ContentReads {
  const now = () => ctx.clock.now();
  return {
    // GET /api/contents/time-sale.
    timeSale: async () => TimeSaleBody.parse(await timeSaleNow(ctx)),
    // GET /api/contents/post-list and post-detail/{id}.
    posts: async (page) => PostListBody.parse(await postList(ctx.db, { page: parseQuery(PageQuery, page) })),
    post: async (id) => PostDetail.parse(await postDetail(ctx, now(), parseId(id))),
    // GET /api/contents/style-list and style-detail/{id} (its first page of outfits).
    styles: async (page) => StyleListBody.parse(await styleList(ctx.db, parseQuery(PageQuery, page))),
    style: async (id) => StyleDetail.parse(await styleDetail(ctx, now(), parseId(id), 1)),
    // GET /api/contents/promotion-list and promotion-detail/{id}.
    promotions: async () => PromotionListBody.parse({ result: await runningPromotions(ctx) }),
    async promotion(id, page) {
      const p = parseQuery(PageQuery, page);
      return PromotionDetailBody.parse(await promotionDetail(ctx, parseId(id), p));
    },
    // GET /api/curations/codi-detail/{id}.
    codi: async (id) => CodiSet.parse(await codiDetail(ctx, parseId(id))),
    // GET /api/contents/sitemap-entries (cached by sitemap, as the route).
    sitemapEntries: async () => SitemapEntriesBody.parse(await sitemap(ctx)),
    // GET /api/curations/daily-quiz-today for a guest: no answer of their own.
    dailyQuiz: async () => DailyQuizBody.parse(await dailyQuizToday(ctx, null)),
  };
}
