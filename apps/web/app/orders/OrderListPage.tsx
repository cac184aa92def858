/**
 * The member's order lists (/mypage/orders, /mypage/claims): loaded in the browser, where the
 * access token is, a page at a time, each order drawn by the route's own row.
 */
import type { ApiPathTo, OrderList, OrderSummary } from '@codiroom/shared';
import { formatKst } from '@codiroom/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { LoadingNote, pageOf } from '../lib/route-data';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import styles from './orders.module.css';

/** A clientLoader for `path` (GET, paged by ?page=). A 5xx reaches the route's ErrorBoundary. */
export function orderListLoader(path: ApiPathTo<'GET', OrderList>) {
  return async ({ request }: { request: Request }) => {
    const pageNo = pageOf(request);
    const list = await browserApi().get(path, { page: pageNo }, { signal: request.signal });
    return { list, pageNo };
  };
}

export const orderDate = (iso: string) => formatKst(iso, 'date');

/** The list's placeholder; the header is the member layout's (routes/mypage-layout.tsx). */
export function OrderListFallback() {
  return (
    <main className={styles.main}>
      <LoadingNote />
    </main>
  );
}

export function OrderListPage(props: {
  empty: string;
  list: OrderList;
  pageNo: number;
  row: (o: OrderSummary) => ReactNode;
}) {
  const { list, pageNo } = props;
  return (
    <main className={styles.main}>
      {list.result.length === 0 ? (
        <EmptyState title={props.empty} />
      ) : (
        <>
          <ul className={my.plainList}>{list.result.map(props.row)}</ul>
          {list.total_page > 1 && (
            <p className={page.pager}>
              {pageNo > 1 && <Link to={`?page=${pageNo - 1}`}>이전</Link>}
              <span>
                {pageNo} / {list.total_page}
              </span>
              {pageNo < list.total_page && <Link to={`?page=${pageNo + 1}`}>다음</Link>}
            </p>
          )}
        </>
      )}
    </main>
  );
}
