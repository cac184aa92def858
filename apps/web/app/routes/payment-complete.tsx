/** /payment/complete/:id: the order-complete page of a paid order. */
import { formatWon, orderNumber } from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
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

export default function PaymentComplete({ loaderData }: Route.ComponentProps) {
  const { order, missing } = loaderData;

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
