/**
 * The hand-over to the payment window of the chosen method: Toss's SDK (loaded from
 * js.tosspayments.com; the method's fields from `tossRequestMethod`) or the sandbox page.
 */
import { type PaymentMethod, tossRequestMethod } from '@codiroom/shared';

type TossWindow = Window & {
  TossPayments?: (clientKey: string) => {
    payment: (o: { customerKey: string }) => {
      requestPayment: (o: Record<string, unknown>) => Promise<void>;
    };
  };
};

function loadScript(src: string, ready: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ready()) return resolve();
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('load failed'));
    document.head.appendChild(s);
  });
}

/** Toss's payment window for a created order (the server runs with Toss keys). */
export async function requestTossPayment(
  clientKey: string,
  order: {
    id: number;
    order_id: string;
    order_name: string;
    amount: number;
    customer_name: string;
    payment_method: PaymentMethod;
  },
): Promise<void> {
  await loadScript('https://js.tosspayments.com/v2/standard', () =>
    Boolean((window as TossWindow).TossPayments),
  ).catch(() => {
    throw new Error('결제 모듈을 불러오지 못했습니다.');
  });
  const origin = window.location.origin;
  const toss = (window as TossWindow).TossPayments?.(clientKey);
  await toss?.payment({ customerKey: `codiroom-${order.id}` }).requestPayment({
    ...tossRequestMethod(order.payment_method),
    amount: { currency: 'KRW', value: order.amount },
    orderId: order.order_id,
    orderName: order.order_name,
    customerName: order.customer_name,
    successUrl: `${origin}/payment/success`,
    failUrl: `${origin}/payment/fail`,
  });
}

/** The sandbox payment page (no Toss keys on the server). */
export function openSandboxPayment(order: {
  order_id: string;
  order_name: string;
  amount: number;
  payment_method: PaymentMethod;
}): void {
  const q = new URLSearchParams({
    orderId: order.order_id,
    amount: String(order.amount),
    orderName: order.order_name,
    method: order.payment_method,
    successUrl: '/payment/success',
    failUrl: '/payment/fail',
  });
  window.location.assign(`/api/payments/sandbox/checkout?${q.toString()}`);
}
