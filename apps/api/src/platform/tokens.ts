/**
 * Signed access tokens (HS256 via jose) and their revocation. Refresh rotation lives in the users
 * domain (domains/users/sessions.ts); docs/ARCHITECTURE.md "Accounts" describes the whole design.
 *
 * An access token lives ACCESS_TOKEN_TTL_S and names its session: `sid` is the refresh-token
 * family it was issued with. Ending a session (sign-out, refresh-token reuse, update-password,
 * withdrawal) sets `revoked_at` on the family's refresh_tokens rows: the database is the truth, so
 * an ended session stays ended across restarts, Redis outages and processes. The access guard
 * (platform/access.ts) reads it in the same statement as the member's status and refuses tokens of
 * a revoked family; this file keeps the per-process memo in front of that read (isRevoked).
 * Tokens must carry `exp`, `iat`, `sub` and `sid`, and may not live longer than ACCESS_TOKEN_TTL_S: a token minted with the development
 * secret, or any other key holder's long-lived token, is not accepted.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config.ts';

/** 15 minutes; the access cookie lives 10 days (SPEC.md §9) and the API client refreshes on 401. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Clock difference between API nodes tolerated on a token's `iat`. */
export const TOKEN_CLOCK_SKEW_S = 60;
/** How long a revoked family is remembered: past the expiry of the last access token it can have. */
export const REVOCATION_TTL_S = ACCESS_TOKEN_TTL_S + TOKEN_CLOCK_SKEW_S;
/**
 * How long this process reuses a database answer "not revoked" for a family: one read per session
 * per second instead of one per request. A revocation made in this process takes effect at once
 * (revokeFamilies); one made by another process as soon as its `session.revoked` event arrives
 * (platform/cache.ts, Redis pub/sub), and within this time if the event is lost (no Redis, Redis
 * down, a restart). "Revoked" is remembered until the family's access tokens have expired.
 */
export const REVOCATION_MEMO_MS = 1_000;

/**
 * The memo of a process with `config`: REVOCATION_MEMO_MS when set; else REVOCATION_MEMO_MS where
 * other processes may share the database (DATABASE_URL), and on the embedded database, which has
 * one process (checkRoleDatabase) applying every revocation at once, MEMBER_STATUS_MS — the
 * session check reads the member's status in the same statement, so both are read as often.
 */
export function revocationMemoMs(
  config: Pick<Config, 'REVOCATION_MEMO_MS' | 'DATABASE_URL' | 'MEMBER_STATUS_MS'>,
): number {
  return config.REVOCATION_MEMO_MS ?? (config.DATABASE_URL ? REVOCATION_MEMO_MS : config.MEMBER_STATUS_MS);
}

const VERIFIED_MAX = 10_000;
const MEMO_MAX = 50_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A valid access token's member and session (refresh-token family). */
export type AccessClaims = { userId: number; family: string };

/** Reads whether the family was revoked, from the database (the truth). */
export type RevocationRead = () => Promise<boolean>;

export type TokenServiceOptions = {
  /** Overrides the "not revoked" memo (default REVOCATION_MEMO_MS; 0: read every time). */
  revocationMemoMs?: number;
  /** Tells the other nodes about ended sessions (the context sends `session.revoked` events). */
  announceRevoked?: (families: string[]) => Promise<void>;
};

export class TokenService {
  /** A node KeyObject, made once: jose would otherwise import a raw key on every sign and verify. */
  private readonly key: KeyObject;
  private readonly memoMs: number;
  private readonly announceRevoked: ((families: string[]) => Promise<void>) | undefined;

