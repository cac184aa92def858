/**
 * Orders and their payment (issue 8). State machine of an order:
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
 * after the gateway approved leaves the IN_PROGRESS row, which recoverPayments() (start-up, the
 * sweep) and the webhook resolve by re-reading the payment from the gateway.
 * Only the gateway's answer about a payment that is really this order's moves it: a refusal of the
 * confirm of this order's orderId + paymentKey fails it; an error that is no answer about a payment
 * of this order (a made-up key, another order's key, a session the gateway does not know) drops the
 * claim and leaves the order PENDING and payable (dropClaim).
 */
import { randomBytes } from 'node:crypto';
import {
  type ConfirmOrderRequest,
  type CreatedOrder,
  type CreateOrderRequest,
  isAddressEditable,
  isCancellable,
  newOrderId,
  ORDER_ITEM_STATUS_LABEL,
  ORDER_STATUS_LABEL,
  type OrderDetail,
  type OrderItemBody,
  type OrderItemStatus,
  type OrderMoney,
  orderName,
  PAYMENT_WINDOW_MINUTES,
} from '@codiroom/shared';
import { and, asc, desc, eq, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runHot } from '../../db/hot-sql.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  brands,
  cartLines,
  carts,
  orderItems,
  orders,
  paymentCancels,
  payments,
  productDisplays,
} from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.ts';
import { GatewayError, type GatewayPayment, gatewayOf, refusesPayment } from '../payments/gateway.ts';
import { type Conn, isUniqueViolation, type Tx } from '../users/member-db.ts';
import { applyBenefits, type BenefitPlan, planBenefits, releaseOrderBenefits } from './benefits.ts';
import {
  assertBuyable,
  orderMoney,
  PRICE_MSG,
  type PricedLine,
  priceLines,
  timeSaleUnits,
  type Wanted,
  wantedFromCart,
} from './pricing.ts';
import { releaseTimeSaleUnits, reserveTimeSaleUnits } from './time-sale-stock.ts';

export const MSG = {
  orderNotFound: '주문을 찾을 수 없습니다.',
  itemNotFound: '주문 상품을 찾을 수 없습니다.',
  amountMismatch: '결제 금액이 주문 금액과 일치하지 않습니다.',
  alreadyPaid: '이미 결제된 주문입니다.',
  notPayable: '결제할 수 없는 주문입니다. 다시 주문해주세요.',
  expired: '결제 가능 시간이 지났습니다. 다시 주문해주세요.',
  inProgress: '결제를 처리하고 있습니다. 잠시 후 주문 내역을 확인해주세요.',
  busy: '이미 다른 결제가 진행 중인 주문입니다.',
  uncertain: '결제 승인 결과를 확인하지 못했습니다. 잠시 후 주문 내역을 확인해주세요.',
  duplicateOrderId: '이미 사용된 주문번호입니다.',
  foreignPayment: '다른 주문의 결제입니다.',
  retry: '결제를 확인하지 못했습니다. 다시 시도해주세요.',
} as const;

const WINDOW_MS = PAYMENT_WINDOW_MINUTES * 60 * 1000;

type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The order was paid at some point (it may have been cancelled since). */
const wasPaid = (o: OrderRow) => o.paid_at !== null;

/** A timestamp as the driver gave it (postgres.js here: text; PGlite: a Date). */
const dateOf = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : dateOf(v));

/** An orders row read with `select o.*` through runHot. */
function orderRowOf(r: Record<string, unknown>): OrderRow {
  return {
    ...(r as OrderRow),
    expires_at: dateOf(r.expires_at),
    paid_at: dateOrNull(r.paid_at),
    cancelled_at: dateOrNull(r.cancelled_at),
    created_at: dateOf(r.created_at),
    updated_at: dateOf(r.updated_at),
  };
}

// ───────────────────────────── create ─────────────────────────────

export async function resolveWanted(
  db: Conn,
  userId: number,
  body: { cart_ids?: number[]; items?: { product_item_id: number; quantity: number }[] },
): Promise<Wanted[]> {
  if (body.cart_ids) return wantedFromCart(db, userId, body.cart_ids);
  return (body.items ?? []).map((i) => ({ ...i, cart_id: null }));
}

/** SQL `(id, q), …` rows of item quantities, in item id order. */
function itemRows(byItem: Map<number, number>) {
  return sql.join(
    [...byItem.entries()].sort((a, b) => a[0] - b[0]).map(([id, q]) => sql`(${id}::int, ${q}::int)`),
    sql`, `,
  );
}

