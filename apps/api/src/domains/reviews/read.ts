/**
 * Reading reviews (docs/ARCHITECTURE.md, "Reviews"): the product's summary, the sorted and
 * filtered list, the photo strip, one review, and the member's own. Hidden reviews are out of
 * every answer.
 */
import {
  REVIEW_EDIT_DAYS,
  type ReviewDetail,
  type ReviewItem,
  type ReviewListBody,
  type ReviewSort,
  type ReviewSummary,
  SIMILAR_BODY,
} from '@codiroom/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { isActiveDisplay, type ReviewDisplay, reviewDisplays } from '../catalog/index.ts';
import { getSizeInfo, memberNames } from '../users/index.ts';
import { reviewPhotos, reviews, reviewVotes } from './schema.ts';

const DAY_MS = 86_400_000;

export const reviewMissing = () => notFound('후기가 없습니다.');

/** 김코디 → 김**; an imported review has no member. */
export function maskName(name: string | null | undefined): string {
  const n = (name ?? '').trim();
  if (!n) return '코디룸 고객';
  return `${[...n][0]}**`;
}

const visible = isNull(reviews.hidden_at);

export async function reviewSummary(db: Db, displayId: number): Promise<ReviewSummary> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      photos: sql<number>`count(*) filter (where ${reviews.photo_count} > 0)::int`,
      small: sql<number>`count(*) filter (where ${reviews.size_feel} = 'SMALL')::int`,
      fits: sql<number>`count(*) filter (where ${reviews.size_feel} = 'FIT')::int`,
      large: sql<number>`count(*) filter (where ${reviews.size_feel} = 'LARGE')::int`,
      r1: sql<number>`count(*) filter (where ${reviews.rating} = 1)::int`,
      r2: sql<number>`count(*) filter (where ${reviews.rating} = 2)::int`,
      r3: sql<number>`count(*) filter (where ${reviews.rating} = 3)::int`,
      r4: sql<number>`count(*) filter (where ${reviews.rating} = 4)::int`,
      r5: sql<number>`count(*) filter (where ${reviews.rating} = 5)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.product_display_id, displayId), visible));
  const n = Number(row?.n ?? 0);
  return {
    product_display_id: displayId,
    review_count: n,
    rating_average: n ? Math.round((Number(row?.sum) / n) * 10) / 10 : 0,
    photo_review_count: Number(row?.photos ?? 0),
    size_feel: {
      SMALL: Number(row?.small ?? 0),
      FIT: Number(row?.fits ?? 0),
      LARGE: Number(row?.large ?? 0),
    },
    rating_counts: {
      1: Number(row?.r1 ?? 0),
      2: Number(row?.r2 ?? 0),
      3: Number(row?.r3 ?? 0),
      4: Number(row?.r4 ?? 0),
      5: Number(row?.r5 ?? 0),
    },
  };
}

/** Whether the display exists and is on sale (reviews of a missing product are a 404). */
export async function assertDisplay(db: Db, displayId: number | null): Promise<number> {
  if (displayId === null || !(await isActiveDisplay(db, displayId))) throw notFound('상품이 없습니다.');
  return displayId;
}

type ReviewRow = typeof reviews.$inferSelect;

/**
 * The reviews as answered, with what they show of others' data: the member's masked name (users)
 * and the product's colour (catalog), read by id list in the same round as the photos and votes.
 * Also returns the displays read, for callers that show the product.
 */
async function hydrate(
  db: Db,
  rows: ReviewRow[],
  viewer: number | null,
): Promise<{ items: ReviewItem[]; displays: Map<number, ReviewDisplay> }> {
  if (rows.length === 0) return { items: [], displays: new Map() };
  const ids = rows.map((r) => r.id);
  const memberIds = rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
  const [photos, votes, names, displays] = await Promise.all([
    db
      .select()
      .from(reviewPhotos)
      .where(inArray(reviewPhotos.review_id, ids))
      .orderBy(asc(reviewPhotos.order), asc(reviewPhotos.id)),
    viewer === null
      ? Promise.resolve([] as { review_id: number }[])
      : db
          .select({ review_id: reviewVotes.review_id })
          .from(reviewVotes)
          .where(and(eq(reviewVotes.user_id, viewer), inArray(reviewVotes.review_id, ids))),
    memberNames(db, memberIds),
    reviewDisplays(
      db,
      rows.map((r) => r.product_display_id),
    ),
  ]);
  const voted = new Set(votes.map((v) => v.review_id));
  const items = rows.map((r) => ({
    id: r.id,
    product_display_id: r.product_display_id,
    rating: r.rating,
    content: r.content,
    size_feel: r.size_feel,
    size_name: r.size_name,
    color_name: displays.get(r.product_display_id)?.color_name ?? null,
    height: r.height,
    weight: r.weight,
    is_quick: r.is_quick,
    user_name: r.user_id === null ? '외부 쇼핑몰 고객' : maskName(names.get(r.user_id)),
    photos: photos
      .filter((p) => p.review_id === r.id)
      .map((p) => ({ id: p.id, image_url: p.image_url, order: p.order })),
    helpful_count: r.helpful_count,
    is_helpful: voted.has(r.id),
    is_mine: viewer !== null && r.user_id === viewer,
    is_imported: r.external_id !== null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at ? r.updated_at.toISOString() : null,
  }));
  return { items, displays };
}

function selectReviews(db: Db) {
  return db.select().from(reviews);
}

const ORDER_BY: Record<ReviewSort, SQL[]> = {
  best: [desc(reviews.helpful_count), desc(reviews.photo_count), desc(reviews.created_at), desc(reviews.id)],
  newest: [desc(reviews.created_at), desc(reviews.id)],
  rating_high: [desc(reviews.rating), desc(reviews.created_at), desc(reviews.id)],
  rating_low: [asc(reviews.rating), desc(reviews.created_at), desc(reviews.id)],
  photo: [desc(reviews.created_at), desc(reviews.id)],
};

export async function productReviews(
  ctx: AppContext,
  displayId: number,
  sort: ReviewSort,
  q: ListFilter,
  viewer: number | null,
): Promise<ReviewListBody> {
  const { db } = ctx;
  // "Bodies like mine": the member's size info (or profile) height and weight.
  const info = q.similar && viewer !== null ? await getSizeInfo(ctx, viewer) : null;
  const body = info?.height && info.weight ? { height: info.height, weight: info.weight } : null;
  const where: SQL[] = [eq(reviews.product_display_id, displayId), visible];
  if (sort === 'photo') where.push(sql`${reviews.photo_count} > 0`);
  if (q.height_min !== undefined) where.push(gte(reviews.height, q.height_min));
  if (q.height_max !== undefined) where.push(lte(reviews.height, q.height_max));
  if (q.weight_min !== undefined) where.push(gte(reviews.weight, q.weight_min));
  if (q.weight_max !== undefined) where.push(lte(reviews.weight, q.weight_max));
  if (q.size !== undefined) where.push(eq(reviews.size_name, q.size));
  if (body) {
    where.push(gte(reviews.height, body.height - SIMILAR_BODY.height));
    where.push(lte(reviews.height, body.height + SIMILAR_BODY.height));
    where.push(gte(reviews.weight, body.weight - SIMILAR_BODY.weight));
    where.push(lte(reviews.weight, body.weight + SIMILAR_BODY.weight));
  }
  const cond = and(...where);
  const [summary, [counted], rows] = await Promise.all([
    reviewSummary(db, displayId),
    db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(cond),
    selectReviews(db)
      .where(cond)
      .orderBy(...ORDER_BY[sort])
      .limit(q.count)
      .offset((q.page - 1) * q.count),
  ]);
  const total = Number(counted?.n ?? 0);
  return {
    summary,
    sort,
    result: (await hydrate(db, rows, viewer)).items,
    pagination: { page: q.page, count: q.count, total_count: total, total_page: Math.ceil(total / q.count) },
    similar_body: body,
  };
}
/** The list query after validation (ReviewListQuery's output). */
export type ListFilter = {
  page: number;
  count: number;
  height_min?: number;
  height_max?: number;
  weight_min?: number;
  weight_max?: number;
  size?: string;
  similar?: boolean;
};

export async function reviewPhotoStrip(db: Db, displayId: number, count: number) {
  const cond = and(eq(reviews.product_display_id, displayId), visible);
  const [[total], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.review_id))
      .where(cond),
    db
      .select({ review_id: reviewPhotos.review_id, image_url: reviewPhotos.image_url })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.review_id))
      .where(cond)
      .orderBy(
        desc(reviews.helpful_count),
        desc(reviews.created_at),
        asc(reviewPhotos.order),
        asc(reviewPhotos.id),
      )
      .limit(count),
  ]);
  return { total_count: Number(total?.n ?? 0), result: rows };
}

async function detailsOf(db: Db, rows: ReviewRow[], viewer: number | null): Promise<ReviewDetail[]> {
  const { items, displays } = await hydrate(db, rows, viewer);
  return items.map((item, i) => {
    const row = rows[i] as ReviewRow;
    const shown = displays.get(item.product_display_id);
    const product = shown
      ? {
          id: shown.id,
          name: shown.name,
          image_url: shown.image_url,
          brand_name: shown.brand_name,
          product_type: shown.product_type,
        }
      : {
          id: item.product_display_id,
          name: '',
          image_url: '',
          brand_name: '',
          product_type: 'ETC',
        };
    const mine = viewer !== null && row.user_id === viewer;
    return {
      ...item,
      product,
      order_item_id: mine ? row.order_item_id : null,
      editable_until:
        viewer !== null && row.user_id === viewer && !row.is_quick
          ? new Date(row.created_at.getTime() + REVIEW_EDIT_DAYS * DAY_MS).toISOString()
          : null,
    };
  });
}

export async function reviewDetail(db: Db, id: number | null, viewer: number | null): Promise<ReviewDetail> {
  if (id === null) throw reviewMissing();
  const rows = await selectReviews(db)
    .where(and(eq(reviews.id, id), visible))
    .limit(1);
  const [detail] = await detailsOf(db, rows, viewer);
  if (!detail) throw reviewMissing();
  return detail;
}

export async function myReviews(db: Db, userId: number, page: number, count: number) {
  const cond = and(eq(reviews.user_id, userId), visible);
  const [[total], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(cond),
    selectReviews(db)
      .where(cond)
      .orderBy(desc(reviews.created_at), desc(reviews.id))
      .limit(count)
      .offset((page - 1) * count),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    result: await detailsOf(db, rows, userId),
    pagination: { page, count, total_count: n, total_page: Math.ceil(n / count) },
  };
}

/** The statuses of an order item that may be reviewed: delivered, exchanged or confirmed. */
export const REVIEWABLE_STATUSES = ['COMPLETE', 'EXCHANGED', 'CONFIRMED'] as const;
