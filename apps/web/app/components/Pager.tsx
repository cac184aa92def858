import { Link, useLocation } from 'react-router';
import page from '../styles/page.module.css';

/** Previous/next links that keep the other query parameters (crawlable, no JS needed). */
export function Pager({ page: current, totalPage }: { page: number; totalPage: number }) {
  const location = useLocation();
  if (totalPage <= 1) return null;
  const href = (p: number) => {
    const q = new URLSearchParams(location.search);
    q.set('page', String(p));
    return `${location.pathname}?${q.toString()}`;
  };
  return (
    <nav className={page.pager} aria-label="페이지">
      {current > 1 && (
        <Link to={href(current - 1)} rel="prev">
          이전
        </Link>
      )}
      <span className={page.muted}>
        {current} / {totalPage}
      </span>
      {current < totalPage && (
        <Link to={href(current + 1)} rel="next">
          다음
        </Link>
      )}
    </nav>
  );
}
