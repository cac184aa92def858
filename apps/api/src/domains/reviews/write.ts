/**
 * Writing reviews (docs/ARCHITECTURE.md, "Reviews"): a review or quick review per delivered order
 * item of the member's own, editable for REVIEW_EDIT_DAYS; helpful votes and reports; hiding; the
 * review credit, topped up to the tier a review reaches and paid once per order item. Size reviews:
 * size-reviews.ts.
 */
import {
  type QuickReviewRequest,
  REVIEW_EDIT_DAYS,
  type ReviewRequest,
  type ReviewUpdateRequest,
  reviewCredit,
  SIZE_REVIEW_AREAS_BY_TYPE,
} from '@codiroom/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { outdateDocuments } from '../../platform/page-documents.ts';
import { isUniqueViolation, type Tx } from '../../platform/transactions.ts';
import { clawBackPoints, earnPoints, revokeLostReviewMissions } from '../benefits/index.ts';
import { moveReviewCounters, reviewDisplays } from '../catalog/index.ts';
import { getSizeInfo, notify } from '../users/index.ts';
import { reviewOrders } from './orders-port.ts';
import { restoreReviewPhotos, withholdReviewPhotos } from './photo-store.ts';
import { REVIEWABLE_STATUSES, reviewMissing } from './read.ts';
import { reviewReports, reviews, reviewVotes, sizeReviews } from './schema.ts';

const DAY_MS = 86_400_000;

/** Tells every process's sizing cache that size feedback changed; returns `value`. */
async function changed<T>(ctx: AppContext, value: T): Promise<T> {
  await invalidate(ctx, 'reviews.changed');
  return value;
}

/**
 * The member's own order item, delivered (or later): what a review is written from. Locked, so
 * that a review and a size review of the same item written at once settle the credit one after the
 * other (each sees the other's row and the size bonus is not lost).
 */
export async function ownDeliveredItem(tx: Tx, ctx: AppContext, userId: number, orderItemId: number) {
  const row = await reviewOrders(ctx).lockOrderItem(tx, orderItemId);
  // Another member's item answers as a missing one: ids are not a way to learn about orders.
  if (!row || row.user_id !== userId) throw notFound('주문 상품이 없습니다.');
  if (!(REVIEWABLE_STATUSES as readonly string[]).includes(row.status)) {
    throw badRequest('배송 완료된 상품만 후기를 쓸 수 있어요.');
  }
  return row;
}

/** Whether a size review rates every area its product type has (the credit's size bonus). */
export function isCompleteSizeReview(
  productType: string,
  s: Partial<Record<'chest' | 'waist' | 'length_feel' | 'shoulder' | 'sleeve' | 'thigh', string | null>>,
): boolean {
  const areas = SIZE_REVIEW_AREAS_BY_TYPE[productType];
  if (!areas) return true; // nothing beyond the overall fit to rate
  return areas.every((a) => (a === 'length' ? s.length_feel : s[a]) != null);
}

/**
 * Tops the review's credit up to what it has earned now (never down, never twice): the points are
 * in the member's history as 후기 작성 적립 with the review as reference, and the member is told
 * (a REVIEW notification, once per tier reached).
 */
