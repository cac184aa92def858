/**
 * Cancels, returns (refunds) and exchanges of order items (SPEC.md, 'Orders').
 *
 * - Cancel before shipping (PAID/PREPARING; a despoke item only while PAID, through its own call):
 *   the item's paid amount goes back through the gateway as a partial cancel (the last live item
 *   of an order takes the whole remaining balance, shipping included), with an Idempotency-Key per
 *   item so a retry never refunds twice; its stock is released.
 * - Return within 7 days of delivery: a refund request (amount = paid − return cost); an operator
 *   completes it, which cancels that amount through the gateway and restocks the item.
 * - Exchange within 7 days of delivery: another size or colour of the same product at the same
 *   price, its stock reserved at once; return shipping for the round trip unless the seller erred.
 *   Rejected by an operator or withdrawn by the member (status COMPLETE again): the held stock of
 *   the replacement goes back. A return request can be rejected or withdrawn the same way.
 * - Purchase confirmation (구매확정, CONFIRMED): the member's own call or the sweep
 *   (confirmation.ts); purchase points are credited then, once; returns and exchanges end.
 * - Benefits: a cancelled item and a completed return give back the item's points share and its
 *   line coupon, the last live item everything of the order (benefits.ts releaseItemBenefits); a
 *   cart coupon the items left no longer qualify for is taken out of the refund (claimRefund,
 *   쿠폰 할인 회수); the item's review credit and review missions are taken back.
 * Every claim runs with the order row locked, so concurrent claims on one order serialise.
 */
import {
  type ClaimReason,
  type CouponClawback,
  isCancellable,
  isDespokeCancellable,
  isWithinWithdrawal,
  type OrderItemStatus,
  returnCost,
  withdrawalDeadline,
} from '@codiroom/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import type { Tx } from '../../platform/transactions.ts';
import { brandShippingFee, displaysChanged } from '../catalog/index.ts';
import { GatewayError, gatewayOf } from '../payments/index.ts';
import { afterReviewWithdrawn } from '../reviews/index.ts';
import { applyCouponClawback, claimRefund, releaseItemBenefits } from './benefits.ts';
import { itemBodies } from './detail.ts';
import { MSG } from './model.ts';
import { orderItems, orders, paymentCancels, payments, refunds } from './schema.ts';
import { releaseStock } from './stock.ts';

export const CLAIM_MSG = {
  notCancellable: '배송이 시작된 상품은 취소할 수 없습니다.',
  despokeOnly: '맞춤 제작 상품은 맞춤 제작 취소를 이용해주세요.',
  notDespoke: '맞춤 제작 상품이 아닙니다.',
  despokeStarted: '제작이 시작된 맞춤 제작 상품은 취소할 수 없습니다.',
  notInspected: '회수와 검수가 끝난 반품만 환불할 수 있습니다.',
  alreadyCollected: '상품이 이미 회수되어 반품을 철회할 수 없어요. 고객센터로 문의해주세요.',
  notDelivered: '배송완료된 상품만 반품/교환할 수 있습니다.',
  periodOver: '반품/교환 가능 기간(배송완료 후 7일)이 지났습니다.',
  refundNotFound: '반품 요청을 찾을 수 없습니다.',
  sameItem: '다른 사이즈 또는 색상을 선택해주세요.',
  otherProduct: '같은 상품의 다른 옵션으로만 교환할 수 있습니다.',
  otherPrice: '가격이 다른 옵션으로는 교환할 수 없습니다.',
  exchangeStock: '교환할 옵션의 재고가 부족합니다.',
  badStatus: (s: string) => `알 수 없는 주문 상태입니다: ${s}`,
  badMove: '변경할 수 없는 주문 상태입니다.',
  notConfirmable: '배송완료 또는 교환완료된 상품만 구매확정할 수 있습니다.',
  noPayment: '결제 정보를 찾을 수 없습니다.',
  gateway: '결제 취소에 실패했습니다. 잠시 후 다시 시도해주세요.',
} as const;

export type ItemRow = typeof orderItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** Locks the item's order and returns both; another member's item answers 404. */
export async function lockItem(
  tx: Tx,
  itemId: number,
  userId: number | null,
): Promise<{ item: ItemRow; order: OrderRow }> {
  const [head] = await tx
    .select({ order_id: orderItems.order_id })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  if (!head) throw notFound(MSG.itemNotFound);
  const [order] = await tx.select().from(orders).where(eq(orders.id, head.order_id)).for('update');
  if (!order || (userId !== null && order.user_id !== userId)) throw notFound(MSG.itemNotFound);
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!item) throw notFound(MSG.itemNotFound);
  return { item, order };
}

