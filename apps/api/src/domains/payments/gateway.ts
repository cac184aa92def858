/**
 * The payment gateway interface, shaped after Toss Payments' core API (v1):
 *   confirm — POST /v1/payments/confirm {paymentKey, orderId, amount}
 *   cancel  — POST /v1/payments/{paymentKey}/cancel {cancelReason, cancelAmount?} + Idempotency-Key
 *   get     — GET  /v1/payments/{paymentKey}
 * Failures are GatewayError {code, message} with Toss's codes (ALREADY_PROCESSED_PAYMENT,
 * PROVIDER_ERROR, NOT_FOUND_PAYMENT, REJECT_CARD_PAYMENT …). `uncertain` marks failures whose
 * outcome is unknown (network, 5xx, PROVIDER_ERROR): the payment may or may not be approved, so
 * the caller must re-read it later instead of failing the order. `refusesPayment` tells a refusal of
 * the very payment a confirm named (the card declined …: the order fails) from every other error,
 * which is no answer about a payment of that order (a made-up or another order's key: the order is
 * left as it was).
 *
 * This file holds only the interface and its types; choosing an adapter is select.ts.
 */
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
  method: string | null;
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

export interface PaymentGateway {
  /** 'toss' | 'sandbox' (stored in payments.provider). */
  readonly name: string;
  /** The client key the browser SDK needs (null for the sandbox). */
  readonly clientKey: string | null;
  confirm(input: ConfirmInput): Promise<GatewayPayment>;
  cancel(paymentKey: string, input: CancelInput, idempotencyKey: string): Promise<GatewayPayment>;
  get(paymentKey: string): Promise<GatewayPayment>;
}
