/**
 * /payment/fail: the payment window's fail URL (code, message, orderId), like Toss's. The unpaid
 * order is given up at once (POST /api/orders/payment-failed) so its reserved stock returns now.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import type { Route } from './+types/payment-fail';

export function meta(_: Route.MetaArgs) {
  return [{ title: '결제 실패 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function PaymentFail() {
  const q = new URLSearchParams(useLocation().search);
  const message = q.get('message') || '결제가 완료되지 않았습니다.';
  const code = q.get('code');
  const orderId = q.get('orderId');

  useEffect(() => {
    if (!orderId || !/^[A-Za-z0-9_-]{6,64}$/.test(orderId)) return;
    void browserApi()
      .request('POST', '/api/orders/payment-failed', {
        body: { order_id: orderId, ...(code ? { code } : {}) },
      })
      .catch(() => undefined);
  }, [orderId, code]);

  return (
    <>
      <PageHeader title="결제 실패" actions={false} titleAs="h1" />
      <main>
        <EmptyState
          title="결제에 실패했어요"
          text={`${message}${code ? ` (${code})` : ''}`}
          action={
            <Link to="/cart" className={page.button}>
              장바구니로 돌아가기
            </Link>
          }
        />
      </main>
    </>
  );
}
