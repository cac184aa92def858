/**
 * The member's in-app notifications: the list with the unread count, and marking them read (the
 * minute sweep that sends held pushes once due is heldPushJob, jobs.ts).
 */
import { ErrorBody, NotificationEntry } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { PageQuery } from '../../platform/params.ts';
import { listNotifications, markRead, NOTIFICATION_PAGE } from './notifications.ts';
import { setNotifyLog, settlePushesInFlight } from './notify.ts';

const Int = z.number().int();
const member = (req: { principal: { userId: number | null } }) => {
  if (req.principal.userId === null) throw unauthorized('Token Required');
  return req.principal.userId;
};

export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  setNotifyLog(ctx, app.log);
  app.addHook('onClose', async () => settlePushesInFlight(ctx));

  app.get(
    '/users/notifications',
    {
      config: { access: 'token' },
      schema: {
        tags: ['users'],
        summary: `The member's notifications, newest first, ${NOTIFICATION_PAGE} a page, with the unread count`,
        querystring: z.object({ page: PageQuery }),
        response: {
          200: z.object({
            page: Int,
            count: Int,
            total_count: Int,
            total_page: Int,
            unread_count: Int,
            result: z.array(NotificationEntry),
          }),
          400: ErrorBody,
          401: ErrorBody,
        },
      },
    },
    async (req) => listNotifications(ctx, member(req), req.query.page),
  );

  app.post(
    '/users/notifications/read',
    {
      config: { access: 'token' },
      schema: {
        tags: ['users'],
        summary: "Mark notifications read: the given ids (the member's own only), or all without ids",
        body: z
          .object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(100).optional() })
          .strict()
          .nullish(),
        response: { 200: z.object({ unread_count: Int }), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => markRead(ctx, member(req), req.body?.ids),
  );
};
