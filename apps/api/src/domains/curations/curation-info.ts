/**
 * The member's curation as they see it (docs/ARCHITECTURE.md, "Curations"): drafts due are published
 * first, then the latest published curation is read outfit by outfit with live product cards, and
 * viewing it clears the red dot (viewed = true).
 */
import type { CurationInfoBody, ProductCard } from '@codiroom/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { inStockItemsOf, readCardsByIds } from '../catalog/index.ts';
import { publishDue } from './drafting.ts';
import { curationItems, curations } from './schema.ts';

export async function curationInfo(ctx: AppContext, userId: number): Promise<CurationInfoBody> {
  await publishDue(ctx, userId);
  const [c] = await ctx.db
    .select()
    .from(curations)
    .where(and(eq(curations.user_id, userId), eq(curations.status, 'DONE')))
    .orderBy(sql`coalesce(${curations.delivered_at}, ${curations.created_at}) desc`, desc(curations.id))
    .limit(1);
  if (!c) return { curation: null };
  const items = await ctx.db
    .select()
    .from(curationItems)
    .where(eq(curationItems.curation_id, c.id))
    .orderBy(asc(curationItems.outfit));
  const displayIds = [...new Set(items.map((i) => i.product_display_id))];
  const [cards, stock] = await Promise.all([
    readCardsByIds(ctx, ctx.clock.now(), displayIds),
    inStockItemsOf(ctx.db, displayIds),
  ]);
  // The item of the picked size (for shoes and bags, the first in stock).
  const itemOf = (display: number, size: string | null) =>
    stock.find((s) => s.display === display && (size === null || s.size === size))?.id ?? null;
  const byId = new Map<number, ProductCard>(cards.map((card) => [card.id, card]));
  const ROLE_ORDER = ['outer', 'top', 'bottom', 'shoes', 'bag'];
  const outfits = [...new Set(items.map((i) => i.outfit))].map((index) => ({
    index,
    items: items
      .filter((i) => i.outfit === index && byId.has(i.product_display_id))
      .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role))
      .map((i) => ({
        role: i.role,
        size_name: i.size_name,
        product_item_id: itemOf(i.product_display_id, i.size_name),
        reasons: i.reasons,
        product: byId.get(i.product_display_id) as ProductCard,
      })),
  }));
  if (c.viewed !== true) await ctx.db.update(curations).set({ viewed: true }).where(eq(curations.id, c.id));
  return {
    curation: {
      id: c.id,
      title: c.title,
      message: c.message,
      curator_name: c.curator_name,
      curator_note: c.curator_note,
      touched_by_curator: c.curator_touched_at !== null,
      delivered_at: c.delivered_at ? c.delivered_at.toISOString() : null,
      rating: c.rating,
      outfits,
    },
  };
}
