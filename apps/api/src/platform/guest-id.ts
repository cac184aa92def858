/**
 * Server-issued, signed guest ids (format and rules: packages/shared/src/guest-id.ts;
 * docs/ARCHITECTURE.md "Accounts"). The signature is HMAC-SHA256 of the UUID under a key derived
 * from JWT_SECRET for this purpose only, truncated to 16 bytes (128 bits) and base64url-encoded.
 * Checking compares the encoded text in constant time, so the one encoding of a signature is
 * accepted and no variant of it (base64url's unused low bits of the last character).
 */
import { createHmac, createSecretKey, type KeyObject, randomUUID, timingSafeEqual } from 'node:crypto';
import { GUEST_ID_RE } from '@codiroom/shared';
import type { Config } from '../config.ts';

/**
 * The key as a KeyObject, made once per config: every guest request checks a signature, and
 * createHmac with a Buffer key costs several times the HMAC itself (Node first probes the Buffer
 * for a KeyObject, which throws and catches an error on each call).
 */
const keys = new WeakMap<object, KeyObject>();

function keyOf(config: Pick<Config, 'jwtSecret'>): KeyObject {
  let key = keys.get(config);
  if (!key) {
    key = createSecretKey(createHmac('sha256', config.jwtSecret).update('codiroom:guest-id:v1').digest());
    keys.set(config, key);
  }
  return key;
}

function signatureOf(config: Pick<Config, 'jwtSecret'>, uuid: string): string {
  return createHmac('sha256', keyOf(config)).update(uuid).digest().subarray(0, 16).toString('base64url');
}

/** The guest id of `uuid` (a lowercase UUID v4) under this server's key. */
export function signGuestId(config: Pick<Config, 'jwtSecret'>, uuid: string): string {
  return `${uuid}.${signatureOf(config, uuid)}`;
}

/** A new guest id. */
export function issueGuestId(config: Pick<Config, 'jwtSecret'>): string {
  return signGuestId(config, randomUUID());
}

/** Whether `value` is a guest id this server issued (shape, then signature in constant time). */
export function isIssuedGuestId(config: Pick<Config, 'jwtSecret'>, value: string): boolean {
  if (!GUEST_ID_RE.test(value)) return false;
  const dot = value.indexOf('.');
  const given = Buffer.from(value.slice(dot + 1), 'latin1');
  const expected = Buffer.from(signatureOf(config, value.slice(0, dot)), 'latin1');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
