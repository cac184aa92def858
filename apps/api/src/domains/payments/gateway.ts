/**
 * The payment gateway interface, shaped after Toss Payments' core API (v1):
 *   confirm — POST /v1/payments/confirm {paymentKey, orderId, amount}
 *   cancel  — POST /v1/payments/{paymentKey}/cancel {cancelReason, cancelAmount?} + Idempotency-Key
 *   get     — GET  /v1/payments/{paymentKey}
 *   getByOrder — GET /v1/payments/orders/{orderId} (the payment of an order, when a confirm's
 *             answer was lost: the shop settles from it at once instead of waiting for recovery)
 * A confirm carries an Idempotency-Key derived from its paymentKey, so a confirm retried after an
 * uncertain answer is the same request to the gateway (Toss: same key, same answer).
 * Failures are GatewayError {code, message} with Toss's codes (ALREADY_PROCESSED_PAYMENT,
 * PROVIDER_ERROR, NOT_FOUND_PAYMENT, REJECT_CARD_PAYMENT …). `uncertain` marks failures whose
 * outcome is unknown (network, 5xx, PROVIDER_ERROR): the payment may or may not be approved, so
 * the caller must re-read it later instead of failing the order. `refusesPayment` tells a refusal of
 * the very payment a confirm named (the card declined …: the order fails) from every other error,
 * which is no answer about a payment of that order (a made-up or another order's key: the order is
 * left as it was).
 *
 * Payment methods (packages/shared payment-methods.ts): the browser asks the gateway's window for the
 * method chosen at checkout; `methods` lists those the gateway offers (the order refuses others),
 * and a payment's answer names its method as Toss does (`method`, `easyPayProvider`).
 *
 * This file holds only the interface and its types; choosing an adapter is select.ts.
 */
import type { PaymentMethod } from '@codiroom/shared';

export type GatewayPaymentStatus =
  | 'READY'
  | 'IN_PROGRESS'
  | 'WAITING_FOR_DEPOSIT'
  | 'DONE'
  | 'CANCELED'
  | 'PARTIAL_CANCELED'
  | 'ABORTED'
  | 'EXPIRED';

/** The fields of Toss's Payment object the shop relies on. */
export type GatewayPayment = {
  paymentKey: string;
  orderId: string;
  status: GatewayPaymentStatus;
  totalAmount: number;
  balanceAmount: number;
  /** Toss's `method`: 카드, 간편결제, 계좌이체 … */
  method: string | null;
  /** Toss's `easyPay.provider` (토스페이, 카카오페이, 네이버페이) of an easy-pay payment. */
  easyPayProvider: string | null;
  approvedAt: string | null;
  raw: unknown;
};

export class GatewayError extends Error {
  constructor(
    public readonly code: string,
    message: string,
    public readonly httpStatus = 400,
    /** The outcome is unknown (timeout, 5xx, PROVIDER_ERROR): re-read before acting. */
    public readonly uncertain = false,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export type ConfirmInput = { paymentKey: string; orderId: string; amount: number };
export type CancelInput = { cancelReason: string; cancelAmount?: number };
/** `signal`: the caller's deadline for the call (a confirm's gateway calls share one budget). */
export type CallOptions = { signal?: AbortSignal | undefined };

/** The Idempotency-Key of every confirm of a payment: retries of it are one request to the gateway. */
export const confirmIdempotencyKey = (paymentKey: string) => `confirm-${paymentKey}`.slice(0, 300);

export interface PaymentGateway {
  /** 'toss' | 'sandbox' (stored in payments.provider). */
  readonly name: string;
  /** The client key the browser SDK needs (null for the sandbox). */
  readonly clientKey: string | null;
  /** The payment methods this gateway offers (absent: card only). */
  readonly methods?: readonly PaymentMethod[];
  confirm(input: ConfirmInput, opts?: CallOptions): Promise<GatewayPayment>;
  cancel(paymentKey: string, input: CancelInput, idempotencyKey: string): Promise<GatewayPayment>;
  get(paymentKey: string): Promise<GatewayPayment>;
  /** The payment of an order (NOT_FOUND_PAYMENT when the gateway has none). */
  getByOrder(orderId: string, opts?: CallOptions): Promise<GatewayPayment>;
}

/** The methods a gateway offers (card only when it does not say). */
export function offeredMethods(g: PaymentGateway): readonly PaymentMethod[] {
  return g.methods ?? ['CARD'];
}