  constructor(secret: string, opts: TokenServiceOptions = {}) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
    this.memoMs = opts.revocationMemoMs ?? REVOCATION_MEMO_MS;
    this.announceRevoked = opts.announceRevoked;
  }

  /** An access token of `userId` for the session (refresh-token family) `family`. */
  async signAccess(userId: number, family: string, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ typ: 'access', sid: family })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
      .sign(this.key);
  }

  /**
   * Tokens whose signature and claims were verified, with their time window: a member sends the
   * same token with every request for its whole life, and the HMAC check through WebCrypto costs
   * more CPU than the rest of a small request. The window is still checked on every call, exactly
   * as jwtVerify does (`exp` passed, `nbf` not reached). Bounded; the oldest entry goes first.
   * Revocation is never cached here: the guard asks isRevoked for every request.
   */
  private readonly verified = new Map<
    string,
    { claims: AccessClaims; exp: number; nbf: number | undefined }
  >();

  /**
   * The member and session of a well-signed, unexpired access token with a lifetime no longer than
   * ours, or null. Does not check revocation (isRevoked; verifyAccess does both).
   */
  async readAccess(token: string, now = new Date()): Promise<AccessClaims | null> {
    const t = Math.floor(now.getTime() / 1000);
    const known = this.verified.get(token);
    if (known) {
      return known.exp > t && (known.nbf === undefined || known.nbf <= t) ? known.claims : null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      });
      const { exp, iat, sid } = payload as { exp: number; iat: number; sid: unknown };
      if (payload.typ !== 'access' || typeof sid !== 'string' || !UUID_RE.test(sid)) return null;
      // No longer-lived token than ours, and none dated in the future (which would stretch it).
      if (exp - iat > ACCESS_TOKEN_TTL_S || iat > t + TOKEN_CLOCK_SKEW_S) return null;
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const claims: AccessClaims = { userId: id, family: sid };
      if (this.verified.size >= VERIFIED_MAX)
        this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims, exp, nbf: payload.nbf });
      return claims;
    } catch {
      return null;
    }
  }

  /** Family → whether it is revoked, and until when (performance.now()) that answer holds. */
  private readonly memo = new Map<string, { revoked: boolean; until: number }>();

  private remember(family: string, revoked: boolean, until: number): void {
    if (this.memo.size >= MEMO_MAX) this.memo.delete(this.memo.keys().next().value as string);
    this.memo.delete(family);
    this.memo.set(family, { revoked, until });
  }

  /** Database reads under way, per family: concurrent requests of one session share one. */
  private readonly reads = new Map<string, Promise<boolean>>();

  /**
   * Whether the session `family` was ended: the memo's answer, or `read`'s (the database, which the
   * access guard reads together with the member's status). A revocation this process learns of
   * while the read is under way wins over what the read saw.
   */
  isRevoked(family: string, read: RevocationRead): Promise<boolean> {
    const known = this.memo.get(family);
    if (known && performance.now() < known.until) return Promise.resolve(known.revoked);
    const running = this.reads.get(family);
    if (running) return running;
    const startedAt = performance.now();
    const p = (async () => {
      const revoked = await read();
      if (this.memo.get(family)?.revoked) return true;
      if (revoked) this.remember(family, true, startedAt + REVOCATION_TTL_S * 1000);
      else if (this.memoMs > 0) this.remember(family, false, startedAt + this.memoMs);
      return revoked;
    })().finally(() => {
      if (this.reads.get(family) === p) this.reads.delete(family);
    });
    this.reads.set(family, p);
    return p;
  }

  /**
   * The sessions `families` were ended in the database (their refresh_tokens rows revoked and
   * committed): refused here at once, on the other processes as soon as they hear of it (within
   * REVOCATION_MEMO_MS if they never do).
   */
  async revokeFamilies(families: Iterable<string>): Promise<void> {
    const list = [...new Set(families)].filter((f) => UUID_RE.test(f));
    const until = performance.now() + REVOCATION_TTL_S * 1000;
    for (const family of list) this.remember(family, true, until);
    if (list.length) await this.announceRevoked?.(list).catch(() => undefined);
  }

  /** Another node ended the session `family` (its `session.revoked` event). */
  noteRevoked(family: string): void {
    if (UUID_RE.test(family)) this.remember(family, true, performance.now() + REVOCATION_TTL_S * 1000);
  }
}