export async function settleCredit(tx: Tx, ctx: AppContext, reviewId: number, now: Date): Promise<number> {
  const [r] = await tx
    .select({
      user_id: reviews.user_id,
      order_item_id: reviews.order_item_id,
      is_quick: reviews.is_quick,
      content: reviews.content,
      photo_count: reviews.photo_count,
      credit_paid: reviews.credit_paid,
      hidden_at: reviews.hidden_at,
      product_display_id: reviews.product_display_id,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for('update')
    .limit(1);
  if (!r || r.user_id === null || r.hidden_at !== null) return 0;
  const display = (await reviewDisplays(tx, [r.product_display_id])).get(r.product_display_id);
  if (!display) return 0;
  // The size bonus comes from the size review of the same order item: one size review never
  // pays for a second review of the same product (bought twice).
  const [size] =
    r.order_item_id === null
      ? []
      : await tx
          .select()
          .from(sizeReviews)
          .where(and(eq(sizeReviews.order_item_id, r.order_item_id), eq(sizeReviews.user_id, r.user_id)))
          .limit(1);
  const earned = reviewCredit({
    is_quick: r.is_quick,
    content_length: [...r.content].length,
    photo_count: r.photo_count,
    size_review_complete: size ? isCompleteSizeReview(display.product_type, size) : false,
  });
  const due = earned - r.credit_paid;
  if (due <= 0) return 0;
  await earnPoints(tx, {
    userId: r.user_id,
    amount: due,
    now,
    reason: 'REVIEW',
    refType: 'review',
    refId: reviewId,
  });
  await tx.update(reviews).set({ credit_paid: earned }).where(eq(reviews.id, reviewId));
  await notify(tx, ctx, r.user_id, {
    kind: 'REVIEW',
    title: '후기 포인트가 적립됐어요',
    body: `${display.name} 후기 · ${due.toLocaleString('ko-KR')}포인트 적립`,
    link: '/mypage/points',
    dedupe_key: `review-credit:${reviewId}:${earned}`,
  });
  return due;
}

async function insertReview(
  ctx: AppContext,
  userId: number,
  input: {
    order_item_id: number;
    rating: number;
    content: string;
    size_feel: 'SMALL' | 'FIT' | 'LARGE' | null;
    is_quick: boolean;
    height?: number | undefined;
    weight?: number | undefined;
  },
): Promise<{ id: number; credit: number }> {
  const now = ctx.clock.now();
  const body = await getSizeInfo(ctx, userId);
  try {
    const out = await ctx.db.transaction(async (tx) => {
      const item = await ownDeliveredItem(tx, ctx, userId, input.order_item_id);
      const [row] = await tx
        .insert(reviews)
        .values({
          user_id: userId,
          order_item_id: item.id,
          product_display_id: item.product_display_id,
          product_item_id: item.product_item_id,
          rating: input.rating,
          content: input.content,
          size_feel: input.size_feel,
          size_name: item.size_name,
          // The body the form gave, else the member's size info (ReviewerBody).
          height: input.height ?? body.height,
          weight: input.weight ?? body.weight,
          is_quick: input.is_quick,
          created_at: now,
        })
        .returning({ id: reviews.id });
      if (!row) throw new Error('review insert returned nothing');
      await moveReviewCounters(tx, item.product_display_id, { reviews: 1, rating: input.rating });
      const credit = await settleCredit(tx, ctx, row.id, now);
      await outdateDocuments(tx, 'reviews.changed');
      return { id: row.id, credit };
    });
    return await changed(ctx, out);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 후기를 쓴 주문 상품이에요.');
    throw err;
  }
}

export function createReview(ctx: AppContext, userId: number, input: ReviewRequest) {
  return insertReview(ctx, userId, { ...input, size_feel: input.size_feel ?? null, is_quick: false });
}

export function createQuickReview(ctx: AppContext, userId: number, input: QuickReviewRequest) {
  return insertReview(ctx, userId, { ...input, content: '', is_quick: true });
}

/** The member's own visible review, for a change (403 for another member's, 404 for none). */
async function ownReview(tx: Tx, userId: number, id: number | null) {
  if (id === null) throw reviewMissing();
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update').limit(1);
  if (!row || row.hidden_at !== null) throw reviewMissing();
  if (row.user_id !== userId) throw forbidden('내가 쓴 후기만 고칠 수 있어요.');
  return row;
}

export async function updateReview(
  ctx: AppContext,
  userId: number,
  id: number | null,
  input: ReviewUpdateRequest,
): Promise<{ id: number; credit: number }> {
  const now = ctx.clock.now();
  const out = await ctx.db.transaction(async (tx) => {
    const row = await ownReview(tx, userId, id);
    if (now.getTime() - row.created_at.getTime() > REVIEW_EDIT_DAYS * DAY_MS) {
      throw badRequest(`후기는 작성 후 ${REVIEW_EDIT_DAYS}일 동안만 고칠 수 있어요.`);
    }
    const rating = input.rating ?? row.rating;
    const content = input.content ?? row.content;
    if (row.is_quick && input.content !== undefined) {
      // A quick review becomes a text review when it gains text.
      if ([...content].length === 0) throw badRequest('후기 내용을 써주세요.');
    }
    await tx
      .update(reviews)
      .set({
        rating,
        content,
        is_quick: row.is_quick && input.content === undefined,
        size_feel: input.size_feel !== undefined ? input.size_feel : row.size_feel,
        height: input.height ?? row.height,
        weight: input.weight ?? row.weight,
        updated_at: now,
      })
      .where(eq(reviews.id, row.id));
    if (rating !== row.rating) {
      await moveReviewCounters(tx, row.product_display_id, { reviews: 0, rating: rating - row.rating });
    }
    const credit = await settleCredit(tx, ctx, row.id, now);
    await outdateDocuments(tx, 'reviews.changed');
    return { id: row.id, credit };
  });
  return changed(ctx, out);
}

/** Toggles the member's helpful vote; a member cannot vote for their own review. */
export async function toggleHelpful(ctx: AppContext, userId: number, id: number | null) {
  if (id === null) throw reviewMissing();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: reviews.id, user_id: reviews.user_id, hidden_at: reviews.hidden_at })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update')
      .limit(1);
    if (!row || row.hidden_at !== null) throw reviewMissing();
    if (row.user_id === userId) throw badRequest('내 후기에는 도움돼요를 누를 수 없어요.');
    const removed = await tx
      .delete(reviewVotes)
      .where(and(eq(reviewVotes.review_id, id), eq(reviewVotes.user_id, userId)))
      .returning({ id: reviewVotes.review_id });
    const on = removed.length === 0;
    if (on)
      await tx.insert(reviewVotes).values({ review_id: id, user_id: userId, created_at: ctx.clock.now() });
    const [after] = await tx
      .update(reviews)
      .set({ helpful_count: sql`greatest(0, ${reviews.helpful_count} + ${on ? 1 : -1})` })
      .where(eq(reviews.id, id))
      .returning({ helpful_count: reviews.helpful_count });
    return { review_id: id, is_helpful: on, helpful_count: after?.helpful_count ?? 0 };
  });
}

