/**
 * The access model of API-CATALOGUE.md as one reusable guard:
 *   public — anyone;  guest — a member token or, without one, the x-guest-user-id header;
 *   token  — a member's bearer access token (401 'Token Required' otherwise);  admin — an operator.
 * Routes declare it with `config: { access: 'token' }`; the default is public.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../db/schema.ts';
import type { AppContext } from './context.ts';
import { forbidden, HttpError, unauthorized } from './errors.ts';

export type Access = 'public' | 'guest' | 'token' | 'admin';

export type Principal = {
  userId: number | null;
  guestId: string | null;
  isAdmin: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

export const GUEST_HEADER = 'x-guest-user-id';
const GUEST_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || null;
}

export function guestIdFrom(request: FastifyRequest): string | null {
  const raw = request.headers[GUEST_HEADER];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v === '') return null;
  if (!GUEST_ID_RE.test(v)) {
    throw new HttpError(400, `Invalid ${GUEST_HEADER} header: 8–64 letters, digits, '-' or '_'`);
  }
  return v;
}

async function resolveMember(ctx: AppContext, token: string) {
  const userId = await ctx.tokens.verifyAccess(token, ctx.clock.now());
  if (userId === null) throw unauthorized('Invalid or expired token');
  const [user] = await ctx.db
    .select({ id: users.id, is_active: users.is_active, is_admin: users.is_admin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // SPEC.md §8: these two details make the storefront log the user out.
  if (!user) throw unauthorized('User not found');
  if (!user.is_active) throw unauthorized('User is inactive');
  return user;
}

function hasAdminKey(ctx: AppContext, request: FastifyRequest): boolean {
  const expected = ctx.config.ADMIN_API_KEY;
  const given = request.headers['x-admin-key'];
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerAccessControl(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('principal', null as unknown as Principal);

  // Document the guard in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? 'public';
    if (access === 'public' || !route.schema) return;
    const security: Record<string, string[]>[] =
      access === 'guest'
        ? [{ bearerAuth: [] }, { guestId: [] }]
        : access === 'admin'
          ? [{ bearerAuth: [] }, { adminKey: [] }]
          : [{ bearerAuth: [] }];
    route.schema = { ...route.schema, security } as typeof route.schema;
  });

  app.addHook('onRequest', async (request) => {
    const access: Access = request.routeOptions.config?.access ?? 'public';
    const principal: Principal = { userId: null, guestId: null, isAdmin: false };
    request.principal = principal;
    if (access === 'public') return;
    if (access === 'admin' && hasAdminKey(ctx, request)) {
      principal.isAdmin = true;
      return;
    }

    const token = bearer(request);
    if (token) {
      const user = await resolveMember(ctx, token);
      principal.userId = user.id;
      principal.isAdmin = user.is_admin;
    }
    if (access === 'guest') {
      principal.guestId = guestIdFrom(request);
      if (principal.userId === null && principal.guestId === null) {
        throw unauthorized(`Token or ${GUEST_HEADER} header required`);
      }
      return;
    }
    if (principal.userId === null) throw unauthorized('Token Required');
    if (access === 'admin' && !principal.isAdmin) throw forbidden('관리자 권한이 필요합니다.');
  });
}
