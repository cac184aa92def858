/**
 * Ad-conversion events (SPEC.md §3 Ad-conversion event, §7 Other outbound calls, §9 Ad events).
 * `AdConversionSender` is the interface; three implementations:
 *   - GraphAdSender: POST {AD_BASE_URL}/v18.0/{AD_PIXEL_ID}/events?access_token={AD_ACCESS_TOKEN},
 *     body `{ data: [events] }` (at most 1000 a request, the service's limit); a network error, a
 *     5xx or a 429 is retried at most twice (after 200 ms, then 800 ms), a 4xx never;
 *     chosen when AD_PIXEL_ID and AD_ACCESS_TOKEN are set;
 *   - DevAdSink: keeps the last 200 events in memory (the default outside production);
 *   - NoAdSender: production without keys sends nothing.
 * Sending never fails a request: `fireAdEvents` and `fireRequestAdEvents` swallow and log every
 * error; the shopper never sees one. A member's e-mail (hashed into `em`) is the users domain's:
 * app.ts wires its reader (`useMemberEmails`), since users depends on ads.
 */
import type { AppContext } from '../../platform/context.ts';
import { tracedFetch } from '../../platform/tracing.ts';
import type { Conn } from '../../platform/transactions.ts';
import { hashEmail } from './events.ts';
import { adRequestInfo } from './request-info.ts';
import type { AdConversionEvent, AdRequestInfo } from './types.ts';

export {
  addToCartEvent,
  addToWishlistEvent,
  completeRegistrationEvent,
  hashEmail,
  pageViewEvent,
  purchaseEvent,
  type RegistrationMethod,
  submitApplicationEvent,
  viewContentEvent,
} from './events.ts';
export { adRequestInfo } from './request-info.ts';
export type { AdContent, AdConversionEvent, AdCustomData, AdRequestInfo, AdUserData } from './types.ts';

export const AD_API_VERSION = 'v18.0';
/** The conversion service takes at most 1000 events a request. */
export const AD_BATCH_MAX = 1000;
/** The waits before the second and third attempt of a failed send. */
export const AD_RETRY_DELAYS_MS = [200, 800] as const;

export interface AdConversionSender {
  readonly kind: 'graph' | 'dev' | 'off';
  /** Sends events; may reject (callers go through fireAdEvents, which swallows). */
  send(events: AdConversionEvent[]): Promise<void>;
}

export class DevAdSink implements AdConversionSender {
  readonly kind = 'dev' as const;
  readonly events: AdConversionEvent[] = [];
  constructor(private readonly capacity = 200) {}
  async send(events: AdConversionEvent[]): Promise<void> {
    this.events.push(...events);
    if (this.events.length > this.capacity) this.events.splice(0, this.events.length - this.capacity);
  }
}

/** An answer worth another attempt: the service is down or busy, not refusing the events. */
class RetryableAdError extends Error {}

export type GraphAdSenderOptions = {
  baseUrl: string;
  pixelId: string;
  accessToken: string;
  timeoutMs?: number;
  /** Tests: the waits between attempts and the HTTP client. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
};

export class GraphAdSender implements AdConversionSender {
  readonly kind = 'graph' as const;
  constructor(private readonly opts: GraphAdSenderOptions) {}

  /** Sends in batches of at most 1000; every batch is tried; the first failure is thrown after. */
  async send(events: AdConversionEvent[]): Promise<void> {
    let failure: unknown = null;
    for (let i = 0; i < events.length; i += AD_BATCH_MAX) {
      try {
        await this.sendBatch(events.slice(i, i + AD_BATCH_MAX));
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure) throw failure;
  }

  private async sendBatch(batch: AdConversionEvent[]): Promise<void> {
    const delays = this.opts.retryDelaysMs ?? AD_RETRY_DELAYS_MS;
    const sleep = this.opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.post(batch);
      } catch (err) {
        const delay = delays[attempt];
        if (!(err instanceof RetryableAdError) || delay === undefined) throw err;
        await sleep(delay);
      }
    }
  }

  private async post(batch: AdConversionEvent[]): Promise<void> {
    const base = this.opts.baseUrl.replace(/\/+$/, '');
    const url = `${base}/${AD_API_VERSION}/${encodeURIComponent(this.opts.pixelId)}/events?access_token=${encodeURIComponent(this.opts.accessToken)}`;
    let res: Response;
    try {
      res = await tracedFetch('ads', this.opts.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: batch }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
      });
    } catch (err) {
      // No answer (refused, reset, timed out): worth another attempt.
      throw new RetryableAdError('Ad conversion service unreachable', { cause: err });
    }
    await res.body?.cancel().catch(() => {});
    if (res.ok) return;
    const message = `Ad conversion service answered ${res.status}`;
    // 5xx and 429 are the service's trouble; any other 4xx refuses these events for good.
    throw res.status >= 500 || res.status === 429 ? new RetryableAdError(message) : new Error(message);
  }
}

