/** Third-party browser scripts of the checkout: the Daum (Kakao) postcode widget and Toss's SDK. */

type TossWindow = Window & {
  TossPayments?: (clientKey: string) => {
    payment: (o: { customerKey: string }) => {
      requestPayment: (o: Record<string, unknown>) => Promise<void>;
    };
  };
};

type DaumWindow = Window & {
  daum?: {
    Postcode: new (o: {
      oncomplete: (d: { zonecode: string; roadAddress: string; address: string }) => void;
    }) => { open: () => void };
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

/** Opens the Daum postcode widget; rejects when its script is not reachable. */
export async function openPostcode(onPick: (zipcode: string, mainAddress: string) => void): Promise<void> {
  await loadScript('https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js', () =>
    Boolean((window as DaumWindow).daum?.Postcode),
  );
  const Postcode = (window as DaumWindow).daum?.Postcode;
  if (!Postcode) throw new Error('no postcode');
  new Postcode({ oncomplete: (d) => onPick(d.zonecode, d.roadAddress || d.address) }).open();
}

/** Toss's payment window for a created order (the server runs with Toss keys). */
export async function requestTossPayment(
  clientKey: string,
  order: { id: number; order_id: string; order_name: string; amount: number; customer_name: string },
): Promise<void> {
  await loadScript('https://js.tosspayments.com/v2/standard', () =>
    Boolean((window as TossWindow).TossPayments),
  ).catch(() => {
    throw new Error('결제 모듈을 불러오지 못했습니다.');
  });
  const origin = window.location.origin;
  const toss = (window as TossWindow).TossPayments?.(clientKey);
  await toss?.payment({ customerKey: `codiroom-${order.id}` }).requestPayment({
    method: 'CARD',
    amount: { currency: 'KRW', value: order.amount },
    orderId: order.order_id,
    orderName: order.order_name,
    customerName: order.customer_name,
    successUrl: `${origin}/payment/success`,
    failUrl: `${origin}/payment/fail`,
  });
}

/** The sandbox payment page (no Toss keys on the server). */
export function openSandboxPayment(order: { order_id: string; order_name: string; amount: number }): void {
  const q = new URLSearchParams({
    orderId: order.order_id,
    amount: String(order.amount),
    orderName: order.order_name,
    successUrl: '/payment/success',
    failUrl: '/payment/fail',
  });
  window.location.assign(`/api/payments/sandbox/checkout?${q.toString()}`);
}
