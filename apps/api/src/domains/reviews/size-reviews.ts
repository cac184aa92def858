/**
 * Size reviews (docs/ARCHITECTURE.md, "Reviews"): for a delivered order item of one's own, how it
 * fits overall and at chest, waist, length, shoulder, sleeve and thigh; and the member's delivered
 * items with their review state (reviews to write). A complete size review lifts the review credit
 * by the size bonus (write.ts, settleCredit).
 */
import {
  reviewCredit,
  type SizeReviewItem,
  type SizeReviewRequest,
  type SizeReviewUpdateRequest,
} from '@codiroom/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { outdateDocuments } from '../../platform/page-documents.ts';
import { isUniqueViolation, type Tx } from '../../platform/transactions.ts';
import { displayNames, reviewDisplays } from '../catalog/index.ts';
import { getSizeInfo } from '../users/index.ts';
import { reviewOrders } from './orders-port.ts';
import { REVIEWABLE_STATUSES } from './read.ts';
import { reviews, sizeReviews } from './schema.ts';
import { ownDeliveredItem, settleCredit } from './write.ts';

// ───────────────────────────── size reviews ─────────────────────────────

type SizeRow = typeof sizeReviews.$inferSelect & { product_name: string };

function toSizeItem(r: SizeRow): SizeReviewItem {
  return {
    id: r.id,
    order_item_id: r.order_item_id,
    product_display_id: r.product_display_id,
    product_name: r.product_name,
    size_name: r.size_name,
    fit: r.fit,
    chest: r.chest,
    waist: r.waist,
    length: r.length_feel,
    shoulder: r.shoulder,
    sleeve: r.sleeve,
    thigh: r.thigh,
    height: r.height,
    weight: r.weight,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Size review rows with their product's name (catalog's displayNames, one read per list). */
async function withProductNames(db: Db, rows: (typeof sizeReviews.$inferSelect)[]): Promise<SizeRow[]> {
  const names = await displayNames(
    db,
    rows.map((r) => r.product_display_id),
  );
  return rows.flatMap((r) => {
    const product_name = names.get(r.product_display_id);
    return product_name === undefined ? [] : [{ ...r, product_name }];
  });
}

const areaValues = (s: Partial<SizeReviewRequest>) => ({
  ...(s.chest !== undefined ? { chest: s.chest } : {}),
  ...(s.waist !== undefined ? { waist: s.waist } : {}),
  ...(s.length !== undefined ? { length_feel: s.length } : {}),
  ...(s.shoulder !== undefined ? { shoulder: s.shoulder } : {}),
  ...(s.sleeve !== undefined ? { sleeve: s.sleeve } : {}),
  ...(s.thigh !== undefined ? { thigh: s.thigh } : {}),
});

/** After a size review changes, the member's review of the same order item may have reached the bonus. */
async function settleReviewOf(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  orderItemId: number | null,
  now: Date,
) {
  if (orderItemId === null) return 0;
  const [r] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.order_item_id, orderItemId), eq(reviews.user_id, userId)))
    .limit(1);
  return r ? settleCredit(tx, ctx, r.id, now) : 0;
}

export async function createSizeReview(ctx: AppContext, userId: number, input: SizeReviewRequest) {
  const now = ctx.clock.now();
  const body = await getSizeInfo(ctx, userId);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const item = await ownDeliveredItem(tx, ctx, userId, input.order_item_id);
      const [row] = await tx
        .insert(sizeReviews)
        .values({
          user_id: userId,
          order_item_id: item.id,
          product_display_id: item.product_display_id,
          product_item_id: item.product_item_id,
          size_name: item.size_name,
          fit: input.fit,
          ...areaValues(input),
          // The body the form gave, else the member's size info (ReviewerBody).
          height: input.height ?? body.height,
          weight: input.weight ?? body.weight,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: sizeReviews.id });
      if (!row) throw new Error('size review insert returned nothing');
      await settleReviewOf(tx, ctx, userId, item.id, now);
      await outdateDocuments(tx, 'reviews.changed');
      return row.id;
    });
    await invalidate(ctx, 'reviews.changed');
    return sizeReview(ctx.db, userId, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 사이즈 후기를 쓴 주문 상품이에요.');
    throw err;
  }
}

