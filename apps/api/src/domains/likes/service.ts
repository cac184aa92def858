/**
 * Likes (API-CATALOGUE.md Likes): a member's (user_id) or a guest's (guest_id) likes of products,
 * brands, styles, codi sets and content posts. Liking is idempotent (the partial unique indexes
 * keep one row per owner and target) and moves the target's like_count in the same transaction;
 * unliking decrements it, never below 0. Every query is scoped to the caller.
 */
import type {
  LatestLikeTypeBody,
  LikedItem,
  LikeStatusBody,
  LikeType,
  PaginatedProducts,
} from '@codiroom/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import {
  displayPrices,
  displaysChanged,
  type LiveSource,
  pageInfo,
  readCardsByIds,
} from '../catalog/index.ts';
import { likes } from './schema.ts';
import { likeTarget } from './targets.ts';

export const LIKES_PAGE_SIZE = 20;
export const LIKE_TARGET_NOT_FOUND = '좋아요 대상을 찾을 수 없습니다.';

type Owner = Pick<Principal, 'userId' | 'guestId'>;

/** The caller's rows: a member's by user_id, otherwise the guest's by guest_id. */
export function ownerWhere(owner: Owner): SQL {
  if (owner.userId !== null) return eq(likes.user_id, owner.userId);
  if (owner.guestId !== null) return eq(likes.guest_id, owner.guestId);
  // The guest guard never lets this happen; match nothing rather than everything.
  return sql`false`;
}

function ownerValues(owner: Owner) {
  return owner.userId !== null
    ? { user_id: owner.userId, guest_id: null }
    : { user_id: null, guest_id: owner.guestId };
}

export type LikeResult = LikeStatusBody & { created: boolean };

/**
 * A product's like count moved (a like, an unlike): announced once committed, so the pages that
 * keep its detail show the new count (catalog `displaysChanged`).
 */
export async function likeCountMoved(ctx: AppContext, s: Pick<LikeStatusBody, 'like_type' | 'like_id'>) {
  if (s.like_type === 'PRODUCT') await displaysChanged(ctx, [s.like_id]);
}

/** Likes a target (404 when it does not exist); a second like changes nothing. */
export async function like(db: Db, owner: Owner, type: LikeType, likeId: number): Promise<LikeResult> {
  const target = likeTarget(type);
  return db.transaction(async (tx) => {
    const exists = await target.likeCount(tx, likeId);
    if (exists === null) throw notFound(LIKE_TARGET_NOT_FOUND);
    const inserted = await tx
      .insert(likes)
      .values({ ...ownerValues(owner), like_type: type, like_id: likeId })
      .onConflictDoNothing()
      .returning({ id: likes.id });
    let rowId = inserted[0]?.id ?? null;
    if (rowId !== null) {
      await target.moveLikeCounts(tx, [likeId], 1);
    } else {
      const [row] = await tx
        .select({ id: likes.id })
        .from(likes)
        .where(and(ownerWhere(owner), eq(likes.like_type, type), eq(likes.like_id, likeId)))
        .limit(1);
      rowId = row?.id ?? null;
    }
    const likeCount = (await target.likeCount(tx, likeId)) ?? 0;
    return {
      liked: true,
      like_type: type,
      like_id: likeId,
      id: rowId,
      like_count: likeCount,
      created: inserted.length > 0,
    };
  });
}

/** Removes the caller's like of a target; nothing happens when there is none. */
export async function unlikeTarget(
  db: Db,
  owner: Owner,
  type: LikeType,
  likeId: number,
): Promise<LikeStatusBody> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(likes)
      .where(and(ownerWhere(owner), eq(likes.like_type, type), eq(likes.like_id, likeId)))
      .returning({ id: likes.id });
    if (deleted.length > 0) await likeTarget(type).moveLikeCounts(tx, [likeId], -1);
    const likeCount = (await likeTarget(type).likeCount(tx, likeId)) ?? 0;
    return { liked: false, like_type: type, like_id: likeId, id: null, like_count: likeCount };
  });
}