/** Production without AD_PIXEL_ID/AD_ACCESS_TOKEN: conversion events are not sent anywhere. */
export class NoAdSender implements AdConversionSender {
  readonly kind = 'off' as const;
  async send(): Promise<void> {}
}

export function createAdSender(config: AppContext['config']): AdConversionSender {
  if (config.AD_PIXEL_ID && config.AD_ACCESS_TOKEN) {
    return new GraphAdSender({
      baseUrl: config.AD_BASE_URL,
      pixelId: config.AD_PIXEL_ID,
      accessToken: config.AD_ACCESS_TOKEN,
    });
  }
  // Stand-ins exist only outside production: a production shop without ad keys sends nothing.
  return config.NODE_ENV === 'production' ? new NoAdSender() : new DevAdSink();
}

const senders = new WeakMap<AppContext, AdConversionSender>();

/** The sender of this app context (created on first use). */
export function adSenderFor(ctx: AppContext): AdConversionSender {
  let sender = senders.get(ctx);
  if (!sender) {
    sender = createAdSender(ctx.config);
    senders.set(ctx, sender);
  }
  return sender;
}

/** Replaces the sender of an app context (tests). */
export function setAdSender(ctx: AppContext, sender: AdConversionSender): void {
  senders.set(ctx, sender);
}

type Log = { warn: (obj: object, msg: string) => void };
const logs = new WeakMap<AppContext, Log>();

/** The app's logger, for failures of events fired outside a request (the webhook, recovery). */
export function useAdLog(ctx: AppContext, log: Log): void {
  logs.set(ctx, log);
}

/** The logger useAdLog registered, if any. */
export function adLogOf(ctx: AppContext): Log | undefined {
  return logs.get(ctx);
}

/** Fire-and-forget: errors are logged, never thrown. Returns the promise for tests to await. */
export function fireAdEvents(ctx: AppContext, events: AdConversionEvent[], log?: Log): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  let p: Promise<void>;
  try {
    p = adSenderFor(ctx).send(events);
  } catch (err) {
    p = Promise.reject(err);
  }
  return p.catch((err: unknown) => {
    (log ?? logs.get(ctx))?.warn(
      { err, events: events.map((e) => e.event_name) },
      'ad conversion send failed',
    );
  });
}

/** Reads a member's e-mail address (null without one): the users domain's, wired by app.ts. */
export type MemberEmailReader = (db: Conn, userId: number) => Promise<string | null>;
const emailReaders = new WeakMap<AppContext, MemberEmailReader>();

/** Wires how this app context reads a member's e-mail (app.ts: users' `memberEmail`). */
export function useMemberEmails(ctx: AppContext, reader: MemberEmailReader): void {
  emailReaders.set(ctx, reader);
}

/** The member's hashed e-mail (`em`), null without a member or an address. */
export async function memberEmailHash(
  ctx: AppContext,
  userId: number | null | undefined,
): Promise<string | null> {
  if (!userId) return null;
  const reader = emailReaders.get(ctx);
  if (!reader)
    throw new Error('ads: no member e-mail reader wired for this context (app.ts useMemberEmails)');
  return hashEmail(await reader(ctx.db, userId));
}

/**
 * The events a request fires, after its answer: the visitor details are read from the request now,
 * the member's hashed e-mail (`email` when the caller has the address, else looked up for
 * `userId`) and `build` run later. Nothing is built when no events are sent (production without
 * keys). Never throws; failures are logged. Returns the promise for tests to await.
 */
export function fireRequestAdEvents(
  ctx: AppContext,
  req: { ip: string; headers: Record<string, string | string[] | undefined>; log?: Log },
  who: { userId?: number | null; email?: string | null },
  build: (info: AdRequestInfo) => AdConversionEvent[] | Promise<AdConversionEvent[]>,
): Promise<void> {
  if (adSenderFor(ctx).kind === 'off') return Promise.resolve();
  const log = req.log ?? logs.get(ctx);
  let info: AdRequestInfo;
  try {
    info = adRequestInfo(req, ctx.clock.now());
  } catch (err) {
    log?.warn({ err }, 'ad conversion event failed');
    return Promise.resolve();
  }
  return (async () => {
    const email = who.email !== undefined ? hashEmail(who.email) : await memberEmailHash(ctx, who.userId);
    const events = await build({ ...info, email });
    await fireAdEvents(ctx, events, log);
  })().catch((err: unknown) => log?.warn({ err }, 'ad conversion event failed'));
}
