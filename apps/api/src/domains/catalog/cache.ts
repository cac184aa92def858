/**
 * Read-through cache for catalogue aggregates (brand lists, category counts, facets, sitemap ids)
 * that scan many product rows: JSON in the key-value store (Redis when configured, shared by every
 * node) for a short TTL, a `shared` cache of platform/cache.ts, so `catalog.changed` ends every
 * entry on every node. A store failure falls back to the database; errors (404s) are never cached.
 */
import { cache, defineCache } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';

export const AGGREGATE_TTL_S = 60;

/** Each call names its own TTL (at most a day). */
export const CATALOG_AGGREGATES = defineCache<unknown>('catalog-aggregates', {
  ttlMs: 86_400_000,
  invalidatedBy: ['catalog.changed', 'popularity.changed'],
  mode: 'shared',
});

/** The value of `key` in CATALOG_AGGREGATES, loaded and kept for `ttlS` seconds on a miss. */
export async function cached<T>(
  ctx: Pick<AppContext, 'caches'>,
  key: string,
  ttlS: number,
  load: () => Promise<T>,
): Promise<T> {
  return cache(ctx, CATALOG_AGGREGATES).load(key, load, { ttlMs: () => ttlS * 1000 }) as Promise<T>;
}
