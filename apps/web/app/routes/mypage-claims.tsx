/**
 * /mypage/claims (취소·반품·교환 내역): the member's orders with a cancelled, returned or exchanged
 * item, newest first, each with those items and their status (GET /api/orders/claim-list).
 */
import { formatWon, type OrderList } from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { LoadingNote, pageOf, RouteErrorBoundary } from '../lib/route-data';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-claims';
import my from './mypage.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '취소·반품·교환 내역 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/** Member data: loaded in the browser, where the access token is. A 5xx reaches the ErrorBoundary. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const pageNo = pageOf(request);
  const list = await browserApi().get<OrderList>(
    '/api/orders/claim-list',
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
      <PageHeader title="취소·반품·교환 내역" actions={false} titleAs="h1" />
      <main className={styles.main}>
        <LoadingNote />
      </main>
    </>
  );
}

export default function MyClaims({ loaderData }: Route.ComponentProps) {
  const { list, pageNo } = loaderData;
  return (
    <>
      <PageHeader title="취소·반품·교환 내역" actions={false} titleAs="h1" />
      <main className={styles.main}>
        {list.result.length === 0 ? (
          <EmptyState title="취소·반품·교환 내역이 없어요" />
        ) : (
          <>
            <ul className={my.plainList}>
              {list.result.map((o) => (
                <li key={o.id} className={styles.card} data-testid="claim-row">
                  <p className={my.spread}>
                    <span>{dateOf(o.created_at)} 주문</span>
                    <Link to={`/mypage/orders/${o.id}`}>주문 상세</Link>
                  </p>
                  <ul className={my.plainList}>
                    {o.items.map((i) => (
                      <li key={i.id} className={my.spread}>
                        <span>
                          {i.brand_name} {i.name} · {i.color_name} {i.size_name} · {i.quantity}개
                        </span>
                        <strong>{i.status_label}</strong>
                      </li>
                    ))}
                  </ul>
                  <p className={my.spread}>
                    <span>결제 금액</span>
                    <span>{formatWon(o.amount)}</span>
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
