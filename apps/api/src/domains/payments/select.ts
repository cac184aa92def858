/**
 * Which gateway a context uses: one per AppContext, the Toss adapter when TOSS_SECRET_KEY is set,
 * the sandbox outside production otherwise, and in production without keys a disabled gateway
 * (503). Tests swap it with setGateway().
 */
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import type { GatewayError, GatewayPayment, PaymentGateway } from './gateway.ts';
import { SandboxGateway } from './sandbox.ts';
import { REFUSAL_CODES, TossGateway } from './toss.ts';

/**
 * A confirm's error is the gateway refusing the payment it was asked to approve (Toss's codes:
 * toss.ts REFUSAL_CODES), never an outcome-unknown failure nor a key it does not know.
 */
export function refusesPayment(err: GatewayError): boolean {
  return !err.uncertain && REFUSAL_CODES.has(err.code);
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
  getByOrder(): Promise<GatewayPayment> {
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
      timeoutMs: c.PAYMENT_GATEWAY_TIMEOUT_MS,
      ...(c.TOSS_PAYMENT_METHODS ? { methods: c.TOSS_PAYMENT_METHODS } : {}),
    });
  }
  if (c.isProduction) return new DisabledGateway();
  return new SandboxGateway(c.jwtSecret, () => ctx.clock.now());
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
