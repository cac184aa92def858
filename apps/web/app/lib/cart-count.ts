/**
 * The header's cart badge: the number of cart lines (GET /api/carts/product-count), loaded once per
 * page load and visitor, then set from the answers of cart calls (an add answers the new count, the
 * cart page reports its own) so the badge never needs a reload.
 */
import { useSyncExternalStore } from 'react';
import { browserApi } from './browser-api';
import { inOwnTask } from './tasks';

let count: number | null = null;
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setCartCount(next: number): void {
  if (!Number.isFinite(next) || next < 0) return;
  count = Math.floor(next);
  emit();
}

/** Loads the count for this visitor (login state and guest id) once; browser only. */
export function ensureCartCountLoaded(owner: string): void {
  if (typeof window === 'undefined' || loadedFor === owner) return;
  if (loadedFor !== null) {
    count = null;
    emit();
  }
  loadedFor = owner;
  // getOr on purpose: the tab-bar badge is optional; without an answer it stays hidden and the
  // next page view tries again. Started in a task of its own (lib/tasks.ts): it is called from
  // the hydration's effects.
  inOwnTask(() => {
    if (loadedFor !== owner) return;
    void browserApi()
      .getOr('/api/carts/product-count', null)
      .then((body) => {
        if (loadedFor !== owner) return;
        if (body && typeof body.count === 'number') setCartCount(body.count);
        else loadedFor = null;
      });
  });
}

/** The badge text: nothing for an empty or unknown cart, '99+' above 99. */
export function cartBadgeText(n: number | null): string | null {
  if (n === null || n <= 0) return null;
  return n > 99 ? '99+' : String(n);
}

export function useCartCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => null,
  );
}
