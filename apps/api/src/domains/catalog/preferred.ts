/** Preferred products: from the brands and shop tabs of the caller's likes and cart. */
import type { ProductCard } from '@codiroom/shared';
import { and, asc, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogPorts, type Viewer } from './ports.ts';
import { activeCardsByIds, listProductCards } from './repository.ts';
import { categories, productDisplays } from './schema.ts';

export const PREFERRED_DEFAULT_LIMIT = 10;

// ───────────────────────────── preferred products ─────────────────────────────

/**
 * Products for the caller: the brands and shop tabs of what they liked and put in the cart,
 * weighted, minus what they already have; popular products for someone without history
 * (or nothing, with popularFallback: false).
 */
export async function userPreferredProducts(
  db: Db,
  who: Viewer,
  limit: number,
  opts: { popularFallback?: boolean } = {},
): Promise<ProductCard[]> {
  // What they liked and put in the cart: the likes and carts domains' reads (catalog's port).
  const ports = catalogPorts.get();
  const [liked, inCart] = await Promise.all([
    ports.likedDisplayIds(db, who, 100),
    ports.cartDisplayIds(db, who, 100),
  ]);
  const seen = [...new Set([...liked, ...inCart])];
  if (seen.length === 0)
    return opts.popularFallback === false ? [] : listProductCards(db, { sort: 'popular', limit });
  const rows = await db
    .select({ brand_id: productDisplays.brand_id, main: categories.main })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(inArray(productDisplays.id, seen));
  const brandIds = [...new Set(rows.map((r) => r.brand_id))];
  const mains = [...new Set(rows.map((r) => r.main))];
  const catIds = (
    await db.select({ id: categories.id }).from(categories).where(inArray(categories.main, mains))
  ).map((r) => r.id);
  // Same brand and same tab first, then same brand, then same tab.
  const rank = sql`(case when ${inArray(productDisplays.brand_id, brandIds)} then 2 else 0 end
    + case when ${catIds.length ? inArray(productDisplays.category_id, catIds) : sql`false`} then 1 else 0 end)`;
  const ids = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(
      and(
        eq(productDisplays.is_active, true),
        notInArray(productDisplays.id, seen),
        or(
          inArray(productDisplays.brand_id, brandIds),
          catIds.length ? inArray(productDisplays.category_id, catIds) : undefined,
        ),
      ),
    )
    .orderBy(desc(rank), desc(productDisplays.popularity), asc(productDisplays.id))
    .limit(limit);
  const cards = await activeCardsByIds(
    db,
    ids.map((r) => r.id),
  );
  if (cards.length >= limit) return cards;
  const fill = await listProductCards(db, {
    sort: 'popular',
    limit: limit - cards.length,
    where: notInArray(productDisplays.id, [...seen, ...cards.map((c) => c.id)]),
  });
  return [...cards, ...fill];
}
