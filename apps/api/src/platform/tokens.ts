/** Signed access tokens (HS256 via jose). Refresh rotation lives in the users domain. */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_S = 60 * 60; // 1 hour; the cookie lives longer and refresh renews it.

const VERIFIED_MAX = 10_000;

export type AccessClaims = { sub: string; typ: 'access' };

export class TokenService {
  /** A node KeyObject, made once: jose would otherwise import a raw key on every sign and verify. */
  private readonly key: KeyObject;
  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async signAccess(userId: number, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
      .sign(this.key);
  }

  /**
   * Tokens whose signature and claims were verified, with their time window: a member sends the
   * same token with every request for up to an hour, and the HMAC check through WebCrypto costs
   * more CPU than the rest of a small request. The window is still checked on every call, exactly
   * as jwtVerify does (`exp` passed, `nbf` not reached). Bounded; the oldest entry goes first.
   */
  private readonly verified = new Map<
    string,
    { id: number; exp: number | undefined; nbf: number | undefined }
  >();

  /** The user id of a valid access token, or null. */
  async verifyAccess(token: string, now = new Date()): Promise<number | null> {
    const known = this.verified.get(token);
    if (known) {
      const t = Math.floor(now.getTime() / 1000);
      if ((known.exp === undefined || known.exp > t) && (known.nbf === undefined || known.nbf <= t)) {
        return known.id;
      }
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
      });
      if (payload.typ !== 'access' || !payload.sub) return null;
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      if (this.verified.size >= VERIFIED_MAX)
        this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { id, exp: payload.exp, nbf: payload.nbf });
      return id;
    } catch {
      return null;
    }
  }
}
