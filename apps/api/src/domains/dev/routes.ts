/**
 * Development helpers. Registered only outside production (NODE_ENV=production leaves these paths
 * to the JSON 404 of unknown /api routes).
 *
 * GET /api/dev/sms-outbox?phone= — the latest message the dev SMS outbox "sent" to a number, so
 * sign-up can be tried (and end-to-end tests run) without an SMS provider.
 */
import { ErrorBody, normalizeMobilePhone, SmsOutboxMessage } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { DevOutbox, smsSenderFor } from '../users/index.ts';

export const devRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  if (ctx.config.isProduction) return;

  app.get(
    '/dev/sms-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Latest SMS of the dev outbox to a number (not available in production)',
        querystring: z.object({ phone: z.string().max(32) }),
        response: { 200: SmsOutboxMessage, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const phone = normalizeMobilePhone(req.query.phone);
      if (!phone) throw badRequest('휴대폰 번호를 확인해주세요.');
      const sender = smsSenderFor(ctx);
      if (!(sender instanceof DevOutbox)) throw notFound('The dev SMS outbox is off: Solapi is configured');
      const message = sender.latest(phone);
      if (!message) throw notFound('No message was sent to this number');
      reply.header('cache-control', 'no-store');
      return { ...message, sent_at: message.sent_at.toISOString() };
    },
  );
};
