/**
 * Items that go with a product: the other products of its codi sets, then complementary product
 * types sharing a style tag.
 */
import type { MatchupProductsBody, ProductCard } from '@codiroom/shared';
import { and, asc, desc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codiItems, codiSets, productDisplays, products } from '../../db/schema.ts';
import { activeRow } from './product-page.ts';
import { activeCardsByIds, listProductCards } from './repository.ts';

export const MATCHUP_LIMIT = 12;

/** Active codi sets containing the display, most liked first (at most 50). */
export async function codiIdsWith(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .select({ codi_id: codiItems.codi_id })
    .from(codiItems)
    .innerJoin(codiSets, eq(codiSets.id, codiItems.codi_id))
    .where(and(eq(codiItems.product_display_id, id), eq(codiSets.is_active, true)))
    .orderBy(desc(codiSets.like_count), asc(codiSets.id))
    .limit(50);
  return [...new Set(rows.map((r) => r.codi_id))];
}

/** A text[] literal of the values (for array overlap with style tags). */
export function toTextArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** What goes with each product type when no codi set pairs it (SPEC.md §3 product types). */
export const COMPLEMENTS: Record<string, string[]> = {
  TOP: ['BOTTOM', 'OUTER', 'SHOES'],
  BOTTOM: ['TOP', 'OUTER', 'SHOES'],
  OUTER: ['TOP', 'BOTTOM', 'SHOES'],
  SHOES: ['BOTTOM', 'TOP'],
  BAG: ['OUTER', 'TOP', 'BOTTOM'],
  ETC: ['TOP', 'BOTTOM', 'OUTER'],
};

/**
 * Items that go with the product: first the other products of the codi sets that contain it (in
 * set order, most liked set first), then complementary product types sharing a style tag.
 * Never the product's own type (a second pair of trousers is not a match).
 */
export async function matchupProducts(db: Db, id: number | null): Promise<MatchupProductsBody> {
  if (id === null) return { result: [] };
  const row = await activeRow(db, id);
  const codiIds = await codiIdsWith(db, id);
  const picked: { id: number; codi_id: number | null; reason: 'same_codi' | 'complement' }[] = [];
  if (codiIds.length) {
    const rows = await db
      .select({ codi_id: codiItems.codi_id, product_display_id: codiItems.product_display_id })
      .from(codiItems)
      .where(and(inArray(codiItems.codi_id, codiIds), ne(codiItems.product_display_id, id)))
      .orderBy(asc(codiItems.sort_order), asc(codiItems.id));
    const order = new Map(codiIds.map((c, i) => [c, i]));
    rows.sort((a, b) => (order.get(a.codi_id) ?? 0) - (order.get(b.codi_id) ?? 0));
    for (const r of rows) {
      if (!picked.some((p) => p.id === r.product_display_id)) {
        picked.push({ id: r.product_display_id, codi_id: r.codi_id, reason: 'same_codi' });
      }
    }
  }
  let cards = (await activeCardsByIds(
    db,
    picked.map((p) => p.id),
  )) as ProductCard[];
  cards = cards.filter((c) => c.product_type !== row.product_type);
  const result: MatchupProductsBody['result'] = cards.slice(0, MATCHUP_LIMIT).map((c) => {
    const p = picked.find((x) => x.id === c.id);
    return { ...c, codi_id: p?.codi_id ?? null, reason: 'same_codi' as const };
  });
  if (result.length < MATCHUP_LIMIT) {
    const types = COMPLEMENTS[row.product_type] ?? [];
    const exclude = [id, ...result.map((r) => r.id)];
    const tagMatch = row.style_tags.length
      ? sql`exists (select 1 from ${products} p where p.id = ${productDisplays.product_id} and p.style_tags && ${toTextArray(row.style_tags)})`
      : undefined;
    const extra = await listProductCards(db, {
      sort: 'popular',
      limit: MATCHUP_LIMIT - result.length,
      where: and(
        inArray(
          productDisplays.product_type,
          types as (typeof productDisplays.product_type.enumValues)[number][],
        ),
        notInArray(productDisplays.id, exclude),
        tagMatch,
      ),
    });
    for (const c of extra) result.push({ ...c, codi_id: null, reason: 'complement' });
  }
  return { result };
}
