/**
 * Small reads of the catalogue for other domains' lines (order items, claims, the closet): brand
 * names, a brand's shipping fee, a display's picture and product type, by id. Order items keep
 * the brand and display they were bought as (SPEC.md 'Order detail'), so these look up by those
 * ids rather than joining the catalogue's tables into another domain's query.
 */
import type { ProductType } from '@codiroom/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { brands, productDisplays } from './schema.ts';

/** Brand names by brand id (ids without a brand are absent). */
export async function brandNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(inArray(brands.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A brand's shipping fee in won (the return cost of a claim), or null for an unknown brand. */
export async function brandShippingFee(db: Conn, brandId: number): Promise<number | null> {
  const [b] = await db.select({ fee: brands.shipping_fee }).from(brands).where(eq(brands.id, brandId));
  return b?.fee ?? null;
}

export type DisplayLabel = { image_url: string; product_type: ProductType };

/** The picture and product type of displays, active or not, by display id. */
export async function displayLabels(db: Conn, ids: number[]): Promise<Map<number, DisplayLabel>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: productDisplays.id,
      image_url: productDisplays.image_url,
      product_type: productDisplays.product_type,
    })
    .from(productDisplays)
    .where(inArray(productDisplays.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...l }) => [id, l]));
}

/** Whether a display with this id exists, active or not (a support ticket's product target). */
export async function displayExists(db: Conn, id: number): Promise<boolean> {
  const [p] = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(eq(productDisplays.id, id));
  return p !== undefined;
}

/** Which of the display ids exist, active or not (forms that link products check them). */
export async function existingDisplayIds(db: Conn, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(inArray(productDisplays.id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id));
}
