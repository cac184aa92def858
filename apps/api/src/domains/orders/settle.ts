/**
 * What the gateway says about a payment, applied to its order (confirm answers, the webhook,
 * recovery), and the order endings without a payment: abandoned, expired (SPEC.md, 'Orders').
 * Every status a statement here moves from comes from payment-state.ts.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { enqueue, nudgeOutbox } from '../../platform/outbox.ts';
import { displaysChanged } from '../catalog/index.ts';
import { GatewayError, type GatewayPayment, gatewayOf } from '../payments/index.ts';
import { keptVisitor, purchaseEffect, sendsPurchases } from './ad-purchase.ts';
import { releaseOrderBenefits } from './benefits.ts';
import { orderOf } from './detail.ts';
import { type OrderRow, wasPaid } from './model.ts';
import { CLAIM_STALE_MS } from './payment-claim.ts';
import {
  ABORT_FROM,
  canMoveOrder,
  DROP_FROM,
  EXPIRE_FROM,
  FAIL_FROM,
  HOLDING_PAYMENT,
} from './payment-state.ts';
import { runSettleSteps } from './payment-workflow.ts';
import { endLockedAttempts, releaseAttempts } from './release.ts';
import { orderItems, orders, paymentCancels, payments } from './schema.ts';
import { releaseStock } from './stock.ts';

/** Cancels a payment the shop must not keep; failures are logged by the caller, never thrown. */
export async function cancelQuietly(
  ctx: AppContext,
  paymentKey: string,
  reason: string,
  idempotencyKey: string,
) {
  try {
    const cancelled = await gatewayOf(ctx).cancel(paymentKey, { cancelReason: reason }, idempotencyKey);
    ctx.metrics.count('refund');
    return cancelled;
  } catch {
    return null;
  }
}

/**
 * The gateway refused a payment of this order (or said it was aborted or never approved in the
 * window): the payment row ABORTED, the order FAILED and its stock released — unless another
 * payment of the order is in flight or approved (a second payment window abandoned while the first
 * one is being confirmed or recovered): that payment decides the order.
 */
export async function failPayment(ctx: AppContext, orderId: number, paymentKey: string): Promise<void> {
  const now = ctx.clock.now();
  let moved: number[] = [];
  const ended = await ctx.db.transaction(async (tx) => {
    moved = [];
    await tx
      .update(payments)
      .set({ status: 'ABORTED', updated_at: now })
      .where(
        and(
          eq(payments.payment_key, paymentKey),
          eq(payments.order_id, orderId),
          inArray(payments.status, ABORT_FROM),
        ),
      );
    const failed = await tx
      .update(orders)
      .set({ status: 'FAILED', updated_at: now })
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.status, FAIL_FROM),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payments)
              .where(
                and(
                  eq(payments.order_id, orders.id),
                  ne(payments.payment_key, paymentKey),
                  inArray(payments.status, HOLDING_PAYMENT),
                ),
              ),
          ),
        ),
      )
      .returning({ id: orders.id });
    if (failed.length === 1) {
      moved = await releaseStock(tx, orderId);
      await releaseOrderBenefits(tx, [orderId], now);
    }
    return failed.length;
  });
  await displaysChanged(ctx, moved);
  if (ended) ctx.metrics.count('order_failed', ended);
}

/**
 * The gateway's answer was no answer about a payment of this order (a made-up key, another order's
 * key, a payment session it does not know): the claim row this order took for the key goes, so the
 * order is as it was before the request — PENDING, its stock reserved, payable with its own key
 * while its window runs (then the sweep expires it) — and the key stays free for the order it
 * belongs to.
 */
export async function dropClaim(ctx: AppContext, orderId: number, paymentKey: string): Promise<void> {
  await ctx.db
    .delete(payments)
    .where(
      and(
        eq(payments.payment_key, paymentKey),
        eq(payments.order_id, orderId),
        inArray(payments.status, DROP_FROM),
      ),
    );
}

export type ApplyOutcome = 'paid' | 'already-paid' | 'refunded-orphan' | 'failed' | 'ignored';

/**
 * Applies what the gateway says about a payment (confirm answer, webhook, recovery). Idempotent.
 * DONE for a PENDING order with the right amount pays it; DONE for an order that can no longer be
 * paid (expired, failed, paid by another key, other amount) is cancelled at the gateway;
 * ABORTED/EXPIRED fails the payment and the order.
 */
