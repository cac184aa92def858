/**
 * /payment/fail: the payment window's fail URL (code, message, orderId), like Toss's. The unpaid
 * order is given up at once (POST /api/orders/payment-failed) so its reserved stock returns now.
 * The shopper's own cancel in the window (PAY_PROCESS_CANCELED, USER_CANCEL) is not a failure: a
 * calm "결제를 취소했어요" with the way back to the checkout they left and to the cart. A real
 * failure shows the window's Korean message without its code. Codes are never shown.
 */

import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { isPaymentCancel, PAYMENT_CANCEL_TEXT, paymentFailMessage } from '../lib/shopper-text';
import { checkoutReturnUrl } from '../payment/checkout-return';
import page from '../styles/page.module.css';
import type { Route } from './+types/payment-fail';

export function meta({ location }: Route.MetaArgs) {
  const cancelled = isPaymentCancel(new URLSearchParams(location.search).get('code'));
  return [
    { title: `${cancelled ? '결제 취소' : '결제 실패'} | 코디룸` },
    { name: 'robots', content: 'noindex' },
  ];
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
  return <FailView />;
}

// A module-scope component of its own: the route's default export is wrapped by React Router's
// build, so its name is not in scope for HydrateFallback (a ReferenceError on the server render).
export default function PaymentFail() {
  return <FailView />;
}

function FailView() {
  const q = new URLSearchParams(useLocation().search);
  const cancelled = isPaymentCancel(q.get('code'));
  // The checkout the shopper left for the window (this tab's), read after hydration.
  const [checkout, setCheckout] = useState<string | null>(null);
  useEffect(() => setCheckout(checkoutReturnUrl()), []);

  const back = (
    <p className={page.stack}>
      {checkout && (
        <Link to={checkout} className={page.button} data-testid="back-to-checkout">
          주문서로 돌아가기
        </Link>
      )}
      <Link to="/cart" className={checkout ? `${page.button} ${page.buttonOutline}` : page.button}>
        장바구니로 돌아가기
      </Link>
    </p>
  );
  return (
    <>
      <PageHeader title={cancelled ? '결제 취소' : '결제 실패'} actions={false} titleAs="h1" />
      <main>
        {cancelled ? (
          <EmptyState title={PAYMENT_CANCEL_TEXT.title} text={PAYMENT_CANCEL_TEXT.text} action={back} />
        ) : (
          <EmptyState
            title="결제를 완료하지 못했어요"
            text={paymentFailMessage(q.get('message'))}
            action={back}
          />
        )}
      </main>
    </>
  );
}
