/**
 * The Toss Payments adapter (core API v1, https://docs.tosspayments.com/reference):
 * `Authorization: Basic base64(secretKey + ':')`, JSON bodies, errors as `{code, message}`.
 * Cancels carry an `Idempotency-Key` so a retried cancel never refunds twice.
 */
import type {
  CancelInput,
  ConfirmInput,
  GatewayPayment,
  GatewayPaymentStatus,
  PaymentGateway,
} from './gateway.ts';
import { GatewayError } from './gateway.ts';

/** Codes whose outcome is unknown: the payment must be re-read, never assumed failed. */
const UNCERTAIN_CODES = new Set([
  'PROVIDER_ERROR',
  'FAILED_INTERNAL_SYSTEM_PROCESSING',
  'FAILED_PAYMENT_INTERNAL_SYSTEM_PROCESSING',
  'UNKNOWN_PAYMENT_ERROR',
]);

const TIMEOUT_MS = 15_000;

export type TossOptions = { secretKey: string; clientKey: string | null; baseUrl: string };

type TossPaymentBody = {
  paymentKey?: unknown;
  orderId?: unknown;
  status?: unknown;
  totalAmount?: unknown;
  balanceAmount?: unknown;
  method?: unknown;
  approvedAt?: unknown;
};

export function toGatewayPayment(body: unknown): GatewayPayment {
  const b = (body ?? {}) as TossPaymentBody;
  if (typeof b.paymentKey !== 'string' || typeof b.orderId !== 'string' || typeof b.status !== 'string') {
    throw new GatewayError('INVALID_RESPONSE', '결제사 응답을 해석할 수 없습니다.', 502, true);
  }
  const total = Number(b.totalAmount);
  const balance = Number(b.balanceAmount ?? b.totalAmount);
  return {
    paymentKey: b.paymentKey,
    orderId: b.orderId,
    status: b.status as GatewayPaymentStatus,
    totalAmount: Number.isSafeInteger(total) ? total : 0,
    balanceAmount: Number.isSafeInteger(balance) ? balance : 0,
    method: typeof b.method === 'string' ? b.method : null,
    approvedAt: typeof b.approvedAt === 'string' ? b.approvedAt : null,
    raw: body,
  };
}

export class TossGateway implements PaymentGateway {
  readonly name = 'toss';
  readonly clientKey: string | null;
  private readonly auth: string;
  private readonly base: string;

  constructor(opts: TossOptions) {
    this.clientKey = opts.clientKey;
    this.auth = `Basic ${Buffer.from(`${opts.secretKey}:`).toString('base64')}`;
    this.base = opts.baseUrl.replace(/\/+$/, '');
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: this.auth,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new GatewayError(
        'NETWORK_ERROR',
        `결제사에 연결할 수 없습니다: ${(err as Error).message}`,
        502,
        true,
      );
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const e = (json ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof e.code === 'string' ? e.code : `HTTP_${res.status}`;
      const message = typeof e.message === 'string' ? e.message : `결제사 오류 (${res.status})`;
      throw new GatewayError(code, message, res.status, res.status >= 500 || UNCERTAIN_CODES.has(code));
    }
    return toGatewayPayment(json);
  }

  confirm(input: ConfirmInput): Promise<GatewayPayment> {
    return this.call('POST', '/v1/payments/confirm', {
      paymentKey: input.paymentKey,
      orderId: input.orderId,
      amount: input.amount,
    });
  }

  cancel(paymentKey: string, input: CancelInput, idempotencyKey: string): Promise<GatewayPayment> {
    return this.call(
      'POST',
      `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`,
      {
        cancelReason: input.cancelReason,
        ...(input.cancelAmount === undefined ? {} : { cancelAmount: input.cancelAmount }),
      },
      { 'Idempotency-Key': idempotencyKey },
    );
  }

  get(paymentKey: string): Promise<GatewayPayment> {
    return this.call('GET', `/v1/payments/${encodeURIComponent(paymentKey)}`);
  }
}
