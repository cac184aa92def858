/**
 * The Purchase ad-conversion event (SPEC.md §3 Ad-conversion event, §9 Ad events): reported once
 * per order, when it becomes PAID — by the confirm (payPendingOrder) or by applyGatewayPayment (a
 * confirm's locked path, the webhook, recovery). Both moves are conditional on the order being
 * PENDING, so exactly one of them reports a given order paid, and it writes the event to the
 * outbox in the same statement or transaction as the PAID transition (docs/ARCHITECTURE.md,
 * "Outbox"): a crash, a SIGTERM or a Redis outage after the commit cannot lose it. The outbox
 * delivers it at least once, always with the same `event_id` (the pixel's when the browser sent
 * one, else one derived from the order), so the ad service counts it once.
 *
 * The browser that confirms is not always the request that settles the order (the webhook may win
 * the race, or recovery settle it later), so confirm-order keeps the browser's details (address,
 * user agent, _fbc/_fbp, the event id the pixel used) for an hour under the order's id, and the
 * settling move puts them in the event's outbox payload.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type OutboxEffect, type OutboxHandler, stableUuid } from '../../platform/outbox.ts';
import {
  type AdRequestInfo,
  adRequestInfo,
  adSenderFor,
  memberEmailHash,
  purchaseEvent,
} from '../ads/index.ts';
import { orderItems, orders } from './schema.ts';

const VISITOR_TTL_S = 60 * 60;
const visitorKey = (orderId: number) => `ads:purchase-visitor:${orderId}`;

type Log = { warn: (obj: object, msg: string) => void };
/** The confirming request (ip, headers, logger). */
export type PurchaseVisitor = {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  log?: Log;
};

/**
 * Keeps the confirming browser's details for the order's Purchase event. Null when no events are
 * sent (production without ad keys); never throws.
 */
export async function rememberPurchaseVisitor(
  ctx: AppContext,
  orderId: number,
  visitor: PurchaseVisitor | undefined,
): Promise<AdRequestInfo | null> {
  if (!visitor || adSenderFor(ctx).kind === 'off') return null;
  try {
    const info = adRequestInfo(visitor, ctx.clock.now());
    await ctx.kv.set(visitorKey(orderId), JSON.stringify(info), VISITOR_TTL_S);
    return info;
  } catch (err) {
    visitor.log?.warn({ err }, 'Purchase visitor not kept');
    return null;
  }
}

/** The kept details of the confirming browser, or none (also when the store is unreachable). */
export async function keptVisitor(ctx: AppContext, orderId: number): Promise<AdRequestInfo> {
  const raw = await ctx.kv.get(visitorKey(orderId)).catch(() => null);
  if (!raw) return {};
  const v = JSON.parse(raw) as Record<string, unknown>;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  return {
    ip: str('ip'),
    userAgent: str('userAgent'),
    fbc: str('fbc'),
    fbp: str('fbp'),
    sourceUrl: str('sourceUrl'),
    eventId: str('eventId'),
  };
}

/** The outbox kind of the Purchase event. */
export const AD_PURCHASE = 'ads.purchase';

/** The outbox key of an order's Purchase: one per order. */
export const purchaseKey = (orderId: number) => `${AD_PURCHASE}:${orderId}`;

/** The Purchase's event id when the browser sent none: the same on every delivery. */
export const purchaseEventId = (orderId: number) => stableUuid(purchaseKey(orderId));

/** The outbox payload of an order's Purchase: the order, the time it was paid, the browser. */
export function purchasePayload(orderId: number, at: Date, visitor: AdRequestInfo | null) {
  return { order_id: orderId, at: at.getTime(), visitor: visitor ?? {} };
}

/**
 * Whether this process sends Purchase events at all: without ad keys (production) there is no
 * receiver, so no effect is written (an outbox row nobody can deliver is only work).
 */
export const sendsPurchases = (ctx: AppContext): boolean => adSenderFor(ctx).kind !== 'off';

/** The Purchase of a just-paid order as an outbox effect (enqueued with the PAID transition). */
export function purchaseEffect(orderId: number, at: Date, visitor: AdRequestInfo | null): OutboxEffect {
  return { kind: AD_PURCHASE, key: purchaseKey(orderId), payload: purchasePayload(orderId, at, visitor), at };
}

/**
 * Sends the Purchase of a paid order: value the amount paid, contents its lines (product display
 * id, quantity, unit price sold), order_id its order number, em the member's hashed e-mail, the time it was paid and a fixed
 * event id. Throws when the ad service fails (the outbox retries).
 */
async function sendPurchase(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const sender = adSenderFor(ctx);
  if (sender.kind === 'off') return;
  const orderId = Number(payload.order_id);
  const [order] = await ctx.db
    .select({ order_no: orders.order_no, amount: orders.amount, user_id: orders.user_id })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const lines = await ctx.db
    .select({
      product_display_id: orderItems.product_display_id,
      quantity: orderItems.quantity,
      price: orderItems.price_discount,
    })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(orderItems.id);
  const visitor = (payload.visitor ?? {}) as AdRequestInfo;
  const email = await memberEmailHash(ctx, order.user_id);
  const at = new Date(Number(payload.at));
  const info = { ...visitor, eventId: visitor.eventId || purchaseEventId(orderId), email };
  await sender.send([purchaseEvent({ order_no: order.order_no, amount: order.amount, lines }, at, info)]);
  await ctx.kv.del(visitorKey(orderId)).catch(() => {});
}

/** The orders domain's outbox handlers (app wiring registers them). */
export const purchaseOutboxHandlers: Record<string, OutboxHandler> = {
  [AD_PURCHASE]: { deliver: (ctx, payload) => sendPurchase(ctx, payload) },
};
