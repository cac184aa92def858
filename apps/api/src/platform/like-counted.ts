/**
 * The reads and writes a likeable table's owner gives the likes domain (its port, likes/targets.ts),
 * built once here over the owner's own table: catalog (products, brands) and contents (styles,
 * codi sets, posts) call `likeCounted` in their reads-for-likes.ts. Each such table has an integer
 * `id` and a `like_count` that likes moves with its rows, never below 0 (SPEC.md §3 like types).
 */
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from './transactions.ts';

export type LikeCountedTable = {
  table: PgTable;
  id: PgColumn;
  likeCount: PgColumn;
  /** What a list of liked things shows: a name and a picture. */
  name: PgColumn;
  image: PgColumn;
};

export type LikedRow = { id: number; name: string; image_url: string | null; like_count: number };

export function likeCounted(t: LikeCountedTable) {
  return {
    /** The row's like_count, or null when there is no such row. */
    async likeCount(db: Conn, id: number): Promise<number | null> {
      const [row] = await db
        .select({ n: sql<number>`${t.likeCount}` })
        .from(t.table)
        .where(eq(t.id, id))
        .limit(1);
      return row ? Number(row.n) : null;
    },
    /** Adds 1 to, or takes 1 from (never below 0), the like_count of each row, in one statement. */
    async moveLikeCounts(db: Conn, ids: readonly number[], delta: 1 | -1): Promise<void> {
      if (ids.length === 0) return;
      const count = sql.identifier('like_count');
      const value: SQL = delta > 0 ? sql`${count} + 1` : sql`greatest(${count} - 1, 0)`;
      const where = ids.length === 1 ? eq(t.id, ids[0] as number) : inArray(t.id, [...ids]);
      await db.execute(sql`update ${t.table} set ${count} = ${value} where ${where}`);
    },
    /** Which of the ids are rows. */
    async existingIds(db: Conn, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: sql<number>`${t.id}` })
        .from(t.table)
        .where(inArray(t.id, [...new Set(ids)]));
      return new Set(rows.map((r) => Number(r.id)));
    },
    /** Name, picture and like_count of the rows (ids that are no row are absent). */
    async likedRows(db: Conn, ids: readonly number[]): Promise<LikedRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: sql<number>`${t.id}`,
          name: sql<string>`${t.name}`,
          image_url: sql<string | null>`${t.image}`,
          like_count: sql<number>`${t.likeCount}`,
        })
        .from(t.table)
        .where(inArray(t.id, [...new Set(ids)]));
      return rows.map((r) => ({ ...r, id: Number(r.id), like_count: Number(r.like_count) }));
    },
  };
}