/** Orders of up to this many lines create through a prepared statement (see insertPendingOrder). */
const PREPARED_MAX_LINES = 8;

type PendingOrder = {
  orderNo: string;
  userId: number;
  name: string;
  money: OrderMoney;
  address: CreateOrderRequest['address'];
  deliveryRequest: string | null;
  now: Date;
  lines: readonly PricedLine[];
  plan: BenefitPlan;
};

/**
 * Reserves the stock of every line and writes the PENDING order with its items, in ONE statement
 * (atomic on its own; inside the caller's transaction when coupons, points or time-sale units must
 * be taken with it). The item rows are locked in item id order first (concurrent multi-item orders
 * cannot deadlock; an order of one item needs no separate lock pass: its conditional update waits
 * for the row and re-checks it) and read as they stand once locked; only when every line is
 * reservable (`is_active and stock >= q`) is the stock taken (`stock = stock - q`) and the order written, so
 * no buyer can take an item below zero and a short order writes nothing. A pending order is cheap
 * to lose in a crash (no money has moved, its reservation goes with it), so its transaction's
 * commit does not wait for the WAL flush (`synchronous_commit` off for that transaction only);
 * claims and payments stay fully durable. A crash can lose such an order only together with
 * everything after it in the WAL, and no payment is approved before its confirm's claim row (which
 * references the order) has committed synchronously — flushing the WAL up to that commit flushes
 * the order's earlier commit with it — so a lost pending order never has money taken for it (its
 * Toss window just fails to confirm: 404).
 * Returns the new order's id (null when some line was short) and the reservable item ids.
 */
async function insertPendingOrder(
  conn: Conn,
  o: PendingOrder,
): Promise<{ id: number | null; reservable: Set<number>; customer_name: string | null }> {
  const byItem = new Map<number, number>();
  for (const l of o.lines) byItem.set(l.product_item_id, (byItem.get(l.product_item_id) ?? 0) + l.quantity);
  const at = sql`${o.now.toISOString()}::timestamptz`;
  const m = o.money;
  const a = o.address;
  const items = sql.join(
    o.lines.map((l, i) => {
      const b = o.plan.lines[i];
      const couponDiscount = b?.coupon_discount ?? 0;
      const pointUsed = b?.point_used ?? 0;
      return sql`(${i}::int, ${l.product_item_id}::int, ${l.product_display_id}::int, ${l.brand_id}::int,
        ${l.name}::text, ${l.size_name}::text, ${l.color_name}::text, ${l.quantity}::int,
        ${l.list_price}::int, ${l.price}::int, ${b?.coupon_id ?? null}::int, ${couponDiscount}::int,
        ${pointUsed}::int, ${l.price * l.quantity - couponDiscount - pointUsed}::int, ${l.is_despoke}::boolean,
        ${l.time_sale_item_id}::int)`;
    }),
    sql`, `,
  );
  // The text has one VALUES row per line: prepared (kept per connection) only for the few
  // shapes of small orders, so no sequence of orders can fill the connections with statements.
  const run = runHot(conn, o.lines.length <= PREPARED_MAX_LINES);
  // One item: its conditional update is the whole reservation (it waits for the row's lock and
  // re-checks the stock on the row as it then stands), so no separate lock pass. Several items:
  // all rows are locked (in id order) and checked first, so a short line takes nothing from the
  // others.
  const reserve =
    byItem.size === 1
      ? sql`
      reserved as materialized (
        update product_items p set stock = p.stock - v.q
        from v
        where p.id = v.id and p.is_active and p.stock >= v.q
        returning p.id
      ),
      good as materialized (select array_agg(r.id) as ids, count(*) = 1 as ok from reserved r),`
      : sql`
      locked as materialized (
        select p.id, p.stock, p.is_active from product_items p
        where p.id in (select id from v) order by p.id for no key update
      ),
      good as materialized (
        select array_agg(l.id) as ids, count(*) = ${byItem.size}::int as ok
        from locked l join v on v.id = l.id
        where l.is_active and l.stock >= v.q
      ),
      reserved as (
        update product_items p set stock = p.stock - v.q
        from v
        where p.id = v.id and p.is_active and p.stock >= v.q and (select ok from good)
        returning p.id
      ),`;
  const rows = (await run(sql`
      with v(id, q) as (values ${itemRows(byItem)}),
      async_commit as materialized (select set_config('synchronous_commit', 'off', true) as s),${reserve}
      o as (
        insert into orders (order_no, user_id, status, order_name, total_price, product_discount,
          coupon_discount, point_used, shipping_fee, amount, recipient, phone, zipcode, main_address,
          detail_address, delivery_request, expires_at, created_at, updated_at)
        select ${o.orderNo}::text, ${o.userId}::int, 'PENDING', ${o.name}::text, ${m.total_price}::int,
          ${m.product_discount}::int, ${m.coupon_discount}::int, ${m.point_used}::int,
          ${m.shipping_fee}::int, ${m.amount}::int, ${a.recipient}::text,
          ${a.phone.replaceAll('-', '')}::text, ${a.zipcode}::text, ${a.main_address}::text,
          ${a.detail_address}::text, ${o.deliveryRequest}::text,
          ${new Date(o.now.getTime() + WINDOW_MS).toISOString()}::timestamptz, ${at}, ${at}
        where (select ok from good)
        returning id
      ),
      i as (
        insert into order_items (order_id, product_item_id, product_display_id, brand_id, name,
          size_name, color_name, quantity, price, price_discount, coupon_id, coupon_discount,
          point_used, paid_amount, status, is_despoke, time_sale_item_id, created_at, updated_at)
        select o.id, x.product_item_id, x.product_display_id, x.brand_id, x.name, x.size_name,
          x.color_name, x.quantity, x.price, x.price_discount, x.coupon_id, x.coupon_discount,
          x.point_used, x.paid_amount, 'PENDING', x.is_despoke, x.time_sale_item_id, ${at}, ${at}
        from o cross join (values ${items}) as x(n, product_item_id, product_display_id, brand_id,
          name, size_name, color_name, quantity, price, price_discount, coupon_id, coupon_discount,
          point_used, paid_amount, is_despoke, time_sale_item_id)
        order by x.n
      )
      select (select id from o) as id, (select ids from good) as reservable,
        (select u.name from users u where u.id = ${o.userId}::int) as customer_name,
        (select count(*) from async_commit) as c, (select count(*) from reserved) as r`)) as {
    id: number | null;
    reservable: number[] | null;
    customer_name: string | null;
  }[];
  const row = rows[0];
  return {
    id: row?.id === null || row?.id === undefined ? null : Number(row.id),
    reservable: new Set((row?.reservable ?? []).map(Number)),
    customer_name: row?.customer_name ?? null,
  };
}

