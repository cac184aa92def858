/**
 * API-CATALOGUE.md Curations: /api/curations/*: the missions, the style quiz, the curation status
 * and the member's curation, ratings, outfits and quizzes here; requests, photos and styles in
 * request-routes.ts; the curators' queue (/api/admin/curations) in admin-routes.ts.
 */
import {
  CodiSet,
  CurationInfoBody,
  CurationRatingBody,
  CurationRatingRequest,
  CurationViewStatus,
  DailyQuizBody,
  ErrorBody,
  MissionListBody,
  PersonalColorQuizBody,
  PersonalColorRequest,
  PersonalColorResultBody,
  StyleQuizBody,
  StyleQuizRequest,
  StyleQuizSaved,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { fireRequestAdEvents, submitApplicationEvent } from '../ads/index.ts';
import { parseId } from '../catalog/index.ts';
import { curationAdminRoutes } from './admin-routes.ts';
import { codiByProduct, codiDetail } from './codi.ts';
import { curationInfo } from './curation-info.ts';
import { answerDailyQuiz, dailyQuizDone, dailyQuizDoneMonthly, dailyQuizToday } from './daily-quiz.ts';
import { publishDue } from './drafting.ts';
import { personalColorQuiz, savePersonalColor } from './personal-color.ts';
import { curationRating, rateCuration } from './rating.ts';
import { curationRequestRoutes } from './request-routes.ts';
import { serveWaitingList } from './requests.ts';
import { memberId, tags, token } from './route-common.ts';
import { missionList } from './service.ts';
import { saveStyleQuiz, styleQuizOf } from './style-quiz.ts';
import { curationViewStatus } from './view-status.ts';

export const curationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/curations/mission',
    {
      config: token,
      schema: {
        tags,
        summary: "The member's missions: completed, points received, points waiting",
        response: { 200: MissionListBody, 401: ErrorBody },
      },
    },
    async (req) => missionList(ctx.db, memberId(req), ctx.clock.now()),
  );

  app.post(
    '/v1/curations/style-quiz',
    {
      config: token,
      schema: {
        tags,
        summary: 'Save the style quiz: body and sizes, styles, colours, budget, occasions, things to avoid',
        description:
          'Answers SUCCESS (SPEC.md: the client reads SUCCESS when `status` is present). The body and sizes ' +
          'become the member’s size info; CODI (and before 2025-03-17 PROMOTION) coupons are issued once.',
        body: StyleQuizRequest,
        response: { 200: StyleQuizSaved, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => {
      const saved = await saveStyleQuiz(ctx, memberId(req), req.body);
      // SubmitApplication after the answer (the quiz is the curation application).
      void fireRequestAdEvents(ctx, req, { userId: memberId(req) }, (info) => [
        submitApplicationEvent(ctx.clock.now(), info),
      ]);
      return saved;
    },
  );

  app.get(
    '/curations/style-quiz',
    {
      config: token,
      schema: {
        tags,
        summary: 'The member’s style quiz: `id`, or the newest',
        querystring: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
        response: { 200: StyleQuizBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => styleQuizOf(ctx, memberId(req), req.query.id ?? null),
  );

  app.get(
    '/curations/curation-status',
    {
      config: token,
      schema: {
        tags,
        summary: 'Curation view status (the MY큐레이션 red dot) after publishing the drafts due',
        description:
          'current_curation_viewed: null without a published curation, false while the latest is unviewed, ' +
          'true once viewed; next_ai_curation_left: AI curations left this KST month.',
        response: { 200: CurationViewStatus, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = memberId(req);
      await serveWaitingList(ctx, userId);
      await publishDue(ctx, userId);
      return curationViewStatus(ctx, userId);
    },
  );

  app.get(
    '/curations/get-curation-info',
    {
      config: token,
      schema: {
        tags,
        summary:
          'The member’s latest curation: outfits with live product cards, sizes and reasons; marks it viewed',
        querystring: z.object({ is_app: z.enum(['true', 'false', '1', '0']).optional() }),
        response: { 200: CurationInfoBody, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return curationInfo(ctx, memberId(req));
    },
  );

  app.post(
    '/curations/post-rating',
    {
      config: token,
      schema: {
        tags,
        summary: 'Rate one of one’s published curations (1–5) and say what one wants more of',
        body: CurationRatingRequest,
        response: { 200: CurationRatingBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => rateCuration(ctx, memberId(req), req.body),
  );

  app.get(
    '/curations/get-rating/:id',
    {
      config: token,
      schema: {
        tags,
        summary: 'The rating of one of one’s curations',
        params: z.object({ id: z.string() }),
        response: { 200: CurationRatingBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => curationRating(ctx, memberId(req), parseId(req.params.id)),
  );

  app.get(
    '/curations/codi-detail/:id',
    {
      schema: {
        tags,
        summary: 'One outfit (codi set) with its products at live prices',
        params: z.object({ id: z.string() }),
        response: { 200: CodiSet, 404: ErrorBody },
      },
    },
    async (req) => codiDetail(ctx, parseId(req.params.id)),
  );

  app.get(
    '/curations/codi-by-product/:id',
    {
      schema: {
        tags,
        summary: 'The outfits (codi sets) a product is part of, for the product page',
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ result: z.array(CodiSet) }), 404: ErrorBody },
      },
    },
    async (req) => codiByProduct(ctx, parseId(req.params.id)),
  );

  app.get(
    '/curations/personal-color-quiz',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: 'The personal-colour quiz questions, and a member’s latest result',
        response: { 200: PersonalColorQuizBody, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => personalColorQuiz(ctx, req.principal.userId),
  );

  app.post(
    '/curations/personal-color-quiz',
    {
      config: token,
      schema: {
        tags,
        summary: 'Answer the personal-colour quiz: the season (spring warm … winter cool) and its palette',
        description: 'Also the hand-over of an answer a guest kept on the device, after sign-in (SPEC.md).',
        body: PersonalColorRequest,
        response: { 200: PersonalColorResultBody, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => savePersonalColor(ctx, memberId(req), req.body),
  );

  app.get(
    '/curations/daily-quiz-today',
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: 'Today’s style question (KST), with the member’s answer if any',
        response: { 200: DailyQuizBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => dailyQuizToday(ctx, req.principal.userId),
  );

  app.post(
    '/curations/daily-quiz-today',
    {
      config: token,
      schema: {
        tags,
        summary: 'Answer today’s style question (once a day)',
        body: z.object({ answer: z.string().min(1).max(20) }).strict(),
        response: {
          200: z.object({
            id: z.number().int(),
            answered: z.string(),
            /** The MONTHLY_CODI_COUPON policy issued with this answer (the month's first), or null. */
            monthly_coupon_policy_id: z.number().int().nullable(),
          }),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (req) => answerDailyQuiz(ctx, memberId(req), req.body.answer),
  );

  app.get(
    '/curations/daily-quiz-done',
    {
      config: token,
      schema: {
        tags,
        summary: 'Whether the member answered today’s question (KST)',
        response: { 200: z.object({ quiz_date: z.string(), done: z.boolean() }), 401: ErrorBody },
      },
    },
    async (req) => dailyQuizDone(ctx, memberId(req)),
  );

  app.get(
    '/curations/daily-quiz-done-monthly',
    {
      config: token,
      schema: {
        tags,
        summary: 'The KST days of a month the member answered (a month calendar)',
        querystring: z.object({
          month: z
            .string()
            .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected YYYY-MM')
            .optional(),
        }),
        response: {
          200: z.object({ month: z.string(), days: z.array(z.string()), count: z.number().int() }),
          400: ErrorBody,
          401: ErrorBody,
        },
      },
    },
    async (req) => dailyQuizDoneMonthly(ctx, memberId(req), req.query.month),
  );

  await app.register(curationRequestRoutes, { ctx });
  await app.register(curationAdminRoutes, { ctx });
};
