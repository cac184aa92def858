/**
 * The access model of API-CATALOGUE.md as one reusable guard:
 *   public — anyone;  guest — a member token or, without one, the x-guest-user-id header;
 *   token  — a member's bearer access token (401 'Token Required' otherwise);
 *   admin  — an operator (operator-sessions.ts: the back office's session cookie with its CSRF
 *            token, or the ADMIN_API_KEY as `x-admin-key`, which has the ADMIN role) whose roles
 *            allow the route: ADMIN always, others where the route lists them (`roles`).
 * Routes declare it with `config: { access: 'token' }`; the default is public. Shoppers are never
 * operators: a member token on an admin route is a 403.
 */
import { timingSafeEqual } from 'node:crypto';
import { GUEST_ID_INVALID, type OperatorRole, roleAllows } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runHot } from '../db/hot-sql.ts';
import { cache, defineCache, invalidate } from './cache.ts';
import type { AppContext } from './context.ts';
import { forbidden, HttpError, unauthorized } from './errors.ts';
import { isIssuedGuestId } from './guest-id.ts';
import { type OperatorPrincipal, operatorOfCookie } from './operator-sessions.ts';

export type Access = 'public' | 'guest' | 'token' | 'admin';

export type Principal = {
  userId: number | null;
  guestId: string | null;
  /** The caller is an operator (then `operator` says who). */
  isAdmin: boolean;
  operator: OperatorPrincipal | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A token route an operator may call too: an operator session or a valid `x-admin-key` makes
     * the caller an operator (`isAdmin`, no member), as on admin routes (e.g. moving an order item
     * to shipping), with the same role check.
     */
    operator?: boolean;
    /** Operator roles besides ADMIN that may call an admin (or operator) route. */
    roles?: readonly OperatorRole[];
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

export const GUEST_HEADER = 'x-guest-user-id';

/** The bearer token of the Authorization header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || null;
}

function guestHeaderOf(request: FastifyRequest): string | null {
  const raw = request.headers[GUEST_HEADER];
  const v = Array.isArray(raw) ? raw[0] : raw;
  return v === undefined || v === '' ? null : v;
}

/**
 * The guest id of the x-guest-user-id header, or null without one. A guest id is the bearer
 * secret of a cart and likes, so only ids this server issued and signed are accepted
 * (platform/guest-id.ts); anything else — guessed, forged, altered, an old client-made UUID —
 * answers 400 GUEST_ID_INVALID, on which the API client fetches a new id (POST /api/users/guest-id).
 */
export function guestIdFrom(request: FastifyRequest): string | null {
  const v = guestHeaderOf(request);
  if (v === null) return null;
  if (!isIssuedGuestId(request.server.ctx.config, v)) throw new HttpError(400, GUEST_ID_INVALID);
  return v;
}

/** The header's guest id when this server issued it, else null (never throws: optional uses). */
export function issuedGuestIdOf(request: FastifyRequest): string | null {
  const v = guestHeaderOf(request);
  return v !== null && isIssuedGuestId(request.server.ctx.config, v) ? v : null;
}

/**
 * The principal a `guest` route sees for a bearer access token and an x-guest-user-id value (null:
 * none sent), checked as the guard checks a request's (the token's 401s, then the guest id's 400),
 * for a caller in this process that has them without a request (the storefront's in-process reads,
 * web/reads-home.ts).
 */
export async function guestPrincipalOf(
  ctx: AppContext,
  token: string,
  guestHeader: string | null,
): Promise<Pick<Principal, 'userId' | 'guestId'>> {
  const user = await resolveMember(ctx, token);
  if (guestHeader === null || guestHeader === '') return { userId: user.id, guestId: null };
  if (!isIssuedGuestId(ctx.config, guestHeader)) throw new HttpError(400, GUEST_ID_INVALID);
  return { userId: user.id, guestId: guestHeader };
}

type MemberStatus = { id: number; is_active: boolean };

/**
 * How long a member's status (is_active) read for a token request is reused
 * (MEMBER_STATUS_MS, default 5 s): every token request checked the users row, two round trips and
 * a tenth of a paid order's server CPU (bench/orders.mjs). Withdrawal sends `member.changed` for
 * the member (forgetMemberStatus), which clears it at once here and, with Redis, on every node; it
 * also lists the member's sessions as revoked (platform/tokens.ts). A change made to users by SQL
 * without the event takes effect within this long (docs/ARCHITECTURE.md, "Accounts"). The window
 * counts from the read's start; a read that the event overtook is not remembered.
 */
export const MEMBER_STATUS_MS = 5_000;
const MEMBER_STATUS_MAX = 50_000;

/** Member id → status; a missing member is not remembered. */
export const MEMBER_STATUS_CACHE = defineCache<MemberStatus>('member-status', {
  ttlMs: (config) => config.MEMBER_STATUS_MS,
  maxEntries: MEMBER_STATUS_MAX,
  invalidatedBy: ['member.changed'],
});

/**
 * The member behind the request's bearer token on a public route (public routes skip the guard):
 * null without a token, a 401 for a token that is not valid, as on token routes.
 */
export async function optionalMemberId(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  if (request.principal.userId !== null) return request.principal.userId;
  const token = bearerToken(request);
  if (!token) return null;
  const user = await resolveMember(ctx, token);
  request.principal.userId = user.id;
  return user.id;
}

/** Forgets a member's status on every node (after withdrawal, or any change of the users row). */
export function forgetMemberStatus(ctx: AppContext, userId: number): Promise<void> {
  return invalidate(ctx, 'member.changed', userId);
}

class MemberMissing extends Error {}

async function memberStatus(ctx: AppContext, userId: number): Promise<MemberStatus | null> {
  try {
    return await cache(ctx, MEMBER_STATUS_CACHE).load(userId, async () => {
      const [row] = await runHot(ctx.db)(
        sql`select id, is_active from users where id = ${userId}::int limit 1`,
      );
      if (!row) throw new MemberMissing();
      return { id: Number(row.id), is_active: row.is_active === true };
    });
  } catch (err) {
    if (err instanceof MemberMissing) return null;
    throw err;
  }
}

/** Detail of a 401 for an access token whose session was ended (platform/tokens.ts). */
export const TOKEN_REVOKED = 'Token revoked';

/**
 * Whether the session `family` of member `userId` was ended, read from the database (the truth:
 * revoked refresh_tokens rows, domains/users/sessions.ts) in the same statement as the member's
 * status: one round trip per session per REVOCATION_MEMO_MS, none in between (platform/tokens.ts
 * keeps the memo). The status read is handed to `got` (null: no such member) and stored in
 * MEMBER_STATUS_CACHE unless a member.changed event overtook the read.
 */
function readSession(
  ctx: AppContext,
  userId: number,
  family: string,
  got: (status: MemberStatus | null) => void,
) {
  return async (): Promise<boolean> => {
    const members = ctx.caches.local(MEMBER_STATUS_CACHE);
    const changes = members.changes;
    const startedAt = Date.now();
    const [row] = await runHot(ctx.db)(
      sql`select u.id, u.is_active, exists(select 1 from refresh_tokens r
            where r.family_id = ${family}::uuid and r.revoked_at is not null) as revoked
          from (select 1) one left join users u on u.id = ${userId}::int`,
    );
    const status = row?.id != null ? { id: Number(row.id), is_active: row.is_active === true } : null;
    if (status && members.changes === changes) members.put(userId, status, undefined, startedAt);
    got(status);
    return row?.revoked === true;
  };
}

async function resolveMember(ctx: AppContext, token: string) {
  const claims = await ctx.tokens.readAccess(token, ctx.clock.now());
  if (claims === null) throw unauthorized('Invalid or expired token');
  // When the session check reads the database it answers the member's status too; otherwise (the
  // memo answered, or another request's read was shared) the status comes from its cache.
  let read: MemberStatus | null | undefined;
  const revoked = await ctx.tokens.isRevoked(
    claims.family,
    readSession(ctx, claims.userId, claims.family, (status) => {
      read = status;
    }),
  );
  const user = read !== undefined ? read : await memberStatus(ctx, claims.userId);
  // SPEC.md §8: these two details make the storefront log the user out; they go first, so a
  // withdrawn member's old token still says why.
  if (!user) throw unauthorized('User not found');
  if (!user.is_active) throw unauthorized('User is inactive');
  // Signed out, password changed or refresh token reused: the API client then tries its refresh
  // token, which fails for an ended session, and logs out.
  if (revoked) throw unauthorized(TOKEN_REVOKED);
  return user;
}

/** The request carries the ADMIN_API_KEY (`x-admin-key`), compared in constant time. */
export function hasAdminKey(ctx: AppContext, request: FastifyRequest): boolean {
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
          ? [{ operatorSession: [] }, { adminKey: [] }]
          : [{ bearerAuth: [] }];
    const roles = ['ADMIN', ...(route.config?.roles ?? [])];
    const operatorNote =
      access === 'admin' || route.config?.operator === true ? `Operator roles: ${roles.join(', ')}.` : null;
    route.schema = {
      ...route.schema,
      security,
      ...(operatorNote
        ? {
            description: route.schema.description
              ? `${route.schema.description} ${operatorNote}`
              : operatorNote,
            'x-operator-roles': roles,
          }
        : {}),
    } as typeof route.schema;
  });

  // Callback style with a synchronous answer for public routes (most traffic): no promise per
  // request unless a token or guest id has to be checked.
  app.addHook('onRequest', (request, _reply, done) => {
    const access: Access = request.routeOptions.config?.access ?? 'public';
    const principal: Principal = { userId: null, guestId: null, isAdmin: false, operator: null };
    request.principal = principal;
    if (access === 'public') {
      done();
      return;
    }
    guard(request, access, principal).then(() => done(), done);
  });

  /** The operator of the request (API key or session), checked against the route's roles; null: none. */
  async function operatorOf(request: FastifyRequest, access: Access): Promise<OperatorPrincipal | null> {
    if (hasAdminKey(ctx, request)) {
      return { id: null, name: 'ADMIN_API_KEY', email: null, roles: ['ADMIN'], session: null };
    }
    const check = await operatorOfCookie(ctx, request);
    if (check.ok) return check.operator;
    if (check.why === 'csrf') throw forbidden('CSRF token missing or wrong (x-csrf-token)');
    if (check.why === 'ended' && access === 'admin')
      throw unauthorized('다시 로그인해주세요. (operator session ended)');
    return null;
  }

  async function guard(request: FastifyRequest, access: Access, principal: Principal): Promise<void> {
    const config = request.routeOptions.config;
    if (access === 'admin' || config?.operator === true) {
      const operator = await operatorOf(request, access);
      if (operator) {
        // Known before the role check, so a refused change is in the audit log too.
        principal.operator = operator;
        if (!roleAllows(operator.roles, config?.roles ?? []))
          throw forbidden('이 작업을 할 권한이 없습니다.');
        principal.isAdmin = true;
        return;
      }
    }

    const token = bearerToken(request);
    if (token) {
      const user = await resolveMember(ctx, token);
      principal.userId = user.id;
    }
    if (access === 'guest') {
      principal.guestId = guestIdFrom(request);
      if (principal.userId === null && principal.guestId === null) {
        throw unauthorized(`Token or ${GUEST_HEADER} header required`);
      }
      return;
    }
    if (access === 'admin') {
      // A shopper is never an operator.
      if (principal.userId !== null) throw forbidden('관리자 권한이 필요합니다.');
      throw unauthorized('Operator sign-in required');
    }
    if (principal.userId === null) throw unauthorized('Token Required');
  }
}
