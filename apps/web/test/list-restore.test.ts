import { describe, expect, it } from 'vitest';
import { nextTabBarVisible } from '../app/lib/device.ts';
import {
  LIST_RESTORE,
  type ListPage,
  listSnapshotKey,
  listSnapshotSavedAt,
  listSnapshotsToEvict,
  listSnapshotToStore,
  listToRestore,
} from '../app/shell/list-restore.ts';
import { SCROLL_RESTORE_MAX_TRIES, scrollRestoreStep } from '../app/shell/scroll-restore.ts';

type Card = { id: number; name: string };
const page = (from: number, cursor: string | null = `c${from + 30}`): ListPage<Card> => ({
  items: Array.from({ length: 30 }, (_, i) => ({ id: from + i, name: `상품 ${from + i}` })),
  cursor,
});
const NOW = Date.UTC(2026, 3, 1, 3, 0, 0);
const URL = '/category?category_main=top&sort=newest';
const three = [page(1), page(31), page(61)];

describe('list snapshot to store (SPEC.md §4 "Device and scroll")', () => {
  it('is keyed by the path with its query', () => {
    expect(listSnapshotKey(URL)).toBe('listPages_/category?category_main=top&sort=newest');
  });

  it('stores the loaded pages with their cursors', () => {
    const json = listSnapshotToStore({ url: URL, pages: three, now: NOW });
    expect(json).not.toBeNull();
    expect(listToRestore<Card>({ navigationType: 'POP', url: URL, stored: json, now: NOW + 1000 })).toEqual(
      three,
    );
  });

  it('stores nothing for the first page only (the server renders it)', () => {
    expect(listSnapshotToStore({ url: URL, pages: [page(1)], now: NOW })).toBeNull();
  });

  it('keeps at most the first maxPages pages', () => {
    const many = Array.from({ length: LIST_RESTORE.maxPages + 5 }, (_, i) => page(1 + i * 30));
    const json = listSnapshotToStore({ url: URL, pages: many, now: NOW });
    const back = listToRestore<Card>({ navigationType: 'POP', url: URL, stored: json, now: NOW });
    expect(back).toHaveLength(LIST_RESTORE.maxPages);
    expect(back?.[0]?.items[0]?.id).toBe(1);
    // The last kept page's cursor goes on where the kept pages end.
    expect(back?.at(-1)?.cursor).toBe(many[LIST_RESTORE.maxPages - 1]?.cursor);
  });

  it('drops trailing pages until it fits maxChars', () => {
    const big = (from: number): ListPage<Card> => ({
      items: [{ id: from, name: 'x'.repeat(Math.floor(LIST_RESTORE.maxChars / 3)) }],
      cursor: `c${from}`,
    });
    const json = listSnapshotToStore({ url: URL, pages: [big(1), big(2), big(3), big(4)], now: NOW });
    expect(json?.length).toBeLessThanOrEqual(LIST_RESTORE.maxChars);
    const back = listToRestore<Card>({ navigationType: 'POP', url: URL, stored: json, now: NOW });
    expect(back?.map((p) => p.items[0]?.id)).toEqual([1, 2]);
    // Not even two pages fit: nothing is stored.
    const huge = (from: number): ListPage<Card> => ({
      items: [{ id: from, name: 'x'.repeat(LIST_RESTORE.maxChars) }],
      cursor: null,
    });
    expect(listSnapshotToStore({ url: URL, pages: [huge(1), huge(2)], now: NOW })).toBeNull();
  });
});