/**
 * Gives back the stock of the given order items (all of the order when ids are omitted), in one
 * statement, rows locked in item id order like the reservation.
 */
export async function releaseStock(
  tx: Tx,
  orderId: number | number[],
  itemIds?: number[],
  /** false: the shopper keeps the unit (an exchange), so its time-sale unit stays counted. */
  timeSaleUnits = true,
): Promise<void> {
  if (itemIds && itemIds.length === 0) return;
  const orderIds = Array.isArray(orderId) ? orderId : [orderId];
  if (orderIds.length === 0) return;
  const only = itemIds
    ? sql`and oi.id in (${sql.join(
        itemIds.map((i) => sql`${i}::int`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    with v as (
      select oi.product_item_id as id, sum(oi.quantity)::int as q
      from order_items oi
      where oi.order_id in (${sql.join(
        orderIds.map((i) => sql`${i}::int`),
        sql`, `,
      )}) ${only}
      group by oi.product_item_id
    ),
    locked as materialized (
      select p.id from product_items p where p.id in (select id from v) order by p.id for no key update
    )
    update product_items p set stock = p.stock + v.q
    from v, locked
    where p.id = v.id and locked.id = p.id`);
  if (timeSaleUnits) await releaseTimeSaleUnits(tx, orderIds, only);
}

