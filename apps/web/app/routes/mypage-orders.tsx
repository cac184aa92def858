/** /mypage/orders: the member's paid orders, newest first (GET /api/orders/order-list-simple). */
import { formatWon, type OrderList } from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { LoadingNote, pageOf, RouteErrorBoundary } from '../lib/route-data';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-orders';
import my from './mypage.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '주문 내역 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/** Member data: loaded in the browser, where the access token is. A 5xx reaches the ErrorBoundary. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const pageNo = pageOf(request);
  const list = await browserApi().get<OrderList>(
    '/api/orders/order-list-simple',
    { page: pageNo },
    {
      signal: request.signal,
    },
  );
  return { list, pageNo };
}

export const ErrorBoundary = RouteErrorBoundary;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

export function HydrateFallback() {
  return (
    <>
      <PageHeader title="주문 내역" actions={false} titleAs="h1" />
      <main className={styles.main}>
        <LoadingNote />
      </main>
    </>
  );
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { list, pageNo } = loaderData;
  return (
    <>
      <PageHeader title="주문 내역" actions={false} titleAs="h1" />
      <main className={styles.main}>
        {list.result.length === 0 ? (
          <EmptyState title="주문 내역이 없어요" />
        ) : (
          <>
            <ul className={my.plainList}>
              {list.result.map((o) => (
                <li key={o.id} className={styles.card} data-testid="order-row">
                  <p className={my.spread}>
                    <span>{dateOf(o.created_at)}</span>
                    <strong>{o.status_label}</strong>
                  </p>
                  <p className={my.orderName}>{o.order_name}</p>
                  <p className={my.spread}>
                    <span>{formatWon(o.amount)}</span>
                    <Link to={`/mypage/orders/${o.id}`}>주문 상세</Link>
                  </p>
                </li>
              ))}
            </ul>
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
    </>
  );
}