/** Read-only: the item and its order (another member's → 404). */
export async function itemOf(ctx: AppContext, itemId: number, userId: number | null) {
  const [row] = await ctx.db
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(orderItems.id, itemId));
  if (!row || (userId !== null && row.order.user_id !== userId)) throw notFound(MSG.itemNotFound);
  return row;
}

async function livePayment(tx: Tx, orderId: number) {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.order_id, orderId), inArray(payments.status, ['DONE', 'PARTIAL_CANCELED'])))
    .orderBy(desc(payments.id))
    .limit(1);
  return p ?? null;
}

const CLOSED: OrderItemStatus[] = ['CANCEL', 'REFUNDED'];

/**
 * What cancelling the item refunds now: its paid amount less the coupon discount the items left
 * lose (`claimRefund`: 쿠폰 할인 회수), or for the last live item the whole balance (shipping
 * included) less the return shipping kept from completed returns of the order — that money was
 * charged to the shopper and must not flow back with the last cancel.
 */
async function cancelAmountOf(
  tx: Tx,
  order: OrderRow,
  item: ItemRow,
  balance: number,
  now: Date,
): Promise<CouponClawback> {
  const [row] = await tx
    .select({
      others: sql<number>`(select count(*) from ${orderItems} where ${orderItems.order_id} = ${item.order_id}
        and ${orderItems.id} <> ${item.id} and ${orderItems.status} not in ('CANCEL','REFUNDED'))::int`,
      kept: sql<number>`(select coalesce(sum(${refunds.return_cost}), 0) from ${refunds}
        where ${refunds.order_id} = ${item.order_id} and ${refunds.status} = 'COMPLETED')::int`,
    })
    .from(sql`(select 1) as one`);
  if (Number(row?.others ?? 0) > 0)
    return claimRefund(tx, order, item, Math.min(item.paid_amount, balance), now);
  return { clawback: 0, refund: Math.max(0, balance - Number(row?.kept ?? 0)), lines: [] };
}

/** Cancels `amount` of the order's payment through the gateway and records it. */
export async function refundThroughGateway(
  ctx: AppContext,
  tx: Tx,
  orderId: number,
  amount: number,
  reason: string,
  idempotencyKey: string,
) {
  const p = await livePayment(tx, orderId);
  if (!p) throw badRequest(CLAIM_MSG.noPayment);
  if (amount <= 0) return p.balance_amount;
  let balance: number;
  try {
    const gp = await gatewayOf(ctx).cancel(
      p.payment_key,
      { cancelReason: reason, cancelAmount: amount },
      idempotencyKey,
    );
    balance = gp.balanceAmount;
    ctx.metrics.count('refund');
  } catch (err) {
    if (err instanceof GatewayError) {
      throw err.uncertain
        ? new HttpError(502, CLAIM_MSG.gateway)
        : badRequest(`${CLAIM_MSG.gateway} (${err.message})`, { code: err.code });
    }
    throw err;
  }
  const now = ctx.clock.now();
  await tx
    .insert(paymentCancels)
    .values({ payment_id: p.id, idempotency_key: idempotencyKey, amount, reason, created_at: now })
    .onConflictDoNothing();
  await tx
    .update(payments)
    .set({
      balance_amount: balance,
      status: balance === 0 ? 'CANCELED' : 'PARTIAL_CANCELED',
      updated_at: now,
    })
    .where(eq(payments.id, p.id));
  return balance;
}

/** After an item closed: the order becomes CANCELLED when no item is live, else PARTIALLY_CANCELLED. */
export async function settleOrderStatus(tx: Tx, orderId: number, now: Date): Promise<OrderRow['status']> {
  const items = await tx
    .select({ status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId));
  const allClosed = items.every((i) => CLOSED.includes(i.status));
  const status = allClosed ? 'CANCELLED' : 'PARTIALLY_CANCELLED';
  await tx
    .update(orders)
    .set({ status, updated_at: now, ...(allClosed ? { cancelled_at: now } : {}) })
    .where(eq(orders.id, orderId));
  return status;
}