export async function createOrder(
  ctx: AppContext,
  userId: number,
  body: CreateOrderRequest,
): Promise<CreatedOrder> {
  const now = ctx.clock.now();
  const wanted = await resolveWanted(ctx.db, userId, body);
  const lines = await priceLines(ctx.db, wanted, now);
  assertBuyable(lines);
  const { money: base } = orderMoney(lines);
  // Coupons and points: re-validated over the server-priced lines (benefits.ts).
  const plan = await planBenefits(ctx, userId, lines, body, base.amount);
  const money = {
    ...base,
    coupon_discount: plan.coupon_discount,
    point_used: plan.point_used,
    amount: base.amount - plan.coupon_discount - plan.point_used,
  };
  const orderNo = body.order_id ?? newOrderId(now, randomBytes(12).toString('hex'));
  const pending: PendingOrder = {
    orderNo,
    userId,
    name: orderName(lines.map((l) => l.name)),
    money,
    address: body.address,
    deliveryRequest: body.delivery_request ?? null,
    now,
    lines,
    plan,
  };
  const check = (r: Awaited<ReturnType<typeof insertPendingOrder>>) => {
    const short = lines.find((l) => !r.reservable.has(l.product_item_id));
    if (short || r.id === null) throw badRequest(PRICE_MSG.stock((short ?? lines[0])?.name ?? ''));
    return { id: r.id, customer_name: r.customer_name };
  };
  let created: { id: number; customer_name: string | null };
  try {
    if (plan.coupon_ids.length === 0 && plan.point_used === 0 && timeSaleUnits(lines).size === 0) {
      // Nothing but stock to take: the one statement is the whole transaction (one round trip).
      created = check(await insertPendingOrder(ctx.db, pending));
    } else {
      created = await ctx.db.transaction(async (tx) => {
        const order = check(await insertPendingOrder(tx, pending));
        await reserveTimeSaleUnits(tx, lines);
        // Every coupon redeemed (conditional: a coupon another order took is a 409 and this order
        // rolls back) and the points spent, in this transaction.
        await applyBenefits(tx, userId, order.id, plan, now);
        return order;
      });
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.duplicateOrderId);
    throw err;
  }
  return {
    id: created.id,
    order_id: orderNo,
    order_name: pending.name,
    status: 'PENDING',
    expires_at: new Date(now.getTime() + WINDOW_MS).toISOString(),
    customer_name: created.customer_name ?? '',
    ...money,
  };
}

// ───────────────────────────── confirm ─────────────────────────────

async function orderOf(db: Conn, orderNo: string, userId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.order_no, orderNo)).limit(1);
  if (!order || order.user_id !== userId) throw notFound(MSG.orderNotFound);
  return order;
}

async function paymentByKey(db: Conn, key: string) {
  const [p] = await db.select().from(payments).where(eq(payments.payment_key, key)).limit(1);
  return p ?? null;
}

