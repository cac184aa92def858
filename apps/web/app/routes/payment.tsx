/**
 * /payment: the checkout of the cart lines (`?cart_ids=1,2`) or items (`?product_item_ids=&quantities=`).
 * Releases the member's abandoned payment attempt (Back from the payment window, or checkout started
 * again: payment/release-attempts.ts), then loads the order form (GET /api/orders/data: lines,
 * server-computed money, saved and latest addresses), lets the member pick or enter an address (the Daum postcode widget when reachable,
 * manual entry otherwise) and a delivery request, shows the price
 * breakdown and the terms, then creates the pending order (POST /api/orders, the server prices it
 * again) and hands over to the payment window: the sandbox page by default, Toss's SDK (loaded from
 * js.tosspayments.com) when the server runs with Toss keys.
 *
 * Coupons and points: the best combination (GET /api/orders/best-coupon-combs) is pre-selected;
 * the member may change it per line and cart-wide (options from products-with-coupons; each change
 * is checked by POST /api/orders/post-coupon3) and enter points ("모두 사용": the balance, at most
 * what is left to pay less 1 won). The breakdown shows both; POST /api/orders re-validates them.
 *
 * The pieces live in app/payment/: load-checkout.ts (clientLoader), checkout-state.ts (reducer),
 * AddressSection, BenefitSection, Checkout (form and hand-over), scripts.ts (Daum, Toss).
 */
import { useEffect } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { RouteErrorBoundary } from '../lib/route-data';
import styles from '../orders/orders.module.css';
import { Checkout } from '../payment/Checkout';
import { loadCheckout } from '../payment/load-checkout';
import page from '../styles/page.module.css';
import type { Route } from './+types/payment';

export function meta(_: Route.MetaArgs) {
  return [{ title: '주문/결제 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/** Member data, loaded in the browser; a 5xx reaches the ErrorBoundary. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadCheckout(browserApi(), new URL(request.url), request.signal);
}

export const ErrorBoundary = RouteErrorBoundary;

export function HydrateFallback() {
  return (
    <>
      <PageHeader title="주문/결제" actions={false} titleAs="h1" />
      <main className={styles.main}>
        <p aria-busy="true">불러오는 중…</p>
      </main>
    </>
  );
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { revalidate } = useRevalidator();
  // Back from the payment window into a page the browser kept (back/forward cache): load again, so
  // the abandoned attempt is released and the form shows its stock and coupons as the shopper's.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void revalidate();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [revalidate]);
  if (loaderData.kind === 'refused') {
    return (
      <>
        <PageHeader title="주문/결제" actions={false} titleAs="h1" />
        <main>
          <EmptyState
            title={loaderData.message}
            action={
              <Link to="/cart" className={page.button}>
                장바구니로 가기
              </Link>
            }
          />
        </main>
      </>
    );
  }
  return (
    <>
      <PageHeader title="주문/결제" actions={false} titleAs="h1" />
      {/* A new query is a new checkout: its state starts again from the loaded form. */}
      <Checkout key={location.search} {...loaderData} />
    </>
  );
}
