/**
 * The client-side like map: which targets the visitor likes, shared by every LikeButton on the page
 * (cards and the detail page stay in sync). Filled once per page load from
 * GET /api/likes/product-like-list; optimistic changes win over the initial fill.
 */
import type { LikeType, PaginatedProducts } from '@codiroom/shared';
import { useSyncExternalStore } from 'react';
import { browserApi } from './browser-api';

const liked = new Map<string, boolean>();
const touched = new Set<string>();
const listeners = new Set<() => void>();
/** Whose likes the map holds (login state and guest id); a change empties and reloads it. */
let loadedFor: string | null = null;

export const likeKey = (type: LikeType, id: number) => `${type}:${id}`;

function emit() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setLiked(type: LikeType, id: number, value: boolean): void {
  const key = likeKey(type, id);
  touched.add(key);
  liked.set(key, value);
  emit();
}

export function isLiked(type: LikeType, id: number): boolean {
  return liked.get(likeKey(type, id)) ?? false;
}

/** Loads the liked product ids once per page load and visitor (browser only). */
export function ensureLikesLoaded(owner: string): void {
  if (loadedFor === owner || typeof window === 'undefined') return;
  if (loadedFor !== null) {
    liked.clear();
    touched.clear();
    emit();
  }
  loadedFor = owner;
  void browserApi()
    .getOr<PaginatedProducts | null>('/api/likes/product-like-list', null, { page: 1, page_size: 100 })
    .then((body) => {
      if (loadedFor !== owner) return;
      if (!body || !Array.isArray(body.result)) {
        loadedFor = null;
        return;
      }
      for (const c of body.result) {
        const key = likeKey('PRODUCT', c.id);
        if (!touched.has(key)) liked.set(key, true);
      }
      emit();
    });
}

export function useLiked(type: LikeType, id: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isLiked(type, id),
    () => false,
  );
}
