/**
 * /payment/success: where the payment window lands with paymentKey, orderId and amount. Confirms
 * the payment (POST /api/orders/confirm-order; the server checks the amount against the order) and
 * moves on to the order-complete page. A retried visit is harmless: confirmation is idempotent.
 */
import type { ApiResult, OrderDetail } from '@codiroom/shared';
import { Link, redirect } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { adEvent, trackPixel } from '../lib/pixel';
import { RouteErrorBoundary } from '../lib/route-data';
import { shopperMessage } from '../lib/shopper-text';
import page from '../styles/page.module.css';
import type { Route } from './+types/payment-success';

export function meta(_: Route.MetaArgs) {
  return [{ title: '결제 확인 중 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Confirms in the browser (the member's token) and redirects to the order-complete page; a refused
 * or unanswered confirmation is shown inline, since the payment itself may have gone through.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const q = new URL(request.url).searchParams;
  const payment_key = q.get('paymentKey');
  const order_id = q.get('orderId');
  const amount = Number(q.get('amount'));
  if (!payment_key || !order_id || !Number.isInteger(amount)) {
    return { error: '결제 정보가 올바르지 않습니다.' };
  }
  let r: ApiResult<OrderDetail>;
  try {
    // Left a direct call: the confirm step of the payment redirect, run once by this loader on landing.
    // Purchase: one id per order, so a reloaded page repeats it and the service counts it once.
    const ad = adEvent(`purchase_${order_id}`);
    r = await browserApi().request('POST', '/api/orders/confirm-order', {
      body: { payment_key, order_id, amount },
      signal: request.signal,
      headers: ad.headers,
    });
    if (r.ok) {
      const contents = r.data.items.map((i) => ({
        id: String(i.product_display_id),
        quantity: i.quantity,
        item_price: i.price_discount,
      }));
      trackPixel(
        'Purchase',
        { value: r.data.amount, currency: 'KRW', contents, content_type: 'product' },
        ad.eventId,
      );
    }
  } catch {
    return { error: '결제 승인 결과를 확인하지 못했습니다. 주문 내역에서 확인해주세요.' };
  }
  if (r.ok) throw redirect(`/payment/complete/${r.data.id}`);
  return { error: shopperMessage(r.detail, '결제를 완료하지 못했습니다.') };
}

export const ErrorBoundary = RouteErrorBoundary;

export function HydrateFallback() {
  return (
    <>
      <PageHeader title="결제" actions={false} titleAs="h1" />
      <main>
        <p className={page.toolbar} aria-busy="true">
          결제를 확인하고 있어요…
        </p>
      </main>
    </>
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="결제" actions={false} titleAs="h1" />
      <main>
        <EmptyState
          title="결제를 완료하지 못했어요"
          text={loaderData.error}
          action={
            <Link to="/mypage/orders" className={page.button}>
              주문 내역 보기
            </Link>
          }
        />
      </main>
    </>
  );
}
