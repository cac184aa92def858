/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226: HMAC-SHA1, 30-second steps, 6 digits),
 * the optional second factor of operators, computed by the maintained `otpauth` library. Secrets
 * are 20 random bytes in base32 (RFC 4648), what authenticator apps read from an `otpauth://` URI;
 * secrets stored before the library keep working (same algorithm, same encoding). A code of the
 * step before or after is accepted (clock drift), never the same step twice for one operator (the
 * caller keeps the last step used).
 */
import { HOTP, Secret, TOTP, URI } from 'otpauth';

export const TOTP_STEP_S = 30;
const ISSUER = '코디룸 백오피스';
const PARAMS = { algorithm: 'SHA1', digits: 6 } as const;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The 6-digit code of `secret` at time step `step` (RFC 4226 dynamic truncation). */
export function hotp(secret: string, step: number): string {
  return HOTP.generate({ ...PARAMS, secret: Secret.fromBase32(secret), counter: step });
}

export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_STEP_S);

/** The step a code matches (now, or one step either side), or null. */
export function matchTotp(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  let key: Secret;
  try {
    key = Secret.fromBase32(secret);
  } catch {
    return null;
  }
  const delta = TOTP.validate({
    ...PARAMS,
    token: code,
    secret: key,
    period: TOTP_STEP_S,
    timestamp: at.getTime(),
    window: 1,
  });
  return delta === null ? null : totpStep(at) + delta;
}

export function otpauthUri(secret: string, email: string): string {
  return URI.stringify(
    new TOTP({
      ...PARAMS,
      issuer: ISSUER,
      label: email,
      period: TOTP_STEP_S,
      secret: Secret.fromBase32(secret),
    }),
  );
}
