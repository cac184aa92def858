/** /mypage/orders: the member's paid orders, newest first (GET /api/orders/order-list-simple). */
import { formatWon, type OrderList } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-orders';

export function meta(_: Route.MetaArgs) {
  return [{ title: '주문 내역 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

export default function MyOrders() {
  const location = useLocation();
  const pageNo = Math.max(1, Number(new URLSearchParams(location.search).get('page')) || 1);
  const [list, setList] = useState<OrderList | null>(null);
  useEffect(() => {
    void browserApi()
      .getOr<OrderList | null>(`/api/orders/order-list-simple?page=${pageNo}`, null)
      .then(setList);
  }, [pageNo]);

  return (
    <>
      <PageHeader title="주문 내역" actions={false} titleAs="h1" />
      <main className={styles.main}>
        {list === null ? (
          <p aria-busy="true">불러오는 중…</p>
        ) : list.result.length === 0 ? (
          <EmptyState title="주문 내역이 없어요" />
        ) : (
          <>
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.result.map((o) => (
                <li key={o.id} className={styles.card} data-testid="order-row">
                  <p style={{ margin: 0, display: 'flex', justifyContent: 'space-between' }}>
                    <span>{dateOf(o.created_at)}</span>
                    <strong>{o.status_label}</strong>
                  </p>
                  <p style={{ margin: '6px 0' }}>{o.order_name}</p>
                  <p style={{ margin: 0, display: 'flex', justifyContent: 'space-between' }}>
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