export async function cancelItem(
  ctx: AppContext,
  userId: number | null,
  itemId: number,
  reason: string,
  despoke: boolean,
) {
  const now = ctx.clock.now();
  const out = await ctx.db.transaction(async (tx) => {
    const { item, order } = await lockItem(tx, itemId, userId);
    const status = item.status as OrderItemStatus;
    if (despoke) {
      if (!item.is_despoke) throw badRequest(CLAIM_MSG.notDespoke);
      if (!isDespokeCancellable(status)) throw badRequest(CLAIM_MSG.despokeStarted);
    } else {
      if (item.is_despoke) throw badRequest(CLAIM_MSG.despokeOnly);
      if (!isCancellable(status)) throw badRequest(CLAIM_MSG.notCancellable);
    }
    const p = await livePayment(tx, order.id);
    if (!p) throw badRequest(CLAIM_MSG.noPayment);
    const refund = await cancelAmountOf(tx, order, item, p.balance_amount, now);
    const amount = refund.refund;
    const balance = await refundThroughGateway(ctx, tx, order.id, amount, reason, `cancel-item-${item.id}`);
    await tx.update(orderItems).set({ status: 'CANCEL', updated_at: now }).where(eq(orderItems.id, item.id));
    await applyCouponClawback(tx, item.id, refund);
    const moved = await releaseStock(tx, order.id, [item.id]);
    const orderStatus = await settleOrderStatus(tx, order.id, now);
    // The item's points share and line coupon come back; the rest with the last item.
    const released = await releaseItemBenefits(tx, order, item, orderStatus === 'CANCELLED', now);
    return {
      moved,
      review_withdrawn: released.review_withdrawn,
      order_item_id: item.id,
      status: 'CANCEL' as const,
      cancel_amount: amount,
      coupon_clawback: refund.clawback,
      points_back: released.points,
      order_status: orderStatus,
      balance_amount: balance,
    };
  });
  const { review_withdrawn, moved, ...body } = out;
  await displaysChanged(ctx, moved);
  if (review_withdrawn !== null) await afterReviewWithdrawn(ctx, review_withdrawn);
  return body;
}

export async function cancelDetail(ctx: AppContext, userId: number, itemId: number) {
  const { item, order } = await itemOf(ctx, itemId, userId);
  const body = (await itemBodies(ctx.db, [order.id])).get(order.id)?.find((i) => i.id === item.id);
  if (!body) throw notFound(MSG.itemNotFound);
  const [p] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.order_id, order.id), inArray(payments.status, ['DONE', 'PARTIAL_CANCELED'])))
    .limit(1);
  const cancellable = item.is_despoke ? isDespokeCancellable(body.status) : isCancellable(body.status);
  const refund =
    p && cancellable
      ? await cancelAmountOf(ctx.db as unknown as Tx, order, item, p.balance_amount, ctx.clock.now())
      : { refund: 0, clawback: 0 };
  return {
    order_item: body,
    order_id: order.order_no,
    is_cancellable: cancellable && p !== undefined,
    refund_amount: refund.refund,
    coupon_clawback: refund.clawback,
    refund_method: p?.method ?? '결제 수단',
  };
}

// ───────────────────────────── return cost ─────────────────────────────

export async function costOf(
  ctx: AppContext | { db: Tx },
  item: ItemRow,
  order: OrderRow,
  kind: 'refund' | 'exchange',
  reason: ClaimReason,
) {
  const fee = await brandShippingFee(ctx.db, item.brand_id);
  return returnCost({ kind, reason, shipping_fee: fee ?? 0, was_free_shipping: order.shipping_fee === 0 });
}

export async function returnCostOf(
  ctx: AppContext,
  userId: number,
  q: { order_item_id: number; kind: 'refund' | 'exchange'; reason_type: ClaimReason },
) {
  const { item, order } = await itemOf(ctx, q.order_item_id, userId);
  const cost = await costOf(ctx, item, order, q.kind, q.reason_type);
  const now = ctx.clock.now();
  const refund =
    q.kind === 'refund'
      ? await claimRefund(ctx.db, order, item, item.paid_amount - cost, now)
      : { refund: 0, clawback: 0 };
  return {
    order_item_id: item.id,
    kind: q.kind,
    reason_type: q.reason_type,
    return_cost: cost,
    refund_amount: refund.refund,
    coupon_clawback: refund.clawback,
    is_within_period: item.status === 'COMPLETE' && isWithinWithdrawal(item.completed_at, now),
    deadline: item.completed_at ? withdrawalDeadline(item.completed_at).toISOString() : null,
  };
}

export function assertReturnable(item: ItemRow, now: Date) {
  if (item.status !== 'COMPLETE') throw badRequest(CLAIM_MSG.notDelivered);
  if (!isWithinWithdrawal(item.completed_at, now)) throw badRequest(CLAIM_MSG.periodOver);
}
