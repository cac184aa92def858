/**
 * Outbound SMS. `SmsSender` is the provider interface; two implementations:
 *   - SolapiSender: Solapi's REST API (POST {SOLAPI_BASE_URL}/messages/v4/send), chosen when
 *     SOLAPI_API_KEY, SOLAPI_API_SECRET and SOLAPI_SENDER are configured;
 *   - DevOutbox: keeps the last 100 messages in memory for GET /api/dev/sms-outbox; the default
 *     outside production. Production without Solapi keys does not start (config.ts, and again here).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { tracedFetch } from '../../platform/tracing.ts';

export interface SmsSender {
  readonly kind: 'solapi' | 'outbox';
  /** Sends `text` to a normalised mobile number (01012345678); rejects when it was not accepted. */
  send(phone: string, text: string): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

// ───────────────────────────── development outbox ─────────────────────────────

export type OutboxMessage = { phone: string; text: string; code: string | null; sent_at: Date };

export class DevOutbox implements SmsSender {
  readonly kind = 'outbox' as const;
  private readonly messages: OutboxMessage[] = [];
  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly capacity = 100,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const code = /\b(\d{6})\b/.exec(text)?.[1] ?? null;
    this.messages.push({ phone, text, code, sent_at: this.now() });
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
  }

  /** The latest message to `phone`, or null. */
  latest(phone: string): OutboxMessage | null {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i];
      if (m && m.phone === phone) return m;
    }
    return null;
  }

  get size(): number {
    return this.messages.length;
  }
}

// ───────────────────────────── Solapi ─────────────────────────────

export type SolapiOptions = {
  apiKey: string;
  apiSecret: string;
  /** Registered sender number (digits). */
  sender: string;
  baseUrl: string;
  fetch?: typeof fetch;
  /** Wall clock for the signed date: Solapi rejects dates far from its own time. */
  now?: () => Date;
  timeoutMs?: number;
};

/**
 * Solapi's API-key authentication: `Authorization: HMAC-SHA256 apiKey=<key>, date=<ISO 8601>,
 * salt=<random>, signature=<hex HMAC-SHA256 of date + salt under the API secret>`.
 */
export function solapiAuthorization(apiKey: string, apiSecret: string, date: string, salt: string): string {
  const signature = createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

export class SolapiSender implements SmsSender {
  readonly kind = 'solapi' as const;
  private readonly url: string;
  constructor(private readonly opts: SolapiOptions) {
    this.url = `${opts.baseUrl.replace(/\/+$/, '')}/messages/v4/send`;
  }

  async send(phone: string, text: string): Promise<void> {
    const date = (this.opts.now?.() ?? new Date()).toISOString();
    const salt = randomBytes(16).toString('hex');
    const doFetch = tracedFetch('sms', this.opts.fetch ?? fetch);
    let res: Response;
    try {
      res = await doFetch(this.url, {
        method: 'POST',
        headers: {
          authorization: solapiAuthorization(this.opts.apiKey, this.opts.apiSecret, date, salt),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ message: { to: phone, from: this.opts.sender, text } }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new SmsDeliveryError(`Solapi request failed: ${(err as Error).message}`);
    }
    if (!res.ok) {
      let reason = '';
      try {
        const body = (await res.json()) as { errorCode?: string; errorMessage?: string };
        reason = [body.errorCode, body.errorMessage].filter(Boolean).join(': ');
      } catch {
        // not JSON
      }
      throw new SmsDeliveryError(`Solapi answered ${res.status}${reason ? ` (${reason})` : ''}`, res.status);
    }
    await res.body?.cancel();
  }
}

// ───────────────────────────── choice per process ─────────────────────────────

type SmsConfig = Pick<
  Config,
  'isProduction' | 'SOLAPI_API_KEY' | 'SOLAPI_API_SECRET' | 'SOLAPI_SENDER' | 'SOLAPI_BASE_URL'
>;

/** Solapi when its keys are configured, otherwise the dev outbox — never in production. */
export function createSmsSender(config: SmsConfig, now?: () => Date): SmsSender {
  const { SOLAPI_API_KEY: apiKey, SOLAPI_API_SECRET: apiSecret, SOLAPI_SENDER: sender } = config;
  if (apiKey && apiSecret && sender) {
    return new SolapiSender({ apiKey, apiSecret, sender, baseUrl: config.SOLAPI_BASE_URL });
  }
  if (config.isProduction) {
    throw new Error(
      'SMS is not configured: set SOLAPI_API_KEY, SOLAPI_API_SECRET and SOLAPI_SENDER (the dev outbox is disabled in production)',
    );
  }
  return new DevOutbox(now);
}

const senders = new WeakMap<AppContext, SmsSender>();

/** The sender of this app context (created on first use). */
export function smsSenderFor(ctx: AppContext): SmsSender {
  let sender = senders.get(ctx);
  if (!sender) {
    sender = createSmsSender(ctx.config, () => ctx.clock.now());
    senders.set(ctx, sender);
  }
  return sender;
}

/** Replaces the sender of an app context (tests: a failing or recording provider). */
export function setSmsSender(ctx: AppContext, sender: SmsSender): void {
  senders.set(ctx, sender);
}
