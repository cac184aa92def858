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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Third-party origins the storefront's pages talk to, and why:
 * - Toss Payments (the payment window when the server runs with Toss keys, routes/payment.tsx):
 *   the SDK script from js.tosspayments.com, which frames its payment window and calls its APIs
 *   on *.tosspayments.com subdomains.
 * - The Daum (Kakao) postcode widget of the address form (routes/payment.tsx): its loader script
 *   on t1.daumcdn.net (Kakao's CDN t1.kakaocdn.net serves the same bundle) and its search page on
 *   postcode.map.daum.net / postcode.map.kakao.com; when it cannot load, the form falls back to
 *   manual entry.
 * The ad-conversion service (SPEC.md §7) is called server to server, so no pixel origin is needed.
 */
export const THIRD_PARTY = {
  scripts: ['https://js.tosspayments.com', 'https://t1.daumcdn.net', 'https://t1.kakaocdn.net'],
  connect: ['https://*.tosspayments.com'],
  frames: ['https://*.tosspayments.com', 'https://postcode.map.daum.net', 'https://postcode.map.kakao.com'],
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

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() },
    // Production only: a development server reached over https once (a local TLS proxy) would
    // otherwise pin localhost, with every other app on it, to https for a year.
    strictTransportSecurity: config.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // The postcode search opens in a popup that reports the picked address back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onSend', async (_request, reply) => {
    const type = reply.getHeader('content-type');
    if (type !== undefined && !/^text\/html\b/i.test(String(type))) {
      reply.header('content-security-policy', NON_DOCUMENT_CSP);
    }
  });
}
