/**
 * /payment/success: where the payment window lands with paymentKey, orderId and amount. Confirms
 * the payment (POST /api/orders/confirm-order; the server checks the amount against the order) and
 * moves on to the order-complete page. A retried visit is harmless: confirmation is idempotent.
 */
import type { OrderDetail } from '@codiroom/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import type { Route } from './+types/payment-success';

export function meta(_: Route.MetaArgs) {
  return [{ title: '결제 확인 중 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function PaymentSuccess() {
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = new URLSearchParams(location.search);
    const payment_key = q.get('paymentKey');
    const order_id = q.get('orderId');
    const amount = Number(q.get('amount'));
    if (!payment_key || !order_id || !Number.isInteger(amount)) {
      setError('결제 정보가 올바르지 않습니다.');
      return;
    }
    void browserApi()
      .request<OrderDetail>('POST', '/api/orders/confirm-order', { body: { payment_key, order_id, amount } })
      .then((r) => {
        if (r.ok) navigate(`/payment/complete/${r.data.id}`, { replace: true });
        else setError(r.detail || '결제를 완료하지 못했습니다.');
      })
      .catch(() => setError('결제 승인 결과를 확인하지 못했습니다. 주문 내역에서 확인해주세요.'));
  }, [location.search, navigate]);

  return (
    <>
      <PageHeader title="결제" actions={false} titleAs="h1" />
      <main>
        {error ? (
          <EmptyState
            title="결제를 완료하지 못했어요"
            text={error}
            action={
              <Link to="/mypage/orders" className={page.button}>
                주문 내역 보기
              </Link>
            }
          />
        ) : (
          <p className={page.toolbar} aria-busy="true">
            결제를 확인하고 있어요…
          </p>
        )}
      </main>
    </>
  );
}
