/**
 * Returns (refunds), exchanges and status changes of order items (SPEC.md, 'Orders'; the rules are
 * in claims.ts's header). Every claim runs with the order row locked, so concurrent claims on one order serialise.
 */
import {
  type ClaimReason,
  canMemberMove,
  canOperatorMove,
  isReturnRefundable,
  isWithinWithdrawal,
  MEMBER_TRANSITIONS,
  type OrderItemStatus,
  parseItemStatus,
  returnStep,
  withdrawalDeadline,
} from '@codiroom/shared';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Tx } from '../../platform/transactions.ts';
import {
  displaysChanged,
  otherActiveItemsOfProduct,
  productItemRows,
  putBackItemStock,
  takeItemStock,
} from '../catalog/index.ts';
import { afterReviewWithdrawn } from '../reviews/index.ts';
import { notify } from '../users/index.ts';
import { applyCouponClawback, claimRefund, earnForItem, releaseItemBenefits } from './benefits.ts';
import {
  assertReturnable,
  CLAIM_MSG,
  cancelItem,
  costOf,
  type ItemRow,
  itemOf,
  lockItem,
  refundThroughGateway,
  settleOrderStatus,
} from './claims.ts';
import { itemBodies } from './detail.ts';
import { MSG } from './model.ts';
import { exchanges, orderItems, orders, refunds } from './schema.ts';
import { releaseStock } from './stock.ts';

// ───────────────────────────── refunds ─────────────────────────────

type RefundRow = typeof refunds.$inferSelect;

/**
 * A return request carrying the return shipping of its parcel (one charge per order and brand,
 * requestRefunds) was withdrawn or rejected (order row locked): the charge moves to another
 * pending return of the same request (same order, brand, reason and time) that was let off it, so
 * withdrawing the charged one cannot send the rest of the parcel back for free.
 */
async function moveReturnCost(tx: Tx, dropped: RefundRow, brandId: number | null): Promise<void> {
  if (dropped.return_cost <= 0) return;
  const [next] = await tx
    .select({ id: refunds.id, paid_amount: orderItems.paid_amount, clawback: refunds.coupon_clawback })
    .from(refunds)
    .innerJoin(orderItems, eq(orderItems.id, refunds.order_item_id))
    .where(
      and(
        eq(refunds.order_id, dropped.order_id),
        eq(refunds.status, 'REQUESTED'),
        eq(refunds.return_cost, 0),
        eq(refunds.reason, dropped.reason),
        eq(refunds.created_at, dropped.created_at),
        ne(refunds.id, dropped.id),
        brandId === null ? sql`${orderItems.brand_id} is null` : eq(orderItems.brand_id, brandId),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(1);
  if (!next) return;
  await tx
    .update(refunds)
    .set({
      return_cost: dropped.return_cost,
      amount: Math.max(0, next.paid_amount - dropped.return_cost - next.clawback),
    })
    .where(eq(refunds.id, next.id));
}

async function refundBodies(ctx: AppContext, rows: RefundRow[]) {
  if (rows.length === 0) return [];
  const items = await ctx.db
    .select({ id: orderItems.id, name: orderItems.name, order_no: orders.order_no })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      inArray(
        orderItems.id,
        rows.map((r) => r.order_item_id),
      ),
    );
  const byId = new Map(items.map((i) => [i.id, i]));
  return rows.map((r) => ({
    id: r.id,
    order_id: byId.get(r.order_item_id)?.order_no ?? '',
    order_item_id: r.order_item_id,
    name: byId.get(r.order_item_id)?.name ?? '',
    reason: r.reason,
    amount: r.amount,
    return_cost: r.return_cost,
    coupon_clawback: r.coupon_clawback,
    status: r.status,
    created_at: r.created_at.toISOString(),
    completed_at: r.completed_at ? r.completed_at.toISOString() : null,
  }));
}

export async function requestRefunds(
  ctx: AppContext,
  userId: number,
  body: { order_item_ids: number[]; reason_type: ClaimReason; reason: string },
) {
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const out: RefundRow[] = [];
    const chargedBrands = new Set<string>();
    for (const id of [...new Set(body.order_item_ids)].sort((a, b) => a - b)) {
      const { item, order } = await lockItem(tx, id, userId);
      assertReturnable(item, now);
      // Return shipping is charged once per order and brand (one parcel goes back).
      const key = `${order.id}:${item.brand_id}`;
      const cost = chargedBrands.has(key)
        ? 0
        : await costOf({ db: tx }, item, order, 'refund', body.reason_type);
      chargedBrands.add(key);
      // An estimate while other items may still close; completeRefund settles it.
      const refund = await claimRefund(tx, order, item, item.paid_amount - cost, now);
      const [r] = await tx
        .insert(refunds)
        .values({
          order_id: order.id,
          order_item_id: item.id,
          user_id: userId,
          reason: `[${body.reason_type}] ${body.reason}`,
          amount: refund.refund,
          return_cost: cost,
          coupon_clawback: refund.clawback,
          status: 'REQUESTED',
          created_at: now,
        })
        .returning();
      if (!r) throw new Error('refund insert failed');
      await tx
        .update(orderItems)
        .set({ status: 'REFUND_REQUESTED', updated_at: now })
        .where(eq(orderItems.id, item.id));
      out.push(r);
    }
    return out;
  });
  return { result: await refundBodies(ctx, created) };
}

