/**
 * The contents domain's reads for the search domain (docs/ARCHITECTURE.md, "Search"): what the
 * search index's style and post documents are built from (search/documents.ts), and the style and
 * post summaries of search answers. Each is the one statement search ran before on these tables.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { codiSets, posts, styles } from './schema.ts';

/** Styles, all or those of `ids`. */
export async function searchStyleRows(db: Conn, ids?: readonly number[]) {
  return db
    .select()
    .from(styles)
    .where(ids ? inArray(styles.id, [...ids]) : undefined);
}

/** Posts, all or those of `ids`: what their search documents hold. */
export async function searchPostRows(db: Conn, ids?: readonly number[]) {
  return db
    .select({
      id: posts.id,
      title: posts.title,
      subtitle: posts.subtitle,
      category: posts.category,
      status: posts.status,
      view_count: posts.view_count,
      published_at: posts.published_at,
    })
    .from(posts)
    .where(ids ? inArray(posts.id, [...ids]) : undefined);
}

/** Style summaries of a search answer, with the number of active codi sets (any order). */
export async function styleSummaryRows(db: Conn, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: styles.id,
      name: styles.name,
      description: styles.description,
      image_url: styles.image_url,
      tags: styles.tags,
      like_count: styles.like_count,
      codi_count: sql<number>`(select count(*) from ${codiSets} c where c.style_id = "styles"."id" and c.is_active)::int`,
    })
    .from(styles)
    .where(inArray(styles.id, [...ids]));
}

/** Post summaries of a search answer (any order). */
export async function postSummaryRows(db: Conn, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: posts.id,
      title: posts.title,
      subtitle: posts.subtitle,
      cover_image_url: posts.cover_image_url,
      published_at: posts.published_at,
    })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
}
