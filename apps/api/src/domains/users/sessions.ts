/**
 * Sessions: a 1-hour access token (platform TokenService) and a 30-day refresh token.
 *
 * Refresh tokens are HS256 JWTs (typ 'refresh', sub = user id, jti, fam = family id) recorded in
 * refresh_tokens. Every use rotates: the presented jti is marked replaced_by the new jti, issued in
 * the same family with a fresh 30 days. Presenting a token that was already replaced means it was
 * stolen or replayed, so the whole family is revoked and the answer is 401; the legitimate holder
 * then has to sign in again. Expired, revoked and unknown tokens answer 401 too, and a withdrawn
 * member's 'User is inactive' (SPEC.md §8: the storefront logs out on it).
 */
import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, REFRESH_TOKEN_TTL_S, type TokenPair } from '@codiroom/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { refreshTokens, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { Conn } from './member-db.ts';

const keys = new WeakMap<object, Uint8Array>();
function refreshKey(ctx: AppContext): Uint8Array {
  let key = keys.get(ctx.config);
  if (!key) {
    key = new TextEncoder().encode(ctx.config.jwtSecret);
    keys.set(ctx.config, key);
  }
  return key;
}

async function signRefresh(ctx: AppContext, userId: number, jti: string, family: string, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'refresh', fam: family })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + REFRESH_TOKEN_TTL_S)
    .sign(refreshKey(ctx));
}

async function recordAndSign(ctx: AppContext, db: Conn, userId: number, family: string, now: Date) {
  const jti = randomUUID();
  await db.insert(refreshTokens).values({
    user_id: userId,
    jti,
    family_id: family,
    expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
    created_at: now,
  });
  return { jti, refresh: await signRefresh(ctx, userId, jti, family, now) };
}

/** A new session (new refresh family) for `userId`. Pass a transaction to issue inside it. */
export async function issueSession(ctx: AppContext, userId: number, db: Conn = ctx.db): Promise<TokenPair> {
  const now = ctx.clock.now();
  const { refresh } = await recordAndSign(ctx, db, userId, randomUUID(), now);
  return { access: await ctx.tokens.signAccess(userId, now), refresh };
}

type RefreshClaims = { userId: number; jti: string };

async function readRefresh(ctx: AppContext, token: string, now: Date): Promise<RefreshClaims> {
  try {
    const { payload } = await jwtVerify(token, refreshKey(ctx), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'refresh' || !payload.jti || !Number.isSafeInteger(userId) || userId <= 0) {
      throw new Error('not a refresh token');
    }
    return { userId, jti: payload.jti };
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_JWT_EXPIRED')
      throw unauthorized(AUTH_MESSAGES.refreshExpired);
    throw unauthorized(AUTH_MESSAGES.refreshInvalid);
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes every live refresh token of a family. */
export async function revokeFamily(db: Conn, family: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.family_id, family), isNull(refreshTokens.revoked_at)));
}

/** Revokes every refresh token of a member (password reset, withdrawal). */
export async function revokeAllSessions(db: Conn, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}

/** POST /api/users/token/refresh: rotates a refresh token (see the file comment). */
export async function rotateRefresh(ctx: AppContext, token: string): Promise<TokenPair> {
  const now = ctx.clock.now();
  const claims = await readRefresh(ctx, token, now);
  if (!UUID_RE.test(claims.jti)) throw unauthorized(AUTH_MESSAGES.refreshInvalid);

  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, claims.jti))
      .for('update')
      .limit(1);
    if (!row || row.user_id !== claims.userId) return { error: AUTH_MESSAGES.refreshInvalid } as const;
    if (row.replaced_by) {
      // Reuse of a rotated token: revoke the whole family (committed before answering 401).
      await revokeFamily(tx, row.family_id, now);
      return { error: AUTH_MESSAGES.refreshReused } as const;
    }
    if (row.revoked_at) return { error: AUTH_MESSAGES.refreshRevoked } as const;
    if (row.expires_at.getTime() <= now.getTime()) return { error: AUTH_MESSAGES.refreshExpired } as const;

    const [user] = await tx
      .select({ is_active: users.is_active })
      .from(users)
      .where(eq(users.id, row.user_id))
      .limit(1);
    if (!user) return { error: AUTH_MESSAGES.userNotFound } as const;
    if (!user.is_active) {
      await revokeFamily(tx, row.family_id, now);
      return { error: AUTH_MESSAGES.userInactive } as const;
    }

    const next = await recordAndSign(ctx, tx, row.user_id, row.family_id, now);
    await tx.update(refreshTokens).set({ replaced_by: next.jti }).where(eq(refreshTokens.id, row.id));
    return { refresh: next.refresh, userId: row.user_id } as const;
  });
  if ('error' in outcome) throw unauthorized(outcome.error);
  return { access: await ctx.tokens.signAccess(outcome.userId, now), refresh: outcome.refresh };
}

/** Sign-out: revokes the family of a valid refresh token (an invalid one is simply ignored). */
export async function revokeSessionOf(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  let claims: RefreshClaims;
  try {
    claims = await readRefresh(ctx, token, now);
  } catch {
    return;
  }
  if (!UUID_RE.test(claims.jti)) return;
  const [row] = await ctx.db
    .select({ family_id: refreshTokens.family_id, user_id: refreshTokens.user_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.jti, claims.jti))
    .limit(1);
  if (row && row.user_id === claims.userId) await revokeFamily(ctx.db, row.family_id, now);
}
