/**
 * The sandbox gateway: plays Toss's flow locally, outside production, when no Toss keys are set.
 * Its checkout page (routes.ts) "authenticates" a payment by issuing a paymentKey signed over the
 * orderId, amount and payment method, then redirects to the success URL like Toss's payment window.
 * It offers every method of PAYMENT_METHODS and answers as Toss would for the one the window was
 * opened with (`method` 카드 / 간편결제 / 계좌이체, `easyPay.provider` for easy pay). confirm()
 * approves a key once (ALREADY_PROCESSED_PAYMENT afterwards), cancel() honours Idempotency-Key,
 * and get() / getByOrder() read the state. Approved payments live in memory (lost on restart: dev only).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isPaymentMethod, PAYMENT_METHODS, type PaymentMethod, tossAnswerOf } from '@codiroom/shared';
import type { CancelInput, ConfirmInput, GatewayPayment, PaymentGateway } from './gateway.ts';
import { GatewayError } from './gateway.ts';

type State = {
  orderId: string;
  amount: number;
  method: PaymentMethod;
  balance: number;
  status: GatewayPayment['status'];
  approvedAt: string | null;
  cancels: Map<string, GatewayPayment>;
};

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly clientKey = null;
  readonly methods: readonly PaymentMethod[] = PAYMENT_METHODS;
  private readonly secret: Buffer;
  private readonly payments = new Map<string, State>();
  /** Number of approvals made (tests: one charge per paid order). */
  charges = 0;

  /** `now`: the server's clock (the approval time a real gateway would answer). */
  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.secret = createHmac('sha256', secret).update('codiroom-payments-sandbox').digest();
  }

  private sign(nonce: string, orderId: string, amount: number, method: PaymentMethod): string {
    return createHmac('sha256', this.secret)
      .update(`${nonce}:${orderId}:${amount}:${method}`)
      .digest('base64url')
      .slice(0, 24);
  }

  /**
   * What the checkout page does when the shopper pays: a paymentKey for this order, amount and
   * method (the card window unless another was chosen).
   */
  authorize(orderId: string, amount: number, method: PaymentMethod = 'CARD'): string {
    const nonce = randomBytes(9).toString('base64url');
    return `sbx_${nonce}_${amount}_${method}_${this.sign(nonce, orderId, amount, method)}_${orderId}`;
  }

  /** The order id, amount and method a key was issued for, or null for a key this sandbox never issued. */
  private parse(paymentKey: string): { orderId: string; amount: number; method: PaymentMethod } | null {
    const m =
      /^sbx_([A-Za-z0-9_-]{12})_(\d{1,10})_([A-Z]{2,10})_([A-Za-z0-9_-]{24})_([A-Za-z0-9_-]{6,64})$/.exec(
        paymentKey,
      );
    if (!m) return null;
    const [, nonce, amountText, method, sig, orderId] = m as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!isPaymentMethod(method)) return null;
    const amount = Number(amountText);
    const want = Buffer.from(this.sign(nonce, orderId, amount, method));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got) ? { orderId, amount, method } : null;
  }

  /** A Toss-shaped Payment object: `method` and, for easy pay, `easyPay.provider` as Toss names them. */
  private body(
    paymentKey: string,
    s: Pick<State, 'orderId' | 'amount' | 'method' | 'status' | 'approvedAt'> & { balance: number },
  ): GatewayPayment {
    const answer = tossAnswerOf(s.method);
    const body = {
      paymentKey,
      orderId: s.orderId,
      status: s.status,
      totalAmount: s.amount,
      balanceAmount: s.balance,
      method: answer.method,
      easyPay: answer.easyPayProvider
        ? { provider: answer.easyPayProvider, amount: s.amount, discountAmount: 0 }
        : null,
      approvedAt: s.approvedAt,
    };
    const { easyPay: _, ...fields } = body;
    return { ...fields, easyPayProvider: answer.easyPayProvider, raw: body };
  }

  private view(paymentKey: string, s: State): GatewayPayment {
    return this.body(paymentKey, s);
  }

  async confirm(input: ConfirmInput): Promise<GatewayPayment> {
    const issued = this.parse(input.paymentKey);
    if (!issued)
      throw new GatewayError(
        'NOT_FOUND_PAYMENT_SESSION',
        '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.',
        404,
      );
    if (issued.orderId !== input.orderId || issued.amount !== input.amount) {
      throw new GatewayError('INVALID_REQUEST', '결제 금액 또는 주문번호가 결제 요청과 다릅니다.', 400);
    }
    if (this.payments.has(input.paymentKey)) {
      throw new GatewayError('ALREADY_PROCESSED_PAYMENT', '이미 처리된 결제 입니다.', 400);
    }
    const state: State = {
      orderId: input.orderId,
      amount: input.amount,
      method: issued.method,
      balance: input.amount,
      status: 'DONE',
      approvedAt: this.now().toISOString(),
      cancels: new Map(),
    };
    this.payments.set(input.paymentKey, state);
    this.charges += 1;
    return this.view(input.paymentKey, state);
  }

  async cancel(paymentKey: string, input: CancelInput, idempotencyKey: string): Promise<GatewayPayment> {
    const s = this.payments.get(paymentKey);
    if (!s) throw new GatewayError('NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.', 404);
    const previous = s.cancels.get(idempotencyKey);
    if (previous) return previous;
    const amount = input.cancelAmount ?? s.balance;
    if (s.balance <= 0) throw new GatewayError('ALREADY_CANCELED_PAYMENT', '이미 취소된 결제 입니다.', 400);
    if (amount <= 0 || amount > s.balance) {
      throw new GatewayError('NOT_CANCELABLE_AMOUNT', '취소 할 수 없는 금액 입니다.', 403);
    }
    s.balance -= amount;
    s.status = s.balance === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
    const result = this.view(paymentKey, s);
    s.cancels.set(idempotencyKey, result);
    return result;
  }

  /** The approved payment of an order (a key issued but never confirmed is not one yet). */
  async getByOrder(orderId: string): Promise<GatewayPayment> {
    for (const [key, s] of this.payments) if (s.orderId === orderId) return this.view(key, s);
    throw new GatewayError('NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.', 404);
  }

  async get(paymentKey: string): Promise<GatewayPayment> {
    const s = this.payments.get(paymentKey);
    if (s) return this.view(paymentKey, s);
    const issued = this.parse(paymentKey);
    if (!issued) throw new GatewayError('NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.', 404);
    return this.body(paymentKey, {
      ...issued,
      status: 'IN_PROGRESS',
      balance: issued.amount,
      approvedAt: null,
    });
  }
}
