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
 * One gateway per AppContext: the Toss adapter when TOSS_SECRET_KEY is set, the sandbox outside
 * production otherwise, and in production without keys a disabled gateway (503). Tests swap it
 * with setGateway().
 */
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import { SandboxGateway } from './sandbox.ts';
import { REFUSAL_CODES, TossGateway } from './toss.ts';

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

/**
 * A confirm's error is the gateway refusing the payment it was asked to approve (Toss's codes:
 * toss.ts REFUSAL_CODES), never an outcome-unknown failure nor a key it does not know.
 */
export function refusesPayment(err: GatewayError): boolean {
  return !err.uncertain && REFUSAL_CODES.has(err.code);
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

class DisabledGateway implements PaymentGateway {
  readonly name = 'disabled';
  readonly clientKey = null;
  private fail(): never {
    throw new HttpError(503, '결제 서비스가 설정되지 않았습니다.');
  }
  confirm(): Promise<GatewayPayment> {
    this.fail();
  }
  cancel(): Promise<GatewayPayment> {
    this.fail();
  }
  get(): Promise<GatewayPayment> {
    this.fail();
  }
}

const gateways = new WeakMap<AppContext, PaymentGateway>();

export function createGateway(ctx: AppContext): PaymentGateway {
  const c = ctx.config;
  if (c.TOSS_SECRET_KEY) {
    return new TossGateway({
      secretKey: c.TOSS_SECRET_KEY,
      clientKey: c.TOSS_CLIENT_KEY ?? null,
      baseUrl: c.TOSS_API_BASE,
    });
  }
  if (c.isProduction) return new DisabledGateway();
  return new SandboxGateway(c.jwtSecret);
}

export function gatewayOf(ctx: AppContext): PaymentGateway {
  let g = gateways.get(ctx);
  if (!g) {
    g = createGateway(ctx);
    gateways.set(ctx, g);
  }
  return g;
}

/** Tests: use this gateway for the context. */
export function setGateway(ctx: AppContext, gateway: PaymentGateway): void {
  gateways.set(ctx, gateway);
}
