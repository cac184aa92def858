/** API-CATALOGUE.md Curations: /api/curations/*. So far GET mission (token). */
import { ErrorBody, MissionListBody } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { missionList } from './service.ts';

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
};
