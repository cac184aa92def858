/**
 * Coupons and points at checkout (docs/ARCHITECTURE.md, 'Orders and payments'; the coupon and point
 * rules: 'Benefits').
 *
 * - Create: the member's coupon choice is re-validated with the shared `evaluateChoice` over the
 *   order's server-priced lines (unit price = what the order charges, never a client amount);
 *   points are capped by `maxUsablePoints` at the amount left after coupons (less the gateway's
 *   1-won minimum). Inside the order transaction every coupon is reserved (`reserveCoupon`, a
 *   conditional update: of two orders racing for one coupon exactly one commits; it becomes used
 *   only when the payment is confirmed) and the points are held (`spendPoints`, under the member's
 *   row lock: a ledger row the point history shows as held until the order is paid, refunded when
 *   the attempt is released). Per item: the line coupon's discount plus
 *   its share of the cart-wide coupons (`cart_allocation`), then its share of the points
 *   (`allocateDiscount` over what each item still costs); `paid_amount` is what is left.
 * - Give back: when a PENDING order is released (release.ts), fails or expires, and when its last live item is cancelled or
 *   returned, every coupon of the order is restored and every point not yet returned is refunded.
 *   An item cancelled or returned while others stay live returns its points share (shared
 *   `pointsToReturn`) and its line coupon unless another live item of the order still uses it;
 *   cart-wide coupons return only when no live item is left. A cart coupon whose minimum the live
 *   items no longer meet without the closing one costs the closing item's refund the discount the
 *   others lose (claimRefund, shared `couponClawback`). Each transition runs once
 *   (conditional status updates under the order row lock), and refundPoints never returns more
 *   than was spent on the order.
 * - Earn: an item reaching CONFIRMED (구매확정) credits `purchasePoints(paid_amount)` (1%, floored)
 *   once (the ledger row of that item, looked up under the member's row lock).
 */
