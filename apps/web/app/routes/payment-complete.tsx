/**
 * /payment/complete/:id: the order-complete page of a paid order, with the delivery estimate (the
 * latest arrival of its items under SPEC.md §9's shipping rules, GET /api/products/shipping-info)
 * and the points its purchase confirmation will credit (shared purchasePoints, the server's rule).
 */
import { formatWon, orderNumber, purchasePoints } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { RouteErrorBoundary } from '../lib/route-data';
import { ItemLine } from '../orders/OrderParts';
import styles from '../orders/orders.module.css';
import { loadOrderDetail } from '../orders/use-order-detail';
import css from '../payment/payment.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/payment-complete';

export function meta(_: Route.MetaArgs) {
  return [{ title: '주문 완료 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/** The paid order, loaded in the browser (member data); a 5xx reaches the ErrorBoundary. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadOrderDetail(params.id, request.signal);
}

export const ErrorBoundary = RouteErrorBoundary;

export function HydrateFallback() {
  return (
    <>
      <PageHeader title="주문 완료" actions={false} titleAs="h1" />
      <main className={styles.main}>
        <p aria-busy="true">불러오는 중…</p>
      </main>
    </>
  );
}

/** "11/30(월)" of a KST date string (YYYY-MM-DD). */
function dayText(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wd = ['일', '월', '화', '수', '목', '금', '토'][new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${m}/${d}(${wd})`;
}

/** The latest expected arrival of the order's products (null until known or when unavailable). */
function useArrival(displayIds: number[]): string | null {
  const [arrival, setArrival] = useState<string | null>(null);
  const key = [...new Set(displayIds)].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const ctl = new AbortController();
    Promise.all(
      key.split(',').map((id) =>
        browserApi()
          .request('GET', `/api/products/shipping-info?product_display_id=${id}`, {
            signal: ctl.signal,
          })
          .then((r) => (r.ok ? r.data.arrival_date : null)),
      ),
    )
      .then((dates) => {
        const known = dates.filter((d): d is string => d !== null).sort();
        setArrival(known.length === dates.length ? (known.at(-1) ?? null) : null);
      })
      .catch(() => setArrival(null));
    return () => ctl.abort();
  }, [key]);
  return arrival;
}

export default function PaymentComplete({ loaderData }: Route.ComponentProps) {
  const { order, missing } = loaderData;
  const arrival = useArrival(order?.items.map((i) => i.product_display_id) ?? []);
  const points = order ? order.items.reduce((s, i) => s + purchasePoints(i.paid_amount), 0) : 0;

  if (missing) {
    return (
      <>
        <PageHeader title="주문 완료" actions={false} titleAs="h1" />
        <main>
          <EmptyState title="주문을 찾을 수 없어요" />
        </main>
      </>
    );
  }
  return (
    <>
      <PageHeader title="주문 완료" actions={false} titleAs="h1" />
      <main className={styles.main}>
        {order && (
          <>
            <section className={styles.section}>
              <h2>주문이 완료되었습니다</h2>
              <p>
                주문번호 <span data-testid="order-number">{orderNumber(order)}</span>
              </p>
              <p>
                결제 금액 <strong data-testid="paid-amount">{formatWon(order.amount)}</strong>
              </p>
              {arrival && (
                <p data-testid="arrival-estimate">
                  도착 예정 <strong>{dayText(arrival)}</strong>
                </p>
              )}
              {points > 0 && <p data-testid="points-to-earn">구매확정 시 {formatWon(points)} 적립 예정</p>}
              <p className={page.muted}>
                {order.address.recipient} · ({order.address.zipcode}) {order.address.main_address}{' '}
                {order.address.detail_address}
              </p>
            </section>
            <section className={styles.section}>
              {order.items.map((i) => (
                <ItemLine
                  key={i.id}
                  name={i.name}
                  brand_name={i.brand_name}
                  image_url={i.image_url}
                  size_name={i.size_name}
                  color_name={i.color_name}
                  quantity={i.quantity}
                  amount={i.paid_amount}
                />
              ))}
            </section>
            <p className={css.links}>
              <Link to={`/mypage/orders/${order.id}`} className={page.button}>
                주문 상세 보기
              </Link>
              <Link to="/" className={`${page.button} ${page.buttonOutline}`}>
                쇼핑 계속하기
              </Link>
            </p>
          </>
        )}
      </main>
    </>
  );
}
