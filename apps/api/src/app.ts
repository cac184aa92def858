/**
 * The Fastify application: error model, request ids, access guards, OpenAPI, and every domain's
 * routes under /api. The storefront is mounted beside it by server.ts.
 */
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { trustProxyOption } from './config.ts';
import { type DatabaseFunction, installFunctions } from './db/functions.ts';
import { adminRoutes, memberAdminRoutes } from './domains/admin/index.ts';
import { useAdLog, useMemberEmails } from './domains/ads/index.ts';
import { grantSignUpCoupon, hasCartCoupon, pointBalance } from './domains/benefits/index.ts';
import { benefitRoutes } from './domains/benefits/routes.ts';
import { deleteMemberCartStep, memberCartQuantities, mergeGuestCartStep } from './domains/carts/index.ts';
import { cartRoutes } from './domains/carts/routes.ts';
import { imageRoutes } from './domains/catalog/images-routes.ts';
import { ORDER_PRICE_ROWS } from './domains/catalog/index.ts';
import { catalogueRoutes } from './domains/catalog/routes.ts';
import { contentsLikeTargets, useEditorialIndexer } from './domains/contents/index.ts';
import { contentsRoutes } from './domains/contents/routes.ts';
import { deleteCurationDataStep, memberCurationReads } from './domains/curations/index.ts';
import { curationRoutes } from './domains/curations/routes.ts';
import { devRoutes } from './domains/dev/routes.ts';
import { deleteMemberLikesStep, mergeGuestLikesStep, useContentLikeTargets } from './domains/likes/index.ts';
import { likeRoutes } from './domains/likes/routes.ts';
import {
  orderDatabaseFunctions,
  orderRoutes,
  ordersForReviews,
  purchaseOutboxHandlers,
} from './domains/orders/index.ts';
import { paymentRoutes } from './domains/payments/routes.ts';
import { postcodeRoutes } from './domains/postcode/index.ts';
import { restockRoutes } from './domains/restock/index.ts';
import { reviewerReads, reviewRoutes, useReviewOrders } from './domains/reviews/index.ts';
import { reindexPosts, reindexStyles, searchRoutes } from './domains/search/index.ts';
import { logWithdrawalStep, reportServerError } from './domains/support/index.ts';
import { loggerRoutes } from './domains/support/loggers.ts';
import { supportRoutes } from './domains/support/routes.ts';
import { accountRoutes } from './domains/users/account-routes.ts';
import { authRoutes } from './domains/users/auth-routes.ts';
import {
  memberEmail,
  notifyOutboxHandlers,
  onMemberSignedUp,
  wireUsersPorts,
} from './domains/users/index.ts';
import { memberRoutes } from './domains/users/member-routes.ts';
import { notificationRoutes } from './domains/users/notification-routes.ts';
import { registerRefreshCookie } from './domains/users/refresh-cookie.ts';
import { socialRoutes } from './domains/users/social/routes.ts';
import { backgroundJobs } from './jobs.ts';
import { registerAccessControl } from './platform/access.ts';
import { registerAudit } from './platform/audit.ts';
import type { AppContext } from './platform/context.ts';
import { closeConnectionsOnShutdown } from './platform/drain.ts';
import { apiNotFound, registerErrorHandling } from './platform/errors.ts';
import { registerInputLimits } from './platform/input-limits.ts';
import type { JobDefinition } from './platform/jobs.ts';
import { registerObservability } from './platform/observability.ts';
import { documentFor } from './platform/openapi.ts';
import { closeOutbox, registerOutboxHandlers, setOutboxLog } from './platform/outbox.ts';
import { applyProcessRole } from './platform/process-role.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { uploadRoutes } from './platform/uploads-routes.ts';
import { wirePorts } from './ports.ts';

export type BuildAppOptions = {
  logger?: FastifyServerOptions['logger'];
  /** The background jobs a `worker`/`all` process runs (jobs.ts by default; tests pass their own). */
  jobs?: readonly JobDefinition[];
};

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,128}$/;

