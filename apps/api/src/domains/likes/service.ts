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
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { brands, codiSets, posts, productDisplays, styles } from '../../db/schema.ts';
import type { Principal } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { type LiveSource, pageInfo, readCardsByIds } from '../catalog/index.ts';
import { likes } from './schema.ts';
import { LIKE_TARGETS } from './targets.ts';

export const LIKES_PAGE_SIZE = 20;
export const LIKE_TARGET_NOT_FOUND = '좋아요 대상을 찾을 수 없습니다.';

type Owner = Pick<Principal, 'userId' | 'guestId'>;
type Target = { table: PgTable; id: PgColumn; likeCount: PgColumn };

function target(type: LikeType): Target {
  const t = LIKE_TARGETS[type];
  return { table: t as PgTable, id: t.id, likeCount: t.like_count };
}

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

async function targetLikeCount(db: Db, type: LikeType, id: number): Promise<number | null> {
  const t = target(type);
  const [row] = await db
    .select({ n: sql<number>`${t.likeCount}` })
    .from(t.table)
    .where(eq(t.id, id))
    .limit(1);
  return row ? Number(row.n) : null;
}

async function bump(db: Db, type: LikeType, id: number, delta: 1 | -1): Promise<void> {
  const t = target(type);
  const expr =
    delta > 0
      ? sql`${sql.identifier('like_count')} + 1`
      : sql`greatest(${sql.identifier('like_count')} - 1, 0)`;
  await db.execute(
    sql`update ${t.table} set ${sql.identifier('like_count')} = ${expr} where ${t.id} = ${id}`,
  );
}

export type LikeResult = LikeStatusBody & { created: boolean };

/** Likes a target (404 when it does not exist); a second like changes nothing. */
export async function like(db: Db, owner: Owner, type: LikeType, likeId: number): Promise<LikeResult> {
  return db.transaction(async (tx) => {
    const exists = await targetLikeCount(tx, type, likeId);
    if (exists === null) throw notFound(LIKE_TARGET_NOT_FOUND);
    const inserted = await tx
      .insert(likes)
      .values({ ...ownerValues(owner), like_type: type, like_id: likeId })
      .onConflictDoNothing()
      .returning({ id: likes.id });
    let rowId = inserted[0]?.id ?? null;
    if (rowId !== null) {
      await bump(tx, type, likeId, 1);
    } else {
      const [row] = await tx
        .select({ id: likes.id })
        .from(likes)
        .where(and(ownerWhere(owner), eq(likes.like_type, type), eq(likes.like_id, likeId)))
        .limit(1);
      rowId = row?.id ?? null;
    }
    const likeCount = (await targetLikeCount(tx, type, likeId)) ?? 0;
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
    if (deleted.length > 0) await bump(tx, type, likeId, -1);
    const likeCount = (await targetLikeCount(tx, type, likeId)) ?? 0;
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
    await bump(tx, deleted.like_type, deleted.like_id, -1);
    const likeCount = (await targetLikeCount(tx, deleted.like_type, deleted.like_id)) ?? 0;
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
  const likeCount = (await targetLikeCount(db, type, likeId)) ?? 0;
  return { liked: !!row, like_type: type, like_id: likeId, id: row?.id ?? null, like_count: likeCount };
}

/** The target's like_count; 404 when the target does not exist. */
export async function countLikes(db: Db, type: LikeType, likeId: number): Promise<number> {
  const n = await targetLikeCount(db, type, likeId);
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

/** One page of the caller's liked target ids of a type, newest like first (only existing targets). */
async function pageLikedIds(db: Db, owner: Owner, type: LikeType, page: number, pageSize: number) {
  const t = target(type);
  const where = and(ownerWhere(owner), eq(likes.like_type, type));
  const [rows, [total]] = await Promise.all([
    db
      .select({ like_id: likes.like_id })
      .from(likes)
      .innerJoin(t.table, eq(t.id, likes.like_id))
      .where(where)
      .orderBy(desc(likes.created_at), desc(likes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(likes).innerJoin(t.table, eq(t.id, likes.like_id)).where(where),
  ]);
  return { ids: rows.map((r) => r.like_id), total: total?.n ?? 0 };
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

const ITEM_COLUMNS = {
  BRAND: { table: brands, name: brands.name, image: brands.logo_url },
  STYLE: { table: styles, name: styles.name, image: styles.image_url },
  CODI: { table: codiSets, name: codiSets.title, image: codiSets.image_url },
  CONTENT: { table: posts, name: posts.title, image: posts.cover_image_url },
} as const;

export async function likedItems(
  db: Db,
  owner: Owner,
  type: Exclude<LikeType, 'PRODUCT'>,
  page: number,
  pageSize = LIKES_PAGE_SIZE,
) {
  const { ids, total } = await pageLikedIds(db, owner, type, page, pageSize);
  const c = ITEM_COLUMNS[type];
  const t = target(type);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: sql<number>`${t.id}`,
            name: sql<string>`${c.name}`,
            image_url: sql<string | null>`${c.image}`,
            like_count: sql<number>`${t.likeCount}`,
          })
          .from(t.table)
          .where(inArray(t.id, ids));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const result: LikedItem[] = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id, name: r.name, image_url: r.image_url, like_count: Number(r.like_count) }] : [];
  });
  return { ...pageInfo(page, pageSize, total, result.length), result };
}

export async function productForAd(db: Db, id: number) {
  const [row] = await db
    .select({
      id: productDisplays.id,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
    })
    .from(productDisplays)
    .where(eq(productDisplays.id, id))
    .limit(1);
  return row ?? null;
}
