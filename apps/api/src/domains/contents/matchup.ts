/**
 * GET /api/products/matchup-products (SPEC.md product page): items that go with a product. Codi
 * sets are contents data, so the matchup is assembled here: first the other products of the codi
 * sets that contain it (in set order, most liked set first), then the catalogue's complementary
 * product types sharing a style tag. Never the product's own type (a second pair of trousers is not
 * a match). Cards carry the live price at `now`.
 */
import type { MatchupProductsBody, ProductCard } from '@codiroom/shared';
import { and, asc, inArray, ne } from 'drizzle-orm';
import {
  activeCardsByIds,
  activeDisplayRow,
  complementCards,
  type LiveSource,
  liveCards,
} from '../catalog/index.ts';
import { codiIdsWith } from './codi-sets.ts';
import { codiItems } from './schema.ts';

export const MATCHUP_LIMIT = 12;

export async function matchupProducts(
  src: LiveSource,
  now: Date,
  id: number | null,
): Promise<MatchupProductsBody> {
  if (id === null) return { result: [] };
  const db = src.db;
  const row = await activeDisplayRow(db, id);
  const codiIds = await codiIdsWith(db, id);
  const picked: { id: number; codi_id: number | null }[] = [];
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
        picked.push({ id: r.product_display_id, codi_id: r.codi_id });
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
    const extra = await complementCards(
      db,
      row,
      [id, ...result.map((r) => r.id)],
      MATCHUP_LIMIT - result.length,
    );
    for (const c of extra) result.push({ ...c, codi_id: null, reason: 'complement' });
  }
  return { result: await liveCards(src, now, result) };
}
