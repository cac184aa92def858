import { ErrorBody, HealthBody, WebStatusBody, WebStatusVariant } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { readiness } from '../../platform/health.ts';
import { contactRoutes } from './contact-routes.ts';
import { ticketRoutes } from './ticket-routes.ts';
import { getWebStatus, setWebStatus } from './web-status.ts';

const started = Date.now();

const ReadinessBody = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  redis: z.enum(['ok', 'degraded', 'off']),
});

export const supportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(ticketRoutes, { ctx });
  await app.register(contactRoutes, { ctx });
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and the database in use',
        response: { 200: HealthBody, 503: HealthBody },
      },
    },
    async (_req, reply) => {
      const ok = await ctx.database.ping().catch(() => false);
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: ctx.database.kind,
        cache: ctx.kv.kind,
        node: process.version,
        uptime_s: Math.round((Date.now() - started) / 1000),
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );

  // Liveness and readiness for orchestrators and balancers (docs/ARCHITECTURE.md "Observability");
  // /health above stays as it is (CI and the journeys poll it).
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: 200 while the process runs (no dependency is asked)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: 503 while the database is unreachable; Redis down is reported as degraded',
        response: { 200: ReadinessBody, 503: ReadinessBody },
      },
    },
    async (_req, reply) => {
      const r = await readiness(ctx);
      reply.header('cache-control', 'no-store');
      if (!r.ready) reply.header('retry-after', '5');
      return reply.status(r.ready ? 200 : 503).send({
        status: r.ready ? (r.redis === 'degraded' ? 'degraded' : 'ok') : 'unavailable',
        database: r.database,
        redis: r.redis,
      });
    },
  );

  app.get(
    '/web-status',
    {
      schema: {
        tags: ['platform'],
        summary: 'Maintenance / overload flag polled by the storefront every 300000 ms',
        response: { 200: WebStatusBody },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return getWebStatus(ctx);
    },
  );

  app.put(
    '/admin/web-status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['platform'],
        summary: 'Switch the maintenance / overload screen (operators)',
        body: z.object({
          result: z.boolean(),
          variant: WebStatusVariant.default('maintenance'),
          start_at: z.iso.datetime({ offset: true }).nullable().default(null),
          end_at: z.iso.datetime({ offset: true }).nullable().default(null),
        }),
        response: { 200: WebStatusBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => {
      const { start_at, end_at } = req.body;
      if (start_at && end_at && new Date(start_at) >= new Date(end_at)) {
        throw badRequest('end_at must be after start_at');
      }
      return setWebStatus(ctx, req.body);
    },
  );
};
