/**
 * Payment methods of the checkout (docs/ARCHITECTURE.md, 'Orders and payments', "Payment methods"),
 * shaped after what Toss Payments' payment window offers (SDK v2 `payment().requestPayment`):
 *   카드        — `method: 'CARD'` (the card window);
 *   간편결제    — `method: 'CARD'` with `card: { flowMode: 'DIRECT', easyPay: 'TOSSPAY' | 'KAKAOPAY' | 'NAVERPAY' }`
 *                 (the easy-pay provider's own window at once);
 *   계좌이체    — `method: 'TRANSFER'`.
 * Toss's Payment object (the confirm's answer) names them `method: '카드' | '간편결제' | '계좌이체'`,
 * and for easy pay `easyPay.provider: '토스페이' | '카카오페이' | '네이버페이'`.
 *
 * A gateway offers some of them (PaymentGateway.methods); the server refuses any other (400).
 */

export const PAYMENT_METHODS = ['CARD', 'TOSSPAY', 'KAKAOPAY', 'NAVERPAY', 'TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'CARD';

export type PaymentMethodGroup = 'CARD' | 'EASY_PAY' | 'TRANSFER';

export const PAYMENT_METHOD_GROUP_LABEL: Record<PaymentMethodGroup, string> = {
  CARD: '카드',
  EASY_PAY: '간편결제',
  TRANSFER: '계좌이체',
};

type MethodInfo = {
  label: string;
  group: PaymentMethodGroup;
  /** Toss's `easyPay` code (request) and `easyPay.provider` name (answer) of an easy-pay method. */
  easyPay: { code: 'TOSSPAY' | 'KAKAOPAY' | 'NAVERPAY'; provider: string } | null;
};

export const PAYMENT_METHOD_INFO: Record<PaymentMethod, MethodInfo> = {
  CARD: { label: '카드', group: 'CARD', easyPay: null },
  TOSSPAY: { label: '토스페이', group: 'EASY_PAY', easyPay: { code: 'TOSSPAY', provider: '토스페이' } },
  KAKAOPAY: { label: '카카오페이', group: 'EASY_PAY', easyPay: { code: 'KAKAOPAY', provider: '카카오페이' } },
  NAVERPAY: { label: '네이버페이', group: 'EASY_PAY', easyPay: { code: 'NAVERPAY', provider: '네이버페이' } },
  TRANSFER: { label: '계좌이체', group: 'TRANSFER', easyPay: null },
};

export function isPaymentMethod(v: unknown): v is PaymentMethod {
  return typeof v === 'string' && (PAYMENT_METHODS as readonly string[]).includes(v);
}

/** '카드', '간편결제 · 카카오페이', '계좌이체': how a method is shown to the shopper. */
export function paymentMethodLabel(m: PaymentMethod): string {
  const info = PAYMENT_METHOD_INFO[m];
  return info.group === 'EASY_PAY' ? `${PAYMENT_METHOD_GROUP_LABEL.EASY_PAY} · ${info.label}` : info.label;
}

/** The methods of one group, in PAYMENT_METHODS order, among those offered. */
export function methodsOfGroup(
  group: PaymentMethodGroup,
  offered: readonly PaymentMethod[],
): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => offered.includes(m) && PAYMENT_METHOD_INFO[m].group === group);
}

export type TossPaymentRequestMethod =
  | { method: 'CARD' }
  | { method: 'CARD'; card: { flowMode: 'DIRECT'; easyPay: 'TOSSPAY' | 'KAKAOPAY' | 'NAVERPAY' } }
  | { method: 'TRANSFER' };

/** The method fields of Toss's SDK v2 `requestPayment` for a method. */
export function tossRequestMethod(m: PaymentMethod): TossPaymentRequestMethod {
  const info = PAYMENT_METHOD_INFO[m];
  if (info.easyPay) return { method: 'CARD', card: { flowMode: 'DIRECT', easyPay: info.easyPay.code } };
  return m === 'TRANSFER' ? { method: 'TRANSFER' } : { method: 'CARD' };
}

/** What Toss's Payment object says of a payment made with the method: `method` and `easyPay.provider`. */
export function tossAnswerOf(m: PaymentMethod): { method: string; easyPayProvider: string | null } {
  const info = PAYMENT_METHOD_INFO[m];
  return {
    method: PAYMENT_METHOD_GROUP_LABEL[info.group],
    easyPayProvider: info.easyPay?.provider ?? null,
  };
}

/** The method a Toss Payment object describes (null for one the shop does not offer, e.g. 가상계좌). */
export function paymentMethodOfTossAnswer(
  method: string | null,
  easyPayProvider: string | null,
): PaymentMethod | null {
  if (method === '카드') return 'CARD';
  if (method === '계좌이체') return 'TRANSFER';
  if (method === '간편결제') {
    const hit = PAYMENT_METHODS.find((m) => PAYMENT_METHOD_INFO[m].easyPay?.provider === easyPayProvider);
    return hit ?? null;
  }
  return null;
}

/**
 * A configured list of methods ("CARD,KAKAOPAY"): the known codes in PAYMENT_METHODS order, or null
 * when the text names none or an unknown one (a configuration error).
 */
export function parsePaymentMethodList(text: string): PaymentMethod[] | null {
  const parts = text
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  if (parts.length === 0 || !parts.every(isPaymentMethod)) return null;
  return PAYMENT_METHODS.filter((m) => parts.includes(m));
}
