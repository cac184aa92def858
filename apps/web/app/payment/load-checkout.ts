/**
 * The checkout's data, loaded in the browser (member data, SPEC.md §3): the member's abandoned
 * payment attempts released first (release-attempts.ts), then the order form
 * (GET /api/orders/data) and, when coupons apply, the best combination and every option.
 * A refused form (4xx, e.g. a sold-out or unknown line) is shown inline with the server's detail;
 * a 5xx or network failure is thrown to the route's ErrorBoundary.
 */
import {
  type ApiClient,
  ApiError,
  type ApiPath,
  type ApiResponse,
  type BestCouponCombBody,
  type OrderForm,
  type ProductsWithCouponsBody,
} from '@codiroom/shared';
import { shopperMessage } from '../lib/shopper-text';
import { isCouponable, orderableLines } from './checkout-state';
import { releaseAbandonedAttempts } from './release-attempts';

export type CheckoutData =
  | { kind: 'refused'; message: string }
  | {
      kind: 'form';
      form: OrderForm;
      best: BestCouponCombBody | null;
      options: ProductsWithCouponsBody | null;
    };

export async function loadCheckout(api: ApiClient, url: URL, signal: AbortSignal): Promise<CheckoutData> {
  const params = new URLSearchParams();
  for (const k of ['cart_ids', 'product_item_ids', 'quantities']) {
    const v = url.searchParams.get(k);
    if (v) params.set(k, v);
  }
  if (![...params.keys()].length) return { kind: 'refused', message: '주문할 상품이 없습니다.' };
  // Starting checkout again (or Back from the payment window): the earlier unpaid attempt gives
  // its stock, coupons and points back before the form is read.
  await releaseAbandonedAttempts(api, signal);
  const r = await api.request('GET', `/api/orders/data?${params.toString()}`, { signal });
  if (!r.ok)
    return { kind: 'refused', message: shopperMessage(r.detail, '주문 정보를 불러오지 못했습니다.') };
  const form = r.data;
  if (!isCouponable(form)) return { kind: 'form', form, best: null, options: null };

  const lines = orderableLines(form);
  const query = {
    product_item_ids: lines.map((l) => l.product_item_id),
    quantities: lines.map((l) => l.quantity),
  };
  // The coupon suggestion is an optional extra: without it the member still pays, without a
  // coupon pre-selected (as before this split), so a failure here falls back to none.
  const optional = async <P extends ApiPath<'GET'>>(path: P): Promise<ApiResponse<'GET', P> | null> => {
    try {
      const res = await api.request('GET', path, { query, signal });
      return res.ok ? res.data : null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 0 && signal.aborted) throw err;
      return null;
    }
  };
  const [best, options] = await Promise.all([
    optional('/api/orders/best-coupon-combs'),
    optional('/api/orders/products-with-coupons'),
  ]);
  return { kind: 'form', form, best, options };
}
