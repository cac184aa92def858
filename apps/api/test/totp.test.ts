/**
 * Operators' second factor (domains/admin/totp.ts over the `otpauth` library): the RFC 6238
 * SHA-1 test vectors, secrets made before the library still give the same codes, one step of
 * drift either side, and an `otpauth://` URI authenticator apps read.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Secret, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  TOTP_STEP_S,
  totpStep,
} from '../src/domains/admin/totp.ts';

// RFC 6238 appendix B, SHA-1, secret "12345678901234567890": Unix time → 8-digit code (6 kept).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

/** RFC 4226 written out with node:crypto, as the shop computed codes before the library. */
function reference(secretBase32: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const key: number[] = [];
  for (const ch of secretBase32) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', Buffer.from(key)).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A base32 secret as the shop made them before the library (20 random bytes, no padding). */
function oldStyleSecret(): string {
  return new Secret({ buffer: Uint8Array.from(randomBytes(20)).buffer }).base32;
}

describe('TOTP', () => {
  it('gives the RFC 6238 SHA-1 test vectors (last six digits) and matches them at those times', () => {
    for (const [t, code] of VECTORS) {
      const at = new Date(t * 1000);
      expect(hotp(RFC_SECRET, totpStep(at)), `T=${t}`).toBe(code.slice(-6));
      expect(matchTotp(RFC_SECRET, code.slice(-6), at), `T=${t}`).toBe(Math.floor(t / TOTP_STEP_S));
    }
  });

  it('secrets stored before the library give the same codes as the hand-written RFC 4226', () => {
    for (let i = 0; i < 20; i++) {
      const secret = i === 0 ? RFC_SECRET : oldStyleSecret();
      for (const step of [0, 1, 56_666_666, 2 ** 31 + 7]) {
        expect(hotp(secret, step)).toBe(reference(secret, step));
      }
    }
  });

  it('new secrets are 20 bytes in unpadded base32 and work with the same codes', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(hotp(secret, 12345)).toBe(reference(secret, 12345));
  });

  it('accepts one step of drift either side, never two; refuses malformed codes and secrets', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-03-01T09:00:10Z');
    const now = totpStep(at);
    expect(matchTotp(secret, hotp(secret, now), at)).toBe(now);
    expect(matchTotp(secret, hotp(secret, now - 1), at)).toBe(now - 1);
    expect(matchTotp(secret, hotp(secret, now + 1), at)).toBe(now + 1);
    const far = [now - 2, now + 2].map((s) => hotp(secret, s));
    const near = [now - 1, now, now + 1].map((s) => hotp(secret, s));
    for (const code of far) if (!near.includes(code)) expect(matchTotp(secret, code, at)).toBeNull();
    expect(matchTotp(secret, '12345', at)).toBeNull();
    expect(matchTotp(secret, '12345a', at)).toBeNull();
    expect(matchTotp('not base32!', '123456', at)).toBeNull();
  });

  it('the otpauth:// URI names the issuer and the operator, and carries the secret', () => {
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, 'md.kim@codiroom.test');
    expect(uri).toContain(`secret=${secret}`);
    const parsed = URI.parse(uri);
    expect(parsed).toMatchObject({
      issuer: '코디룸 백오피스',
      label: 'md.kim@codiroom.test',
      digits: 6,
      period: 30,
    });
    expect(parsed.secret.base32).toBe(secret);
  });
});