/** Operator: the returned item arrived; its refund goes back through the gateway. */
export async function completeRefund(ctx: AppContext, refundId: number) {
  const now = ctx.clock.now();
  // The points the refund gave back (0 when it was already completed).
  let pointsBack = 0;
  let moved: number[] = [];
  const reviewWithdrawn = await ctx.db.transaction(async (tx) => {
    moved = [];
    const [head] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!head) throw notFound(CLAIM_MSG.refundNotFound);
    const { order, item } = await lockItem(tx, head.order_item_id, null);
    const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!r || r.status === 'COMPLETED') return null;
    if (r.status === 'REJECTED' || item.status !== 'REFUND_REQUESTED') throw badRequest(CLAIM_MSG.badMove);
    // SPEC.md, 'Orders': a return is refunded only once collected and inspected (회수 완료, 검수 완료).
    if (!isReturnRefundable(returnStep(r))) throw conflict(CLAIM_MSG.notInspected);
    // The coupons re-evaluated with the order as it stands now (other items may have closed since
    // the request).
    const refund = await claimRefund(tx, order, item, item.paid_amount - r.return_cost, now);
    await refundThroughGateway(ctx, tx, r.order_id, refund.refund, '반품 환불', `refund-${r.id}`);
    await tx
      .update(refunds)
      .set({
        status: 'COMPLETED',
        completed_at: now,
        amount: refund.refund,
        coupon_clawback: refund.clawback,
      })
      .where(eq(refunds.id, r.id));
    await tx
      .update(orderItems)
      .set({ status: 'REFUNDED', updated_at: now })
      .where(eq(orderItems.id, r.order_item_id));
    await applyCouponClawback(tx, r.order_item_id, refund);
    moved = await releaseStock(tx, r.order_id, [r.order_item_id]);
    const orderStatus = await settleOrderStatus(tx, r.order_id, now);
    // Like a cancel: the item's points share and line coupon, the rest with the last live item.
    const released = await releaseItemBenefits(tx, order, item, orderStatus === 'CANCELLED', now);
    pointsBack = released.points;
    return released.review_withdrawn;
  });
  await displaysChanged(ctx, moved);
  if (reviewWithdrawn !== null) await afterReviewWithdrawn(ctx, reviewWithdrawn);
  const [r] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  const body = (await refundBodies(ctx, r ? [r] : []))[0];
  return body ? { ...body, points_back: pointsBack } : undefined;
}

export async function refundOf(ctx: AppContext, userId: number, id: number) {
  const [r] = await ctx.db.select().from(refunds).where(eq(refunds.id, id));
  if (!r || r.user_id !== userId) throw notFound(CLAIM_MSG.refundNotFound);
  return (await refundBodies(ctx, [r]))[0] as Awaited<ReturnType<typeof refundBodies>>[number];
}

