import {
  BannerListBody,
  ErrorBody,
  HomeFeed,
  PostDetail,
  PostInfo,
  PostListBody,
  PromotionDetailBody,
  PromotionInfo,
  PromotionListBody,
  SitemapEntriesBody,
  StyleDetail,
  StyleListBody,
  ThemeBody,
  TimeSaleBody,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { CodeQuery, IdParams, PageQuery } from '../../platform/params.ts';
import { cached } from '../catalog/cache.ts';
import { parseId } from '../catalog/products.ts';
import {
  activeBanners,
  postDetail,
  postInfo,
  postList,
  SITEMAP_PRODUCT_CAP,
  sitemapEntries,
  styleDetail,
  styleList,
  THEME_PAGE_SIZE,
  themePage,
} from './editorial.ts';
import { promotionDetail, promotionInfo, runningPromotions, timeSaleNow } from './promotions.ts';
import { homeFeed } from './service.ts';

const SITEMAP_TTL_S = 300;
const ADDITION = '[addition, not in API-CATALOGUE.md]';
const tags = ['contents'];
const NotFound = { 404: ErrorBody };
const ThemeQuery = z.object({
  page: PageQuery,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(THEME_PAGE_SIZE)
    .meta({ description: 'Page size (SPEC.md §9 outlet limit is 10 for the home outlet strip)' }),
});

export const contentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/contents/home-feed',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Home feed: top banners and product sections',
        response: { 200: HomeFeed },
      },
    },
    async () => homeFeed(ctx),
  );

  // ── magazine ──
  app.get(
    '/contents/post-list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Magazine posts that are RUNNING, newest first, 20 per page',
        querystring: z.object({ page: PageQuery, category: z.string().max(50).optional() }),
        response: { 200: PostListBody, 400: ErrorBody },
      },
    },
    async (req) => postList(ctx.db, req.query),
  );

  app.get(
    '/contents/post-detail/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "A RUNNING post with its markdown body and products; otherwise 404 '현재 진행중인 컨텐츠가 아닙니다.'",
        params: IdParams,
        response: { 200: PostDetail, ...NotFound },
      },
    },
    async (req) => postDetail(ctx.db, parseId(req.params.id)),
  );

  app.get(
    '/contents/post-info/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Title, subtitle, cover and date of a RUNNING post (share cards, page meta)',
        params: IdParams,
        response: { 200: PostInfo, ...NotFound },
      },
    },
    async (req) => postInfo(ctx.db, parseId(req.params.id)),
  );

  // ── styles ──
  app.get(
    '/contents/style-list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Styles, most liked first, 20 per page',
        querystring: z.object({ page: PageQuery }),
        response: { 200: StyleListBody, 400: ErrorBody },
      },
    },
    async (req) => styleList(ctx.db, req.query.page),
  );

  app.get(
    '/contents/style-detail/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "A style with a page (10, `page`) of its codi sets and their products; 404 '스타일이 없습니다.'",
        params: IdParams,
        querystring: z.object({ page: PageQuery }),
        response: { 200: StyleDetail, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => styleDetail(ctx.db, parseId(req.params.id), req.query.page),
  );

  // ── promotions and time sales ──
  app.get(
    '/contents/promotion-list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `${ADDITION} Running promotions for /promotion`,
        response: { 200: PromotionListBody },
      },
    },
    async () => ({ result: await runningPromotions(ctx) }),
  );

  app.get(
    '/contents/promotion-info/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A promotion: title, benefit, window and whether it is running now',
        params: IdParams,
        response: { 200: PromotionInfo, ...NotFound },
      },
    },
    async (req) => promotionInfo(ctx, parseId(req.params.id)),
  );

  app.get(
    '/contents/promotion-detail/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A promotion and a page (30) of its products',
        params: IdParams,
        querystring: z.object({ page: PageQuery }),
        response: { 200: PromotionDetailBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => promotionDetail(ctx, parseId(req.params.id), req.query.page),
  );

  app.get(
    '/contents/time-sale',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The running time sale and the next upcoming one, with sale prices and remaining stock',
        response: { 200: TimeSaleBody },
      },
    },
    async () => timeSaleNow(ctx),
  );

  // ── banners, themes, sitemap ──
  app.get(
    '/contents/banners',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Active banners of a placement (home_top, home_middle …) within their window',
        querystring: z.object({ placement: CodeQuery.default('home_top') }),
        response: { 200: BannerListBody, 400: ErrorBody },
      },
    },
    async (req) => ({
      placement: req.query.placement,
      result: await activeBanners(ctx, req.query.placement),
    }),
  );

  app.get(
    '/contents/collection/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `${ADDITION} A collection (/collection/{theme}, e.g. outlet) and a page of its products`,
        params: z.object({ slug: z.string() }),
        querystring: ThemeQuery,
        response: { 200: ThemeBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => themePage(ctx.db, { slug: req.params.slug }, req.query.page, req.query.limit),
  );

  app.get(
    '/contents/theme/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `${ADDITION} A theme (/theme/{id}) and a page of its products`,
        params: IdParams,
        querystring: ThemeQuery,
        response: { 200: ThemeBody, 400: ErrorBody, ...NotFound },
      },
    },
    async (req) => themePage(ctx.db, { id: parseId(req.params.id) }, req.query.page, req.query.limit),
  );

  app.get(
    '/contents/sitemap-entries',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `${ADDITION} Ids for sitemap.xml: products (at most ${SITEMAP_PRODUCT_CAP}), brands, posts, styles`,
        response: { 200: SitemapEntriesBody },
      },
    },
    async () => cached(ctx.kv, 'contents:sitemap', SITEMAP_TTL_S, () => sitemapEntries(ctx.db)),
  );
};