/** Cancels a payment the shop must not keep; failures are logged by the caller, never thrown. */
async function cancelQuietly(ctx: AppContext, paymentKey: string, reason: string, idempotencyKey: string) {
  try {
    return await gatewayOf(ctx).cancel(paymentKey, { cancelReason: reason }, idempotencyKey);
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Claim = 'claimed' | 'same-key' | 'busy';

export async function confirmOrder(
  ctx: AppContext,
  userId: number,
  req: ConfirmOrderRequest,
): Promise<OrderDetail> {
  const gw = gatewayOf(ctx);
  const now = ctx.clock.now();
  type Known = { order_id: number; status: string } | null;
  // One statement, one round trip: the claim function (migration 0011_order_hot_functions) runs,
  // in this statement's transaction, the order row locked (with what we know of this key), then —
  // its own, later snapshot: it sees every payment committed by whoever held the lock before — the
  // conditional insert of the IN_PROGRESS claim, then (later still) the key's row and the payments
  // holding the order, for when the claim was not taken. The claim carries every check below that
  // allows a confirm (the member's PENDING order, the amount, the payment window or a known key, no
  // other payment in flight or approved), so it is only taken when they all pass; the checks then
  // decide the answer when it was not.
  const [claimRow] = await runHot(ctx.db)(sql`
    select claim_order_payment(${req.order_id}::varchar, ${req.payment_key}::varchar,
      ${userId}::int, ${req.amount}::int, ${now.toISOString()}::timestamptz, ${gw.name}::varchar) as claim`);
  const claimJson = claimRow?.claim;
  const answer = (typeof claimJson === 'string' ? JSON.parse(claimJson) : claimJson) as {
    head: Record<string, unknown> | null;
    inserted: unknown[];
    after: Record<string, unknown> | null;
  };
  const headRows = answer.head ? [answer.head] : [];
  const inserted = answer.inserted ?? [];
  const after = answer.after ?? undefined;
  const claimed = inserted.length === 1;
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
    inflight = ((after?.inflight as unknown[] | null) ?? []).map(String);
  }
  if (!head || head.order.user_id !== userId) throw notFound(MSG.orderNotFound);
  const { order, known } = head;
  if (known && known.order_id !== order.id) throw conflict(MSG.foreignPayment);
  if (known && known.status !== 'IN_PROGRESS' && known.status !== 'ABORTED') {
    // Confirmed before: the paid order again (one charge), unless that payment was given back.
    if (wasPaid(order)) return orderDetail(ctx.db, order.id, userId);
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
  if (order.status !== 'PENDING') throw conflict(MSG.notPayable);
  if (order.expires_at.getTime() <= now.getTime() && !known && !claimed) throw conflict(MSG.expired);

  let claim: Claim = 'claimed';
  if (!claimed) {
    if (inflight.includes(req.payment_key)) claim = 'same-key';
    else if (inflight.length > 0) claim = 'busy';
    else claim = 'same-key';
  }

  if (claim === 'busy') throw conflict(MSG.busy);
  if (claim === 'same-key') {
    // Another request holds (or held) this confirmation: wait for its outcome.
    let dropped = false;
    for (let i = 0; i < 40; i++) {
      const p = await paymentByKey(ctx.db, req.payment_key);
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
    // Still in progress (or dropped): an earlier attempt may have been approved with its answer
    // lost (a 502 to the browser, which now retries). Ask the gateway; an approval settles the
    // order now.
    const gp = await gw.get(req.payment_key).catch(() => null);
    if (gp && gp.status === 'DONE' && gp.orderId === order.order_no) {
      const outcome = await applyGatewayPayment(ctx, gp, req.payment_key, order);
      if (outcome === 'paid' || outcome === 'already-paid') return orderDetail(ctx.db, order.id, userId);
    }
    const [current] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    if (current?.status === 'PAID') throw conflict(MSG.alreadyPaid);
    throw conflict(dropped ? MSG.retry : MSG.inProgress);
  }

  let approved: GatewayPayment;
  try {
    approved = await gw.confirm({
      paymentKey: req.payment_key,
      orderId: order.order_no,
      amount: order.amount,
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (err.code === 'ALREADY_PROCESSED_PAYMENT') {
      // Approved by an earlier attempt whose answer was lost: read it back.
      try {
        approved = await gw.get(req.payment_key);
      } catch {
        throw new HttpError(502, MSG.uncertain);
      }
    } else if (err.uncertain) {
      throw new HttpError(502, MSG.uncertain);
    } else if (refusesPayment(err)) {
      // The gateway refused the payment of this orderId + paymentKey: the order fails.
      await failPayment(ctx, order.id, req.payment_key);
      throw badRequest(err.message, { code: err.code });
    } else {
      // No answer about a payment of this order (a made-up key, another order's key, a session
      // the gateway does not know): the order stays as it was, PENDING and payable.
      await dropClaim(ctx, order.id, req.payment_key);
      throw badRequest(err.message, { code: err.code });
    }
  }
  if (approved.orderId !== order.order_no) {
    // The key belongs to another order (replayed): no claim of it here; settle it there, refuse
    // it here.
    await dropClaim(ctx, order.id, req.payment_key);
    await applyGatewayPayment(ctx, approved, req.payment_key);
    throw conflict(MSG.foreignPayment);
  }
  const paid = await payPendingOrder(ctx, approved, req.payment_key, order);
  if (paid) return paid;
  const outcome = await applyGatewayPayment(ctx, approved, req.payment_key, order);
  if (outcome !== 'paid' && outcome !== 'already-paid') throw conflict(MSG.notPayable);
  return orderDetail(ctx.db, order.id, userId);
}

/**
 * The common case of applying an approval, in one durable statement: a PENDING order whose amount
 * the gateway approved becomes PAID with its items, the payment row DONE and the bought items
 * leave the member's cart. The detail is built from what was just written (one read of the item
 * bodies). Null when the order was not PENDING with that amount: the caller takes the general,
 * locked path (applyGatewayPayment).
 */
async function payPendingOrder(
  ctx: AppContext,
  gp: GatewayPayment,
  paymentKey: string,
  order: OrderRow,
): Promise<OrderDetail | null> {
  if (gp.status !== 'DONE' || gp.orderId !== order.order_no || gp.totalAmount !== order.amount) return null;
  const gw = gatewayOf(ctx);
  const now = ctx.clock.now();
  const approvedAt = gp.approvedAt ? new Date(gp.approvedAt) : now;
  const at = sql`${now.toISOString()}::timestamptz`;
  const approved = sql`${approvedAt.toISOString()}::timestamptz`;
  const result = await runHot(ctx.db)(sql`
    with paid as (
      update orders set status = 'PAID', paid_at = ${approved}, updated_at = ${at}
      where id = ${order.id} and status = 'PENDING' and amount = ${gp.totalAmount}
      returning id, user_id
    ),
    pay as (
      insert into payments (order_id, payment_key, provider, method, status, amount, balance_amount,
        approved_at, raw, created_at, updated_at)
      select paid.id, ${paymentKey}, ${gw.name}, ${gp.method}, 'DONE', ${gp.totalAmount}::int,
        ${gp.balanceAmount}::int, ${approved}, ${JSON.stringify(gp.raw ?? null)}::jsonb, ${at}, ${at}
      from paid
      on conflict (payment_key) do update set order_id = excluded.order_id, provider = excluded.provider,
        method = excluded.method, status = excluded.status, amount = excluded.amount,
        balance_amount = excluded.balance_amount, approved_at = excluded.approved_at,
        raw = excluded.raw, updated_at = excluded.updated_at
      returning id
    ),
    items as (
      update order_items set status = 'PAID', updated_at = ${at}
      where order_id in (select id from paid)
      returning product_item_id
    ),
    gone as (
      delete from cart_lines
      where cart_id in (select c.id from carts c join paid on c.user_id = paid.user_id)
        and product_item_id in (select product_item_id from items)
    )
    -- The item bodies of the detail, as they stood before this statement (PENDING, not shipped).
    select (select count(*) from paid)::int as paid, oi.id, oi.product_item_id, oi.product_display_id,
      oi.brand_id, b.name as brand_name, oi.name, pd.image_url, oi.size_name, oi.color_name,
      oi.quantity, oi.price, oi.price_discount, oi.coupon_discount, oi.point_used, oi.paid_amount,
      oi.is_despoke
    from order_items oi
    join brands b on b.id = oi.brand_id
    join product_displays pd on pd.id = oi.product_display_id
    where oi.order_id = ${order.id}
    order by oi.id`);
  const rows = rowsOf<ItemSnapshot & { paid: number }>(result);
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
        is_despoke: r.is_despoke === true || String(r.is_despoke) === 't',
      },
      r.brand_name,
      r.image_url,
    ),
  );
  return detailOf(row, items, {
    provider: gw.name,
    method: gp.method,
    status: 'DONE',
    amount: gp.totalAmount,
    balance_amount: gp.balanceAmount,
    approved_at: approvedAt,
  });
}

type ItemSnapshot = {
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

/**
 * The gateway refused a payment of this order (or said it was aborted or never approved in the
 * window): the payment row ABORTED, the order FAILED and its stock released — unless another
 * payment of the order is in flight or approved (a second payment window abandoned while the first
 * one is being confirmed or recovered): that payment decides the order.
 */
async function failPayment(ctx: AppContext, orderId: number, paymentKey: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'ABORTED', updated_at: now })
      .where(
        and(
          eq(payments.payment_key, paymentKey),
          eq(payments.order_id, orderId),
          eq(payments.status, 'IN_PROGRESS'),
        ),
      );
    const failed = await tx
      .update(orders)
      .set({ status: 'FAILED', updated_at: now })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'PENDING'),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payments)
              .where(
                and(
                  eq(payments.order_id, orders.id),
                  ne(payments.payment_key, paymentKey),
                  inArray(payments.status, ['IN_PROGRESS', 'DONE']),
                ),
              ),
          ),
        ),
      )
      .returning({ id: orders.id });
    if (failed.length === 1) {
      await releaseStock(tx, orderId);
      await releaseOrderBenefits(tx, [orderId], now);
    }
  });
}

