/**
 * Where uploaded images are kept (docs/ARCHITECTURE.md, "Uploads"): the `ImageStore` interface
 * and its keys. Adapters: image-store-local.ts (under DATA_DIR) and image-store-s3.ts (an
 * S3-compatible bucket); uploads.ts picks one from the configuration.
 *
 * Keys are made by the server (`newImageKey`), never taken from a request: `{scope}/{yyyy}/{mm}/
 * {random}.webp`, e.g. `reviews/2026/11/Q2x…f8.webp`. Every adapter still checks a key against
 * `isImageKey` (lower-case path segments, a random base64url name, a known extension: no `..`, no
 * absolute path, no backslash), so a key read back from a URL cannot leave the store.
 */
import { randomBytes } from 'node:crypto';
import { badRequest } from './errors.ts';

export type StoredImage = { bytes: Buffer; contentType: string };

export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** Stores (or replaces) the object. `contentType` must be the one of the key's extension. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredImage | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Extensions a key may end with, and the content type each is stored and served with. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = { webp: 'image/webp' };

export const MAX_KEY_LENGTH = 200;
const SCOPE = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** 1–4 folders, then 16–64 base64url characters and an extension. */
const KEY = /^(?:[a-z0-9][a-z0-9-]{0,31}\/){1,4}[A-Za-z0-9_-]{16,64}\.([a-z0-9]{1,8})$/;

export function isImageKey(key: string): boolean {
  if (key.length > MAX_KEY_LENGTH) return false;
  const m = KEY.exec(key);
  return m !== null && Object.hasOwn(IMAGE_CONTENT_TYPES, m[1] as string);
}

/** The content type of a key's extension; a key that is not an image key is a 400. */
export function contentTypeOfKey(key: string): string {
  if (!isImageKey(key)) throw badRequest('Invalid image key');
  return IMAGE_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] as string;
}

/**
 * A fresh key for an image of `scope` (a lower-case word such as `reviews`, `style-quiz`,
 * `tickets`): `{scope}/{yyyy}/{mm}/{22 random base64url characters}.webp`, by the UTC month of `now`.
 */
export function newImageKey(scope: string, now: Date, extension = 'webp'): string {
  if (!SCOPE.test(scope)) throw new Error(`Invalid image scope: ${JSON.stringify(scope)}`);
  if (!Object.hasOwn(IMAGE_CONTENT_TYPES, extension)) throw new Error(`Unknown image extension ${extension}`);
  const yyyy = String(now.getUTCFullYear()).padStart(4, '0');
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${scope}/${yyyy}/${mm}/${randomBytes(16).toString('base64url')}.${extension}`;
}

/** The path under which the API serves a stored image (uploads-routes.ts). */
export function imageUrl(key: string): string {
  return `/api/uploads/${key}`;
}
