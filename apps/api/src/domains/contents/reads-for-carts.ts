/**
 * The contents domain's reads for the carts domain (SPEC.md §3/§7): the title and picture of codi
 * sets a cart's lines came from, and the products a codi-to-cart add may take.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { codiItems, codiSets } from './schema.ts';

export type CodiHeading = { id: number; title: string; image_url: string };

/** Title and picture of codi sets by id, active or not (unknown ids are absent). */
export async function codiHeadings(db: Conn, ids: number[]): Promise<Map<number, CodiHeading>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: codiSets.id, title: codiSets.title, image_url: codiSets.image_url })
    .from(codiSets)
    .where(inArray(codiSets.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The product display ids of an active codi set, or null when there is no active codi set `codiId`. */
export async function activeCodiDisplayIds(db: Conn, codiId: number): Promise<Set<number> | null> {
  const [codi] = await db
    .select({ id: codiSets.id })
    .from(codiSets)
    .where(and(eq(codiSets.id, codiId), eq(codiSets.is_active, true)))
    .limit(1);
  if (!codi) return null;
  const displays = await db
    .select({ d: codiItems.product_display_id })
    .from(codiItems)
    .where(eq(codiItems.codi_id, codiId));
  return new Set(displays.map((r) => r.d));
}
