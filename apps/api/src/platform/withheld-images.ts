/**
 * Withholding a public upload (docs/ARCHITECTURE.md, "Uploads"): a photo that must stop being
 * served — a hidden review's — is moved under the private scope `withheld`
 * (`withheld/{its key}`), so its public URL answers the same 404 as a missing image, while the
 * image is kept: restoring moves it back to its key, and the URL the rows hold works again.
 * Both moves are idempotent (an image already where it belongs is left alone), so a repeated or
 * interrupted one completes. What a browser or CDN cached stays there for the scope's max-age
 * (`publicCacheControl`): the scopes whose images can be withheld are never cached as immutable.
 */
import type { ImageStore } from './image-store.ts';

export const WITHHELD_SCOPE = 'withheld';

/** Public scopes whose images may be withheld later: cached an hour, not a year. */
const WITHHOLDABLE_SCOPES: ReadonlySet<string> = new Set(['reviews']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const WITHHOLDABLE_CACHE = 'public, max-age=3600';

const scopeOf = (key: string) => key.slice(0, key.indexOf('/'));

/** Cache-Control of a public image by its key's scope. */
export function publicCacheControl(key: string): string {
  return WITHHOLDABLE_SCOPES.has(scopeOf(key)) ? WITHHOLDABLE_CACHE : IMMUTABLE;
}

export const withheldKeyOf = (key: string) => `${WITHHELD_SCOPE}/${key}`;

async function move(store: ImageStore, from: string, to: string): Promise<void> {
  const image = await store.get(from);
  if (!image) return;
  await store.put(to, image.bytes, image.contentType);
  await store.delete(from);
}

/** Stops serving the images of `keys` by their public URLs (kept under `withheld/`). */
export async function withholdImages(store: ImageStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await move(store, key, withheldKeyOf(key));
}

/** Serves the images of `keys` again. */
export async function restoreImages(store: ImageStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await move(store, withheldKeyOf(key), key);
}