export async function refundList(ctx: AppContext, userId: number, page: number, limit: number) {
  const [c] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(eq(refunds.user_id, userId));
  const total = Number(c?.n ?? 0);
  const rows = await ctx.db
    .select()
    .from(refunds)
    .where(eq(refunds.user_id, userId))
    .orderBy(desc(refunds.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const result = await refundBodies(ctx, rows);
  return { page, count: result.length, total_count: total, total_page: Math.ceil(total / limit), result };
}

// ───────────────────────────── exchanges ─────────────────────────────

type ExchangeRow = typeof exchanges.$inferSelect;
const exchangeBody = (e: ExchangeRow) => ({
  id: e.id,
  order_item_id: e.order_item_id,
  new_product_item_id: e.new_product_item_id,
  reason: e.reason,
  return_cost: e.return_cost,
  status: e.status,
  created_at: e.created_at.toISOString(),
});

export async function requestExchange(
  ctx: AppContext,
  userId: number,
  body: { order_item_id: number; new_product_item_id: number; reason_type: ClaimReason; reason: string },
) {
  const now = ctx.clock.now();
  let taken: number | null = null;
  const out = await ctx.db.transaction(async (tx) => {
    const { item, order } = await lockItem(tx, body.order_item_id, userId);
    assertReturnable(item, now);
    if (body.new_product_item_id === item.product_item_id) throw badRequest(CLAIM_MSG.sameItem);
    const rows = await productItemRows(tx, [item.product_item_id, body.new_product_item_id]);
    const from = rows.get(item.product_item_id);
    const to = rows.get(body.new_product_item_id);
    if (!to || !from) throw notFound('상품을 찾을 수 없습니다.');
    if (to.product_id !== from.product_id) throw badRequest(CLAIM_MSG.otherProduct);
    if (to.extra_price !== from.extra_price) throw badRequest(CLAIM_MSG.otherPrice);
    taken = await takeItemStock(tx, to.id, item.quantity);
    if (taken === null) throw badRequest(CLAIM_MSG.exchangeStock);
    const cost = await costOf({ db: tx }, item, order, 'exchange', body.reason_type);
    const [e] = await tx
      .insert(exchanges)
      .values({
        order_item_id: item.id,
        new_product_item_id: to.id,
        user_id: userId,
        reason: `[${body.reason_type}] ${body.reason}`,
        return_cost: cost,
        status: 'REQUESTED',
        created_at: now,
      })
      .returning();
    if (!e) throw new Error('exchange insert failed');
    await tx
      .update(orderItems)
      .set({ status: 'EXCHANGE_REQUESTED', updated_at: now })
      .where(eq(orderItems.id, item.id));
    return exchangeBody(e);
  });
  await displaysChanged(ctx, taken === null ? [] : [taken]);
  return out;
}

export async function exchangeDetail(ctx: AppContext, userId: number, itemId: number) {
  const { item, order } = await itemOf(ctx, itemId, userId);
  const body = (await itemBodies(ctx.db, [order.id])).get(order.id)?.find((i) => i.id === item.id);
  if (!body) throw notFound(MSG.itemNotFound);
  const from = (await productItemRows(ctx.db, [item.product_item_id])).get(item.product_item_id);
  const options = from ? await otherActiveItemsOfProduct(ctx.db, from.product_id, from.id) : [];
  const [e] = await ctx.db
    .select()
    .from(exchanges)
    .where(eq(exchanges.order_item_id, item.id))
    .orderBy(desc(exchanges.id))
    .limit(1);
  const now = ctx.clock.now();
  return {
    order_item: body,
    is_exchangeable: item.status === 'COMPLETE' && isWithinWithdrawal(item.completed_at, now),
    deadline: item.completed_at ? withdrawalDeadline(item.completed_at).toISOString() : null,
    options: options
      .filter((o) => o.extra_price === from?.extra_price)
      .map((o) => ({
        product_item_id: o.id,
        size_name: o.size_name,
        color_name: o.color_name,
        stock: Math.max(0, o.stock),
        is_sold_out: o.stock <= 0,
      })),
    return_cost: await costOf(ctx, item, order, 'exchange', 'SIZE'),
    exchange: e ? exchangeBody(e) : null,
  };
}

// ───────────────────────────── status changes ─────────────────────────────

/**
 * POST order-items/{id}/status: CANCEL (the cancel flow), COMPLETE (the member confirms arrival of
 * a shipping item; or a return/exchange request withdrawn by the member or rejected by an
 * operator), CONFIRMED or its alias CONFIRM (구매확정 of a delivered or exchanged item: purchase
 * points, no more returns), or another status an operator moves forward (PREPARING, SHIPPING,
 * EXCHANGED). Unknown statuses are 400s; a status members never set is a 403 for them, one they
 * may set but not from the item's status a 400.
 */
export async function changeStatus(
  ctx: AppContext,
  principal: { userId: number | null; isAdmin: boolean },
  itemId: number,
  raw: string,
  reason?: string,
  /** An operator shipping the item: the carrier and tracking number (the shopper is notified). */
  shipping?: { carrier_code: string; carrier_name: string; tracking_number: string },
) {
  const status = parseItemStatus(raw);
  if (!status) throw badRequest(CLAIM_MSG.badStatus(raw));
  const owner = principal.isAdmin ? null : principal.userId;
  if (status === 'CANCEL') {
    const { item } = await itemOf(ctx, itemId, owner);
    return cancelItem(ctx, owner, itemId, reason ?? '고객 요청', item.is_despoke);
  }
  const now = ctx.clock.now();
  // Displays whose stock moved (an exchange closed either way), announced once committed.
  let restocked: number[] = [];
  const out = await ctx.db.transaction(async (tx) => {
    restocked = [];
    const { item, order } = await lockItem(tx, itemId, owner);
    const from = item.status as OrderItemStatus;
    if (principal.isAdmin ? !canOperatorMove(from, status) : !canMemberMove(from, status)) {
      const memberTarget = Object.values(MEMBER_TRANSITIONS).some((to) => to?.includes(status));
      if (!principal.isAdmin && !memberTarget) throw forbidden(CLAIM_MSG.badMove);
      throw badRequest(status === 'CONFIRMED' ? CLAIM_MSG.notConfirmable : CLAIM_MSG.badMove);
    }
    if (!principal.isAdmin && from === 'REFUND_REQUESTED' && status === 'COMPLETE') {
      // A member withdraws a return only while the parcel is still with them: once the shop has
      // collected it (회수 완료, then 검수 완료) only an operator can close the claim.
      const [open] = await tx
        .select({ collected_at: refunds.collected_at })
        .from(refunds)
        .where(and(eq(refunds.order_item_id, item.id), eq(refunds.status, 'REQUESTED')));
      if (open?.collected_at) throw badRequest(CLAIM_MSG.alreadyCollected);
    }
    const set: Partial<ItemRow> = { status, updated_at: now };
    if (status === 'SHIPPING') {
      set.shipped_at = now;
      if (shipping) {
        set.carrier_code = shipping.carrier_code;
        set.tracking_number = shipping.tracking_number;
      }
    }
    if (status === 'COMPLETE' && from === 'SHIPPING') set.completed_at = now;
    // Conditional on the status read under the lock: one transition, one set of side effects.
    const moved = await tx
      .update(orderItems)
      .set(set)
      .where(and(eq(orderItems.id, item.id), eq(orderItems.status, from)))
      .returning({ id: orderItems.id });
    if (moved.length !== 1) throw badRequest(CLAIM_MSG.badMove);
    if (status === 'SHIPPING' && shipping && order.user_id !== null) {
      await notify(tx, ctx, order.user_id, {
        kind: 'ORDER',
        title: '주문하신 상품이 출발했어요',
        body: `${item.name} · ${shipping.carrier_name} 송장번호 ${shipping.tracking_number}`,
        link: `/mypage/orders/${order.id}`,
      });
    }
    // 구매확정: purchase points, once per item (benefits.ts earnForItem).
    if (status === 'CONFIRMED') await earnForItem(tx, order.user_id, item, now);
    if (from === 'REFUND_REQUESTED' && status === 'COMPLETE') {
      // Withdrawn or rejected: the item stays with the shopper, nothing is refunded.
      const dropped = await tx
        .update(refunds)
        .set({ status: 'REJECTED', completed_at: now })
        .where(and(eq(refunds.order_item_id, item.id), eq(refunds.status, 'REQUESTED')))
        .returning();
      for (const d of dropped) await moveReturnCost(tx, d, item.brand_id);
    }
    if (from === 'EXCHANGE_REQUESTED' && status === 'COMPLETE') {
      // Withdrawn or rejected: the replacement reserved at the request goes back to stock.
      const dropped = await tx
        .update(exchanges)
        .set({ status: 'REJECTED', completed_at: now })
        .where(and(eq(exchanges.order_item_id, item.id), eq(exchanges.status, 'REQUESTED')))
        .returning({ new_item: exchanges.new_product_item_id });
      for (const d of dropped) {
        const display = await putBackItemStock(tx, d.new_item, item.quantity);
        if (display !== null) restocked.push(display);
      }
    }
    if (status === 'EXCHANGED') {
      // The returned item is back in stock; the new one was reserved at the request. The shopper
      // still holds a unit bought at the time-sale price: it stays counted against the sale's limit.
      restocked.push(...(await releaseStock(tx, order.id, [item.id], false)));
      const [done] = await tx
        .update(exchanges)
        .set({ status: 'COMPLETED', completed_at: now })
        .where(and(eq(exchanges.order_item_id, item.id), eq(exchanges.status, 'REQUESTED')))
        .returning({ new_item: exchanges.new_product_item_id });
      if (done) {
        // The order item now stands for what the shopper holds: the new size or colour.
        const to = (await productItemRows(tx, [done.new_item])).get(done.new_item);
        if (to) {
          await tx
            .update(orderItems)
            .set({ product_item_id: to.id, size_name: to.size_name, color_name: to.color_name })
            .where(eq(orderItems.id, item.id));
        }
      }
    }
    return { order_item_id: item.id, status, order_status: order.status };
  });
  await displaysChanged(ctx, restocked);
  return out;
}
