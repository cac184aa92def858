/**
 * Development helpers. Registered only outside production (NODE_ENV=production leaves these paths
 * to the JSON 404 of unknown /api routes).
 *
 * GET /api/dev/sms-outbox?phone= — the latest message the dev SMS outbox "sent" to a number, so
 * sign-up can be tried (and end-to-end tests run) without an SMS provider.
 * POST /api/dev/push-devices — registers an app push subscription for a member's uuid with the
 * dev push sink, as the push service would once the app's SDK logged in, so the app's permission
 * report (POST /api/users/app-push-permission) can be tried without a phone.
 * POST /api/dev/curations/publish-untouched — publishes the calling member's drafts no curator
 * touched now, as the publish job would after CURATION_PUBLISH_DELAY_MIN, so a journey sees what a
 * member sees of a curation made by the engine alone.
 */
import { ErrorBody, normalizeMobilePhone, SmsOutboxMessage } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { publishUntouchedNow } from '../curations/index.ts';
import { DevOutbox, DevPushSink, pushSenderFor, smsSenderFor } from '../users/index.ts';

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

  app.post(
    '/dev/push-devices',
    {
      schema: {
        tags: ['development'],
        summary: 'Register an app push subscription with the dev push sink (not available in production)',
        body: z
          .object({
            external_id: z.string().uuid(),
            subscription_id: z.string().regex(/^[A-Za-z0-9-]{8,100}$/),
          })
          .strict(),
        response: { 200: z.object({ result: z.literal('ok') }), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const sender = pushSenderFor(ctx);
      if (!(sender instanceof DevPushSink))
        throw notFound('The dev push sink is off: OneSignal is configured');
      sender.registerDevice(req.body.external_id, req.body.subscription_id);
      return { result: 'ok' as const };
    },
  );

  app.post(
    '/dev/curations/publish-untouched',
    {
      config: { access: 'token' },
      schema: {
        tags: ['development'],
        summary:
          "Publish the caller's curation drafts no curator touched, now, as the publish job would (not available in production)",
        response: { 200: z.object({ published: z.number().int() }), 401: ErrorBody },
      },
    },
    async (req) => {
      const userId = req.principal.userId;
      if (userId === null) throw new Error('token route without a member');
      return { published: await publishUntouchedNow(ctx, userId) };
    },
  );
};