/**
 * The gateway's answer was no answer about a payment of this order (a made-up key, another order's
 * key, a payment session it does not know): the claim row this order took for the key goes, so the
 * order is as it was before the request — PENDING, its stock reserved, payable with its own key
 * while its window runs (then the sweep expires it) — and the key stays free for the order it
 * belongs to.
 */
async function dropClaim(ctx: AppContext, orderId: number, paymentKey: string): Promise<void> {
  await ctx.db
    .delete(payments)
    .where(
      and(
        eq(payments.payment_key, paymentKey),
        eq(payments.order_id, orderId),
        eq(payments.status, 'IN_PROGRESS'),
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
    // passed nobody will; the attempt is over and the order's stock must not stay held.
    if (order.status === 'PENDING' && order.expires_at.getTime() <= ctx.clock.now().getTime()) {
      await failPayment(ctx, order.id, paymentKey);
      return 'failed';
    }
    return 'ignored';
  }
  const now = ctx.clock.now();
  const approvedAt = gp.approvedAt ? new Date(gp.approvedAt) : now;
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
    const payable = locked.status === 'PENDING' && gp.totalAmount === locked.amount;
    const values = {
      order_id: locked.id,
      payment_key: paymentKey,
      provider: gw.name,
      method: gp.method,
      status: payable ? ('DONE' as const) : ('IN_PROGRESS' as const),
      amount: gp.totalAmount,
      balance_amount: gp.balanceAmount,
      approved_at: approvedAt,
      raw: gp.raw as object,
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
    if (locked.user_id !== null) {
      // The bought items leave the member's cart.
      const bought = tx
        .select({ id: orderItems.product_item_id })
        .from(orderItems)
        .where(eq(orderItems.order_id, locked.id));
      const cart = tx.select({ id: carts.id }).from(carts).where(eq(carts.user_id, locked.user_id));
      await tx
        .delete(cartLines)
        .where(and(inArray(cartLines.cart_id, cart), inArray(cartLines.product_item_id, bought)));
    }
    return 'paid';
  });
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
 * with no payment in flight fails now and its stock returns at once instead of after 30 minutes.
 * Returns the order's status afterwards.
 */
export async function abandonOrder(
  ctx: AppContext,
  userId: number,
  orderNo: string,
): Promise<OrderRow['status']> {
  const order = await orderOf(ctx.db, orderNo, userId);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const failed = await tx
      .update(orders)
      .set({ status: 'FAILED', updated_at: now })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, 'PENDING'),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payments)
              .where(
                and(eq(payments.order_id, orders.id), inArray(payments.status, ['IN_PROGRESS', 'DONE'])),
              ),
          ),
        ),
      )
      .returning({ status: orders.status });
    if (failed.length === 1) {
      await releaseStock(tx, order.id);
      await releaseOrderBenefits(tx, [order.id], now);
      return 'FAILED';
    }
    const [now2] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    return now2?.status ?? order.status;
  });
}

