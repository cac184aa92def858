/**
 * SPEC.md §4 "Device and scroll": the scroll position is saved per path and restored after back or
 * forward navigation, retrying in 100 ms steps until the page is tall enough. For an infinite list
 * the page is only tall enough when the pages the shopper had loaded are back, so the list keeps
 * them in session storage (`listPages_{path with query}`, beside `scrollPos_{path}`) and brings them
 * back on a back/forward (POP) navigation before the position is restored. A new navigation (PUSH
 * or REPLACE) starts with the first page. Both are cleared on app start.
 *
 * The bounds are not in SPEC.md: they keep session storage (about 5 MB per tab, shared with the
 * rest of the shop) and the restored DOM reasonable.
 */

import { LIST_PAGES_PREFIX } from './scroll-restore';

export const LIST_RESTORE = {
  /** Pages kept per list (the first ones: a list always starts with its first page). */
  maxPages: 20,
  /** Characters of one stored list; trailing pages are dropped until it fits. */
  maxChars: 400_000,
  /** Lists kept at once; the oldest go first. */
  maxLists: 3,
  /** An older snapshot is not brought back (prices and stock on the cards move on). */
  ttlMs: 30 * 60_000,
} as const;

export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

/** One loaded page: its items and the cursor that loads the page after it (null at the end). */
export type ListPage<T> = { items: T[]; cursor: string | null };

/** `saved_at` comes first so that eviction reads it without parsing the pages. */
type Snapshot<T> = { saved_at: number; v: 1; url: string; pages: ListPage<T>[] };

/** The session storage key of a list; `url` is the path with its query (`/category?sort=newest`). */
export function listSnapshotKey(url: string): string {
  return `${LIST_PAGES_PREFIX}${url}`;
}

/**
 * What to store for a list that has `pages` loaded: the first pages within the bounds, as JSON,
 * or null when there is nothing beyond the first page (the server renders that one) — then the
 * stored entry is removed.
 */
export function listSnapshotToStore<T>(s: { url: string; pages: ListPage<T>[]; now: number }): string | null {
  const pages = s.pages.slice(0, LIST_RESTORE.maxPages);
  const head = JSON.stringify({ saved_at: s.now, v: 1, url: s.url, pages: [] }).length;
  let size = head;
  let kept = 0;
  for (const p of pages) {
    const next = size + JSON.stringify(p).length + 1;
    if (next > LIST_RESTORE.maxChars) break;
    size = next;
    kept++;
  }
  if (kept < 2) return null;
  const snapshot: Snapshot<T> = { saved_at: s.now, v: 1, url: s.url, pages: pages.slice(0, kept) };
  return JSON.stringify(snapshot);
}

function isPage(p: unknown): p is ListPage<{ id: number }> {
  if (!p || typeof p !== 'object') return false;
  const { items, cursor } = p as Record<string, unknown>;
  return (
    (cursor === null || typeof cursor === 'string') &&
    Array.isArray(items) &&
    items.every((i) => i && typeof i === 'object' && Number.isInteger((i as { id?: unknown }).id))
  );
}

/**
 * The pages to bring back when a list mounts: only on a back/forward (POP) navigation, only the
 * snapshot of this very URL, only within the bounds and the time to live; anything else (no
 * snapshot, another URL, a broken or stale one) gives null and the list starts with its first page.
 */
export function listToRestore<T extends { id: number }>(s: {
  navigationType: NavigationKind;
  url: string;
  stored: string | null;
  now: number;
}): ListPage<T>[] | null {
  if (s.navigationType !== 'POP' || !s.stored) return null;
  let snap: unknown;
  try {
    snap = JSON.parse(s.stored);
  } catch {
    return null;
  }
  if (!snap || typeof snap !== 'object') return null;
  const { v, url, saved_at, pages } = snap as Record<string, unknown>;
  if (v !== 1 || url !== s.url || typeof saved_at !== 'number') return null;
  const age = s.now - saved_at;
  // A clock set back by more than a minute makes the age meaningless: start afresh.
  if (!(age <= LIST_RESTORE.ttlMs && age >= -60_000)) return null;
  if (!Array.isArray(pages) || pages.length < 2 || pages.length > LIST_RESTORE.maxPages) return null;
  if (!pages.every(isPage)) return null;
  return pages as ListPage<T>[];
}

/** When a stored list was saved, read from its head (null when unreadable). */
export function listSnapshotSavedAt(stored: string | null): number | null {
  const m = /^\{"saved_at":(\d{1,15}),/.exec(stored?.slice(0, 40) ?? '');
  return m ? Number(m[1]) : null;
}

/** Which stored lists to remove so that at most `maxLists` stay (the newest; unreadable ones first). */
export function listSnapshotsToEvict(
  entries: { key: string; savedAt: number | null }[],
  keep: number = LIST_RESTORE.maxLists,
): string[] {
  const ordered = [...entries].sort((a, b) => (b.savedAt ?? -1) - (a.savedAt ?? -1));
  return ordered.slice(Math.max(0, keep)).map((e) => e.key);
}
