import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import {
  type ListPage,
  listSnapshotKey,
  listSnapshotSavedAt,
  listSnapshotsToEvict,
  listSnapshotToStore,
  listToRestore,
} from './list-restore';
import { safeSession, startScrollSession, useIsoLayoutEffect } from './scroll';
import { LIST_PAGES_PREFIX } from './scroll-restore';

function store(url: string, pages: ListPage<unknown>[]): void {
  const s = safeSession();
  if (!s) return;
  const key = listSnapshotKey(url);
  const json = listSnapshotToStore({ url, pages, now: Date.now() });
  if (json === null) {
    s.removeItem(key);
    return;
  }
  const others = () => {
    const out: { key: string; savedAt: number | null }[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(LIST_PAGES_PREFIX) && k !== key)
        out.push({ key: k, savedAt: listSnapshotSavedAt(s.getItem(k)) });
    }
    return out;
  };
  for (const k of listSnapshotsToEvict(others(), 2)) s.removeItem(k);
  try {
    s.setItem(key, json);
  } catch {
    // Storage full: the other lists go, then this one is tried once more (else it is not kept).
    for (const o of others()) s.removeItem(o.key);
    try {
      s.setItem(key, json);
    } catch {
      s.removeItem(key);
    }
  }
}

/**
 * The pages an infinite list has loaded (SPEC.md §4 "Device and scroll"; rules in
 * shell/list-restore.ts). They are kept in session storage under the URL with its
 * query as they load; when the list mounts on a back/forward navigation they come back before the
 * first paint, so the shell's scroll restore finds the page tall enough. A new navigation starts
 * with `initial` (the server's first page) and forgets what the URL had kept.
 */
export function useListPages<T extends { id: number }>(initial: {
  result: T[];
  next_cursor: string | null;
}): { pages: ListPage<T>[]; append: (next: ListPage<T>) => void } {
  const location = useLocation();
  const navigationType = useNavigationType();
  const url = location.pathname + location.search;
  const [pages, setPages] = useState<ListPage<T>[]>(() => [
    { items: initial.result, cursor: initial.next_cursor },
  ]);
  const seen = useRef(initial);

  // Once, when the list mounts (before the first paint).
  useIsoLayoutEffect(() => {
    startScrollSession();
    const key = listSnapshotKey(url);
    const stored = safeSession()?.getItem(key) ?? null;
    const restored = listToRestore<T>({ navigationType, url, stored, now: Date.now() });
    if (restored) setPages(restored);
    else if (stored !== null) safeSession()?.removeItem(key);
  }, []);

  // A new first page under the same list (a new loader answer): start again from it.
  useEffect(() => {
    if (seen.current === initial) return;
    seen.current = initial;
    setPages([{ items: initial.result, cursor: initial.next_cursor }]);
  }, [initial]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: stored when the pages change
  useEffect(() => store(url, pages), [pages]);

  const append = useCallback((next: ListPage<T>) => {
    setPages((prev) => {
      const ids = new Set(prev.flatMap((p) => p.items.map((i) => i.id)));
      return [...prev, { items: next.items.filter((i) => !ids.has(i.id)), cursor: next.cursor }];
    });
  }, []);

  return { pages, append };
}
