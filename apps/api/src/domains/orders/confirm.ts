/**
 * Confirming an order's payment (SPEC.md, 'Orders'). The states (payment-state.ts, the one copy):
 *
 *   PENDING ──confirm (gateway DONE)──▶ PAID ──item cancels──▶ PARTIALLY_CANCELLED ──▶ CANCELLED
 *      │ gateway refuses its payment ─▶ FAILED   (stock of the order released)
 *      └ 30 min, no payment in flight ─▶ EXPIRED   (stock released by the sweep)
 *
 * Stock is reserved when the order is created, all lines in one conditional statement
 * (`stock = stock - q where stock >= q`, all or nothing), so concurrent buyers can never take an
 * item below zero.
 * Confirmation first claims the order in its own transaction (order row locked, a payments row
 * IN_PROGRESS inserted, payment_key unique), then calls the gateway outside any transaction, then
 * applies the gateway's answer. A second confirm of the same key finds the claim and waits for its
 * outcome; a different key for a claimed order is refused: one paid order, one charge. A crash
 * after the gateway approved leaves the IN_PROGRESS row, which recoverPayments() (the
 * `orders.recover-payments` job, once its owner stops beating) and the webhook resolve by
 * re-reading the payment from the gateway.
 * Only the gateway's answer about a payment that is really this order's moves it: a refusal of the
 * confirm of this order's orderId + paymentKey fails it; an error that is no answer about a payment
 * of this order (a made-up key, another order's key, a session the gateway does not know) drops the
 * claim and leaves the order PENDING and payable (dropClaim).
 */
import type { ConfirmOrderRequest, OrderDetail } from '@codiroom/shared';
import { eq, sql } from 'drizzle-orm';
import { fixedStatement } from '../../db/hot-sql.ts';
import type { AppContext } from '../../platform/context.ts';
import { withDeadline } from '../../platform/deadline.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.ts';
import { enqueueFromSql, nudgeOutbox } from '../../platform/outbox.ts';
import type { Conn } from '../../platform/transactions.ts';
import type { AdRequestInfo } from '../ads/index.ts';
import { GatewayError, type GatewayPayment, gatewayOf, refusesPayment } from '../payments/index.ts';
import {
  AD_PURCHASE,
  type PurchaseVisitor,
  purchaseKey,
  purchasePayload,
  rememberPurchaseVisitor,
  sendsPurchases,
} from './ad-purchase.ts';
import { detailOf, itemBody, orderDetail } from './detail.ts';
import { MSG, type OrderRow, orderRowOf, wasPaid } from './model.ts';
import { claimOrderPayment, holdClaim } from './payment-claim.ts';
import { CLAIM, canMoveOrder } from './payment-state.ts';
import { settleStepsAsCtes } from './payment-workflow.ts';
import { orders, payments } from './schema.ts';
import { applyGatewayPayment, cancelQuietly, dropClaim, failPayment } from './settle.ts';

// ───────────────────────────── confirm ─────────────────────────────

