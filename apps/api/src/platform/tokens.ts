/** Signed access tokens (HS256 via jose). Refresh rotation lives in the users domain. */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_S = 60 * 60; // 1 hour; the cookie lives longer and refresh renews it.

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

  /** The user id of a valid access token, or null. */
  async verifyAccess(token: string, now = new Date()): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
      });
      if (payload.typ !== 'access' || !payload.sub) return null;
      const id = Number(payload.sub);
      return Number.isSafeInteger(id) && id > 0 ? id : null;
    } catch {
      return null;
    }
  }
}
