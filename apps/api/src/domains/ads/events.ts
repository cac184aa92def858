/**
 * The seven ad-conversion events (SPEC.md §3 Ad-conversion event, §9 Ad events): Purchase,
 * AddToCart, AddToWishlist, CompleteRegistration, SubmitApplication, PageView and ViewContent.
 * Every event carries an event_id (the browser's, else a random UUID) so the service counts it
 * once with the browser pixel's copy; `em` is the hashed e-mail, a list holding null for PageView
 * and ViewContent.
 */
import { createHash, randomUUID } from 'node:crypto';
import { adUnitPrice } from './price.ts';
import type { AdConversionEvent, AdCustomData, AdRequestInfo, AdUserData } from './types.ts';

/** The conversion service's `em`: SHA-256 hex of the trimmed, lower-cased address. */
export function hashEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? createHash('sha256').update(e).digest('hex') : null;
}

function userData(info: AdRequestInfo, withEmail: boolean): AdUserData {
  return {
    client_ip_address: info.ip ?? null,
    client_user_agent: info.userAgent ?? null,
    fbc: info.fbc ?? null,
    fbp: info.fbp ?? null,
    em: [withEmail ? (info.email ?? null) : null],
  };
}

function baseEvent(
  eventName: string,
  now: Date,
  info: AdRequestInfo,
  opts: { eventId?: string | null | undefined; withEmail?: boolean; custom?: AdCustomData } = {},
): AdConversionEvent {
  const event: AdConversionEvent = {
    event_name: eventName,
    event_time: Math.floor(now.getTime() / 1000),
    event_id: opts.eventId || info.eventId || randomUUID(),
    action_source: 'website',
    user_data: userData(info, opts.withEmail ?? true),
  };
  if (info.sourceUrl) event.event_source_url = info.sourceUrl;
  if (opts.custom) event.custom_data = opts.custom;
  return event;
}

type Line = { id: number; quantity: number; price: number };

/** custom_data of a product event: contents (id, quantity, item_price), their ids, the value. */
function productData(lines: Line[], value?: number): AdCustomData {
  const contents = lines.map((l) => ({ id: String(l.id), quantity: l.quantity, item_price: l.price }));
  return {
    value: value ?? lines.reduce((s, l) => s + l.price * l.quantity, 0),
    currency: 'KRW',
    contents,
    content_ids: [...new Set(contents.map((c) => c.id))],
    content_type: 'product',
  };
}

/** SPEC.md §9: AddToWishlist uses price_discount, falling back to price (adUnitPrice), with quantity 1. */
export function addToWishlistEvent(
  product: { id: number; price: number; price_discount: number | null | undefined },
  now: Date,
  info: AdRequestInfo = {},
): AdConversionEvent {
  const price = adUnitPrice(product);
  return baseEvent('AddToWishlist', now, info, {
    custom: productData([{ id: product.id, quantity: 1, price }]),
  });
}

/** AddToCart for the carts domain: one content per product display (id, quantity, item_price). */
export function addToCartEvent(
  lines: { product_display_id: number; quantity: number; price: number }[],
  now: Date,
  info: AdRequestInfo = {},
): AdConversionEvent {
  return baseEvent('AddToCart', now, info, {
    custom: productData(
      lines.map((l) => ({ id: l.product_display_id, quantity: l.quantity, price: l.price })),
    ),
  });
}

/**
 * Purchase (SPEC.md §9: contents carry id, quantity, price): value is the amount paid (integer
 * won, after coupons and points, with shipping), each content an order line: the product display
 * id, the quantity and the unit price it was sold at.
 */
export function purchaseEvent(
  order: {
    order_no: string;
    amount: number;
    lines: { product_display_id: number; quantity: number; price: number }[];
  },
  now: Date,
  info: AdRequestInfo = {},
): AdConversionEvent {
  return baseEvent('Purchase', now, info, {
    custom: {
      ...productData(
        order.lines.map((l) => ({ id: l.product_display_id, quantity: l.quantity, price: l.price })),
        order.amount,
      ),
      // The conversions API's order_id: which order a Purchase is, whatever its event id.
      order_id: order.order_no,
    },
  });
}

export type RegistrationMethod = 'phone' | 'kakao' | 'apple' | 'naver';

/** CompleteRegistration at sign-up, with how the member signed up. */
export function completeRegistrationEvent(
  method: RegistrationMethod,
  now: Date,
  info: AdRequestInfo = {},
): AdConversionEvent {
  return baseEvent('CompleteRegistration', now, info, { custom: { fb_registration_method: method } });
}

/** SubmitApplication when the style quiz (the curation application) is submitted. */
export function submitApplicationEvent(now: Date, info: AdRequestInfo = {}): AdConversionEvent {
  return baseEvent('SubmitApplication', now, info);
}

/** PageView (SPEC.md §3: em is a list holding null). */
export function pageViewEvent(
  now: Date,
  info: AdRequestInfo = {},
  eventId?: string | null,
): AdConversionEvent {
  return baseEvent('PageView', now, info, { eventId, withEmail: false });
}

/** ViewContent of a product page, priced as AddToWishlist (SPEC.md §3: em is a list holding null). */
export function viewContentEvent(
  product: { id: number; price: number; price_discount: number | null | undefined },
  now: Date,
  info: AdRequestInfo = {},
  eventId?: string | null,
): AdConversionEvent {
  return baseEvent('ViewContent', now, info, {
    eventId,
    withEmail: false,
    custom: productData([{ id: product.id, quantity: 1, price: adUnitPrice(product) }]),
  });
}