/** Removes one of the caller's like rows by its id; 404 when it is not the caller's (or gone). */
export async function unlikeById(db: Db, owner: Owner, rowId: number): Promise<LikeStatusBody> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(likes)
      .where(and(ownerWhere(owner), eq(likes.id, rowId)))
      .returning({ like_type: likes.like_type, like_id: likes.like_id });
    if (!deleted) throw notFound('좋아요를 찾을 수 없습니다.');
    const target = likeTarget(deleted.like_type);
    await target.moveLikeCounts(tx, [deleted.like_id], -1);
    const likeCount = (await target.likeCount(tx, deleted.like_id)) ?? 0;
    return {
      liked: false,
      like_type: deleted.like_type,
      like_id: deleted.like_id,
      id: null,
      like_count: likeCount,
    };
  });
}

export async function likeStatus(
  db: Db,
  owner: Owner,
  type: LikeType,
  likeId: number,
): Promise<LikeStatusBody> {
  const [row] = await db
    .select({ id: likes.id })
    .from(likes)
    .where(and(ownerWhere(owner), eq(likes.like_type, type), eq(likes.like_id, likeId)))
    .limit(1);
  const likeCount = (await likeTarget(type).likeCount(db, likeId)) ?? 0;
  return { liked: !!row, like_type: type, like_id: likeId, id: row?.id ?? null, like_count: likeCount };
}

/** The target's like_count; 404 when the target does not exist. */
export async function countLikes(db: Db, type: LikeType, likeId: number): Promise<number> {
  const n = await likeTarget(type).likeCount(db, likeId);
  if (n === null) throw notFound(LIKE_TARGET_NOT_FOUND);
  return n;
}

export async function latestLikeType(db: Db, owner: Owner): Promise<LatestLikeTypeBody> {
  const [row] = await db
    .select({ like_type: likes.like_type })
    .from(likes)
    .where(ownerWhere(owner))
    .orderBy(desc(likes.created_at), desc(likes.id))
    .limit(1);
  return { like_type: row?.like_type ?? null };
}

/**
 * One page of the caller's liked target ids of a type, newest like first (only existing targets):
 * the caller's like ids of the type (a person's likes, not the shop's), the owner's existing ones
 * among them, then the page.
 */
async function pageLikedIds(db: Db, owner: Owner, type: LikeType, page: number, pageSize: number) {
  const rows = await db
    .select({ like_id: likes.like_id })
    .from(likes)
    .where(and(ownerWhere(owner), eq(likes.like_type, type)))
    .orderBy(desc(likes.created_at), desc(likes.id));
  const existing = await likeTarget(type).existingIds(
    db,
    rows.map((r) => r.like_id),
  );
  const ids = rows.map((r) => r.like_id).filter((id) => existing.has(id));
  return { ids: ids.slice((page - 1) * pageSize, page * pageSize), total: ids.length };
}

/** A page of liked products, as cards with the live price at `now`. */
export async function likedProducts(
  src: LiveSource,
  now: Date,
  owner: Owner,
  page: number,
  pageSize = LIKES_PAGE_SIZE,
): Promise<PaginatedProducts> {
  const db = src.db;
  const { ids, total } = await pageLikedIds(db, owner, 'PRODUCT', page, pageSize);
  const result = await readCardsByIds(src, now, ids);
  return { ...pageInfo(page, pageSize, total, result.length), result };
}

export async function likedItems(
  db: Db,
  owner: Owner,
  type: Exclude<LikeType, 'PRODUCT'>,
  page: number,
  pageSize = LIKES_PAGE_SIZE,
) {
  const { ids, total } = await pageLikedIds(db, owner, type, page, pageSize);
  const rows = await likeTarget(type).likedRows(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const result: LikedItem[] = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id, name: r.name, image_url: r.image_url, like_count: Number(r.like_count) }] : [];
  });
  return { ...pageInfo(page, pageSize, total, result.length), result };
}

export async function productForAd(db: Db, id: number) {
  const prices = (await displayPrices(db, [id])).get(id);
  return prices ? { id, ...prices } : null;
}