/** Reports a review once per member (a second report is a 409). */
export async function reportReview(
  ctx: AppContext,
  userId: number,
  id: number | null,
  input: { reason: string; detail?: string | undefined },
) {
  if (id === null) throw reviewMissing();
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ user_id: reviews.user_id, hidden_at: reviews.hidden_at })
        .from(reviews)
        .where(eq(reviews.id, id))
        .limit(1);
      if (!row || row.hidden_at !== null) throw reviewMissing();
      if (row.user_id === userId) throw badRequest('내 후기는 신고할 수 없어요.');
      await tx.insert(reviewReports).values({
        review_id: id,
        user_id: userId,
        reason: input.reason,
        detail: input.detail ?? null,
        created_at: ctx.clock.now(),
      });
      await tx
        .update(reviews)
        .set({ report_count: sql`${reviews.report_count} + 1` })
        .where(eq(reviews.id, id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 신고한 후기예요.');
    throw err;
  }
  return { review_id: id, reported: true };
}

// ───────────────────────────── moderation ─────────────────────────────

/** Why a review of a returned or cancelled item is hidden (the moderation queue shows it). */
export const CLOSED_ITEM_REVIEW_REASON = '반품·취소된 상품의 후기';

type ReviewRow = typeof reviews.$inferSelect;

/**
 * Hides a locked, visible review: out of every list and count, the credit paid for it taken back
 * in full (clawBackPoints: the balance may go negative when the points were spent,
 * docs/ARCHITECTURE.md 'Reviews'), and the review missions it alone completed undone. Returns the
 * credit taken back.
 */
