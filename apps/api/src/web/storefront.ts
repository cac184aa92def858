/**
 * Serves the server-rendered React Router storefront from the same process as the API:
 * hashed client assets from build/client, every other non-/api path through the SSR handler.
 * Hot loaders read through typed in-process queries (`reads`, web/reads.ts: the API routes' read
 * models, no HTTP, no JSON); the others call the API in-process (app.inject), so SSR costs no extra
 * network hop; both carry the page request's client address (injectFetch).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { badRequest } from '../platform/errors.ts';
import { cspNonce } from '../platform/security-headers.ts';
import { storefrontReads } from './reads.ts';

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** Headers that would name a client address; an in-process call never carries them. */
const FORWARDING_HEADERS = new Set(['x-forwarded-for', 'forwarded', 'x-real-ip']);

/**
 * The API in-process for one storefront request. `clientAddress` (the page request's `req.ip`, as
 * TRUST_PROXY derives it) becomes the injected request's socket address, so the API's rate limits
 * see the browser's address rather than 127.0.0.1 for every SSR call. Only this process can set it:
 * forwarding headers a loader passes on are dropped, so what a client sent cannot override it.
 */
export function injectFetch(app: FastifyInstance, clientAddress?: string): ApiFetch {
  return async (path, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      if (!FORWARDING_HEADERS.has(k)) headers[k] = v;
    });
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: path,
      headers,
      ...(clientAddress ? { remoteAddress: clientAddress } : {}),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) for (const x of v) out.append(k, String(x));
      else if (v !== undefined) out.set(k, String(v));
    }
    const noBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(noBody ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}

/** A Host header's form: a name or an IPv4 address, or an IPv6 one in brackets, and a port. */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

/**
 * The page request as the storefront sees it. Its URL is the configured PUBLIC_ORIGIN with the
 * request's path, never the Host header (docs/ARCHITECTURE.md "Security"): every URL a page
 * publishes from `request.url` (canonical and og links, robots.txt, sitemap.xml, JSON-LD) is the
 * shop's, whatever Host a client or a cache key sent, and React Router's check of a form's Origin
 * compares against the shop's origin.
 */
export function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  // Never used for a URL, but a Host that is no host (`a b`) is still the client's mistake: a 400.
  const host = req.headers.host;
  if (host !== undefined && !HOST_HEADER.test(host)) throw badRequest('Invalid Host header');
  let url: URL;
  try {
    // Concatenated, not resolved: a path such as `//other.example/x` stays a path of the shop.
    url = new URL(`${req.server.ctx.config.PUBLIC_ORIGIN}${req.url}`);
  } catch {
    // A request target that is no path (an absolute URL of another host): the client's mistake.
    throw badRequest('Invalid request target');
  }
  if (url.origin !== req.server.ctx.config.PUBLIC_ORIGIN) throw badRequest('Invalid request target');
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v !== undefined) headers.set(k, String(v));
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && Buffer.isBuffer(req.body);
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: req.body as Buffer } : {}),
  });
}

export async function mountStorefront(
  app: FastifyInstance,
  buildDir: string,
  mode: string,
): Promise<boolean> {
  const serverEntry = join(buildDir, 'server', 'index.js');
  const clientDir = join(buildDir, 'client');
  if (!existsSync(serverEntry)) {
    app.log.warn({ buildDir }, 'storefront build not found: serving the API only (run npm run build)');
    return false;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, mode);

  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes brotli and gzip copies of every text file (apps/web/scripts/precompress.mjs):
      // sent as they are, never compressed again per request.
      preCompressed: true,
      // Our cache-control (below) only: @fastify/send's own ("max-age=0") is written after
      // setHeaders and replaced it, so the hashed files were never cached for their year.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes(`${join('client', 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      // Pages, not API operations: kept out of /api/openapi.json.
      schema: { hide: true },
      handler: async (req, reply) => {
        // The loaders' API calls carry this request's client address (injectFetch).
        const apiFetch = injectFetch(app, req.ip);
        // The nonce of this response's Content-Security-Policy, for the page's inline scripts
        // (apps/web/app/entry.server.tsx).
        const response = await handle(toWebRequest(req, reply), {
          apiFetch,
          reads: storefrontReads(req.server.ctx, req.ip, req.log),
          cspNonce: cspNonce(reply),
        });
        reply.status(response.status);
        response.headers.forEach((v, k) => {
          if (k !== 'set-cookie') reply.header(k, v);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (!response.body) return reply.send();
        return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
      },
    });
  });
  return true;
}
