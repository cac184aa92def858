import {
  BannerListBody,
  DailyLookBody,
  ErrorBody,
  FemaleLandingListBody,
  FormAck,
  FormResults,
  HomeFeed,
  InterestFreeNotice,
  InterestFreeNoticeBody,
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
import { parseId } from '../catalog/index.ts';
import { contentsAdminRoutes } from './admin-routes.ts';
import {
  CodiQuizEventIn,
  codiQuizEvent,
  DailyLookFeedbackIn,
  DailyLookResultsQuery,
  dailyLookFeedback,
  dailyLookResults,
  PostFeedbackIn,
  PostMiniQuizIn,
  PostQuizIn,
  PostSurveyIn,
  postFeedbackSubmit,
  postQuizSubmit,
  postResults,
  postSurveySubmit,
} from './answers.ts';
import {
  activeBanners,
  postDetail,
  postInfo,
  postList,
  SITEMAP_PRODUCT_CAP,
  sitemap,
  styleDetail,
  styleList,
  THEME_PAGE_SIZE,
  themePage,
} from './editorial.ts';
import { productPageContentRoutes } from './product-page-routes.ts';
import { promotionDetail, promotionInfo, runningPromotions, timeSaleNow } from './promotions.ts';
import { homeFeed } from './service.ts';
import {
  dailyLook,
  FemaleLandingIn,
  interestFreeNotice,
  listFemaleLanding,
  saveFemaleLanding,
  saveInterestFreeNotice,
} from './submissions.ts';

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
  await app.register(contentsAdminRoutes, { ctx });
  await app.register(productPageContentRoutes, { ctx });
  app.get(
    '/contents/home-feed',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary:
          'Home feed: top banners and curated product sections, with a personal section first for callers with likes or cart lines',
        response: { 200: HomeFeed, 401: ErrorBody },
      },
    },
    async (req) => homeFeed(ctx, req.principal),
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
    async (req) => postDetail(ctx, ctx.clock.now(), parseId(req.params.id)),
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
    async (req) => styleDetail(ctx, ctx.clock.now(), parseId(req.params.id), req.query.page),
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
    async (req) =>
      themePage(ctx, ctx.clock.now(), { slug: req.params.slug }, req.query.page, req.query.limit),
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
    async (req) =>
      themePage(ctx, ctx.clock.now(), { id: parseId(req.params.id) }, req.query.page, req.query.limit),
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
    async () => sitemap(ctx),
  );

  // ── daily look and the content forms ──
  app.get(
    '/contents/daily-look',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The look of the day (KST): one active codi set with its products, the same for everyone',
        response: { 200: DailyLookBody },
      },
    },
    async () => dailyLook(ctx),
  );

  // The content forms (answers.ts): each stores a typed answer and answers with the results.
  const Ack = { 200: FormAck, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody };
  const REPEAT = 'A repeat by the same member or guest';
  app.post(
    '/contents/posts/:id/feedback',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: `Feedback (like, dislike, helpful) on a RUNNING post, one per member or guest (${REPEAT.toLowerCase()} replaces it), answered with the counts; otherwise 404 '현재 진행중인 컨텐츠가 아닙니다.'`,
        params: IdParams,
        body: PostFeedbackIn,
        response: { ...Ack, ...NotFound },
      },
    },
    async (req) => postFeedbackSubmit(ctx, req.principal, parseId(req.params.id), req.body),
  );

  app.get(
    '/contents/posts/:id/answers',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: `${ADDITION} The results of a RUNNING post's forms (feedback, each quiz and survey question of its body) with the caller's own answers`,
        params: IdParams,
        response: { 200: FormResults, 400: ErrorBody, 401: ErrorBody, ...NotFound },
      },
    },
    async (req) => postResults(ctx, req.principal, parseId(req.params.id)),
  );

  app.post(
    '/contents/daily-look-feedback',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: `Like or dislike of the daily look's codi set, one per member or guest and KST day (${REPEAT.toLowerCase()} replaces it), answered with today's counts`,
        body: DailyLookFeedbackIn,
        response: { ...Ack, ...NotFound },
      },
    },
    async (req) => dailyLookFeedback(ctx, req.principal, req.body),
  );

  app.get(
    '/contents/daily-look-feedback',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: `${ADDITION} Today's like/dislike counts of a codi set as the daily look, with the caller's own`,
        querystring: DailyLookResultsQuery,
        response: { 200: FormResults, 400: ErrorBody, 401: ErrorBody, ...NotFound },
      },
    },
    async (req) => dailyLookResults(ctx, req.principal, req.query.codi_id),
  );

  const RUNNING = "a post_id that is not running answers 404 '현재 진행중인 컨텐츠가 아닙니다.'";
  app.post(
    '/contents/post-survey',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: `Survey answers of a magazine post by question id (${REPEAT.toLowerCase()} replaces them), answered with each question's counts; ${RUNNING}`,
        body: PostSurveyIn,
        response: { ...Ack, ...NotFound },
      },
    },
    async (req) => postSurveySubmit(ctx, req.principal, req.body),
  );
  for (const [path, form, body, what] of [
    ['/contents/post-quiz', 'post-quiz', PostQuizIn, 'Quiz answer'],
    ['/contents/post-mini-quiz', 'post-mini-quiz', PostMiniQuizIn, 'Mini-quiz answer'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'guest' },
        schema: {
          tags,
          summary: `${what} of a magazine post, once per member or guest (a repeat is 409 '이미 참여하셨습니다.'), answered with the counts, is_correct and the right answer where the post marks it; ${RUNNING}`,
          body,
          response: { ...Ack, ...NotFound },
        },
      },
      async (req) => postQuizSubmit(ctx, req.principal, form, req.body),
    );
  }

  app.post(
    '/contents/codi-quiz-event',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary:
          "Codi quiz event entry, once per member or guest and codi set (a repeat is 409 '이미 참여하셨습니다.'), answered with the counts; an unknown codi_id is a 404",
        body: CodiQuizEventIn,
        response: { ...Ack, ...NotFound },
      },
    },
    async (req) => codiQuizEvent(ctx, req.principal, req.body),
  );

  app.post(
    '/admin/contents/female-landing',
    {
      config: { access: 'admin', roles: ['MD'] },
      schema: {
        tags,
        summary:
          "Operators: store the women's landing (title, banner, product ids), replacing the previous one",
        body: FemaleLandingIn,
        response: {
          200: z.object({ result: z.literal('SUCCESS'), updated_at: z.iso.datetime() }),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
        },
      },
    },
    async (req) => {
      // The ADMIN_API_KEY is nobody's name: its submissions are listed as sent by the API key.
      const op = req.principal.operator;
      return saveFemaleLanding(ctx, req.body, op && op.id !== null ? op.name : null);
    },
  );
  app.get(
    '/admin/contents/female-landing',
    {
      config: { access: 'admin', roles: ['MD'] },
      schema: {
        tags,
        summary: "Operators: the women's landing submissions, newest first (the first is in force)",
        response: { 200: FemaleLandingListBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => listFemaleLanding(ctx),
  );

  app.get(
    '/contents/interest-free-notice',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The card interest-free notice (무이자 할부 안내) the product page and checkout show',
        response: { 200: InterestFreeNoticeBody },
      },
    },
    async () => interestFreeNotice(ctx),
  );
  app.put(
    '/admin/contents/interest-free-notice',
    {
      config: { access: 'admin', roles: ['MD'] },
      schema: {
        tags,
        summary: 'Operators: edit the card interest-free notice (text, minimum amount, on or off)',
        body: InterestFreeNotice,
        response: { 200: InterestFreeNoticeBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => saveInterestFreeNotice(ctx, req.body),
  );
};