export async function updateSizeReview(ctx: AppContext, userId: number, input: SizeReviewUpdateRequest) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sizeReviews)
      .where(eq(sizeReviews.id, input.id))
      .for('update')
      .limit(1);
    if (!row) throw notFound('사이즈 후기가 없습니다.');
    if (row.user_id !== userId) throw forbidden('내가 쓴 사이즈 후기만 고칠 수 있어요.');
    await tx
      .update(sizeReviews)
      .set({
        ...(input.fit ? { fit: input.fit } : {}),
        ...areaValues(input),
        height: input.height ?? row.height,
        weight: input.weight ?? row.weight,
        updated_at: now,
      })
      .where(eq(sizeReviews.id, row.id));
    await settleReviewOf(tx, ctx, userId, row.order_item_id, now);
    await outdateDocuments(tx, 'reviews.changed');
  });
  await invalidate(ctx, 'reviews.changed');
  return sizeReview(ctx.db, userId, input.id);
}

export async function sizeReview(db: Db, userId: number, id: number | null): Promise<SizeReviewItem> {
  if (id === null) throw notFound('사이즈 후기가 없습니다.');
  const [row] = await withProductNames(
    db,
    await db.select().from(sizeReviews).where(eq(sizeReviews.id, id)).limit(1),
  );
  // Another member's size review answers as a missing one.
  if (!row || row.user_id !== userId) throw notFound('사이즈 후기가 없습니다.');
  return toSizeItem(row);
}

export async function sizeReviewList(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(sizeReviews)
    .where(eq(sizeReviews.user_id, userId))
    .orderBy(desc(sizeReviews.created_at), desc(sizeReviews.id))
    .limit(200);
  return { result: (await withProductNames(db, rows)).map(toSizeItem) };
}

// ───────────────────────────── reviews to write ─────────────────────────────

/**
 * The member's delivered items with their review state (newest first): the items from orders
 * (the port), then in one round their products (catalog) and their reviews and size reviews.
 */
export async function reviewableItems(ctx: AppContext, userId: number) {
  const { db } = ctx;
  const items = await reviewOrders(ctx).memberItems(db, userId, REVIEWABLE_STATUSES, 200);
  const itemIds = items.map((i) => i.order_item_id);
  const [displays, written, sized] = await Promise.all([
    reviewDisplays(
      db,
      items.map((i) => i.product_display_id),
    ),
    itemIds.length
      ? db
          .select({ id: reviews.id, order_item_id: reviews.order_item_id })
          .from(reviews)
          .where(inArray(reviews.order_item_id, itemIds))
      : [],
    itemIds.length
      ? db
          .select({ id: sizeReviews.id, order_item_id: sizeReviews.order_item_id })
          .from(sizeReviews)
          .where(inArray(sizeReviews.order_item_id, itemIds))
      : [],
  ]);
  const reviewOf = new Map(written.map((r) => [r.order_item_id, r.id]));
  const sizeReviewOf = new Map(sized.map((r) => [r.order_item_id, r.id]));
  const rows = items.flatMap((i) => {
    const d = displays.get(i.product_display_id);
    if (!d) return [];
    return [
      {
        order_item_id: i.order_item_id,
        order_id: i.order_no,
        product_display_id: i.product_display_id,
        name: i.name,
        image_url: d.image_url,
        brand_name: d.brand_name,
        size_name: i.size_name,
        color_name: i.color_name,
        delivered_at: i.completed_at,
        review_id: reviewOf.get(i.order_item_id) ?? null,
        size_review_id: sizeReviewOf.get(i.order_item_id) ?? null,
        product_type: d.product_type,
      },
    ];
  });
  return {
    result: rows.map(({ delivered_at, ...r }) => ({
      ...r,
      delivered_at: delivered_at ? delivered_at.toISOString() : null,
      credit_available:
        r.review_id === null
          ? reviewCredit({ is_quick: false, content_length: 0, photo_count: 1, size_review_complete: true })
          : 0,
    })),
  };
}
