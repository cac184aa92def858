/**
 * Promotions (기획전) and outfits (코디) in the back office (docs/ARCHITECTURE.md, "Back office"),
 * for MDs. A promotion: a KST window, its products, an optional coupon policy to hand out and a
 * benefit label; an outfit: two to six products of a style with the curator's name, its picture
 * the first product's. Both can be switched off. Outfits feed the product page's "this product in
 * outfits" and the style pages: `catalog.changed` and the style's search document follow.
 */
import type { CodiInput, PromotionInput } from '@codiroom/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { outdateDocuments } from '../../platform/page-documents.ts';
import { couponPolicyExists } from '../benefits/index.ts';
import { displayLabels, existingDisplayIds } from '../catalog/index.ts';
import { codiItems, codiSets, promotionProducts, promotions, styles } from './schema.ts';
import { editorialIndexer } from './search-hook.ts';

export const ADMIN_EDITORIAL_PAGE = 30;

async function assertDisplays(ctx: AppContext, ids: number[]) {
  const found = await existingDisplayIds(ctx.db, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(`product_display_ids: 없는 상품입니다 (${missing.join(', ')}).`);
}

export async function listPromotions(ctx: AppContext, page: number) {
  const now = ctx.clock.now();
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        p: promotions,
        products: sql<number>`(select count(*)::int from ${promotionProducts} pp where pp.promotion_id = promotions.id)`,
      })
      .from(promotions)
      .orderBy(desc(promotions.starts_at), desc(promotions.id))
      .limit(ADMIN_EDITORIAL_PAGE)
      .offset((page - 1) * ADMIN_EDITORIAL_PAGE),
    ctx.db.select({ n: count() }).from(promotions),
  ]);
  return {
    total: Number(total?.n ?? 0),
    page,
    result: rows.map(({ p, products }) => ({
      id: p.id,
      title: p.title,
      promotion_type: p.promotion_type,
      benefit_label: p.benefit_label,
      starts_at: p.starts_at.toISOString(),
      ends_at: p.ends_at.toISOString(),
      is_active: p.is_active,
      running: p.is_active && p.starts_at <= now && now < p.ends_at,
      products: Number(products),
    })),
  };
}

export async function createPromotion(ctx: AppContext, input: z.output<typeof PromotionInput>) {
  await assertDisplays(ctx, input.product_display_ids);
  if (input.coupon_policy_id !== null) {
    if (!(await couponPolicyExists(ctx.db, input.coupon_policy_id)))
      throw badRequest('coupon_policy_id: 없는 쿠폰 정책입니다.');
  }
  const { product_display_ids: ids, starts_at, ends_at, ...fields } = input;
  const id = await ctx.db.transaction(async (tx) => {
    const [p] = await tx
      .insert(promotions)
      .values({
        ...fields,
        starts_at: new Date(starts_at),
        ends_at: new Date(ends_at),
        created_at: ctx.clock.now(),
      })
      .returning({ id: promotions.id });
    if (!p) throw new Error('promotion insert failed');
    await tx
      .update(promotions)
      .set({ image_url: `/api/images/banner/${300 + p.id}.webp` })
      .where(eq(promotions.id, p.id));
    await tx
      .insert(promotionProducts)
      .values(ids.map((d, i) => ({ promotion_id: p.id, product_display_id: d, sort_order: i })));
    await outdateDocuments(tx, 'catalog.changed');
    return p.id;
  });
  await invalidate(ctx, 'catalog.changed');
  return { id };
}

export async function setPromotionActive(ctx: AppContext, id: number, active: boolean) {
  await ctx.db.transaction(async (tx) => {
    const [p] = await tx
      .update(promotions)
      .set({ is_active: active })
      .where(eq(promotions.id, id))
      .returning({ id: promotions.id });
    if (!p) throw notFound('기획전이 없습니다.');
    await outdateDocuments(tx, 'catalog.changed');
  });
  await invalidate(ctx, 'catalog.changed');
  return { id, is_active: active };
}

export async function listCodis(ctx: AppContext, page: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        c: codiSets,
        style: styles.name,
        products: sql<number>`(select count(*)::int from ${codiItems} ci where ci.codi_id = codi_sets.id)`,
      })
      .from(codiSets)
      .leftJoin(styles, eq(styles.id, codiSets.style_id))
      .orderBy(desc(codiSets.id))
      .limit(ADMIN_EDITORIAL_PAGE)
      .offset((page - 1) * ADMIN_EDITORIAL_PAGE),
    ctx.db.select({ n: count() }).from(codiSets),
  ]);
  const stylesList = await ctx.db
    .select({ id: styles.id, name: styles.name })
    .from(styles)
    .orderBy(styles.id);
  return {
    total: Number(total?.n ?? 0),
    page,
    styles: stylesList,
    result: rows.map(({ c, style, products }) => ({
      id: c.id,
      title: c.title,
      style_id: c.style_id,
      style_name: style,
      curator_name: c.curator_name,
      image_url: c.image_url,
      is_active: c.is_active,
      like_count: c.like_count,
      products: Number(products),
    })),
  };
}

export async function createCodi(ctx: AppContext, input: z.output<typeof CodiInput>) {
  await assertDisplays(ctx, input.product_display_ids);
  if (input.style_id !== null) {
    const [s] = await ctx.db.select({ id: styles.id }).from(styles).where(eq(styles.id, input.style_id));
    if (!s) throw badRequest('style_id: 없는 스타일입니다.');
  }
  const leadId = input.product_display_ids[0] as number;
  const lead = (await displayLabels(ctx.db, [leadId])).get(leadId);
  const { product_display_ids: ids, ...fields } = input;
  const id = await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .insert(codiSets)
      .values({ ...fields, image_url: lead?.image_url ?? '', created_at: ctx.clock.now() })
      .returning({ id: codiSets.id });
    if (!c) throw new Error('codi insert failed');
    await tx
      .insert(codiItems)
      .values(ids.map((d, i) => ({ codi_id: c.id, product_display_id: d, sort_order: i })));
    await outdateDocuments(tx, 'catalog.changed');
    return c.id;
  });
  await invalidate(ctx, 'catalog.changed');
  if (input.style_id !== null) await editorialIndexer(ctx).styles(ctx.db, [input.style_id]);
  return { id };
}

export async function setCodiActive(ctx: AppContext, id: number, active: boolean) {
  const c = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(codiSets)
      .set({ is_active: active })
      .where(eq(codiSets.id, id))
      .returning({ id: codiSets.id, style_id: codiSets.style_id });
    if (!row) throw notFound('코디가 없습니다.');
    // The outfit shows on its products' pages (their documents).
    await outdateDocuments(tx, 'catalog.changed');
    return row;
  });
  await invalidate(ctx, 'catalog.changed');
  if (c.style_id !== null) await editorialIndexer(ctx).styles(ctx.db, [c.style_id]);
  return { id, is_active: active };
}
