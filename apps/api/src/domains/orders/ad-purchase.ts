/**
 * The Purchase ad-conversion event (SPEC.md §3 Ad-conversion event, §9 Ad events): fired once per
 * order, when it becomes PAID — by the confirm (payPendingOrder) or by applyGatewayPayment (a
 * confirm's locked path, the webhook, recovery) — after that change is committed. Both moves are
 * conditional on the order being PENDING, so exactly one of them reports a given order paid.
 *
 * The browser that confirms is not always the request that settles the order (the webhook may win
 * the race, or recovery settle it later), so confirm-order keeps the browser's details (address,
 * user agent, _fbc/_fbp, the event id the pixel used) for an hour under the order's id, and the
 * event is built from them whoever settles it.
 */
import { eq } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  type AdRequestInfo,
  adLogOf,
  adRequestInfo,
  adSenderFor,
  fireAdEvents,
  memberEmailHash,
  purchaseEvent,
} from '../ads/index.ts';

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

async function keptVisitor(ctx: AppContext, orderId: number): Promise<AdRequestInfo> {
  const raw = await ctx.kv.get(visitorKey(orderId));
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

/**
 * Sends the Purchase of a just-paid order: value the amount paid, contents its lines (product
 * display id, quantity, unit price sold), em the member's hashed e-mail. After the answer; never
 * throws. Returns the promise for tests to await.
 */
export function firePurchase(
  ctx: AppContext,
  orderId: number,
  visitor?: AdRequestInfo | null,
  log?: Log,
): Promise<void> {
  if (adSenderFor(ctx).kind === 'off') return Promise.resolve();
  const now = ctx.clock.now();
  return (async () => {
    const [order] = await ctx.db
      .select({ amount: orders.amount, user_id: orders.user_id })
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
    const info = visitor ?? (await keptVisitor(ctx, orderId));
    const email = await memberEmailHash(ctx.db, order.user_id);
    await fireAdEvents(ctx, [purchaseEvent({ amount: order.amount, lines }, now, { ...info, email })], log);
    await ctx.kv.del(visitorKey(orderId));
  })().catch((err: unknown) => (log ?? adLogOf(ctx))?.warn({ err }, 'Purchase event failed'));
}
