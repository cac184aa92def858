/**
 * Operator sessions (docs/ARCHITECTURE.md, "Back office"). Signing in gives an HttpOnly,
 * SameSite=Strict cookie `codiroom_op` holding 32 random bytes; the table keeps only their SHA-256,
 * so a leaked table opens no session. A session ends after OPERATOR_IDLE_MIN minutes without a call,
 * after OPERATOR_SESSION_HOURS in all, at sign-out, or when the operator is switched off. Every
 * change (any method but GET and HEAD) must also carry the session's CSRF token in `x-csrf-token`:
 * the cookie alone, which a browser attaches to a forged request, never changes anything.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { secureAttribute } from './cookies.ts';
import { operatorSessions, operators } from './schema.ts';

export const OPERATOR_COOKIE = 'codiroom_op';
/** The cookie goes only to the admin API. */
export const OPERATOR_COOKIE_PATH = '/api/admin';
export const CSRF_HEADER = 'x-csrf-token';
/** last_seen_at is written at most this often (ms): idle time is exact to within it. */
const TOUCH_EVERY_MS = 60_000;

export type OperatorPrincipal = {
  /** Null for the ADMIN_API_KEY. */
  id: number | null;
  name: string;
  email: string | null;
  roles: string[];
  /** The session's key (SHA-256 of the cookie); null for the API key. */
  session: string | null;
};

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

function cookieValue(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === OPERATOR_COOKIE) {
      const v = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(v) ? v : null;
    }
  }
  return null;
}

function cookie(ctx: AppContext, value: string, maxAge: number): string {
  const secure = secureAttribute(ctx.config);
  return `${OPERATOR_COOKIE}=${value}; Path=${OPERATOR_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

/** Starts a session for the operator: sets the cookie and answers the CSRF token. */
export async function startOperatorSession(
  ctx: AppContext,
  reply: FastifyReply,
  operatorId: number,
): Promise<string> {
  const now = ctx.clock.now();
  const id = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  const hours = ctx.config.OPERATOR_SESSION_HOURS;
  await ctx.db.insert(operatorSessions).values({
    id_hash: sha256(id),
    operator_id: operatorId,
    csrf_token: csrf,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + hours * 3_600_000),
  });
  reply.header('set-cookie', cookie(ctx, id, hours * 3600));
  return csrf;
}

/**
 * Ends the request's session (sign-out) and clears the cookie; answers the operator whose session
 * it ended (null when there was none still open).
 */
export async function endOperatorSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<number | null> {
  const id = cookieValue(request);
  reply.header('set-cookie', cookie(ctx, '', 0));
  if (!id) return null;
  const [ended] = await ctx.db
    .update(operatorSessions)
    .set({ revoked_at: ctx.clock.now() })
    .where(and(eq(operatorSessions.id_hash, sha256(id)), isNull(operatorSessions.revoked_at)))
    .returning({ operator_id: operatorSessions.operator_id });
  return ended?.operator_id ?? null;
}

/** Ends every session of an operator (switched off, password or roles changed). */
export async function endSessionsOf(ctx: AppContext, operatorId: number): Promise<void> {
  await ctx.db
    .update(operatorSessions)
    .set({ revoked_at: ctx.clock.now() })
    .where(and(eq(operatorSessions.operator_id, operatorId), isNull(operatorSessions.revoked_at)));
}

export type SessionCheck =
  | { ok: true; operator: OperatorPrincipal; csrf: string }
  | { ok: false; why: 'none' | 'ended' | 'csrf' };

/**
 * The operator of the request's cookie: 'none' without a cookie, 'ended' for an unknown, revoked,
 * expired or idle session or a switched-off operator, 'csrf' for a change without the right token.
 */
export async function operatorOfCookie(ctx: AppContext, request: FastifyRequest): Promise<SessionCheck> {
  const id = cookieValue(request);
  if (!id) return { ok: false, why: 'none' };
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      id_hash: operatorSessions.id_hash,
      csrf: operatorSessions.csrf_token,
      last_seen_at: operatorSessions.last_seen_at,
      expires_at: operatorSessions.expires_at,
      revoked_at: operatorSessions.revoked_at,
      operator_id: operators.id,
      name: operators.name,
      email: operators.email,
      roles: operators.roles,
      is_active: operators.is_active,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operator_id))
    .where(eq(operatorSessions.id_hash, sha256(id)))
    .limit(1);
  const idleMs = ctx.config.OPERATOR_IDLE_MIN * 60_000;
  if (
    !row ||
    row.revoked_at !== null ||
    !row.is_active ||
    row.expires_at <= now ||
    now.getTime() - row.last_seen_at.getTime() > idleMs
  ) {
    return { ok: false, why: 'ended' };
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const given = request.headers[CSRF_HEADER];
    const a = Buffer.from(typeof given === 'string' ? given : '');
    const b = Buffer.from(row.csrf);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, why: 'csrf' };
  }
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await ctx.db
      .update(operatorSessions)
      .set({ last_seen_at: now })
      .where(eq(operatorSessions.id_hash, row.id_hash));
  }
  return {
    ok: true,
    csrf: row.csrf,
    operator: {
      id: row.operator_id,
      name: row.name,
      email: row.email,
      roles: row.roles,
      session: row.id_hash,
    },
  };
}
