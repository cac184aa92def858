/**
 * The HTTP side of observability (docs/ARCHITECTURE.md "Observability"): every answer's duration
 * by route pattern, uploads refused, the request spans while tracing is on, and GET /metrics.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { registerHttpTracing } from './tracing.ts';

/** A 4xx of an upload route that refuses the upload itself (not the caller's access). */
const refusesUpload = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 403;

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * Registers the hooks on the root app (so every route, the storefront's included, is measured)
 * and GET /metrics: open outside production unless METRICS_TOKEN is set; with it, only with
 * `Authorization: Bearer <METRICS_TOKEN>` (401); in production without it, not served (404).
 */
export function registerObservability(app: FastifyInstance, ctx: AppContext): void {
  registerHttpTracing(app);
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    ctx.metrics.observeHttp(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      status,
      reply.elapsedTime / 1000,
    );
    if (request.routeOptions.config?.uploads && refusesUpload(status)) ctx.metrics.count('upload_refused');
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.METRICS_TOKEN;
    if (!token && ctx.config.isProduction) return reply.code(404).send({ detail: 'Not Found' });
    if (token && !tokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ detail: 'A metrics token is required' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(ctx.metrics.contentType)
      .send(await ctx.metrics.text());
  });
}
