/** API-CATALOGUE.md Curations: /api/curations/*. So far the missions and the style quiz. */
import {
  ErrorBody,
  MissionListBody,
  StyleQuizBody,
  StyleQuizRequest,
  StyleQuizSaved,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { missionList } from './service.ts';
import { saveStyleQuiz, styleQuizOf } from './style-quiz.ts';

const token = { access: 'token' } as const;
const tags = ['curations'];

const memberId = (req: { principal: { userId: number | null } }): number => {
  const id = req.principal.userId;
  if (id === null) throw new Error('token route without a member');
  return id;
};

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
    async (req) => saveStyleQuiz(ctx, memberId(req), req.body),
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
    async (req) => styleQuizOf(ctx.db, memberId(req), req.query.id ?? null),
  );
};
