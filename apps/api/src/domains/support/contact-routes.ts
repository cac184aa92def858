/**
 * The contents calls that reach the support inbox (API-CATALOGUE.md 'Contents'): telephone-cs (a
 * call-back request) and post-curator-chat (the member's thread with their curator) —
 * contact-requests.ts does the work. Served here, not by contents, so that contents needs neither
 * support nor curations.
 */
import { ErrorBody, SubmissionAck } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { CuratorChatIn, curatorChat, requestCallback, TelephoneCsIn } from './contact-requests.ts';
import { member } from './ticket-routes.ts';

const tags = ['contents'];
const E = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/contents/telephone-cs',
    {
      config: { access: 'token' },
      schema: {
        tags,
        summary:
          "A telephone call-back request: a CALLBACK ticket in the support inbox (phone: the member's own unless given); id is the ticket's",
        body: TelephoneCsIn,
        response: { 200: SubmissionAck, ...E },
      },
    },
    async (req) => requestCallback(ctx, member(req), req.body),
  );

  app.post(
    '/contents/post-curator-chat',
    {
      config: { access: 'token' },
      schema: {
        tags,
        summary:
          "A message to the member's curator: joins their open CURATOR_CHAT ticket or opens one, assigned to the curator of their latest curation; id is the ticket's. A post_id that is not running answers 404 '현재 진행중인 컨텐츠가 아닙니다.'",
        body: CuratorChatIn,
        response: { 200: SubmissionAck, ...E },
      },
    },
    async (req) => curatorChat(ctx, member(req), req.body),
  );
};
