/**
 * The oauth_token of SIGN_UP_REQUIRED: proof, signed by this server, that the caller completed a
 * provider's sign-in as `social_id` within the last 30 minutes. social-sign-in and social-sign-up
 * never trust a social_id without it.
 *
 * An HS256 JWT under a key derived from JWT_SECRET for this purpose only (so it can never pass as
 * an access or refresh token, nor they as it): typ 'social', st = social type, sub = social id,
 * exp = 30 minutes. `ptk` carries what social_identities.oauth_token will keep (Apple's refresh
 * token, a hash of the others' access token), sealed with AES-256-GCM so the browser holding the
 * oauth_token cannot read Apple's refresh token.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { SOCIAL_OAUTH_TOKEN_TTL_S, SOCIAL_TYPES, type SocialType } from '@codiroom/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../../config.ts';

type Keys = { sign: Uint8Array; seal: Buffer };
const cache = new WeakMap<object, Keys>();

function keysOf(config: Pick<Config, 'jwtSecret'>): Keys {
  let keys = cache.get(config);
  if (!keys) {
    const derive = (label: string) => createHmac('sha256', config.jwtSecret).update(label).digest();
    keys = {
      sign: derive('codiroom:social-oauth-token:v1'),
      seal: derive('codiroom:social-provider-token:v1'),
    };
    cache.set(config, keys);
  }
  return keys;
}

function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(key: Buffer, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export type SocialProof = {
  social_type: SocialType;
  social_id: string;
  /** What the identity row keeps as oauth_token (null: nothing to keep). */
  stored_token: string | null;
};

export async function signOAuthToken(config: Pick<Config, 'jwtSecret'>, proof: SocialProof, now: Date) {
  const keys = keysOf(config);
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    typ: 'social',
    st: proof.social_type,
    ...(proof.stored_token ? { ptk: seal(keys.seal, proof.stored_token) } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(proof.social_id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SOCIAL_OAUTH_TOKEN_TTL_S)
    .sign(keys.sign);
}

/** The proof in a valid, unexpired oauth_token, or null. */
export async function readOAuthToken(
  config: Pick<Config, 'jwtSecret'>,
  token: string,
  now: Date,
): Promise<SocialProof | null> {
  const keys = keysOf(config);
  try {
    const { payload } = await jwtVerify(token, keys.sign, {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    // Never a longer-lived proof than ours, nor one dated in the future (which would stretch it).
    const { exp, iat } = payload as { exp: number; iat: number };
    if (exp - iat > SOCIAL_OAUTH_TOKEN_TTL_S || iat > now.getTime() / 1000 + 60) return null;
    const st = payload.st;
    if (payload.typ !== 'social' || typeof payload.sub !== 'string' || !payload.sub) return null;
    if (typeof st !== 'string' || !(SOCIAL_TYPES as readonly string[]).includes(st)) return null;
    const stored = typeof payload.ptk === 'string' ? open(keys.seal, payload.ptk) : null;
    return { social_type: st as SocialType, social_id: payload.sub, stored_token: stored };
  } catch {
    return null;
  }
}
