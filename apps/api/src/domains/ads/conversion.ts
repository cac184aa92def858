/**
 * Ad-conversion events (SPEC.md §3 Ad-conversion event, §7 Other outbound calls, §9 Ad events).
 * `AdConversionSender` is the interface; two implementations:
 *   - GraphAdSender: POST {AD_BASE_URL}/v18.0/{AD_PIXEL_ID}/events?access_token={AD_ACCESS_TOKEN},
 *     body `{ data: [events] }`; chosen when AD_PIXEL_ID and AD_ACCESS_TOKEN are set;
 *   - DevAdSink: keeps the last 200 events in memory (the default).
 * Sending never fails a request: `fireAdEvents` swallows and logs every error.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { adUnitPrice } from './price.ts';

export const AD_API_VERSION = 'v18.0';

export type AdUserData = {
  client_ip_address?: string | null;
  client_user_agent?: string | null;
  fbc?: string | null;
  fbp?: string | null;
  /** Hashed e-mail addresses; a list holding null for PageView and ViewContent. */
  em?: (string | null)[];
};

export type AdContent = { id: string; quantity: number; item_price: number };

export type AdCustomData = {
  value?: number;
  currency?: 'KRW';
  contents?: AdContent[];
  content_ids?: string[];
  content_type?: 'product';
  fb_registration_method?: string;
};

export type AdConversionEvent = {
  event_name: string;
  /** Unix seconds. */
  event_time: number;
  action_source: 'website';
  event_source_url?: string;
  user_data: AdUserData;
  custom_data?: AdCustomData;
};

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

export class GraphAdSender implements AdConversionSender {
  readonly kind = 'graph' as const;
  constructor(
    private readonly opts: { baseUrl: string; pixelId: string; accessToken: string; timeoutMs?: number },
  ) {}

  async send(events: AdConversionEvent[]): Promise<void> {
    if (events.length === 0) return;
    const base = this.opts.baseUrl.replace(/\/+$/, '');
    const url = `${base}/${AD_API_VERSION}/${encodeURIComponent(this.opts.pixelId)}/events?access_token=${encodeURIComponent(this.opts.accessToken)}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: events }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`Ad conversion service answered ${res.status}`);
    }
    await res.body?.cancel();
  }
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

/** Production without AD_PIXEL_ID/AD_ACCESS_TOKEN: conversion events are not sent anywhere. */
export class NoAdSender implements AdConversionSender {
  readonly kind = 'off' as const;
  async send(): Promise<void> {}
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

/** Fire-and-forget: errors are logged, never thrown. Returns the promise for tests to await. */
export function fireAdEvents(ctx: AppContext, events: AdConversionEvent[], log?: Log): Promise<void> {
  let p: Promise<void>;
  try {
    p = adSenderFor(ctx).send(events);
  } catch (err) {
    p = Promise.reject(err);
  }
  return p.catch((err: unknown) => {
    log?.warn({ err, events: events.map((e) => e.event_name) }, 'ad conversion send failed');
  });
}

/** What the request tells about the visitor (client_ip_address, client_user_agent, fbc, fbp). */
export type AdRequestInfo = {
  ip?: string | null;
  userAgent?: string | null;
  fbc?: string | null;
  fbp?: string | null;
  /** SHA-256 hex of the trimmed, lower-cased e-mail (hashEmail), never the address itself. */
  email?: string | null;
  sourceUrl?: string | null;
};

function userData(info: AdRequestInfo): AdUserData {
  return {
    client_ip_address: info.ip ?? null,
    client_user_agent: info.userAgent ?? null,
    fbc: info.fbc ?? null,
    fbp: info.fbp ?? null,
    em: [info.email ?? null],
  };
}

function productEvent(
  eventName: string,
  now: Date,
  info: AdRequestInfo,
  lines: { id: number; quantity: number; price: number }[],
): AdConversionEvent {
  const contents = lines.map((l) => ({ id: String(l.id), quantity: l.quantity, item_price: l.price }));
  const event: AdConversionEvent = {
    event_name: eventName,
    event_time: Math.floor(now.getTime() / 1000),
    action_source: 'website',
    user_data: userData(info),
    custom_data: {
      value: lines.reduce((s, l) => s + l.price * l.quantity, 0),
      currency: 'KRW',
      contents,
      content_ids: contents.map((c) => c.id),
      content_type: 'product',
    },
  };
  if (info.sourceUrl) event.event_source_url = info.sourceUrl;
  return event;
}

/** The conversion service's `em`: SHA-256 hex of the trimmed, lower-cased address. */
export function hashEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? createHash('sha256').update(e).digest('hex') : null;
}

/** SPEC.md §9: AddToWishlist uses price_discount, falling back to price (adUnitPrice), with quantity 1. */
export function addToWishlistEvent(
  product: { id: number; price: number; price_discount: number | null | undefined },
  now: Date,
  info: AdRequestInfo = {},
): AdConversionEvent {
  const price = adUnitPrice(product);
  return productEvent('AddToWishlist', now, info, [{ id: product.id, quantity: 1, price }]);
}

/** AddToCart for the carts domain: one content per product display (id, quantity, item_price). */
export function addToCartEvent(
  lines: { product_display_id: number; quantity: number; price: number }[],
  now: Date,
  info: AdRequestInfo = {},
): AdConversionEvent {
  return productEvent(
    'AddToCart',
    now,
    info,
    lines.map((l) => ({ id: l.product_display_id, quantity: l.quantity, price: l.price })),
  );
}

/** Visitor details from a Fastify request (ip, user agent, _fbc/_fbp cookies, referer). */
export function adRequestInfo(req: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): AdRequestInfo {
  const h = (k: string) => {
    const v = req.headers[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const cookies = h('cookie') ?? '';
  const cookie = (name: string) => {
    const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookies);
    return m?.[1] ? decodeURIComponent(m[1]) : null;
  };
  return {
    ip: req.ip,
    userAgent: h('user-agent') ?? null,
    fbc: cookie('_fbc'),
    fbp: cookie('_fbp'),
    sourceUrl: h('referer') ?? null,
  };
}