async function paymentByKey(db: Conn, key: string) {
  const [p] = await db.select().from(payments).where(eq(payments.payment_key, key)).limit(1);
  return p ?? null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Claim = 'claimed' | 'same-key' | 'busy';

/**
 * POST /api/orders/confirm-order: the payment confirmation workflow (payment-workflow.ts), its
 * three steps in order. The claim may answer at once (this key confirmed before, or another
 * request holding it settled it); otherwise this request owns the claim, asks the gateway, and
 * settles its answer.
 */
export async function confirmOrder(
  ctx: AppContext,
  userId: number,
  req: ConfirmOrderRequest,
  /** The confirming browser's request, for the order's Purchase ad event (ad-purchase.ts). */
  visitor?: PurchaseVisitor,
): Promise<OrderDetail> {
  const claim = await claimStep(ctx, userId, req);
  if ('answer' in claim) return claim.answer;
  const { order } = claim;
  // Before the gateway approves: whoever then settles the order (this request, the webhook,
  // recovery) reports the Purchase with this browser's details.
  const ad = await rememberPurchaseVisitor(ctx, order.id, visitor);
  const approved = await gatewayStep(ctx, order, req.payment_key);
  return settleStep(ctx, approved, req.payment_key, order, userId, ad);
}

/**
 * Step 1, the claim (payment-claim.ts): the order row locked (with what we know of this key), then
 * — its own, later snapshot: it sees every payment committed by whoever held the lock before — the
 * conditional insert of the IN_PROGRESS claim, then (later still) the key's row and the payments
 * holding the order, for when the claim was not taken. The claim carries every check below that
 * allows a confirm (the member's PENDING order, the amount, the payment window or a known key, no
 * other payment in flight or approved), so it is only taken when they all pass; the checks then
 * decide the answer when it was not: the paid order again, or the outcome of the request that
 * holds the key, or an error.
 */
async function claimStep(
  ctx: AppContext,
  userId: number,
  req: ConfirmOrderRequest,
): Promise<{ order: OrderRow } | { answer: OrderDetail }> {
  const gw = gatewayOf(ctx);
  const now = ctx.clock.now();
  type Known = { order_id: number; status: string } | null;
  const answer = await claimOrderPayment(ctx.db, {
    orderNo: req.order_id,
    key: req.payment_key,
    userId,
    amount: req.amount,
    at: now,
    provider: gw.name,
  });
  const headRows = answer.head ? [answer.head] : [];
  const after = answer.after ?? undefined;
  const claimed = answer.claimed;
  const knownOf = (r: Record<string, unknown> | undefined): Known =>
    r?.known_order_id === null || r?.known_order_id === undefined
      ? null
      : { order_id: Number(r.known_order_id), status: String(r.known_status) };
  const r0 = headRows[0];
  let head: { order: OrderRow; known: Known } | null = null;
  let inflight: string[] = [];
  if (r0) {
    const order = orderRowOf(r0);
    // The order row is as the lock found it, the key's row as the statement's snapshot saw it
    // (maybe before a confirm that settled the order): then the key as read after the claim.
    head = { order, known: !claimed && order.status !== 'PENDING' ? knownOf(after) : knownOf(r0) };
    inflight = after?.inflight ?? [];
  }
  if (!head || head.order.user_id !== userId) throw notFound(MSG.orderNotFound);
  const { order, known } = head;
  if (known && known.order_id !== order.id) throw conflict(MSG.foreignPayment);
  if (known && known.status !== 'IN_PROGRESS' && known.status !== 'ABORTED') {
    // Confirmed before: the paid order again (one charge), unless that payment was given back.
    if (wasPaid(order)) return { answer: await orderDetail(ctx.db, order.id, userId) };
    throw conflict(MSG.notPayable);
  }
  if (req.amount !== order.amount) {
    // Tampered or stale amount: refuse, and make sure no money stays taken for it. Only a payment
    // the gateway says is approved for this very order is cancelled (never another order's key),
    // and never one a confirm of ours holds: every approval through confirm-order is preceded by
    // its committed claim row, so a row read after the gateway said DONE shows whether that
    // confirm (or recovery) will settle the payment — cancelling it here would leave the order
    // paid with its money given back.
    const gp = await gw.get(req.payment_key).catch(() => null);
    if (gp && gp.orderId === order.order_no && gp.status === 'DONE') {
      const held = await paymentByKey(ctx.db, req.payment_key);
      if (!held || held.status === 'ABORTED') {
        await cancelQuietly(
          ctx,
          req.payment_key,
          '결제 금액 불일치',
          `mismatch-${req.payment_key}`.slice(0, 300),
        );
      }
    }
    throw badRequest(MSG.amountMismatch);
  }
  if (order.status === 'PAID' || order.status === 'PARTIALLY_CANCELLED') throw conflict(MSG.alreadyPaid);
  if (!canMoveOrder(order.status, 'PAID')) throw conflict(MSG.notPayable);
  if (order.expires_at.getTime() <= now.getTime() && !known && !claimed) throw conflict(MSG.expired);

  let claim: Claim = 'claimed';
  if (!claimed) {
    if (inflight.includes(req.payment_key)) claim = 'same-key';
    else if (inflight.length > 0) claim = 'busy';
    else claim = 'same-key';
  }
  if (claim === 'busy') throw conflict(MSG.busy);
  if (claim === 'same-key') return { answer: await awaitHolder(ctx, userId, req.payment_key, order) };
  return { order };
}

/**
 * Another request holds (or held) this key's claim: its outcome is the answer. Still in progress
 * (or dropped) after a while: an earlier attempt may have been approved with its answer lost (a
 * 502 to the browser, which now retries), so the gateway is asked and an approval settles the
 * order now.
 */
async function awaitHolder(
  ctx: AppContext,
  userId: number,
  paymentKey: string,
  order: OrderRow,
): Promise<OrderDetail> {
  let dropped = false;
  for (let i = 0; i < 40; i++) {
    const p = await paymentByKey(ctx.db, paymentKey);
    if (!p) {
      // That claim was dropped: the gateway said nothing about a payment of this order.
      dropped = true;
      break;
    }
    if (p.order_id === order.id && p.status !== 'IN_PROGRESS') {
      if (p.status === 'ABORTED') throw badRequest(MSG.notPayable);
      const detail = await orderDetail(ctx.db, order.id, userId);
      if (detail.paid_at === null) throw conflict(MSG.notPayable);
      return detail;
    }
    await sleep(50);
  }
  const gp = await gatewayOf(ctx)
    .get(paymentKey)
    .catch(() => null);
  if (gp && gp.status === 'DONE' && gp.orderId === order.order_no) {
    const outcome = await applyGatewayPayment(ctx, gp, paymentKey, order);
    if (outcome === 'paid' || outcome === 'already-paid') return orderDetail(ctx.db, order.id, userId);
  }
  const [current] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  if (current?.status === 'PAID') throw conflict(MSG.alreadyPaid);
  throw conflict(dropped ? MSG.retry : MSG.inProgress);
}

/**
 * Step 2, the gateway: the claim is this process's while the gateway answers (payment-claim.ts): it
 * beats, and an exit without the payment's outcome hands it to recovery at once (its undo when
 * the outcome is unknown; approve() drops it or fails the order when the gateway answered).
 */
async function gatewayStep(ctx: AppContext, order: OrderRow, paymentKey: string): Promise<GatewayPayment> {
  const hold = holdClaim(ctx, paymentKey);
  try {
    return await approve(ctx, order, paymentKey);
  } catch (err) {
    await hold.release().catch(() => {});
    throw err;
  } finally {
    hold.stop();
  }
}

/**
 * Step 3, the settle: the approval applied to the order, with the steps other domains contribute
 * (payment-workflow.ts) — in one statement in the common case (payPendingOrder), else the locked
 * path (settle.ts applyGatewayPayment), which gives back money the order can no longer take.
 */
async function settleStep(
  ctx: AppContext,
  approved: GatewayPayment,
  paymentKey: string,
  order: OrderRow,
  userId: number,
  ad: AdRequestInfo | null,
): Promise<OrderDetail> {
  if (approved.orderId !== order.order_no) {
    // The key belongs to another order (replayed): no claim of it here; settle it there, refuse
    // it here.
    await dropClaim(ctx, order.id, paymentKey);
    await applyGatewayPayment(ctx, approved, paymentKey);
    throw conflict(MSG.foreignPayment);
  }
  const paid = await payPendingOrder(ctx, approved, paymentKey, order, ad);
  if (paid) {
    ctx.metrics.count('order_paid');
    // Its Purchase event was written with the payment: deliver it now.
    if (sendsPurchases(ctx)) nudgeOutbox(ctx);
    return paid;
  }
  const outcome = await applyGatewayPayment(ctx, approved, paymentKey, order);
  if (outcome !== 'paid' && outcome !== 'already-paid') throw conflict(MSG.notPayable);
  return orderDetail(ctx.db, order.id, userId);
}

/**
 * Asks the gateway to approve the claimed payment; every call of it shares one budget of
 * PAYMENT_GATEWAY_TIMEOUT_MS, which the shutdown drain outlasts (config.ts SHUTDOWN_DRAIN_MS).
 * An uncertain answer (a gateway 5xx, a timeout, PROVIDER_ERROR) is settled at once where the
 * gateway can tell: its payment of this order (GET by order id) when that is this key's and
 * final, else the same confirm once more (the same Idempotency-Key: one request to the gateway).
 * Throws the request's answer when there is no approval: 400 for a refusal (the order fails) or no
 * answer about a payment of this order (the claim goes, the order stays payable), 502 when the
 * outcome stays unknown (the caller releases the claim to recovery).
 */
async function approve(ctx: AppContext, order: OrderRow, paymentKey: string): Promise<GatewayPayment> {
  return withDeadline(ctx.config.PAYMENT_GATEWAY_TIMEOUT_MS, (deadline) =>
    approveWithin(ctx, order, paymentKey, deadline),
  );
}

async function approveWithin(
  ctx: AppContext,
  order: OrderRow,
  paymentKey: string,
  deadline: AbortSignal,
): Promise<GatewayPayment> {
  const gw = gatewayOf(ctx);
  const input = { paymentKey, orderId: order.order_no, amount: order.amount };
  for (let attempt = 1; ; attempt++) {
    try {
      return await gw.confirm(input, { signal: deadline });
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      if (err.code === 'ALREADY_PROCESSED_PAYMENT') {
        // Approved by an earlier attempt whose answer was lost: read it back, within the same
        // budget as the confirm (the drain outlasts it).
        return await beforeDeadline(gw.get(paymentKey), deadline).catch(() => {
          throw new HttpError(502, MSG.uncertain);
        });
      }
      if (err.uncertain) {
        const known = await gw.getByOrder(order.order_no, { signal: deadline }).catch(() => null);
        if (known?.paymentKey === paymentKey && FINAL_ANSWERS.has(known.status)) return known;
        if (attempt >= 2 || deadline.aborted) throw new HttpError(502, MSG.uncertain);
        continue;
      }
      if (refusesPayment(err)) {
        // The gateway refused the payment of this orderId + paymentKey: the order fails.
        await failPayment(ctx, order.id, paymentKey);
        throw badRequest(err.message, { code: err.code });
      }
      // No answer about a payment of this order (a made-up key, another order's key, a session
      // the gateway does not know): the order stays as it was, PENDING and payable.
      await dropClaim(ctx, order.id, paymentKey);
      throw badRequest(err.message, { code: err.code });
    }
  }
}

/** A payment status that settles its order (paid, or failed with its stock back). */
const FINAL_ANSWERS: ReadonlySet<GatewayPayment['status']> = new Set(['DONE', 'ABORTED', 'EXPIRED']);

type PayValues = {
  orderId: number;
  amount: number;
  balance: number | null;
  paymentKey: string;
  provider: string;
  method: string | null;
  easyPay: string | null;
  raw: string;
  at: string;
  approved: string;
  adKey: string;
  adPayload: string;
};

/** payPendingOrder's statement: a fixed text (hot-sql.ts), with the outbox CTE in shape 'ad'. */
const payStatement = fixedStatement<PayValues>((v, shape) => {
  const at = sql`${v('at')}::timestamptz`;
  const approved = sql`${v('approved')}::timestamptz`;
  return sql`
    with paid as (
      update orders set status = 'PAID', paid_at = ${approved}, updated_at = ${at}
      where id = ${v('orderId')}::int and status::text in (${sql.join(
        CLAIM.orderFrom.map((st) => sql.raw(`'${st}'`)),
        sql`, `,
      )}) and amount = ${v('amount')}::int
      returning id, user_id
    ),
    pay as (
      insert into payments (order_id, payment_key, provider, method, easy_pay_provider, status, amount,
        balance_amount, approved_at, raw, created_at, updated_at)
      select paid.id, ${v('paymentKey')}::varchar, ${v('provider')}::varchar, ${v('method')}::varchar,
        ${v('easyPay')}::text, 'DONE', ${v('amount')}::int,
        ${v('balance')}::int, ${approved}, ${v('raw')}::jsonb, ${at}, ${at}
      from paid
      on conflict (payment_key) do update set order_id = excluded.order_id, provider = excluded.provider,
        method = excluded.method, easy_pay_provider = excluded.easy_pay_provider, status = excluded.status, amount = excluded.amount,
        balance_amount = excluded.balance_amount, approved_at = excluded.approved_at,
        raw = excluded.raw, updated_at = excluded.updated_at
      returning id
    ),
    items as (
      update order_items set status = 'PAID', updated_at = ${at}
      where order_id in (select id from paid)
      returning product_item_id
    ),
    -- The steps other domains contribute (payment-workflow.ts): the coupons the order reserved
    -- used, the bought items out of the member's cart.
    ${settleStepsAsCtes({
      orderId: sql`(select id from paid)`,
      userId: sql`(select user_id from paid)`,
      at,
      boughtItemIds: sql`(select product_item_id from items)`,
    })}${
      shape === 'ad'
        ? sql`,
    ad as (${enqueueFromSql(AD_PURCHASE, sql`${v('adKey')}::text`, sql`${v('adPayload')}::jsonb`, sql`paid`, at)})`
        : sql``
    }
    -- The item bodies of the detail, as they stood before this statement (PENDING, not shipped).
    select (select count(*) from paid)::int as paid, oi.id, oi.product_item_id, oi.product_display_id,
      oi.brand_id, b.name as brand_name, oi.name, pd.image_url, oi.size_name, oi.color_name,
      oi.quantity, oi.price, oi.price_discount, oi.coupon_discount, oi.point_used, oi.paid_amount,
      oi.is_despoke
    from order_items oi
    join brands b on b.id = oi.brand_id
    join product_displays pd on pd.id = oi.product_display_id
    where oi.order_id = ${v('orderId')}::int
    order by oi.id`;
});

/**
 * The common case of applying an approval, in one durable statement: a PENDING order whose amount
 * the gateway approved becomes PAID with its items, the payment row DONE, and the settle steps of
 * other domains run (payment-workflow.ts: its coupons used, the bought items out of the cart). The
 * detail is built from what was just written (one read of the item bodies). Null when the order was not PENDING with that amount: the caller takes the general,
 * locked path (applyGatewayPayment).
 */
async function payPendingOrder(
  ctx: AppContext,
  gp: GatewayPayment,
  paymentKey: string,
  order: OrderRow,
  visitor: AdRequestInfo | null,
): Promise<OrderDetail | null> {
  if (gp.status !== 'DONE' || gp.orderId !== order.order_no || gp.totalAmount !== order.amount) return null;
  const gw = gatewayOf(ctx);
  const now = ctx.clock.now();
  const approvedAt = gp.approvedAt ? new Date(gp.approvedAt) : now;
  const result = await payStatement(
    ctx.db,
    {
      orderId: order.id,
      amount: gp.totalAmount,
      balance: gp.balanceAmount,
      paymentKey,
      provider: gw.name,
      method: gp.method,
      easyPay: gp.easyPayProvider,
      raw: JSON.stringify(gp.raw ?? null),
      at: now.toISOString(),
      approved: approvedAt.toISOString(),
      adKey: purchaseKey(order.id),
      adPayload: JSON.stringify(purchasePayload(order.id, now, visitor)),
    },
    // The order's Purchase ad event, in the outbox with the payment (ad-purchase.ts), when this
    // process sends them.
    sendsPurchases(ctx) ? 'ad' : '',
  );
  const rows = result as (ItemSnapshot & { paid: number })[];
  if (rows.length === 0 || Number(rows[0]?.paid) !== 1) return null;
  const row: OrderRow = { ...order, status: 'PAID', paid_at: approvedAt, updated_at: now };
  const items = rows.map((r) =>
    itemBody(
      {
        ...r,
        order_id: order.id,
        status: 'PAID',
        shipped_at: null,
        completed_at: null,
        carrier_code: null,
        tracking_number: null,
        coupon_clawback: 0,
        is_despoke: r.is_despoke === true || String(r.is_despoke) === 't',
      },
      r.brand_name,
      r.image_url,
    ),
  );
  return detailOf(row, items, {
    provider: gw.name,
    method: gp.method,
    easy_pay_provider: gp.easyPayProvider,
    status: 'DONE',
    amount: gp.totalAmount,
    balance_amount: gp.balanceAmount,
    approved_at: approvedAt,
  });
}

export type ItemSnapshot = {
  id: number;
  product_item_id: number;
  product_display_id: number;
  brand_id: number;
  brand_name: string;
  name: string;
  image_url: string;
  size_name: string;
  color_name: string;
  quantity: number;
  price: number;
  price_discount: number;
  coupon_discount: number;
  point_used: number;
  paid_amount: number;
  is_despoke: boolean;
};

/** The promise's value, or a rejection once `deadline` aborts first. */
function beforeDeadline<T>(promise: Promise<T>, deadline: AbortSignal): Promise<T> {
  if (deadline.aborted) return Promise.reject(deadline.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(deadline.reason);
    deadline.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
  });
}