import {
  allocateDiscount,
  bestCouponAssignment,
  type ClaimCouponLine,
  type CouponAssignment,
  type CouponChoice,
  CouponChoiceError,
  type CouponClawback,
  type CouponLine,
  type CreateOrderRequest,
  couponClawback,
  evaluateChoice,
  lineCouponDiscount,
  MIN_GATEWAY_AMOUNT,
  maxUsablePoints,
  pointsToReturn,
  purchasePoints,
} from '@codiroom/shared';
import { and, eq, gt, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import {
  couponsOfOrders,
  earnedPurchasePoints,
  earnPoints,
  linesForItems,
  memberRules,
  orderCouponRules,
  pointBalance,
  refundPoints,
  reserveCoupon,
  restoreCoupon,
  returnedOrderPoints,
  spendPoints,
} from '../benefits/index.ts';
import { withdrawItemReview } from '../reviews/index.ts';
import { lockMember } from '../users/index.ts';
import type { PricedLine } from './pricing.ts';
import { orderItems, orders } from './schema.ts';

export const BENEFIT_MSG = {
  duplicateLine: '같은 상품이 두 번 담긴 주문에는 쿠폰을 적용할 수 없습니다.',
  notApplicable: '이 주문에 함께 적용할 수 없는 쿠폰입니다.',
  tooManyPoints: (max: number) => `사용할 수 있는 포인트는 최대 ${max}원입니다.`,
} as const;

export type LineBenefit = { coupon_id: number | null; coupon_discount: number; point_used: number };

export type BenefitPlan = {
  coupon_ids: number[];
  coupon_discount: number;
  point_used: number;
  /** Per priced line, in the lines' order. */
  lines: LineBenefit[];
};

const none = (lines: readonly PricedLine[]): BenefitPlan => ({
  coupon_ids: [],
  coupon_discount: 0,
  point_used: 0,
  lines: lines.map(() => ({ coupon_id: null, coupon_discount: 0, point_used: 0 })),
});

function choiceError(err: unknown): never {
  if (err instanceof CouponChoiceError)
    throw badRequest(err.message, err.coupon_id ? { coupon_id: err.coupon_id } : undefined);
  throw err;
}

/**
 * Re-validates the member's coupon choice and points over the server-priced lines. `payable` is
 * the order amount before coupons and points (shipping included). Reads only; the writes happen
 * in `applyBenefits` inside the order transaction.
 */
export async function planBenefits(
  ctx: AppContext,
  userId: number,
  lines: readonly PricedLine[],
  body: Pick<CreateOrderRequest, 'coupon_ids' | 'line_coupons' | 'cart_coupon_ids' | 'point'>,
  payable: number,
): Promise<BenefitPlan> {
  const wantsCoupons =
    (body.coupon_ids?.length ?? 0) + (body.line_coupons?.length ?? 0) + (body.cart_coupon_ids?.length ?? 0) >
    0;
  const point = body.point ?? 0;
  const plan = none(lines);
  if (!wantsCoupons && point === 0) return plan;
  const now = ctx.clock.now();
  if (wantsCoupons) {
    const ids = lines.map((l) => l.product_item_id);
    if (new Set(ids).size !== ids.length) throw badRequest(BENEFIT_MSG.duplicateLine);
    const [found, { rules }] = await Promise.all([
      linesForItems(ctx.db, ids, new Map(lines.map((l) => [l.product_item_id, l.quantity])), now),
      memberRules(ctx.db, userId),
    ]);
    // The order's own price is what coupons discount (never a client amount).
    const couponLines: CouponLine[] = found.map((f, i) => ({
      line_id: f.line_id,
      product_item_id: f.product_item_id,
      product_display_id: f.product_display_id,
      brand_id: f.brand_id,
      category_id: f.category_id,
      parent_category_ids: f.parent_category_ids ?? [],
      unit_price: (lines[i] as PricedLine).price,
      quantity: (lines[i] as PricedLine).quantity,
      is_time_sale: (lines[i] as PricedLine).time_sale_item_id !== null,
    }));
    let a: CouponAssignment;
    try {
      if (body.coupon_ids?.length) {
        const wanted = new Set(body.coupon_ids);
        if (wanted.size !== body.coupon_ids.length)
          throw new CouponChoiceError('쿠폰은 한 번만 사용할 수 있습니다.');
        const owned = new Set(rules.map((r) => r.id));
        const foreign = body.coupon_ids.find((id) => !owned.has(id));
        if (foreign !== undefined) throw new CouponChoiceError('보유하지 않은 쿠폰입니다.', foreign);
        const best = bestCouponAssignment(
          couponLines,
          rules.filter((r) => wanted.has(r.id)),
          now,
        );
        const used = new Set([...best.lines.flatMap((l) => l.coupon_ids), ...best.cart_coupon_ids]);
        const unused = body.coupon_ids.find((id) => !used.has(id));
        if (unused !== undefined) throw new CouponChoiceError(BENEFIT_MSG.notApplicable, unused);
        a = best;
      } else {
        const perLine = new Map<number, number[]>();
        for (const c of body.line_coupons ?? [])
          perLine.set(c.product_item_id, [...(perLine.get(c.product_item_id) ?? []), c.coupon_id]);
        const choice: CouponChoice = {
          lines: [...perLine].map(([line_id, coupon_ids]) => ({ line_id, coupon_ids })),
          cart_coupon_ids: body.cart_coupon_ids ?? [],
        };
        a =
          choice.lines.length + choice.cart_coupon_ids.length > 0
            ? evaluateChoice(couponLines, rules, choice, now)
            : a0();
      }
    } catch (err) {
      choiceError(err);
    }
    const lineDiscount = new Map(a.lines.map((l) => [l.line_id, l]));
    const cartShare = new Map(a.cart_allocation.map((c) => [c.line_id, c.discount]));
    lines.forEach((l, i) => {
      const x = lineDiscount.get(l.product_item_id);
      (plan.lines[i] as LineBenefit).coupon_id = x?.coupon_ids[0] ?? null;
      (plan.lines[i] as LineBenefit).coupon_discount =
        (x?.discount ?? 0) + (cartShare.get(l.product_item_id) ?? 0);
    });
    plan.coupon_ids = [...a.lines.flatMap((l) => l.coupon_ids), ...a.cart_coupon_ids];
    plan.coupon_discount = a.total_discount;
  }
  if (point > 0) {
    const left = payable - plan.coupon_discount - MIN_GATEWAY_AMOUNT;
    const balance = await pointBalance(ctx.db, userId);
    const max = maxUsablePoints(balance, Math.max(0, left));
    if (point > max) throw badRequest(BENEFIT_MSG.tooManyPoints(max));
    const parts = allocateDiscount(
      lines.map((l, i) => l.price * l.quantity - (plan.lines[i] as LineBenefit).coupon_discount),
      point,
    );
    parts.forEach((p, i) => {
      (plan.lines[i] as LineBenefit).point_used = p;
    });
    plan.point_used = point;
  }
  return plan;
}

function a0(): CouponAssignment {
  return {
    lines: [],
    cart_coupon_ids: [],
    cart_discounts: [],
    cart_discount: 0,
    total_discount: 0,
    cart_allocation: [],
  };
}

/** Inside the order transaction: reserves the coupons and holds the points of the plan. */
export async function applyBenefits(tx: Tx, userId: number, orderId: number, plan: BenefitPlan, now: Date) {
  for (const id of [...plan.coupon_ids].sort((a, b) => a - b))
    await reserveCoupon(tx, userId, id, orderId, now);
  if (plan.point_used > 0)
    await spendPoints(tx, { userId, amount: plan.point_used, now, refType: 'order', refId: orderId });
}

async function refundOrderPoints(tx: Tx, userId: number, orderId: number, amount: number, now: Date) {
  if (amount <= 0) return;
  await refundPoints(tx, { userId, amount, now, refType: 'order', refId: orderId });
}

/**
 * The orders were released, failed, expired or were wholly cancelled/returned: every coupon they
 * reserved or used comes back and every point not yet returned is refunded (`pointsToReturn` of a last live item). Call once
 * per transition (the caller's conditional update or status check under the order row lock).
 */
export async function releaseOrderBenefits(tx: Tx, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const used = await couponsOfOrders(tx, orderIds);
  for (const c of used) if (c.order_id !== null) await restoreCoupon(tx, c.user_id, c.id, c.order_id);
  const spent = await tx
    .select({ id: orders.id, user_id: orders.user_id, point_used: orders.point_used })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), gt(orders.point_used, 0)));
  for (const o of spent) {
    if (o.user_id === null) continue;
    const back = pointsToReturn({
      item_share: 0,
      spent: o.point_used,
      returned: await returnedOrderPoints(tx, o.user_id, o.id),
      last_live_item: true,
    });
    await refundOrderPoints(tx, o.user_id, o.id, back, now);
  }
}

