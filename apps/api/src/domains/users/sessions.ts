/**
 * Sessions: a 15-minute access token (platform TokenService) and a 30-day refresh token.
 *
 * Refresh tokens are HS256 JWTs (typ 'refresh', sub = user id, jti, fam = family id) recorded in
 * refresh_tokens. Every use rotates: the presented jti is marked replaced_by the new jti, issued in
 * the same family with a fresh 30 days. Presenting a token that was already replaced means it was
 * stolen or replayed, so the whole family is revoked and the answer is 401; the legitimate holder
 * then has to sign in again. Expired, revoked and unknown tokens answer 401 too, and a withdrawn
 * member's 'User is inactive' (SPEC.md §8: the storefront logs out on it).
 *
 * The family id is the session: access tokens carry it as `sid`. Whatever ends a session here
 * (sign-out, reuse, update-password, withdrawal) also lists the family with
 * ctx.tokens.revokeFamilies, so its unexpired access tokens stop working at once, on every node.
 */
import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, REFRESH_TOKEN_TTL_S, type TokenPair } from '@codiroom/shared';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { REVOCATION_TTL_S, TOKEN_CLOCK_SKEW_S } from '../../platform/tokens.ts';
import type { Conn } from '../../platform/transactions.ts';
import { refreshTokens, users } from './schema.ts';

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
  const family = randomUUID();
  const { refresh } = await recordAndSign(ctx, db, userId, family, now);
  return { access: await ctx.tokens.signAccess(userId, family, now), refresh };
}

type RefreshClaims = { userId: number; jti: string };

async function readRefresh(ctx: AppContext, token: string, now: Date): Promise<RefreshClaims> {
  try {
    const { payload } = await jwtVerify(token, refreshKey(ctx), {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'refresh' || !payload.jti || !Number.isSafeInteger(userId) || userId <= 0) {
      throw new Error('not a refresh token');
    }
    // Never longer-lived than ours (the row's expires_at is checked too, for tokens we issued).
    const { exp, iat } = payload as { exp: number; iat: number };
    if (exp - iat > REFRESH_TOKEN_TTL_S || iat > now.getTime() / 1000 + TOKEN_CLOCK_SKEW_S) {
      throw new Error('refresh token lifetime');
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

/**
 * The member's sessions that may still have an unexpired access token: every access token is
 * issued with a refresh row of its family at the same instant, so a family with no row newer than
 * an access token's life (plus the tolerated clock skew) has none left. For revokeFamilies.
 */
export async function liveFamiliesOf(db: Conn, userId: number, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - REVOCATION_TTL_S * 1000);
  const rows = await db
    .selectDistinct({ family_id: refreshTokens.family_id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.user_id, userId), gte(refreshTokens.created_at, since)));
  return rows.map((r) => r.family_id);
}

/**
 * Revokes every refresh token of a member (password reset, withdrawal) and answers the families
 * that may still have live access tokens: pass them to ctx.tokens.revokeFamilies once the
 * transaction has committed.
 */
export async function revokeAllSessions(db: Conn, userId: number, now: Date): Promise<string[]> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
  return liveFamiliesOf(db, userId, now);
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
      // Reuse of a rotated token: revoke the whole family (committed before answering 401), its
      // access tokens included (below).
      await revokeFamily(tx, row.family_id, now);
      return { error: AUTH_MESSAGES.refreshReused, revoked: row.family_id } as const;
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
      return { error: AUTH_MESSAGES.userInactive, revoked: row.family_id } as const;
    }

    const next = await recordAndSign(ctx, tx, row.user_id, row.family_id, now);
    await tx.update(refreshTokens).set({ replaced_by: next.jti }).where(eq(refreshTokens.id, row.id));
    return { refresh: next.refresh, userId: row.user_id, family: row.family_id } as const;
  });
  if ('error' in outcome) {
    if ('revoked' in outcome && outcome.revoked) await ctx.tokens.revokeFamilies([outcome.revoked]);
    throw unauthorized(outcome.error);
  }
  return {
    access: await ctx.tokens.signAccess(outcome.userId, outcome.family, now),
    refresh: outcome.refresh,
  };
}

/** Revokes the family of a valid refresh token and answers it (an invalid token: null). */
export async function revokeSessionOf(ctx: AppContext, token: string): Promise<string | null> {
  const now = ctx.clock.now();
  let claims: RefreshClaims;
  try {
    claims = await readRefresh(ctx, token, now);
  } catch {
    return null;
  }
  if (!UUID_RE.test(claims.jti)) return null;
  const [row] = await ctx.db
    .select({ family_id: refreshTokens.family_id, user_id: refreshTokens.user_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.jti, claims.jti))
    .limit(1);
  if (!row || row.user_id !== claims.userId) return null;
  await revokeFamily(ctx.db, row.family_id, now);
  return row.family_id;
}

/**
 * POST /api/users/sign-out: ends the session of the refresh token (body or cookie) and of the
 * bearer access token, whichever are valid (others are ignored): the refresh family is revoked and
 * listed, so the session's access tokens answer 401 from now on rather than until they expire
 * (ACCESS_TOKEN_TTL_S, 15 minutes).
 */
export async function signOut(ctx: AppContext, refresh: string | null, access: string | null): Promise<void> {
  const now = ctx.clock.now();
  const families: string[] = [];
  const fromRefresh = refresh ? await revokeSessionOf(ctx, refresh) : null;
  if (fromRefresh) families.push(fromRefresh);
  const claims = access ? await ctx.tokens.readAccess(access, now) : null;
  if (claims && claims.family !== fromRefresh) {
    // An app client may sign out with its access token only: its refresh family ends as well.
    await ctx.db
      .update(refreshTokens)
      .set({ revoked_at: now })
      .where(
        and(
          eq(refreshTokens.family_id, claims.family),
          eq(refreshTokens.user_id, claims.userId),
          isNull(refreshTokens.revoked_at),
        ),
      );
    families.push(claims.family);
  }
  await ctx.tokens.revokeFamilies(families);
}