// ───────────────────────────── recovery and expiry ─────────────────────────────

/**
 * Payments left IN_PROGRESS (a crash or lost answer between the gateway's approval and our
 * update) are re-read from the gateway and applied. `olderThanMs` keeps live confirms alone.
 */
export async function recoverPayments(ctx: AppContext, olderThanMs = 0): Promise<number> {
  const gw = gatewayOf(ctx);
  const cutoff = new Date(ctx.clock.now().getTime() - olderThanMs);
  const stuck = await ctx.db
    .select({ key: payments.payment_key, order_id: payments.order_id, order_no: orders.order_no })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(
      olderThanMs > 0
        ? and(eq(payments.status, 'IN_PROGRESS'), lte(payments.updated_at, cutoff))
        : eq(payments.status, 'IN_PROGRESS'),
    )
    .limit(500);
  let resolved = 0;
  for (const s of stuck) {
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
  }
  return resolved;
}

/** The sweep: PENDING orders past their window with no payment in flight expire; stock returns. */
export async function expireOrders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .update(orders)
      .set({ status: 'EXPIRED', updated_at: now })
      .where(
        and(
          eq(orders.status, 'PENDING'),
          lte(orders.expires_at, now),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payments)
              .where(
                and(eq(payments.order_id, orders.id), inArray(payments.status, ['IN_PROGRESS', 'DONE'])),
              ),
          ),
        ),
      )
      .returning({ id: orders.id });
    // One statement for every due order: the rows are locked in one item id order, so the sweep
    // cannot deadlock with a reservation.
    // (Chunks keep under PGlite's bind-parameter limit.)
    for (let i = 0; i < due.length; i += 5000) {
      const chunk = due.slice(i, i + 5000).map((o) => o.id);
      await releaseStock(tx, chunk);
      await releaseOrderBenefits(tx, chunk, now);
    }
    return due.length;
  });
}

// ───────────────────────────── reads ─────────────────────────────

export async function itemBodies(db: Conn, orderIds: number[]): Promise<Map<number, OrderItemBody[]>> {
  const out = new Map<number, OrderItemBody[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      item: orderItems,
      brand_name: brands.name,
      image_url: productDisplays.image_url,
    })
    .from(orderItems)
    .innerJoin(brands, eq(brands.id, orderItems.brand_id))
    .innerJoin(productDisplays, eq(productDisplays.id, orderItems.product_display_id))
    .where(inArray(orderItems.order_id, orderIds))
    .orderBy(asc(orderItems.id));
  for (const r of rows) {
    const list = out.get(r.item.order_id) ?? [];
    list.push(itemBody(r.item, r.brand_name, r.image_url));
    out.set(r.item.order_id, list);
  }
  return out;
}