async function hideRow(tx: Tx, row: ReviewRow, reason: string, now: Date): Promise<number> {
  // The credit is taken back once: a later hide of the same review (after an unhide) owes nothing.
  await tx
    .update(reviews)
    .set({ hidden_at: now, hidden_reason: reason, credit_paid: 0 })
    .where(eq(reviews.id, row.id));
  await moveReviewCounters(tx, row.product_display_id, { reviews: -1, rating: -row.rating });
  // The product page's best reviews and photos (its document) may show it: they end at the commit.
  await outdateDocuments(tx, 'reviews.changed');
  if (row.user_id === null) return 0;
  const revoked =
    row.credit_paid > 0
      ? await clawBackPoints(tx, {
          userId: row.user_id,
          amount: row.credit_paid,
          now,
          reason: 'REVIEW_REVOKED',
          refType: 'review',
          refId: row.id,
          // The member sees why (an operator's own reason stays in the back office).
          note: reason === CLOSED_ITEM_REVIEW_REASON ? reason : undefined,
        })
      : 0;
  await revokeLostReviewMissions(tx, row.user_id, now);
  return revoked;
}

/**
 * Hides a review (an operator's decision, with a reason): hideRow, and its photos no longer served
 * (withheld, photo-store.ts). Hiding twice changes nothing more (the photos' move is completed).
 */
export async function hideReview(ctx: AppContext, id: number | null, reason: string) {
  if (id === null) throw reviewMissing();
  const now = ctx.clock.now();
  const out = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update').limit(1);
    if (!row) throw reviewMissing();
    if (row.hidden_at !== null) return { review_id: id, hidden: true, credit_revoked: 0 };
    return { review_id: id, hidden: true, credit_revoked: await hideRow(tx, row, reason, now) };
  });
  // After the commit: a photo is never withheld for a review that stays visible.
  await withholdReviewPhotos(ctx, id);
  return changed(ctx, out);
}

/**
 * Shows a hidden review again (an operator's decision): back in lists and counts, its photos
 * served again. The credit taken back when it was hidden is not paid again here (`credit_paid` is 0
 * since the hide); a later change of the review settles it anew. Unhiding a visible review changes
 * nothing.
 */
export async function unhideReview(ctx: AppContext, id: number | null) {
  if (id === null) throw reviewMissing();
  const out = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update').limit(1);
    if (!row) throw reviewMissing();
    if (row.hidden_at === null) return { review_id: id, hidden: false };
    await tx.update(reviews).set({ hidden_at: null, hidden_reason: null }).where(eq(reviews.id, id));
    await moveReviewCounters(tx, row.product_display_id, { reviews: 1, rating: row.rating });
    await outdateDocuments(tx, 'reviews.changed');
    return { review_id: id, hidden: false };
  });
  await restoreReviewPhotos(ctx, id);
  return changed(ctx, out);
}

/**
 * An order item was returned or cancelled (inside the claim's transaction): its review stops
 * counting — hidden (CLOSED_ITEM_REVIEW_REASON) with its credit and missions taken back (hideRow).
 * Returns the hidden review's id (null when none); once committed, the caller calls
 * `afterReviewWithdrawn`.
 */
export async function withdrawItemReview(tx: Tx, orderItemId: number, now: Date): Promise<number | null> {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.order_item_id, orderItemId), isNull(reviews.hidden_at)))
    .for('update')
    .limit(1);
  if (!row) return null;
  await hideRow(tx, row, CLOSED_ITEM_REVIEW_REASON, now);
  return row.id;
}

type Log = { error: (obj: object, msg: string) => void };
const logs = new WeakMap<AppContext, Log>();
/** The logger after-commit failures go to (the reviews routes register the app's). */
export function setReviewsLog(ctx: AppContext, log: Log): void {
  logs.set(ctx, log);
}

/** After the claim committed: the withdrawn review's photos withheld, like an operator's hide. */
export async function afterReviewWithdrawn(ctx: AppContext, reviewId: number): Promise<void> {
  await invalidate(ctx, 'reviews.changed');
  // The refund has moved already: a store failure must not turn it into an error answer. The
  // photos stay served until an operator's hide of the review completes the move.
  try {
    await withholdReviewPhotos(ctx, reviewId);
  } catch (err) {
    logs.get(ctx)?.error({ err, review_id: reviewId }, 'withholding the photos of a withdrawn review failed');
  }
}
