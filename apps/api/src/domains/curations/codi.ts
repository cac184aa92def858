/**
 * Outfits (코디) for anyone (docs/ARCHITECTURE.md, "Curations"): GET codi-detail/{id} (one active codi
 * set with its products at live prices) and GET codi-by-product/{id} (the active codi sets a product
 * is part of, for the product page); and the products of a member's curation outfit, which the
 * carts domain's codi-to-cart reads to put "this outfit" in the cart.
 */
import type { CodiSet } from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { activeDisplayRow } from '../catalog/index.ts';
import { activeCodiSetsByIds, codiIdsWith } from '../contents/index.ts';
import { curationItems, curations } from './schema.ts';

/** Codi sets shown for one product. */
export const CODI_BY_PRODUCT_MAX = 10;

export async function codiDetail(ctx: AppContext, id: number | null): Promise<CodiSet> {
  if (id === null) throw notFound('코디가 없습니다.');
  const [set] = await activeCodiSetsByIds(ctx, ctx.clock.now(), [id], 1);
  if (!set) throw notFound('코디가 없습니다.');
  return set;
}

export async function codiByProduct(ctx: AppContext, id: number | null): Promise<{ result: CodiSet[] }> {
  if (id === null) throw notFound('상품이 없습니다.');
  await activeDisplayRow(ctx.db, id);
  const ids = (await codiIdsWith(ctx.db, id)).slice(0, CODI_BY_PRODUCT_MAX);
  if (ids.length === 0) return { result: [] };
  return { result: await activeCodiSetsByIds(ctx, ctx.clock.now(), ids, CODI_BY_PRODUCT_MAX) };
}

/**
 * The products of one outfit of the member's own published curation (codi-to-cart with
 * `curation_id`), or null when there is no such outfit for them.
 */
export async function curationOutfitDisplays(
  db: Db,
  userId: number,
  curationId: number,
  outfit: number,
): Promise<Set<number> | null> {
  const rows = await db
    .select({ id: curationItems.product_display_id })
    .from(curationItems)
    .innerJoin(curations, eq(curations.id, curationItems.curation_id))
    .where(
      and(
        eq(curations.id, curationId),
        eq(curations.user_id, userId),
        eq(curations.status, 'DONE'),
        eq(curationItems.outfit, outfit),
      ),
    );
  return rows.length ? new Set(rows.map((r) => r.id)) : null;
}