type ItemFields = Pick<
  typeof orderItems.$inferSelect,
  | 'id'
  | 'order_id'
  | 'product_item_id'
  | 'product_display_id'
  | 'brand_id'
  | 'name'
  | 'size_name'
  | 'color_name'
  | 'quantity'
  | 'price'
  | 'price_discount'
  | 'coupon_discount'
  | 'point_used'
  | 'paid_amount'
  | 'status'
  | 'is_despoke'
  | 'shipped_at'
  | 'completed_at'
>;

function itemBody(i: ItemFields, brandName: string, imageUrl: string): OrderItemBody {
  const status = i.status as OrderItemStatus;
  return {
    id: Number(i.id),
    product_item_id: Number(i.product_item_id),
    product_display_id: Number(i.product_display_id),
    brand_id: Number(i.brand_id),
    brand_name: brandName,
    name: i.name,
    image_url: imageUrl,
    size_name: i.size_name,
    color_name: i.color_name,
    quantity: Number(i.quantity),
    price: Number(i.price),
    price_discount: Number(i.price_discount),
    coupon_discount: Number(i.coupon_discount),
    point_used: Number(i.point_used),
    paid_amount: Number(i.paid_amount),
    status,
    status_label: ORDER_ITEM_STATUS_LABEL[status],
    is_despoke: i.is_despoke,
    is_cancellable: !i.is_despoke && isCancellable(status),
    shipped_at: iso(i.shipped_at),
    completed_at: iso(i.completed_at),
  };
}

/** One order with items and payment; another member's order (or none) answers 404. */
export async function orderDetail(
  db: Db | Conn,
  orderId: number,
  userId: number | null,
): Promise<OrderDetail> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o || (userId !== null && o.user_id !== userId)) throw notFound(MSG.orderNotFound);
  return buildDetail(db, o);
}

type DetailPayment = Pick<
  typeof payments.$inferSelect,
  'provider' | 'method' | 'status' | 'amount' | 'balance_amount' | 'approved_at'
>;

export async function buildDetail(db: Db | Conn, o: OrderRow): Promise<OrderDetail> {
  const [byOrder, [p]] = await Promise.all([
    itemBodies(db, [o.id]),
    db
      .select()
      .from(payments)
      .where(
        and(eq(payments.order_id, o.id), inArray(payments.status, ['DONE', 'PARTIAL_CANCELED', 'CANCELED'])),
      )
      .orderBy(desc(payments.id))
      .limit(1),
  ]);
  return detailOf(o, byOrder.get(o.id) ?? [], p);
}

function detailOf(o: OrderRow, items: OrderItemBody[], p: DetailPayment | undefined): OrderDetail {
  return {
    id: o.id,
    order_id: o.order_no,
    order_name: o.order_name,
    status: o.status,
    status_label: ORDER_STATUS_LABEL[o.status],
    created_at: o.created_at.toISOString(),
    paid_at: iso(o.paid_at),
    cancelled_at: iso(o.cancelled_at),
    expires_at: o.expires_at.toISOString(),
    total_price: o.total_price,
    product_discount: o.product_discount,
    coupon_discount: o.coupon_discount,
    point_used: o.point_used,
    shipping_fee: o.shipping_fee,
    amount: o.amount,
    cancelled_amount: p ? p.amount - p.balance_amount : 0,
    address: {
      recipient: o.recipient,
      phone: o.phone,
      zipcode: o.zipcode,
      main_address: o.main_address,
      detail_address: o.detail_address,
      delivery_request: o.delivery_request,
    },
    is_address_editable:
      (o.status === 'PAID' || o.status === 'PARTIALLY_CANCELLED') &&
      isAddressEditable(items.map((i) => i.status)),
    payment: p
      ? {
          provider: p.provider,
          method: p.method,
          status: p.status,
          amount: p.amount,
          balance_amount: p.balance_amount,
          approved_at: iso(p.approved_at),
        }
      : null,
    items,
  };
}

/** Parses a path id; anything but a positive integer is the resource's 404. */
export function pathId(raw: string, detail: string = MSG.orderNotFound): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound(detail);
  return id;
}
