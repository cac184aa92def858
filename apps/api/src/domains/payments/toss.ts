/**
 * The Toss Payments adapter (core API v1, https://docs.tosspayments.com/reference):
 * `Authorization: Basic base64(secretKey + ':')`, JSON bodies, errors as `{code, message}`.
 * Cancels carry an `Idempotency-Key` so a retried cancel never refunds twice.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { PAYMENT_METHODS, type PaymentMethod } from '@codiroom/shared';
import { deadline } from '../../platform/deadline.ts';
import { withSpan } from '../../platform/tracing.ts';
import {
  type CallOptions,
  type CancelInput,
  type ConfirmInput,
  confirmIdempotencyKey,
  GatewayError,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type PaymentGateway,
} from './gateway.ts';

/** Codes whose outcome is unknown: the payment must be re-read, never assumed failed. */
const UNCERTAIN_CODES = new Set([
  'PROVIDER_ERROR',
  // A request with the same Idempotency-Key is still being processed.
  'IDEMPOTENT_REQUEST_PROCESSING',
  'FAILED_INTERNAL_SYSTEM_PROCESSING',
  'FAILED_PAYMENT_INTERNAL_SYSTEM_PROCESSING',
  'UNKNOWN_PAYMENT_ERROR',
]);

/**
 * Confirm errors by which Toss refuses the payment it was asked to approve — the payment of that
 * orderId, paymentKey and amount, which it has found and checked first: the card, account or
 * buyer was declined or is over a limit (https://docs.tosspayments.com/reference/error-codes,
 * "결제 승인"). Only these fail the order. Every other error is no answer about a payment of that
 * order: NOT_FOUND_PAYMENT / NOT_FOUND_PAYMENT_SESSION (a made-up key, or a session Toss does not
 * know), INVALID_REQUEST (orderId or amount not those of the key's payment), UNAPPROVED_ORDER_ID,
 * the shop's own key or contract (INVALID_API_KEY, UNAUTHORIZED_KEY, FORBIDDEN_REQUEST,
 * NOT_FOUND_TERMINAL_ID …), and any code not listed here.
 */
export const REFUSAL_CODES: ReadonlySet<string> = new Set([
  'REJECT_CARD_PAYMENT',
  'REJECT_CARD_COMPANY',
  'REJECT_ACCOUNT_PAYMENT',
  'REJECT_TOSSPAY_INVALID_ACCOUNT',
  'INVALID_REJECT_CARD',
  'INVALID_STOPPED_CARD',
  'INVALID_CARD_EXPIRATION',
  'INVALID_CARD_LOST_OR_STOLEN',
  'INVALID_CARD_NUMBER',
  'INVALID_CARD_INSTALLMENT_PLAN',
  'INVALID_PASSWORD',
  'INVALID_AUTHORIZE_AUTH',
  'INVALID_ACCOUNT_INFO_RE_REGISTER',
  'EXCEED_MAX_CARD_INSTALLMENT_PLAN',
  'EXCEED_MAX_DAILY_PAYMENT_COUNT',
  'EXCEED_MAX_PAYMENT_AMOUNT',
  'EXCEED_MAX_AMOUNT',
  'EXCEED_MAX_MONTHLY_PAYMENT_AMOUNT',
  'EXCEED_MAX_ONE_DAY_AMOUNT',
  'EXCEED_MAX_ONE_DAY_WITHDRAW_AMOUNT',
  'EXCEED_MAX_ONE_TIME_WITHDRAW_AMOUNT',
  'EXCEED_MAX_AUTH_COUNT',
  'NOT_SUPPORTED_INSTALLMENT_PLAN_CARD_OR_MERCHANT',
  'NOT_SUPPORTED_MONTHLY_INSTALLMENT_PLAN',
  'NOT_ALLOWED_POINT_USE',
  'BELOW_MINIMUM_AMOUNT',
  'RESTRICTED_TRANSFER_ACCOUNT',
  'NOT_AVAILABLE_BANK',
  'NOT_AVAILABLE_PAYMENT',
  'CARD_PROCESSING_ERROR',
  'FDS_ERROR',
]);

/** The default of `timeoutMs` (PAYMENT_GATEWAY_TIMEOUT_MS). */
const TIMEOUT_MS = 15_000;
/** A Toss payment object is a few KiB; a larger answer is not one (and is not buffered further). */
const MAX_RESPONSE_BYTES = 1 << 20;

export type TossOptions = {
  secretKey: string;
  clientKey: string | null;
  baseUrl: string;
  /** The methods the shop's Toss contract covers (TOSS_PAYMENT_METHODS; default all of PAYMENT_METHODS). */
  methods?: readonly PaymentMethod[];
  /** The longest one call may take, its body included (PAYMENT_GATEWAY_TIMEOUT_MS). */
  timeoutMs?: number;
};

