import type { CategoryListingBody } from '@codiroom/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Pager } from '../components/Pager';
import { ProductGrid } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { useListPages } from '../shell/list-memory';
import styles from './catalog.module.css';

/**
 * A product grid that loads the next 30 with the keyset cursor when the end comes into view.
 * Server-rendered with page links (crawlers, no JavaScript); once hydrated the links give way to
 * infinite scroll. The loaded pages come back on back/forward navigation (`useListPages`,
 * SPEC.md §4 "Device and scroll").
 */
export function InfiniteProducts({
  initial,
  query,
}: {
  initial: CategoryListingBody;
  /** The listing's query string without page and cursor. */
  query: string;
}) {
  const { pages, append } = useListPages(initial);
  const items = useMemo(() => pages.flatMap((p) => p.items), [pages]);
  const cursor = pages[pages.length - 1]?.cursor ?? null;
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first page clears a failure
  useEffect(() => setFailed(false), [initial]);
  useEffect(() => setHydrated(true), []);

  // The next page's load under way: its own signal (the client's page-change cancel spares it), so
  // a new listing or leaving the page ends it and an answer for the old listing is never appended.
  const inflight = useRef<AbortController | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query ends the old listing's load
  useEffect(
    () => () => {
      inflight.current?.abort();
      inflight.current = null;
      setLoading(false);
    },
    [query],
  );

  useEffect(() => {
    // The sentinel exists only once hydrated (before that the page links stand in).
    const el = hydrated ? sentinel.current : null;
    if (!el || !cursor || loading || failed) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        const load = new AbortController();
        inflight.current = load;
        setLoading(true);
        browserApi()
          .get(
            '/api/products/category-products',
            { ...Object.fromEntries(new URLSearchParams(query)), cursor },
            { signal: load.signal },
          )
          .then((next) => {
            if (!load.signal.aborted) append({ items: next.result, cursor: next.next_cursor });
          })
          .catch(() => {
            if (!load.signal.aborted) setFailed(true);
          })
          .finally(() => {
            if (inflight.current !== load) return;
            inflight.current = null;
            setLoading(false);
          });
      },
      { rootMargin: '600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [cursor, loading, failed, query, hydrated, append]);

  // The same element while the items stay the same: the switch from page links to the sentinel
  // just after hydration (and each loading flag) re-renders the list's end, not its 30 cards, which
  // on a phone was one long task (docs/ARCHITECTURE.md "Storefront speed").
  const grid = useMemo(() => <ProductGrid products={items} />, [items]);

  return (
    <>
      {grid}
      {hydrated ? (
        <div ref={sentinel} className={styles.sentinel} aria-live="polite">
          {loading && '상품을 불러오는 중…'}
          {failed && (
            <button type="button" className={styles.retry} onClick={() => setFailed(false)}>
              다시 불러오기
            </button>
          )}
        </div>
      ) : (
        <Pager page={initial.page} totalPage={initial.total_page} />
      )}
    </>
  );
}