function serverTimeouts(config: AppContext['config']) {
  return {
    connectionTimeout: config.IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
    },
  };
}

/** The database functions the domains build from their rules: the catalogue's pricing read, orders'. */
export const DATABASE_FUNCTIONS: readonly DatabaseFunction[] = [ORDER_PRICE_ROWS, ...orderDatabaseFunctions];

export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  // What a domain reads of one it may not import (src/ports.ts), before anything can read it.
  wirePorts();
  // The database functions the domains build from their rules (db/functions.ts), installed once at
  // start, before any route or job can call them; not by a route plugin.
  await installFunctions(ctx.db, DATABASE_FUNCTIONS);
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: ctx.config.BODY_LIMIT,
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // Slow clients (docs/ARCHITECTURE.md "Security", README "Configuration"): the headers within
    // HEADERS_TIMEOUT_MS, the whole request with its body within REQUEST_TIMEOUT_MS (Node answers
    // 408 through clientErrorHandler), no silent connection mid-request past IDLE_TIMEOUT_MS, no
    // idle keep-alive connection past KEEP_ALIVE_TIMEOUT_MS. Node checks the first two on a timer,
    // run often enough that a limit is overrun by at most a quarter of the headers' one.
    ...serverTimeouts(ctx.config),
    // Errors raised before routing (a path that is not valid percent-encoded UTF-8, a bad
    // content-type header) answer in the same `{detail}` shape as every other error.
    // Errors Node's HTTP parser raises before Fastify sees a request (headers or URL too large,
    // a malformed request line): the same `{detail}` shape, written to the socket.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return;
      const code = (err as { code?: string }).code;
      const [status, detail] =
        code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request header fields (or the URL) are too large']
          : code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request timeout']
            : [400, 'Malformed HTTP request'];
      const body = JSON.stringify({ detail });
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
          `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const detail =
        error.code === 'FST_ERR_BAD_URL' ? 'Invalid URL: not valid percent-encoded UTF-8' : error.message;
      void reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ detail }));
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The request id, CSP (with the per-request script nonce), nosniff, frames, referrer, HSTS in
  // production: every response, the storefront's pages and files included (security-headers.ts).
  // First, so an answer the input bounds give before any handler carries them too.
  await registerSecurityHeaders(app, ctx.config);
  // Bounded JSON bodies and query strings for every route, before any handler (input-limits.ts).
  registerInputLimits(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // PROCESS_ROLE (platform/process-role.ts): a worker answers only health and metrics; the worker
  // and all roles run the background jobs once the app is ready.
  // Outbox delivery is the `outbox.deliver` job (jobs.ts). onClose hooks run last-registered
  // first: the jobs stop (applyProcessRole's hook), then nudged passes end (closeOutbox).
  app.addHook('onClose', async () => closeOutbox(ctx));
  // Requests in flight at a shutdown end their keep-alive connections (platform/drain.ts).
  closeConnectionsOnShutdown(app);
  applyProcessRole(app, ctx, opts.jobs ?? backgroundJobs);
  // Ad-conversion failures outside a request (the payment webhook's, recovery's) go to this log.
  useAdLog(ctx, app.log);
  // The member's e-mail of an ad event is users' (users depends on ads, so ads is given the read).
  useMemberEmails(ctx, memberEmail);
  // What users shows or changes of data the domains above it own (users/ports.ts): each owner's
  // reads, and its steps of a withdrawal and of a guest merge, run in this order in their one
  // transaction.
  wireUsersPorts(ctx, {
    pointBalance,
    hasCartCoupon,
    curations: memberCurationReads,
    reviewers: reviewerReads,
    withdrawalSteps: [deleteCurationDataStep, deleteMemberLikesStep, deleteMemberCartStep, logWithdrawalStep],
    guestMergeSteps: [mergeGuestLikesStep, mergeGuestCartStep],
  });
  // A new member gets the first-purchase coupon (benefits), told by users' sign-up listeners: users
  // may not import benefits (the dependency rule), so the two meet here.
  onMemberSignedUp(ctx, grantSignUpCoupon);
  onMemberSignedUp(ctx, async () => ctx.metrics.count('sign_up'));
  // Reviews reads order items through the port it declares (reviews/orders-port.ts): orders
  // depends on reviews, so orders' implementation is handed over here.
  useReviewOrders(ctx, ordersForReviews);
  // Likes moves the like_count of contents' styles, codi sets and posts through its port
  // (likes/targets.ts): contents depends on likes through benefits and users.
  useContentLikeTargets(contentsLikeTargets);
  // The search index reads contents' styles and posts; contents tells it of their changes through
  // its port (contents/search-hook.ts).
  useEditorialIndexer(ctx, { styles: reindexStyles, posts: reindexPosts });
  // What committed changes still cause (pushes, ad events) is delivered from the outbox by the
  // handlers of the domains that own it (platform/outbox.ts); platform may not import domains.
  registerOutboxHandlers(ctx, { ...notifyOutboxHandlers, ...purchaseOutboxHandlers });
  setOutboxLog(ctx, app.log);
  // Errors outside /api (the storefront's handler, the docs) answer `{detail}` too, and a 500
  // there never carries the error's message or stack (the /api scope has its own handler).
  registerErrorHandling(app);
  // Request durations, request spans while tracing is on, and GET /metrics (platform/observability.ts).
  registerObservability(app, ctx);

  // gzip/brotli for HTML, JSON, JS, CSS and SVG (the storefront's static files included).
  // Brotli at quality 4 (zlib's default is 11, far too costly per dynamic response): most of the
  // size gain at a fraction of the CPU.
  // Responses only: request bodies are never inflated (no client of ours compresses them, and a
  // small gzip body could inflate past every input bound), which also spares a hook per request.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Codiroom API',
        description: 'Every server call of API-CATALOGUE.md. Errors are JSON `{detail}`.',
        version: '0.1.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          guestId: { type: 'apiKey', in: 'header', name: 'x-guest-user-id' },
          adminKey: { type: 'apiKey', in: 'header', name: 'x-admin-key' },
          operatorSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'codiroom_op',
            description:
              'The back office session (POST /api/admin/auth/login); changes also need x-csrf-token.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // In production the back office's operations only with the admin key (platform/openapi.ts).
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    transformSpecificationClone: false,
    transformSpecification: (doc, request, reply) => documentFor(ctx, request, reply, doc),
  });

  await app.register(
    async (api) => {
      registerErrorHandling(
        api,
        (error, request, status) => void reportServerError(ctx, error, request, status),
      );
      registerAccessControl(api, ctx);
      registerAudit(api, ctx);
      registerRefreshCookie(api);
      api.setNotFoundHandler(apiNotFound);
      // Wins over the storefront's catch-all, so unknown /api paths stay JSON 404s.
      api.all('/*', { schema: { hide: true } }, apiNotFound);
      api.get('/openapi.json', { schema: { hide: true } }, async (request, reply) =>
        documentFor(ctx, request, reply, app.swagger()),
      );
      await api.register(supportRoutes, { ctx });
      await api.register(loggerRoutes, { ctx });
      await api.register(contentsRoutes, { ctx });
      await api.register(catalogueRoutes, { ctx });
      await api.register(imageRoutes, { ctx });
      await api.register(uploadRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(devRoutes, { ctx });
      await api.register(memberRoutes, { ctx });
      await api.register(memberAdminRoutes, { ctx });
      await api.register(notificationRoutes, { ctx });
      await api.register(socialRoutes, { ctx });
      await api.register(likeRoutes, { ctx });
      await api.register(cartRoutes, { ctx });
      await api.register(restockRoutes, { ctx });
      await api.register(benefitRoutes, { ctx, cartQuantities: memberCartQuantities });
      await api.register(curationRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(reviewRoutes, { ctx });
      await api.register(searchRoutes, { ctx });
      await api.register(orderRoutes, { ctx });
      await api.register(paymentRoutes, { ctx });
      await api.register(postcodeRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  // Cache events of the other nodes (Redis pub/sub) are received before the first request.
  await ctx.caches.ready();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
