/**
 * Styles for a product page (codi sets and styles are contents data; the product's style tags and
 * the codi sets containing it come from the catalogue's surface).
 */
import type { RecommendStyleBody } from '@codiroom/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { toTextArray } from '../../db/sql-values.ts';
import { activeDisplayRow, type LiveSource } from '../catalog/index.ts';
import { activeCodiSetsByIds, codiIdsWith } from './codi-sets.ts';
import { stylesByIds } from './editorial.ts';
import { codiSets, styles } from './schema.ts';

export const RECOMMEND_CODI_LIMIT = 6;

/**
 * GET /api/products/recommend-style: codi sets that contain the product and their styles; without
 * any, styles sharing its style tags. The sets' cards carry the live price at `now`.
 */
export async function recommendStyle(
  src: LiveSource,
  now: Date,
  id: number | null,
): Promise<RecommendStyleBody> {
  const db = src.db;
  if (id === null) return { product_display_id: null, styles: [], codis: [] };
  const row = await activeDisplayRow(db, id);
  const codiIds = await codiIdsWith(db, id);
  const codis = await activeCodiSetsByIds(src, now, codiIds, RECOMMEND_CODI_LIMIT);
  let styleIds: number[] = [];
  if (codiIds.length) {
    const rows = await db
      .selectDistinct({ style_id: codiSets.style_id })
      .from(codiSets)
      .where(inArray(codiSets.id, codiIds));
    styleIds = rows.flatMap((r) => (r.style_id === null ? [] : [r.style_id]));
  }
  if (styleIds.length === 0 && row.style_tags.length) {
    const rows = await db
      .select({ id: styles.id })
      .from(styles)
      .where(and(eq(styles.is_active, true), sql`${styles.tags} && ${toTextArray(row.style_tags)}`))
      .orderBy(desc(styles.like_count), asc(styles.id))
      .limit(RECOMMEND_CODI_LIMIT);
    styleIds = rows.map((r) => r.id);
  }
  const found = await stylesByIds(db, styleIds);
  found.sort((a, b) => b.like_count - a.like_count || a.id - b.id);
  return { product_display_id: id, styles: found, codis };
}