export async function applyGatewayPayment(
  ctx: AppContext,
  gp: GatewayPayment,
  paymentKey = gp.paymentKey,
  /** The order when the caller already read it (its order_no must be gp.orderId). */
  known?: OrderRow,
): Promise<ApplyOutcome> {
  const gw = gatewayOf(ctx);
  const order =
    known && known.order_no === gp.orderId
      ? known
      : (await ctx.db.select().from(orders).where(eq(orders.order_no, gp.orderId)).limit(1))[0];
  if (!order) {
    if (gp.status === 'DONE')
      await cancelQuietly(ctx, paymentKey, '주문 없음', `orphan-${paymentKey}`.slice(0, 300));
    return 'ignored';
  }
  if (gp.status === 'ABORTED' || gp.status === 'EXPIRED') {
    await failPayment(ctx, order.id, paymentKey);
    return 'failed';
  }
  if (gp.status !== 'DONE') {
    // Not approved (READY/IN_PROGRESS): only our confirm approves, so once the order's window has
    // passed nobody will; the attempt is over and the order's stock must not stay held — unless a
    // live confirm (its owner still beating) is waiting on the gateway: its answer decides.
    if (order.status === 'PENDING' && order.expires_at.getTime() <= ctx.clock.now().getTime()) {
      if (await claimIsLive(ctx, paymentKey)) return 'ignored';
      await failPayment(ctx, order.id, paymentKey);
      return 'failed';
    }
    return 'ignored';
  }
  const now = ctx.clock.now();
  const approvedAt = gp.approvedAt ? new Date(gp.approvedAt) : now;
  // The confirming browser's details for the Purchase event, should this call pay the order.
  const visitor = await keptVisitor(ctx, order.id);
  const outcome = await ctx.db.transaction(async (tx): Promise<ApplyOutcome> => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked) return 'ignored';
    // A PENDING order has no settled payment (a payment settles with its order, in one
    // transaction), so only a settled order needs its payment row looked at.
    if (locked.status !== 'PENDING') {
      const [row] = await tx.select().from(payments).where(eq(payments.payment_key, paymentKey));
      if (row && row.order_id === locked.id && row.status !== 'IN_PROGRESS' && row.status !== 'ABORTED') {
        return wasPaid(locked) ? 'already-paid' : 'ignored';
      }
    }
    const payable = canMoveOrder(locked.status, 'PAID') && gp.totalAmount === locked.amount;
    const values = {
      order_id: locked.id,
      payment_key: paymentKey,
      provider: gw.name,
      method: gp.method,
      easy_pay_provider: gp.easyPayProvider,
      status: payable ? ('DONE' as const) : ('IN_PROGRESS' as const),
      amount: gp.totalAmount,
      balance_amount: gp.balanceAmount,
      approved_at: approvedAt,
      raw: gp.raw as object,
      // No confirm holds it any more: a payment still to give back is recovery's at once.
      claim_owner: null,
      claim_beat_at: null,
      updated_at: now,
    };
    await tx
      .insert(payments)
      .values({ ...values, created_at: now })
      .onConflictDoUpdate({ target: payments.payment_key, set: values });
    if (!payable) return 'refunded-orphan';
    await tx
      .update(orders)
      .set({ status: 'PAID', paid_at: approvedAt, updated_at: now })
      .where(eq(orders.id, locked.id));
    await tx
      .update(orderItems)
      .set({ status: 'PAID', updated_at: now })
      .where(eq(orderItems.order_id, locked.id));
    // The steps other domains contribute (payment-workflow.ts): its coupons used, the bought items
    // out of the member's cart. A guest's order has neither.
    if (locked.user_id !== null) await runSettleSteps(tx, { id: locked.id, user_id: locked.user_id }, now);
    // This call moves the order to PAID (only one call ever does), so it reports it: the Purchase
    // ad event commits with the payment (ad-purchase.ts).
    if (sendsPurchases(ctx)) await enqueue(tx, purchaseEffect(locked.id, now, visitor));
    return 'paid';
  });
  // Committed: this call moved the order to PAID (only one call ever does), so it reports it.
  if (outcome === 'paid') {
    ctx.metrics.count('order_paid');
    if (sendsPurchases(ctx)) nudgeOutbox(ctx);
  }
  if (outcome === 'refunded-orphan') {
    // Money taken for an order that cannot be paid any more: give it back, record it.
    const cancelled = await cancelQuietly(
      ctx,
      paymentKey,
      '결제 가능 시간이 지난 주문',
      `orphan-${paymentKey}`.slice(0, 300),
    );
    if (cancelled) {
      await ctx.db.transaction(async (tx) => {
        const [p] = await tx
          .update(payments)
          .set({ status: 'CANCELED', balance_amount: cancelled.balanceAmount, updated_at: now })
          .where(eq(payments.payment_key, paymentKey))
          .returning({ id: payments.id });
        if (p) {
          await tx
            .insert(paymentCancels)
            .values({
              payment_id: p.id,
              idempotency_key: `orphan-${paymentKey}`.slice(0, 300),
              amount: gp.totalAmount,
              reason: '결제 가능 시간이 지난 주문',
              created_at: now,
            })
            .onConflictDoNothing();
        }
      });
    }
  }
  return outcome;
}

/**
 * The payment window reported a failure or the shopper closed it (Toss's fail URL): a PENDING order
 * with no payment in flight fails now and its stock, coupons and points return at once instead of
 * after 30 minutes (release.ts, never an attempt being confirmed). 404 for an order that is not the
 * member's. Returns the order's status afterwards.
 */
