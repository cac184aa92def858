/** Promotions and time sales; "running" is decided with the injected clock (ctx.clock). */
import {
  discountRate,
  type PromotionDetailBody,
  type PromotionInfo,
  promotionTerms,
  shownTimeSale,
  type TimeSale,
  type TimeSaleBody,
  timeSaleRemaining,
} from '@codiroom/shared';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { promotionCoupon } from '../benefits/index.ts';
import {
  activeCardsByIds,
  liveCards,
  pageLinkedCards,
  timeSaleItemsOf,
  timeSalesAround,
} from '../catalog/index.ts';
import { promotionProducts, promotions } from './schema.ts';

export const PROMOTION_PAGE_SIZE = 30;
export const PROMOTION_MISSING = '프로모션이 없습니다.';

const promotionColumns = {
  id: promotions.id,
  title: promotions.title,
  subtitle: promotions.subtitle,
  description: promotions.description,
  promotion_type: promotions.promotion_type,
  benefit_label: promotions.benefit_label,
  coupon_policy_id: promotions.coupon_policy_id,
  image_url: promotions.image_url,
  starts_at: promotions.starts_at,
  ends_at: promotions.ends_at,
};

type PromotionRow = { starts_at: Date; ends_at: Date } & Omit<
  PromotionInfo,
  'starts_at' | 'ends_at' | 'is_running'
>;

function toInfo(r: PromotionRow, now: Date): PromotionInfo {
  return {
    ...r,
    starts_at: r.starts_at.toISOString(),
    ends_at: r.ends_at.toISOString(),
    is_running: r.starts_at <= now && now < r.ends_at,
  };
}

/** An active promotion (running, upcoming or ended: is_running tells), or 404. */
export async function promotionInfo(ctx: AppContext, id: number | null): Promise<PromotionInfo> {
  if (id === null) throw notFound(PROMOTION_MISSING);
  const [row] = await ctx.db
    .select(promotionColumns)
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.is_active, true)))
    .limit(1);
  if (!row) throw notFound(PROMOTION_MISSING);
  return toInfo(row, ctx.clock.now());
}

export async function promotionDetail(
  ctx: AppContext,
  id: number | null,
  page: number,
): Promise<PromotionDetailBody> {
  const promotion = await promotionInfo(ctx, id);
  const products = await pageLinkedCards(
    ctx.db,
    {
      table: promotionProducts,
      displayId: promotionProducts.product_display_id,
      sortOrder: promotionProducts.sort_order,
      where: eq(promotionProducts.promotion_id, promotion.id),
    },
    page,
    PROMOTION_PAGE_SIZE,
  );
  // docs/ARCHITECTURE.md, 'Prices': the promotion's cards carry the live price as every list.
  await liveCards(ctx, ctx.clock.now(), products.result);
  // The coupon and the terms (유의사항) come from facts: promotion-terms.ts writes them.
  const coupon = await promotionCoupon(ctx, promotion.coupon_policy_id);
  return {
    promotion,
    products,
    coupon,
    terms: promotionTerms({ starts_at: promotion.starts_at, ends_at: promotion.ends_at, coupon }),
  };
}

/** Running promotions in display order. */
export async function runningPromotions(ctx: AppContext): Promise<PromotionInfo[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select(promotionColumns)
    .from(promotions)
    .where(and(eq(promotions.is_active, true), lte(promotions.starts_at, now), gt(promotions.ends_at, now)))
    .orderBy(asc(promotions.sort_order), asc(promotions.id));
  return rows.map((r) => toInfo(r, now));
}

// ───────────────────────────── time sales ─────────────────────────────

/** The running time sale (latest start) and the next upcoming one, each with its items. */
export async function timeSaleNow(ctx: AppContext): Promise<TimeSaleBody> {
  const now = ctx.clock.now();
  const { running: runningRows, upcoming } = await timeSalesAround(ctx.db, now);
  // One sale at a time; the pick is the back office's rule too (shownTimeSale, packages/shared).
  const running = shownTimeSale(runningRows, now) ?? undefined;
  const sales = [running, upcoming].filter((s) => s !== undefined);
  const items = await timeSaleItemsOf(
    ctx.db,
    sales.map((s) => s.id),
  );
  const cards = new Map(
    (
      await activeCardsByIds(
        ctx.db,
        items.map((i) => i.product_display_id),
      )
    ).map((c) => [c.id, c]),
  );
  const build = (s: (typeof sales)[number] | undefined): TimeSale | null =>
    s
      ? {
          id: s.id,
          title: s.title,
          starts_at: s.starts_at.toISOString(),
          ends_at: s.ends_at.toISOString(),
          items: items.flatMap((i) => {
            const card = i.time_sale_id === s.id ? cards.get(i.product_display_id) : undefined;
            if (!card) return [];
            return [
              {
                ...card,
                sale_price: i.sale_price,
                sale_rate: discountRate(card.price, i.sale_price),
                stock_limit: i.stock_limit,
                sold_count: i.sold_count,
                remaining: timeSaleRemaining(i),
              },
            ];
          }),
        }
      : null;
  return { now: now.toISOString(), running: build(running), upcoming: build(upcoming) };
}