type TossPaymentBody = {
  paymentKey?: unknown;
  orderId?: unknown;
  status?: unknown;
  totalAmount?: unknown;
  balanceAmount?: unknown;
  method?: unknown;
  easyPay?: unknown;
  approvedAt?: unknown;
};

function easyPayProviderOf(easyPay: unknown): string | null {
  const provider = (easyPay as { provider?: unknown } | null)?.provider;
  return typeof provider === 'string' && provider.length <= 30 ? provider : null;
}

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
    easyPayProvider: easyPayProviderOf(b.easyPay),
    approvedAt: typeof b.approvedAt === 'string' ? b.approvedAt : null,
    raw: body,
  };
}

export class TossGateway implements PaymentGateway {
  readonly name = 'toss';
  readonly clientKey: string | null;
  readonly methods: readonly PaymentMethod[];
  private readonly auth: string;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64, timeout: 30_000 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64, timeout: 30_000 });

  constructor(opts: TossOptions) {
    this.clientKey = opts.clientKey;
    this.methods = opts.methods ?? PAYMENT_METHODS;
    this.auth = `Basic ${Buffer.from(`${opts.secretKey}:`).toString('base64')}`;
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    deadlineSignal?: AbortSignal,
  ) {
    let res: { status: number; text: string };
    // This call's own limit, within the caller's deadline when there is one.
    const limit = deadline(this.timeoutMs, deadlineSignal);
    try {
      // A client span while tracing is on; the payment key never goes into its attributes.
      const operation = path
        .replace(/^\/v1\/payments\/orders\/[^/]+/, '/v1/payments/orders/{orderId}')
        .replace(/^\/v1\/payments\/(?!confirm$|orders\/)[^/]+/, '/v1/payments/{paymentKey}');
      res = await withSpan(`toss ${method} ${operation}`, { 'peer.service': 'toss' }, async (annotate) => {
        const answer = await this.send(
          method,
          path,
          body === undefined ? undefined : JSON.stringify(body),
          {
            authorization: this.auth,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          limit.signal,
        );
        annotate({ 'http.response.status_code': answer.status });
        return answer;
      });
    } catch (err) {
      throw new GatewayError(
        'NETWORK_ERROR',
        `결제사에 연결할 수 없습니다: ${(err as Error).message}`,
        502,
        true,
      );
    } finally {
      limit.end();
    }
    const { status, text } = res;
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (status < 200 || status > 299) {
      const e = (json ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof e.code === 'string' ? e.code : `HTTP_${status}`;
      const message = typeof e.message === 'string' ? e.message : `결제사 오류 (${status})`;
      throw new GatewayError(code, message, status, status >= 500 || UNCERTAIN_CODES.has(code));
    }
    return toGatewayPayment(json);
  }

  /**
   * One HTTP exchange over node:http(s) with keep-alive sockets: the gateway is called on every
   * confirm, and fetch's machinery (Request/Response objects, web streams) cost the server several
   * times the CPU of the exchange itself. The whole exchange, body included, must finish within
   * `timeoutMs` and the caller's deadline (the re-send below included), and an answer larger than MAX_RESPONSE_BYTES is
   * refused. A kept-alive socket the gateway closed while idle fails with ECONNRESET on reuse:
   * that request is sent once more on a new socket. The reset may also come after the gateway read
   * the request, so every call must be idempotent at the gateway: a GET is; a confirm sent twice is
   * answered ALREADY_PROCESSED_PAYMENT, which confirmOrder reads back and settles only as a DONE
   * payment of this order and amount (anything else is cancelled or refused); cancels carry an
   * Idempotency-Key.
   */
  private send(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
    signal: AbortSignal,
    retried = false,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const url = new URL(`${this.base}${path}`);
      const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        {
          method,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
          agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_RESPONSE_BYTES) {
              reject(new Error(`gateway answer larger than ${MAX_RESPONSE_BYTES} bytes`));
              req.destroy();
              return;
            }
            chunks.push(c);
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (!retried && req.reusedSocket && err.code === 'ECONNRESET') {
          this.send(method, path, body, headers, signal, true).then(resolve, reject);
        } else reject(err);
      });
      req.end(body);
    });
  }

  confirm(input: ConfirmInput, opts: CallOptions = {}): Promise<GatewayPayment> {
    return this.call(
      'POST',
      '/v1/payments/confirm',
      { paymentKey: input.paymentKey, orderId: input.orderId, amount: input.amount },
      { 'Idempotency-Key': confirmIdempotencyKey(input.paymentKey) },
      opts.signal,
    );
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

  getByOrder(orderId: string, opts: CallOptions = {}): Promise<GatewayPayment> {
    return this.call('GET', `/v1/payments/orders/${encodeURIComponent(orderId)}`, undefined, {}, opts.signal);
  }
}
