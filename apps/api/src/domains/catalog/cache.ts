/**
 * Read-through cache for catalogue aggregates (brand lists, category counts, facets, sitemap ids)
 * that scan many product rows: JSON in the key-value store (Redis when configured) for a short TTL.
 * A store failure falls back to the database; errors (404s) are never cached.
 */
import type { KeyValueStore } from '../../platform/kv.ts';

export const AGGREGATE_TTL_S = 60;

export async function cached<T>(
  kv: KeyValueStore,
  key: string,
  ttlS: number,
  load: () => Promise<T>,
): Promise<T> {
  const k = `cache:v1:${key}`;
  try {
    const hit = await kv.get(k);
    if (hit !== null) return JSON.parse(hit) as T;
  } catch {
    // Store unavailable or a corrupt entry: answer from the database.
  }
  const value = await load();
  try {
    await kv.set(k, JSON.stringify(value), ttlS);
  } catch {
    // Best effort.
  }
  return value;
}
