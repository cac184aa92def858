import { HomeFeed } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { homeFeed } from './service.ts';

export const contentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/contents/home-feed',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contents'],
        summary: 'Home feed: top banners and product sections',
        response: { 200: HomeFeed },
      },
    },
    async () => homeFeed(ctx),
  );
};