describe('list to restore', () => {
  const stored = listSnapshotToStore({ url: URL, pages: three, now: NOW });

  it('only on back/forward (POP); a new navigation starts with the first page', () => {
    expect(listToRestore({ navigationType: 'POP', url: URL, stored, now: NOW })).toHaveLength(3);
    expect(listToRestore({ navigationType: 'PUSH', url: URL, stored, now: NOW })).toBeNull();
    expect(listToRestore({ navigationType: 'REPLACE', url: URL, stored, now: NOW })).toBeNull();
  });

  it('only the snapshot of this very URL', () => {
    expect(listToRestore({ navigationType: 'POP', url: '/category', stored, now: NOW })).toBeNull();
    expect(listToRestore({ navigationType: 'POP', url: `${URL}&page=2`, stored, now: NOW })).toBeNull();
  });

  it('not when stale or from a clock set back', () => {
    expect(
      listToRestore({ navigationType: 'POP', url: URL, stored, now: NOW + LIST_RESTORE.ttlMs }),
    ).toHaveLength(3);
    expect(
      listToRestore({ navigationType: 'POP', url: URL, stored, now: NOW + LIST_RESTORE.ttlMs + 1 }),
    ).toBeNull();
    expect(listToRestore({ navigationType: 'POP', url: URL, stored, now: NOW - 120_000 })).toBeNull();
  });

  it('not when missing or broken', () => {
    const pop = { navigationType: 'POP' as const, url: URL, now: NOW };
    expect(listToRestore({ ...pop, stored: null })).toBeNull();
    expect(listToRestore({ ...pop, stored: '{not json' })).toBeNull();
    expect(listToRestore({ ...pop, stored: 'null' })).toBeNull();
    const snap = JSON.parse(stored as string);
    const variant = (patch: Record<string, unknown>) => JSON.stringify({ ...snap, ...patch });
    expect(listToRestore({ ...pop, stored: variant({ v: 2 }) })).toBeNull();
    expect(listToRestore({ ...pop, stored: variant({ saved_at: 'yesterday' }) })).toBeNull();
    expect(listToRestore({ ...pop, stored: variant({ pages: [snap.pages[0]] }) })).toBeNull();
    expect(
      listToRestore({ ...pop, stored: variant({ pages: [...snap.pages, { items: [{}] }] }) }),
    ).toBeNull();
    expect(
      listToRestore({ ...pop, stored: variant({ pages: [...snap.pages, { items: [], cursor: 3 }] }) }),
    ).toBeNull();
    const tooMany = Array.from({ length: LIST_RESTORE.maxPages + 1 }, () => snap.pages[0]);
    expect(listToRestore({ ...pop, stored: variant({ pages: tooMany }) })).toBeNull();
  });
});

describe('list snapshots to evict', () => {
  it('reads when a snapshot was saved from its head', () => {
    expect(listSnapshotSavedAt(listSnapshotToStore({ url: URL, pages: three, now: NOW }))).toBe(NOW);
    expect(listSnapshotSavedAt('{"v":1}')).toBeNull();
    expect(listSnapshotSavedAt(null)).toBeNull();
  });

  it('keeps the newest maxLists; unreadable ones go first', () => {
    const entries = [
      { key: 'a', savedAt: 10 },
      { key: 'b', savedAt: 40 },
      { key: 'broken', savedAt: null },
      { key: 'c', savedAt: 30 },
      { key: 'd', savedAt: 20 },
    ];
    expect(listSnapshotsToEvict(entries, 3).sort()).toEqual(['a', 'broken']);
    expect(listSnapshotsToEvict(entries.slice(0, 2), 3)).toEqual([]);
    expect(listSnapshotsToEvict(entries).length).toBe(entries.length - LIST_RESTORE.maxLists);
  });
});

describe('scroll restore step (SPEC.md §9 retry step 100 ms)', () => {
  const base = { saved: 5000, scrollY: 0, maxScroll: 1800, stylesPending: false, tries: 0 };

  it('waits while the page is too short or its styles are pending', () => {
    expect(scrollRestoreStep(base)).toEqual({ scrollTo: null, again: true });
    expect(scrollRestoreStep({ ...base, maxScroll: 9000, stylesPending: true })).toEqual({
      scrollTo: null,
      again: true,
    });
  });

  it('scrolls once tall enough, then stops when the position held', () => {
    expect(scrollRestoreStep({ ...base, maxScroll: 9000, tries: 3 })).toEqual({
      scrollTo: 5000,
      again: true,
    });
    expect(scrollRestoreStep({ ...base, maxScroll: 9000, tries: 4, scrollY: 5001 })).toEqual({
      scrollTo: null,
      again: false,
    });
    // The first step always confirms once more (the page may still be settling).
    expect(scrollRestoreStep({ ...base, maxScroll: 9000, scrollY: 5000 })).toEqual({
      scrollTo: 5000,
      again: true,
    });
  });

  it('at the bound, goes as far as the page allows and stops', () => {
    const last = { ...base, tries: SCROLL_RESTORE_MAX_TRIES };
    expect(scrollRestoreStep(last)).toEqual({ scrollTo: 1800, again: false });
    expect(scrollRestoreStep({ ...last, maxScroll: -10 })).toEqual({ scrollTo: 0, again: false });
    expect(scrollRestoreStep({ ...last, maxScroll: 9000 })).toEqual({ scrollTo: 5000, again: false });
    expect(SCROLL_RESTORE_MAX_TRIES * 100).toBe(5000);
  });
});

describe('tab bar and the scroll restore', () => {
  const base = { viewportHeight: 844, documentHeight: 9000 };
  it('a restored jump down does not hide the bar, a scroll by the shopper does', () => {
    expect(nextTabBarVisible({ ...base, visible: true, previousY: 0, y: 5000, restored: true })).toBe(true);
    expect(nextTabBarVisible({ ...base, visible: true, previousY: 0, y: 5000 })).toBe(false);
  });
});
