/**
 * Private uploads (docs/ARCHITECTURE.md, "Uploads"): images of some scopes (the style quiz's face
 * and body photos, support attachments) are never served by their bare key. Their URL carries an
 * expiry and an HMAC of key and expiry (`?exp=&sig=`), made by the server for whoever may see the
 * image (the member, a curator) each time it answers one: a URL copied elsewhere stops working
 * within PRIVATE_IMAGE_TTL_S, and a key alone reveals nothing. The HMAC key is derived from
 * JWT_SECRET for this purpose only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { imageUrl } from './image-store.ts';

/** Scopes whose images are private (`withheld`: public images no longer shown, withheld-images.ts). */
export const PRIVATE_IMAGE_SCOPES: ReadonlySet<string> = new Set(['style-quiz', 'tickets', 'withheld']);

/** How long a signed URL works (s); expiries are rounded up to PRIVATE_IMAGE_STEP_S so a page's URLs stay cacheable. */
export const PRIVATE_IMAGE_TTL_S = 3600;
const PRIVATE_IMAGE_STEP_S = 600;

export function isPrivateImageKey(key: string): boolean {
  return PRIVATE_IMAGE_SCOPES.has(key.slice(0, key.indexOf('/')));
}

const keys = new WeakMap<object, Buffer>();
function hmacKey(config: Pick<Config, 'jwtSecret'>): Buffer {
  let k = keys.get(config);
  if (!k) {
    k = createHmac('sha256', config.jwtSecret).update('codiroom:private-image:v1').digest();
    keys.set(config, k);
  }
  return k;
}

const signatureOf = (config: Pick<Config, 'jwtSecret'>, key: string, exp: number) =>
  createHmac('sha256', hmacKey(config)).update(`${key}\n${exp}`).digest('base64url').slice(0, 32);

/** The URL of a private image for the next PRIVATE_IMAGE_TTL_S seconds (or more, up to one step). */
export function signedImageUrl(config: Pick<Config, 'jwtSecret'>, key: string, now: Date): string {
  const exp =
    Math.ceil((now.getTime() / 1000 + PRIVATE_IMAGE_TTL_S) / PRIVATE_IMAGE_STEP_S) * PRIVATE_IMAGE_STEP_S;
  return `${imageUrl(key)}?exp=${exp}&sig=${signatureOf(config, key, exp)}`;
}

/** Seconds the signed URL still works, or 0 when its signature is wrong or it has expired. */
export function signedSecondsLeft(
  config: Pick<Config, 'jwtSecret'>,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
): number {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{32}$/.test(sig)) return 0;
  const expected = Buffer.from(signatureOf(config, key, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 0;
  return Math.max(0, Math.floor(Number(exp) - now.getTime() / 1000));
}
