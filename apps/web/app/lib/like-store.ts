/**
 * The client-side like map: which targets the visitor likes, shared by every LikeButton on the page
 * (cards and the detail page stay in sync), for every like type. Filled once per page load and
 * type (ensureLikesLoaded); optimistic changes win over the initial fill.
 */
import type { LikeType } from '@codiroom/shared';
import { useSyncExternalStore } from 'react';
import { browserApi } from './browser-api';
import { inOwnTask } from './tasks';

const liked = new Map<string, boolean>();
const touched = new Set<string>();
const listeners = new Set<() => void>();
/** Whose likes the map holds (login state and guest id); a change empties and reloads it. */
let loadedFor: string | null = null;
/** The like types already loaded for `loadedFor`. */
const loadedTypes = new Set<LikeType>();

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

/**
 * Loads, once per page load and visitor, the ids liked of a type (browser only): product ids from
 * product-like-list, brands, styles, codi sets and posts from GET /api/likes/likes. A type loads
 * when the first LikeButton of that type mounts, so a page without brand hearts asks nothing
 * about brands.
 */
export function ensureLikesLoaded(owner: string, type: LikeType = 'PRODUCT'): void {
  if (typeof window === 'undefined') return;
  if (loadedFor !== owner) {
    if (loadedFor !== null) {
      liked.clear();
      touched.clear();
      loadedTypes.clear();
      emit();
    }
    loadedFor = owner;
  }
  if (loadedTypes.has(type)) return;
  loadedTypes.add(type);
  // getOr on purpose: the heart states are an optional overlay on product cards; without an
  // answer the hearts show empty and the type is loaded again on the next use. Started in a task
  // of its own (lib/tasks.ts): it is called from the hydration's effects.
  inOwnTask(() => {
    // Another visitor since (login, logout): their own call has started their load.
    if (loadedFor !== owner) return;
    const request =
      type === 'PRODUCT'
        ? browserApi().getOr('/api/likes/product-like-list', null, {
            page: 1,
            page_size: 100,
          })
        : browserApi().getOr('/api/likes/likes', null, {
            like_type: type,
            page: 1,
            page_size: 100,
          });
    void request.then((body) => {
      if (loadedFor !== owner) return;
      if (!body || !Array.isArray(body.result)) {
        loadedTypes.delete(type);
        return;
      }
      for (const c of body.result) {
        const key = likeKey(type, c.id);
        if (!touched.has(key)) liked.set(key, true);
      }
      emit();
    });
  });
}

export function useLiked(type: LikeType, id: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isLiked(type, id),
    () => false,
  );
}
