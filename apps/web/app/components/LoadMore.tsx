/**
 * Page-by-page lists of a member's own things (likes, closet): the first page comes from the
 * route's loader, the next ones from `fetchPage` when the list's end comes into view
 * (IntersectionObserver) or when the shopper taps "더 보기" — the button is always there while
 * pages are left, so the list is complete without scrolling support too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import styles from '../catalog/catalog.module.css';
import page from '../styles/page.module.css';

export type PageOf<T> = { page: number; total_page: number; total_count: number; result: T[] };

export function useMorePages<T>(first: PageOf<T> | null, fetchPage: (page: number) => Promise<PageOf<T>>) {
  const [state, setState] = useState({ first, items: first?.result ?? [], page: first?.page ?? 1 });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // A new first page (another tab, a revalidation) starts the list again.
  if (state.first !== first) setState({ first, items: first?.result ?? [], page: first?.page ?? 1 });
  const totalPage = first?.total_page ?? 0;
  const hasMore = state.page < totalPage;
  const busy = useRef(false);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const more = useCallback(() => {
    if (busy.current || !hasMore) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    const next = state.page + 1;
    fetchRef
      .current(next)
      .then((body) =>
        setState((s) =>
          s.first === first && s.page === next - 1
            ? { first, items: [...s.items, ...body.result], page: next }
            : s,
        ),
      )
      .catch(() => setFailed(true))
      .finally(() => {
        busy.current = false;
        setLoading(false);
      });
  }, [hasMore, state.page, first]);

  return { items: state.items, hasMore, loading, failed, more, totalCount: first?.total_count ?? 0 };
}

/** The list's end: loads the next page when it comes into view, and a real "더 보기" button. */
export function MoreButton({
  hasMore,
  loading,
  failed,
  onMore,
  shown,
  total,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  shown: number;
  total: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onMore();
      },
      { rootMargin: '400px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading, failed, onMore]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className={styles.sentinel} aria-live="polite">
      {failed && <p className={page.error}>목록을 불러오지 못했어요.</p>}
      <button type="button" className={styles.retry} disabled={loading} onClick={onMore}>
        {loading ? '불러오는 중…' : failed ? '다시 불러오기' : `더 보기 (${shown}/${total})`}
      </button>
    </div>
  );
}