export async function abandonOrder(
  ctx: AppContext,
  userId: number,
  orderNo: string,
): Promise<OrderRow['status']> {
  const order = await orderOf(ctx.db, orderNo, userId);
  const released = await releaseAttempts(ctx, userId, { orderNo });
  if (released.length === 1) return 'FAILED';
  const [now] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  return now?.status ?? order.status;
}

/** Whether a confirm's claim of this payment is held by a process that still beats. */
async function claimIsLive(ctx: AppContext, paymentKey: string): Promise<boolean> {
  const stale = new Date(ctx.clock.now().getTime() - CLAIM_STALE_MS);
  const [row] = await ctx.db
    .select({ one: sql`1` })
    .from(payments)
    .where(
      and(
        eq(payments.payment_key, paymentKey),
        eq(payments.status, 'IN_PROGRESS'),
        isNotNull(payments.claim_owner),
        gt(payments.claim_beat_at, stale),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ───────────────────────────── recovery and expiry ─────────────────────────────

/**
 * Payments left IN_PROGRESS (a crash or lost answer between the gateway's approval and our
 * update) are re-read from the gateway and applied. Only claims no live process holds: released by
 * their owner (its confirm ended without the outcome) or whose owner stopped beating
 * (payment-claim.ts CLAIM_STALE_MS) — never another process's confirm in flight, whatever the
 * gateway says of it yet. One indexed read when nothing is left, so it can run every few seconds.
 */
const RECOVER_PASS_ROWS = 100;
/** Gateway reads at a time in a recovery pass. */
const RECOVER_PARALLEL = 8;

export async function recoverPayments(ctx: AppContext): Promise<number> {
  const gw = gatewayOf(ctx);
  const stale = new Date(ctx.clock.now().getTime() - CLAIM_STALE_MS);
  const stuck = await ctx.db
    .select({ key: payments.payment_key, order_id: payments.order_id, order_no: orders.order_no })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(
      and(
        eq(payments.status, 'IN_PROGRESS'),
        or(isNull(payments.claim_beat_at), lte(payments.claim_beat_at, stale)),
      ),
    )
    // The longest-silent first, a bounded pass: a claim the gateway keeps unsettled is read again
    // next pass and never starves the others.
    .orderBy(sql`${payments.claim_beat_at} asc nulls first`, payments.id)
    .limit(RECOVER_PASS_ROWS);
  let resolved = 0;
  const recover = async (s: (typeof stuck)[number]) => {
    try {
      const gp = await gw.get(s.key);
      // A payment of another order is not this order's: its claim goes, and the answer is applied
      // to the order the gateway names.
      const foreign = gp.orderId !== s.order_no;
      if (foreign) await dropClaim(ctx, s.order_id, s.key);
      const outcome = await applyGatewayPayment(ctx, gp, s.key);
      if (outcome !== 'ignored' || foreign) resolved += 1;
    } catch (err) {
      if (
        err instanceof GatewayError &&
        (err.code === 'NOT_FOUND_PAYMENT' || err.code === 'NOT_FOUND_PAYMENT_SESSION')
      ) {
        // The gateway has no such payment: no answer about a payment of this order, so the order
        // keeps its window (the sweep expires it once no payment is in flight).
        await dropClaim(ctx, s.order_id, s.key);
        resolved += 1;
      }
      // Uncertain answers stay for the next pass.
    }
  };
  for (let i = 0; i < stuck.length; i += RECOVER_PARALLEL) {
    await Promise.all(stuck.slice(i, i + RECOVER_PARALLEL).map(recover));
  }
  return resolved;
}

/**
 * The sweep (the safety net behind release.ts): PENDING orders past their window with no payment
 * in flight expire; stock, coupons and points return. Like releaseAttempts, the due rows are locked
 * first (rows a confirm's claim holds right now are skipped: the next sweep sees how it ended) and
 * moved by a later statement, which sees every claim committed before.
 */
export async function expireOrders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const moved: number[] = [];
  const expired = await ctx.db.transaction(async (tx) => {
    moved.length = 0;
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.status, EXPIRE_FROM), lte(orders.expires_at, now)))
      .orderBy(orders.id)
      .for('update', { skipLocked: true });
    // One statement per chunk for every due order: the item rows are locked in one item id order,
    // so the sweep cannot deadlock with a reservation. (Chunks keep under PGlite's bind-parameter
    // limit.)
    let expired = 0;
    for (let i = 0; i < due.length; i += 5000) {
      const chunk = due.slice(i, i + 5000).map((o) => o.id);
      const end = await endLockedAttempts(tx, chunk, 'EXPIRED', now);
      expired += end.ended.length;
      moved.push(...end.moved);
    }
    return expired;
  });
  await displaysChanged(ctx, moved);
  return expired;
}