/**
 * An item closed — cancelled, or its return completed — with the order row locked and the item
 * already written CANCEL/REFUNDED (the caller's one-time transition, so this runs once per item).
 * - Review: the item's review stops counting and its credit and review missions are taken back
 *   (reviews `withdrawItemReview`; the balance may go negative, docs/ARCHITECTURE.md 'Benefits').
 * - Points: `pointsToReturn` — the item's own share (`point_used`, allocated at checkout), or
 *   for the order's last live item everything not yet returned (rounding, the shipping share).
 * - Coupons: the item's line coupon becomes usable again unless another live item of the order
 *   still uses it; when no live item is left (`orderClosed`) every coupon of the order returns,
 *   cart-wide ones included.
 * Returns the points given back and the id of the review withdrawn, if any (the caller calls
 * reviews' `afterReviewWithdrawn` once committed).
 */
export async function releaseItemBenefits(
  tx: Tx,
  order: { id: number; user_id: number | null; point_used: number },
  item: { id: number; coupon_id: number | null; point_used: number },
  orderClosed: boolean,
  now: Date,
): Promise<{ points: number; review_withdrawn: number | null }> {
  if (order.user_id === null) return { points: 0, review_withdrawn: null };
  const review_withdrawn = await withdrawItemReview(tx, item.id, now);
  if (orderClosed) {
    const before = await returnedOrderPoints(tx, order.user_id, order.id);
    await releaseOrderBenefits(tx, [order.id], now);
    return { points: (await returnedOrderPoints(tx, order.user_id, order.id)) - before, review_withdrawn };
  }
  if (item.coupon_id !== null) {
    const others = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.order_id, order.id),
          eq(orderItems.coupon_id, item.coupon_id),
          ne(orderItems.id, item.id),
          notInArray(orderItems.status, ['PENDING', 'CANCEL', 'REFUNDED']),
        ),
      )
      .limit(1);
    if (others.length === 0) await restoreCoupon(tx, order.user_id, item.coupon_id, order.id);
  }
  const back = pointsToReturn({
    item_share: item.point_used,
    spent: order.point_used,
    returned: await returnedOrderPoints(tx, order.user_id, order.id),
    last_live_item: false,
  });
  await refundOrderPoints(tx, order.user_id, order.id, back, now);
  return { points: back, review_withdrawn };
}

/**
 * What closing `item` would give back (read only, for the back office's refund confirmation):
 * the points `releaseItemBenefits` would return, and whether its coupon would come back (no other
 * live item of the order uses it, or the order closes with it).
 */
