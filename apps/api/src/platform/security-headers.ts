/**
 * Security headers on every response — API JSON, static assets, server-rendered pages
 * (docs/ARCHITECTURE.md, "Security"): a Content-Security-Policy (for HTML, the page policy with a
 * per-request script nonce; for anything else, one that allows nothing), nosniff, no framing by
 * other sites, strict-origin-when-cross-origin referrers, HSTS in production only, and no
 * X-Powered-By.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Third-party origins the storefront's pages talk to, and why:
 * - Toss Payments (the payment window when the server runs with Toss keys, routes/payment.tsx):
 *   the SDK script from js.tosspayments.com, which frames its payment window and calls its APIs
 *   on *.tosspayments.com subdomains.
 * The postcode search is the shop's own (GET /api/addresses/search, the server asks the juso
 * API), so no postcode widget origin is needed.
 * The ad-conversion service (SPEC.md §7) is called server to server, so no pixel origin is needed.
 */
export const THIRD_PARTY = {
  scripts: ['https://js.tosspayments.com'],
  connect: ['https://*.tosspayments.com'],
  frames: ['https://*.tosspayments.com'],
  forms: ['https://*.tosspayments.com'],
} as const;

const nonces = new WeakMap<ServerResponse, string>();

/** The response's CSP nonce (128 random bits), made on first use and then the same for the response. */
function nonceFor(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

/** The nonce the reply's Content-Security-Policy allows inline scripts with (the SSR handler passes it on). */
export function cspNonce(reply: FastifyReply): string {
  return nonceFor(reply.raw);
}

/**
 * The policy's directives. Scripts: our own files, inline scripts carrying this response's nonce
 * (React Router's hydration context and module imports, the font loader in root.tsx) and the
 * payment and postcode SDKs; no inline event handlers, no eval. Styles allow 'unsafe-inline':
 * React `style` props are server-rendered as style attributes, and the payment and postcode SDKs
 * insert style elements that cannot carry our nonce (a nonce in style-src would switch
 * 'unsafe-inline' off); CSS cannot run script, which the nonce keeps locked.
 */
export function cspDirectives() {
  return {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      (_req: unknown, res: ServerResponse) => `'nonce-${nonceFor(res)}'`,
      ...THIRD_PARTY.scripts,
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...THIRD_PARTY.connect],
    'frame-src': [...THIRD_PARTY.frames],
    // No page of ours is meant to be framed: the app shell is a native webview, not an iframe.
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...THIRD_PARTY.forms],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
}

/**
 * The policy of every response that is not an HTML page (JSON, scripts, styles, images, fonts): it
 * is never rendered as a document of ours, so nothing is allowed if it ever is (an SVG or a JSON
 * answer opened directly). A tenth of the page policy's bytes, too, on each of a page's files.
 */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Stands for the response's nonce while helmet writes the page policy once (see securityHeaderSet). */
const NONCE_MARK = 'codiroom-csp-nonce-mark';

/** The options of @fastify/helmet: the policy, HSTS in production, referrer, framing, opener. */
export function helmetOptions(
  config: Pick<Config, 'isProduction'>,
  directives: ReturnType<typeof cspDirectives>,
) {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    // Production only: a development server reached over https once (a local TLS proxy) would
    // otherwise pin localhost, with every other app on it, to https for a year.
    strictTransportSecurity: config.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : (false as const),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    xFrameOptions: { action: 'deny' as const },
    // A popup a payment window opens may report back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
  };
}

/**
 * Headers that only mean something for a document a browser renders (legacy IE download and XSS
 * filters, DNS prefetching, Flash/PDF cross-domain policies, agent clusters, the opener policy):
 * API answers (`/api/*` but the Swagger UI pages under `/api/docs`) leave them out; pages and
 * their files keep them. The API keeps
 * nosniff, its allow-nothing policy with frame-ancestors, X-Frame-Options, Referrer-Policy, HSTS
 * and Cross-Origin-Resource-Policy.
 */
export const DOCUMENT_ONLY_HEADERS: ReadonlySet<string> = new Set([
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
]);

export type SecurityHeaderSet = {
  /** Every header helmet sets except the policy, with its value: the same on every response. */
  fixed: [name: string, value: string][];
  /** The page policy around the nonce: `${before}${nonce}${after}`. */
  pagePolicy: { before: string; after: string };
};

/**
 * The headers @fastify/helmet sends with our options, worked out once: helmet answers one request
 * of a private Fastify instance, and the headers it added (those a `helmet: false` route lacks)
 * are kept, the page policy with a mark where the nonce goes. Registered as a plugin, helmet
 * rebuilds all its middleware from the options and draws a nonce on every request — a fifth of the
 * server's CPU on a small JSON call (bench/cart.mjs) — although the values never change.
 */
export async function securityHeaderSet(config: Pick<Config, 'isProduction'>): Promise<SecurityHeaderSet> {
  const directives = cspDirectives();
  const probe = Fastify({ logger: false });
  try {
    await probe.register(
      fastifyHelmet,
      helmetOptions(config, {
        ...directives,
        'script-src': directives['script-src'].map((v) =>
          typeof v === 'function' ? `'nonce-${NONCE_MARK}'` : v,
        ),
      }),
    );
    probe.get('/with', async (_request, reply) => reply.send(''));
    probe.get('/without', { helmet: false }, async (_request, reply) => reply.send(''));
    const [withHelmet, without] = await Promise.all([probe.inject('/with'), probe.inject('/without')]);
    const fixed: [string, string][] = [];
    let policy: string | undefined;
    for (const [name, value] of Object.entries(withHelmet.headers)) {
      if (name === 'content-security-policy') policy = String(value);
      else if (without.headers[name] === undefined) fixed.push([name, String(value)]);
    }
    const at = policy?.indexOf(NONCE_MARK) ?? -1;
    if (policy === undefined || at < 0) throw new Error('helmet sent no page policy with a nonce');
    return {
      fixed,
      pagePolicy: { before: policy.slice(0, at), after: policy.slice(at + NONCE_MARK.length) },
    };
  } finally {
    await probe.close();
  }
}

/**
 * Security headers of every response. The fixed ones are set on the raw response as the request
 * arrives (where helmet sets them, so a route's own value still wins); the policy is chosen when
 * the answer is sent: the allow-nothing one for anything but HTML, otherwise the page policy with
 * this response's nonce (the one cspNonce gave the page's scripts), unless the route sent its own.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const { fixed, pagePolicy } = await securityHeaderSet(config);
  const api = fixed.filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name));
  const documentOnly = fixed.filter(([name]) => DOCUMENT_ONLY_HEADERS.has(name));
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    // Every answer names its request (the id in the logs), set here with the fixed headers.
    res.setHeader('x-request-id', request.id);
    const document = !request.url.startsWith('/api/') || request.url.startsWith('/api/docs');
    for (const [name, value] of document ? fixed : api) res.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (type !== undefined && !/^text\/html\b/i.test(String(type))) {
      reply.header('content-security-policy', NON_DOCUMENT_CSP);
    } else {
      // A page served under /api (the payment sandbox, the development sign-in pages) is a
      // document too: it gets the headers API answers leave out.
      for (const [name, value] of documentOnly) if (!reply.hasHeader(name)) reply.header(name, value);
      if (!reply.hasHeader('content-security-policy')) {
        reply.header(
          'content-security-policy',
          `${pagePolicy.before}${nonceFor(reply.raw)}${pagePolicy.after}`,
        );
      }
    }
    done(null, payload);
  });
}
