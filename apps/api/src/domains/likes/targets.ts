/**
 * What likes needs of each liked thing's owner (SPEC.md §3 like types): whether the target exists,
 * its like_count, moving that count with the likes rows, and its name and picture for the lists.
 * Products and brands are the catalogue's (imported); styles, codi sets and posts are the contents
 * domain's, which depends on likes (contents → benefits → users → likes), so contents hands its
 * side over through this port: app.ts wires it once at start (`useContentLikeTargets`). The
 * implementations are code over the owners' tables, the same for every context of the process.
 */
import { LIKE_TYPES, type LikeType } from '@codiroom/shared';
import type { Conn } from '../../platform/transactions.ts';
import { catalogLikeTargets } from '../catalog/index.ts';

export type LikedRow = { id: number; name: string; image_url: string | null; like_count: number };

export type LikeTarget = {
  /** The target's like_count, or null when there is no such target. */
  likeCount(db: Conn, id: number): Promise<number | null>;
  /** Adds 1 to, or takes 1 from (never below 0), the like_count of each target. */
  moveLikeCounts(db: Conn, ids: readonly number[], delta: 1 | -1): Promise<void>;
  /** Which of the ids are targets. */
  existingIds(db: Conn, ids: readonly number[]): Promise<Set<number>>;
  /** Name, picture and like_count of the targets (ids of no target absent). */
  likedRows(db: Conn, ids: readonly number[]): Promise<LikedRow[]>;
};

export type ContentLikeTargets = Record<'STYLE' | 'CODI' | 'CONTENT', LikeTarget>;

let contents: ContentLikeTargets | null = null;

/** Hands over the contents domain's like targets (app.ts, before any request). */
export function useContentLikeTargets(targets: ContentLikeTargets): void {
  contents = targets;
}

/** The target of a like type. */
export function likeTarget(type: LikeType): LikeTarget {
  if (type === 'PRODUCT' || type === 'BRAND') return catalogLikeTargets[type];
  if (!contents)
    throw new Error('likes: the contents like targets are not wired (app.ts useContentLikeTargets)');
  return contents[type];
}

/**
 * Takes removed likes off their targets' like_count (never below 0): one statement per like type,
 * in the caller's transaction.
 */
export async function takeOffLikeCounts(tx: Conn, removed: { like_type: LikeType; like_id: number }[]) {
  // In the order of LIKE_TYPES, so concurrent removals lock the targets' rows in one order.
  for (const type of LIKE_TYPES) {
    const ids = removed.filter((r) => r.like_type === type).map((r) => r.like_id);
    if (ids.length > 0) await likeTarget(type).moveLikeCounts(tx, ids, -1);
  }
}
