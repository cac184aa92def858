import type { CategoryListingBody } from '@codiroom/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Pager } from '../components/Pager';
import { ProductGrid } from '../components/ProductGrid';
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

  useEffect(() => {
    // The sentinel exists only once hydrated (before that the page links stand in).
    const el = hydrated ? sentinel.current : null;
    if (!el || !cursor || loading || failed) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        setLoading(true);
        const sep = query ? '&' : '';
        fetch(`/api/products/category-products?${query}${sep}cursor=${encodeURIComponent(cursor)}`)
          .then((r) => (r.ok ? (r.json() as Promise<CategoryListingBody>) : Promise.reject(r.status)))
          .then((next) => append({ items: next.result, cursor: next.next_cursor }))
          .catch(() => setFailed(true))
          .finally(() => setLoading(false));
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
