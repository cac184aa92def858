/**
 * /payment/fail: the payment window's fail URL (code, message, orderId), like Toss's. The unpaid
 * order is given up at once (POST /api/orders/payment-failed) so its reserved stock returns now.
 */
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import type { Route } from './+types/payment-fail';

export function meta(_: Route.MetaArgs) {
  return [{ title: '결제 실패 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Gives the unpaid order up in the browser (the member's token). Best effort: the page's message
 * comes from the URL, and an order left pending expires on its own (its expires_at), so a failure of
 * this call is not shown.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const q = new URL(request.url).searchParams;
  const orderId = q.get('orderId');
  const code = q.get('code');
  if (!orderId || !/^[A-Za-z0-9_-]{6,64}$/.test(orderId)) return null;
  // Left a direct call: a best-effort step that runs once as the window lands here, not a visitor's change.
  await browserApi()
    .request('POST', '/api/orders/payment-failed', { body: { order_id: orderId, ...(code ? { code } : {}) } })
    .catch(() => undefined);
  return null;
}

/** The message needs no data: the same page while the order is given up. */
export function HydrateFallback() {
  return <PaymentFail />;
}

export default function PaymentFail() {
  const q = new URLSearchParams(useLocation().search);
  const message = q.get('message') || '결제가 완료되지 않았습니다.';
  const code = q.get('code');

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
