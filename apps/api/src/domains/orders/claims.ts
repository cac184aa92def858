/**
 * Cancels, returns (refunds) and exchanges of order items (issue 8 §5).
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
 *   line coupon, the last live item everything of the order (benefits.ts releaseItemBenefits).
 * Every claim runs with the order row locked, so concurrent claims on one order serialise.
 */
import {
  type ClaimReason,
  canMemberMove,
  canOperatorMove,
  isCancellable,
  isDespokeCancellable,
  isWithinWithdrawal,
  MEMBER_TRANSITIONS,
  type OrderItemStatus,
  parseItemStatus,
  returnCost,
  withdrawalDeadline,
} from '@codiroom/shared';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  brands,
  exchanges,
  orderItems,
  orders,
  paymentCancels,
  payments,
  productItems,
  refunds,
} from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { GatewayError, gatewayOf } from '../payments/gateway.ts';
import type { Tx } from '../users/member-db.ts';
import { earnForItem, releaseItemBenefits } from './benefits.ts';
import { itemBodies, MSG, releaseStock } from './service.ts';

export const CLAIM_MSG = {
  notCancellable: '배송이 시작된 상품은 취소할 수 없습니다.',
  despokeOnly: '맞춤 제작 상품은 맞춤 제작 취소를 이용해주세요.',
  notDespoke: '맞춤 제작 상품이 아닙니다.',
  despokeStarted: '제작이 시작된 맞춤 제작 상품은 취소할 수 없습니다.',
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

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Locks the item's order and returns both; another member's item answers 404. */
async function lockItem(
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
 * What cancelling the item refunds now: its paid amount, or for the last live item the whole
 * balance (shipping included) less the return shipping kept from completed returns of the order —
 * that money was charged to the shopper and must not flow back with the last cancel.
 */
async function cancelAmountOf(tx: Tx, item: ItemRow, balance: number): Promise<number> {
  const [row] = await tx
    .select({
      others: sql<number>`(select count(*) from ${orderItems} where ${orderItems.order_id} = ${item.order_id}
        and ${orderItems.id} <> ${item.id} and ${orderItems.status} not in ('CANCEL','REFUNDED'))::int`,
      kept: sql<number>`(select coalesce(sum(${refunds.return_cost}), 0) from ${refunds}
        where ${refunds.order_id} = ${item.order_id} and ${refunds.status} = 'COMPLETED')::int`,
    })
    .from(sql`(select 1) as one`);
  if (Number(row?.others ?? 0) > 0) return Math.min(item.paid_amount, balance);
  return Math.max(0, balance - Number(row?.kept ?? 0));
}

/** Cancels `amount` of the order's payment through the gateway and records it. */
async function refundThroughGateway(
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
async function settleOrderStatus(tx: Tx, orderId: number, now: Date): Promise<OrderRow['status']> {
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
  return ctx.db.transaction(async (tx) => {
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
    const amount = await cancelAmountOf(tx, item, p.balance_amount);
    const balance = await refundThroughGateway(ctx, tx, order.id, amount, reason, `cancel-item-${item.id}`);
    await tx.update(orderItems).set({ status: 'CANCEL', updated_at: now }).where(eq(orderItems.id, item.id));
    await releaseStock(tx, order.id, [item.id]);
    const orderStatus = await settleOrderStatus(tx, order.id, now);
    // The item's points share and line coupon come back; the rest with the last item.
    await releaseItemBenefits(tx, order, item, orderStatus === 'CANCELLED', now);
    return {
      order_item_id: item.id,
      status: 'CANCEL' as const,
      cancel_amount: amount,
      order_status: orderStatus,
      balance_amount: balance,
    };
  });
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
  const amount = p && cancellable ? await cancelAmountOf(ctx.db as unknown as Tx, item, p.balance_amount) : 0;
  return {
    order_item: body,
    order_id: order.order_no,
    is_cancellable: cancellable && p !== undefined,
    refund_amount: amount,
    refund_method: p?.method ?? '결제 수단',
  };
}

// ───────────────────────────── return cost ─────────────────────────────

async function costOf(
  ctx: AppContext | { db: Tx },
  item: ItemRow,
  order: OrderRow,
  kind: 'refund' | 'exchange',
  reason: ClaimReason,
) {
  const [b] = await ctx.db
    .select({ fee: brands.shipping_fee })
    .from(brands)
    .where(eq(brands.id, item.brand_id));
  return returnCost({ kind, reason, shipping_fee: b?.fee ?? 0, was_free_shipping: order.shipping_fee === 0 });
}

export async function returnCostOf(
  ctx: AppContext,
  userId: number,
  q: { order_item_id: number; kind: 'refund' | 'exchange'; reason_type: ClaimReason },
) {
  const { item, order } = await itemOf(ctx, q.order_item_id, userId);
  const cost = await costOf(ctx, item, order, q.kind, q.reason_type);
  const now = ctx.clock.now();
  return {
    order_item_id: item.id,
    kind: q.kind,
    reason_type: q.reason_type,
    return_cost: cost,
    refund_amount: q.kind === 'refund' ? Math.max(0, item.paid_amount - cost) : 0,
    is_within_period: item.status === 'COMPLETE' && isWithinWithdrawal(item.completed_at, now),
    deadline: item.completed_at ? withdrawalDeadline(item.completed_at).toISOString() : null,
  };
}

function assertReturnable(item: ItemRow, now: Date) {
  if (item.status !== 'COMPLETE') throw badRequest(CLAIM_MSG.notDelivered);
  if (!isWithinWithdrawal(item.completed_at, now)) throw badRequest(CLAIM_MSG.periodOver);
}

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
    .select({ id: refunds.id, paid_amount: orderItems.paid_amount })
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
    .set({ return_cost: dropped.return_cost, amount: Math.max(0, next.paid_amount - dropped.return_cost) })
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
      const [r] = await tx
        .insert(refunds)
        .values({
          order_id: order.id,
          order_item_id: item.id,
          user_id: userId,
          reason: `[${body.reason_type}] ${body.reason}`,
          amount: Math.max(0, item.paid_amount - cost),
          return_cost: cost,
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
  await ctx.db.transaction(async (tx) => {
    const [head] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!head) throw notFound(CLAIM_MSG.refundNotFound);
    const { order, item } = await lockItem(tx, head.order_item_id, null);
    const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!r || r.status === 'COMPLETED') return;
    if (r.status === 'REJECTED' || item.status !== 'REFUND_REQUESTED') throw badRequest(CLAIM_MSG.badMove);
    await refundThroughGateway(ctx, tx, r.order_id, r.amount, '반품 환불', `refund-${r.id}`);
    await tx.update(refunds).set({ status: 'COMPLETED', completed_at: now }).where(eq(refunds.id, r.id));
    await tx
      .update(orderItems)
      .set({ status: 'REFUNDED', updated_at: now })
      .where(eq(orderItems.id, r.order_item_id));
    await releaseStock(tx, r.order_id, [r.order_item_id]);
    const orderStatus = await settleOrderStatus(tx, r.order_id, now);
    // Like a cancel: the item's points share and line coupon, the rest with the last live item.
    await releaseItemBenefits(tx, order, item, orderStatus === 'CANCELLED', now);
  });
  const [r] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  return (await refundBodies(ctx, r ? [r] : []))[0];
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
  return ctx.db.transaction(async (tx) => {
    const { item, order } = await lockItem(tx, body.order_item_id, userId);
    assertReturnable(item, now);
    if (body.new_product_item_id === item.product_item_id) throw badRequest(CLAIM_MSG.sameItem);
    const [from] = await tx.select().from(productItems).where(eq(productItems.id, item.product_item_id));
    const [to] = await tx.select().from(productItems).where(eq(productItems.id, body.new_product_item_id));
    if (!to || !from) throw notFound('상품을 찾을 수 없습니다.');
    if (to.product_id !== from.product_id) throw badRequest(CLAIM_MSG.otherProduct);
    if (to.extra_price !== from.extra_price) throw badRequest(CLAIM_MSG.otherPrice);
    const reserved = await tx
      .update(productItems)
      .set({ stock: sql`${productItems.stock} - ${item.quantity}` })
      .where(
        and(
          eq(productItems.id, to.id),
          eq(productItems.is_active, true),
          sql`${productItems.stock} >= ${item.quantity}`,
        ),
      )
      .returning({ id: productItems.id });
    if (reserved.length !== 1) throw badRequest(CLAIM_MSG.exchangeStock);
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
}

export async function exchangeDetail(ctx: AppContext, userId: number, itemId: number) {
  const { item, order } = await itemOf(ctx, itemId, userId);
  const body = (await itemBodies(ctx.db, [order.id])).get(order.id)?.find((i) => i.id === item.id);
  if (!body) throw notFound(MSG.itemNotFound);
  const [from] = await ctx.db.select().from(productItems).where(eq(productItems.id, item.product_item_id));
  const options = from
    ? await ctx.db
        .select()
        .from(productItems)
        .where(
          and(
            eq(productItems.product_id, from.product_id),
            eq(productItems.is_active, true),
            ne(productItems.id, from.id),
          ),
        )
        .orderBy(asc(productItems.sort_order), asc(productItems.id))
    : [];
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
) {
  const status = parseItemStatus(raw);
  if (!status) throw badRequest(CLAIM_MSG.badStatus(raw));
  const owner = principal.isAdmin ? null : principal.userId;
  if (status === 'CANCEL') {
    const { item } = await itemOf(ctx, itemId, owner);
    return cancelItem(ctx, owner, itemId, reason ?? '고객 요청', item.is_despoke);
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { item, order } = await lockItem(tx, itemId, owner);
    const from = item.status as OrderItemStatus;
    if (principal.isAdmin ? !canOperatorMove(from, status) : !canMemberMove(from, status)) {
      const memberTarget = Object.values(MEMBER_TRANSITIONS).some((to) => to?.includes(status));
      if (!principal.isAdmin && !memberTarget) throw forbidden(CLAIM_MSG.badMove);
      throw badRequest(status === 'CONFIRMED' ? CLAIM_MSG.notConfirmable : CLAIM_MSG.badMove);
    }
    const set: Partial<ItemRow> = { status, updated_at: now };
    if (status === 'SHIPPING') set.shipped_at = now;
    if (status === 'COMPLETE' && from === 'SHIPPING') set.completed_at = now;
    // Conditional on the status read under the lock: one transition, one set of side effects.
    const moved = await tx
      .update(orderItems)
      .set(set)
      .where(and(eq(orderItems.id, item.id), eq(orderItems.status, from)))
      .returning({ id: orderItems.id });
    if (moved.length !== 1) throw badRequest(CLAIM_MSG.badMove);
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
        await tx
          .update(productItems)
          .set({ stock: sql`${productItems.stock} + ${item.quantity}` })
          .where(eq(productItems.id, d.new_item));
      }
    }
    if (status === 'EXCHANGED') {
      // The returned item is back in stock; the new one was reserved at the request. The shopper
      // still holds a unit bought at the time-sale price: it stays counted against the sale's limit.
      await releaseStock(tx, order.id, [item.id], false);
      const [done] = await tx
        .update(exchanges)
        .set({ status: 'COMPLETED', completed_at: now })
        .where(and(eq(exchanges.order_item_id, item.id), eq(exchanges.status, 'REQUESTED')))
        .returning({ new_item: exchanges.new_product_item_id });
      if (done) {
        // The order item now stands for what the shopper holds: the new size or colour.
        const [to] = await tx.select().from(productItems).where(eq(productItems.id, done.new_item));
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
}
