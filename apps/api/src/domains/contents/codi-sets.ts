/**
 * Codi sets by id for other domains (curations' codi-detail and codi-by-product, SPEC.md
 * 'Curations'): the active sets with their live product cards, and the active sets that contain a
 * product. The contents domain keeps the codi tables' SQL; callers hand ids in.
 */
import type { CodiSet } from '@codiroom/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import type { LiveSource } from '../catalog/index.ts';
import { codiSetsWithProducts } from './editorial.ts';
import { codiItems, codiSets } from './schema.ts';

/** Active codi sets containing the display, most liked first (at most 50). */
export async function codiIdsWith(db: Conn, displayId: number): Promise<number[]> {
  const rows = await db
    .select({ codi_id: codiItems.codi_id })
    .from(codiItems)
    .innerJoin(codiSets, eq(codiSets.id, codiItems.codi_id))
    .where(and(eq(codiItems.product_display_id, displayId), eq(codiSets.is_active, true)))
    .orderBy(desc(codiSets.like_count), asc(codiSets.id))
    .limit(50);
  return [...new Set(rows.map((r) => r.codi_id))];
}

/**
 * The active codi sets among `ids` (most liked first, at most `limit`) with their products at live
 * prices at `now`; inactive and unknown ids are left out.
 */
export async function activeCodiSetsByIds(
  src: LiveSource,
  now: Date,
  ids: readonly number[],
  limit: number,
): Promise<CodiSet[]> {
  if (ids.length === 0) return [];
  const where = and(inArray(codiSets.id, [...ids]), eq(codiSets.is_active, true));
  if (!where) return [];
  return (await codiSetsWithProducts(src, now, where, 1, limit)).result;
}