export async function itemBenefitsPreview(
  db: Conn,
  order: { id: number; user_id: number | null; point_used: number },
  item: { id: number; coupon_id: number | null; point_used: number },
): Promise<{ points: number; coupon_restored: boolean }> {
  if (order.user_id === null) return { points: 0, coupon_restored: false };
  const others = await db
    .select({ coupon_id: orderItems.coupon_id })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.order_id, order.id),
        ne(orderItems.id, item.id),
        notInArray(orderItems.status, ['PENDING', 'CANCEL', 'REFUNDED']),
      ),
    );
  const last = others.length === 0;
  const points = pointsToReturn({
    item_share: item.point_used,
    spent: order.point_used,
    returned: await returnedOrderPoints(db, order.user_id, order.id),
    last_live_item: last,
  });
  const coupon_restored =
    item.coupon_id !== null && (last || !others.some((o) => o.coupon_id === item.coupon_id));
  return { points, coupon_restored };
}

const CLOSED_ITEM = new Set(['PENDING', 'CANCEL', 'REFUNDED']);

/**
 * What closing `item` (a cancel, or a return completing) refunds once the order's coupons are
 * re-evaluated without it (shared `couponClawback`, docs/ARCHITECTURE.md 'Cancel, return,
 * exchange, confirmation'): `refund` is what it would refund otherwise. Reads only; the caller
 * holds the order row lock and writes the answer with `applyCouponClawback`.
 */
export async function claimRefund(
  db: Conn,
  order: { id: number; coupon_discount: number },
  item: { id: number },
  refund: number,
  now: Date,
): Promise<CouponClawback> {
  const none = { clawback: 0, refund: Math.max(0, refund), lines: [] };
  if (order.coupon_discount <= 0) return none;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, order.id))
    .orderBy(orderItems.id);
  const lineCoupons = items.flatMap((i) => (i.coupon_id === null ? [] : [i.coupon_id]));
  const rules = await orderCouponRules(db, order.id, lineCoupons);
  if (rules.cart.length === 0) return none;
  const found = await linesForItems(
    db,
    items.map((i) => i.product_item_id),
    new Map(items.map((i) => [i.product_item_id, i.quantity])),
    now,
  );
  // The order's own prices (never today's), as at checkout (planBenefits).
  const lines: ClaimCouponLine[] = items.map((i, k) => {
    const f = found[k] as (typeof found)[number];
    const line = {
      line_id: i.id,
      product_item_id: i.product_item_id,
      product_display_id: i.product_display_id,
      brand_id: f.brand_id,
      category_id: f.category_id,
      parent_category_ids: f.parent_category_ids ?? [],
      unit_price: i.price_discount,
      quantity: i.quantity,
      is_time_sale: i.time_sale_item_id !== null,
    };
    const own = i.coupon_id === null ? undefined : rules.byId.get(i.coupon_id);
    return {
      ...line,
      line_discount: own ? lineCouponDiscount(own, line) : 0,
      live: !CLOSED_ITEM.has(i.status) || i.id === item.id,
    };
  });
  return couponClawback({ lines, cart_coupons: rules.cart, closing: item.id, refund });
}

/**
 * Writes a claim's coupon re-evaluation: the closing item records the discount taken out of its
 * refund, and each item left carries its lost share (coupon discount down, paid amount up), so its
 * own later refund gives back what it then cost.
 */
export async function applyCouponClawback(tx: Tx, itemId: number, c: CouponClawback): Promise<void> {
  await tx.update(orderItems).set({ coupon_clawback: c.clawback }).where(eq(orderItems.id, itemId));
  for (const l of c.lines)
    await tx
      .update(orderItems)
      .set({
        coupon_discount: sql`${orderItems.coupon_discount} - ${l.clawback}`,
        paid_amount: sql`${orderItems.paid_amount} + ${l.clawback}`,
      })
      .where(eq(orderItems.id, l.line_id));
}

/**
 * An item's purchase was confirmed (구매확정, CONFIRMED): purchase points (1% of its paid amount,
 * floored), once per item. The member's row is locked before the ledger is looked up, so two
 * confirmations racing (member and sweep) credit once even without the caller's guards.
 */
export async function earnForItem(
  tx: Tx,
  userId: number | null,
  item: { id: number; paid_amount: number },
  now: Date,
): Promise<number> {
  if (userId === null) return 0;
  const amount = purchasePoints(item.paid_amount);
  if (amount <= 0) return 0;
  await lockMember(tx, userId);
  if (await earnedPurchasePoints(tx, userId, item.id)) return 0;
  await earnPoints(tx, {
    userId,
    amount,
    now,
    reason: 'EARN_PURCHASE',
    refType: 'order_item',
    refId: item.id,
  });
  return amount;
}
