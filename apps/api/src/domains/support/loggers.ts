/**
 * POST /api/loggers/*: activity, page, error and section logs from the storefront (SPEC.md §7).
 * Stored in event_logs; the storefront ignores failures (SPEC.md §8).
 */
import { ErrorBody } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventLogs } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';

const KINDS = {
  'active-user-log': 'ACTIVE_USER',
  'page-log': 'PAGE',
  'error-log': 'ERROR',
  'section-log': 'SECTION',
} as const;

const LogBody = z
  .record(z.string().max(64), z.unknown())
  .refine((v) => Object.keys(v).length <= 50, 'at most 50 fields')
  .refine((v) => JSON.stringify(v).length <= 8_192, 'at most 8 KB');

export const loggerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const [path, kind] of Object.entries(KINDS)) {
    app.post(
      `/loggers/${path}`,
      {
        config: { access: 'guest' },
        schema: {
          tags: ['support'],
          summary: `Record a ${kind.toLowerCase().replace('_', ' ')} log entry`,
          body: LogBody,
          response: { 200: z.object({ result: z.literal('ok') }), 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req) => {
        const body = req.body;
        const name =
          typeof body.section === 'string' ? body.section : typeof body.name === 'string' ? body.name : null;
        await ctx.db.insert(eventLogs).values({
          kind,
          user_id: req.principal.userId,
          guest_id: req.principal.userId === null ? req.principal.guestId : null,
          name: name?.slice(0, 100) ?? null,
          payload: body,
          created_at: ctx.clock.now(),
        });
        return { result: 'ok' as const };
      },
    );
  }
};
