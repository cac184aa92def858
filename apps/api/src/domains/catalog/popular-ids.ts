/**
 * The products on sale, most popular first (SPEC.md 'Ranking': popularity): what a warm-up of
 * per-product pages (web/product-document.ts) computes first.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productDisplays } from './schema.ts';

export async function popularDisplayIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(and(eq(productDisplays.is_active, true)))
    .orderBy(desc(productDisplays.popularity), asc(productDisplays.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
