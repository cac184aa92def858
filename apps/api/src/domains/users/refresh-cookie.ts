/**
 * On the web the refresh token lives only in an HttpOnly cookie, out of reach of scripts (a
 * departure from SPEC.md's local-storage copy, for XSS safety; see docs/ARCHITECTURE.md).
 * Routes that issue a session declare `config: { issuesSession: true }`; this hook copies the
 * `refresh` of their 2xx JSON answer into the cookie. The body keeps `refresh` for app clients.
 */
import { REFRESH_TOKEN_TTL_S } from '@codiroom/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendSetCookie, secureAttribute } from '../../platform/cookies.ts';

export const REFRESH_COOKIE = 'refreshToken';
/** Sent only to the account calls, never to pages or other API paths. */
export const REFRESH_COOKIE_PATH = '/api/users';

declare module 'fastify' {
  interface FastifyContextConfig {
    issuesSession?: boolean;
  }
}

function cookieAttributes(request: FastifyRequest, maxAge: number): string {
  const secure = secureAttribute(request.server.ctx.config);
  return `Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  appendSetCookie(
    reply,
    `${REFRESH_COOKIE}=${encodeURIComponent(token)}; ${cookieAttributes(request, REFRESH_TOKEN_TTL_S)}`,
  );
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  appendSetCookie(reply, `${REFRESH_COOKIE}=; ${cookieAttributes(request, 0)}`);
}

export function refreshFromCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === REFRESH_COOKIE) {
      const v = part.slice(i + 1).trim();
      try {
        return decodeURIComponent(v) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function registerRefreshCookie(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config?.issuesSession) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as { refresh?: unknown };
      if (typeof body.refresh === 'string' && body.refresh) setRefreshCookie(request, reply, body.refresh);
    } catch {
      // not JSON: nothing to copy
    }
    return payload;
  });
}
