/**
 * Coupons as the member sees them: the rule of a policy, the owned and offered views, reserving,
 * using and restoring a coupon, the member's coupon box (SPEC.md, 'Benefits'; the lifecycle:
 * docs/ARCHITECTURE.md, 'Reserved until paid'). A coupon row is free (`order_id` and `used_at`
 * null), reserved by an unpaid order (`order_id` set, `used_at` null: still shown as usable, since
 * the shopper's next checkout or return to the shop releases that attempt), or used (`used_at`
 * set, when the order's payment is confirmed). Concurrency: reserving is a conditional UPDATE
 * (… WHERE used_at IS NULL AND order_id IS NULL): of two orders racing for one coupon exactly one
 * gets the row, so no two orders ever hold one coupon and a confirm can only use its own.
 */
import {
  COUPON_EXPIRING_SOON_DAYS,
  type CouponOffer,
  type CouponRule,
  type CouponType,
  FIRST_PURCHASE_COUPON_LEGACY_IDS,
  BENEFIT_MESSAGES as M,
  type OwnedCoupon,
} from '@codiroom/shared';
import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { conflict } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import type { StatementStep } from '../../platform/workflow.ts';
import { hasPaidOrder } from './first-purchase.ts';
import { couponPolicies, coupons } from './schema.ts';

export type Policy = typeof couponPolicies.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

// ───────────────────────────── mapping ─────────────────────────────

export function ruleOf(p: Policy, c?: Coupon | null): CouponRule {
  return {
    id: c ? c.id : p.id,
    discount_kind: p.discount_kind,
    discount_value: p.discount_value,
    max_discount: p.max_discount,
    min_order_amount: p.min_order_amount,
    scope: p.scope,
    scope_ids: p.scope_ids,
    is_cart_coupon: p.is_cart_coupon,
    // `stackable` is the second cart-wide slot; a line coupon has no such slot, so the flag is
    // ignored there (one coupon per line, always).
    stackable: p.is_cart_coupon && p.stackable,
    allow_time_sale: p.allow_time_sale,
    starts_at: p.starts_at,
    ends_at: c ? null : p.ends_at, // an issued coupon lives until its own expires_at
    expires_at: c ? c.expires_at : null,
    used: c ? c.used_at !== null : false,
    is_active: p.is_active,
  };
}

/** A policy's public coupon facts, as every coupon answer shows them (stacking as ruleOf reads it). */
export function policyFields(p: Policy) {
  return {
    coupon_policy_id: p.id,
    name: p.name,
    coupon_type: p.coupon_type,
    discount_kind: p.discount_kind,
    discount_value: p.discount_value,
    max_discount: p.max_discount,
    min_order_amount: p.min_order_amount,
    scope: p.scope,
    is_cart_coupon: p.is_cart_coupon,
    stackable: p.is_cart_coupon && p.stackable, // see ruleOf
    allow_time_sale: p.allow_time_sale,
  };
}

/**
 * A coupon only reserved by an unpaid order is not used: it shows as usable, with no order.
 * `firstPurchaseOver`: the member has paid an order, so a free first-purchase coupon can no longer
 * be used (first-purchase.ts) and shows with the expired ones.
 */
export function ownedView(p: Policy, c: Coupon, now: Date, firstPurchaseOver = false): OwnedCoupon {
  const over = firstPurchaseOver && p.coupon_type === 'FIRST_PURCHASE';
  const status = c.used_at ? 'USED' : c.expires_at <= now || !p.is_active || over ? 'EXPIRED' : 'USABLE';
  return {
    coupon_id: c.id,
    ...policyFields(p),
    issued_at: c.issued_at.toISOString(),
    expires_at: c.expires_at.toISOString(),
    used_at: c.used_at ? c.used_at.toISOString() : null,
    order_id: c.used_at ? c.order_id : null,
    status,
  };
}

export function offerView(p: Policy, owned: Coupon | undefined, discount: number | null): CouponOffer {
  return {
    ...policyFields(p),
    coupon_id: owned?.id ?? null,
    is_issued: !!owned,
    is_exists: p.total_limit === null || p.issued_count < p.total_limit,
    starts_at: p.starts_at ? p.starts_at.toISOString() : null,
    ends_at: p.ends_at ? p.ends_at.toISOString() : null,
    discount,
  };
}

// ───────────────────────────── using ─────────────────────────────

export const COUPON_HELD = '결제가 진행 중인 다른 주문에 적용된 쿠폰입니다.';

/**
 * Reserves a member's coupon for a new unpaid order, inside the checkout's transaction. A
 * conditional update (free, unexpired): of concurrent orders reserving one coupon, exactly one
 * succeeds; the others get 409. The shopper's own earlier attempts are released before (orders'
 * release.ts), so a coupon still held here is used, or held by an order whose payment is in flight.
 */
export async function reserveCoupon(tx: Tx, userId: number, couponId: number, orderId: number, now: Date) {
  const [row] = await tx
    .update(coupons)
    .set({ order_id: orderId })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.user_id, userId),
        isNull(coupons.used_at),
        isNull(coupons.order_id),
        gt(coupons.expires_at, now),
      ),
    )
    .returning({ id: coupons.id });
  if (row) return row.id;
  const [held] = await tx
    .select({ used_at: coupons.used_at, order_id: coupons.order_id })
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.user_id, userId)));
  throw conflict(held && held.used_at === null && held.order_id !== null ? COUPON_HELD : M.couponUsed);
}

/**
 * The benefits step of the payment confirmation (orders/payment-workflow.ts; SPEC.md 'Benefits'):
 * the coupons the order reserved become used, in the statement or transaction that makes it PAID.
 * `userId` keeps the look-up on the member's coupons index. Undo (a later settle step failed): they
 * are reserved again, as before the payment; a refund gives them back through restoreCoupon.
 */
export const useReservedCouponsStep: StatementStep<{ userId: SQL; orderId: SQL; at: SQL }> = {
  name: 'benefits.use-reserved-coupons',
  owner: 'benefits',
  statement: ({ userId, orderId, at }) => sql`update coupons set used_at = ${at}
    where user_id = ${userId} and order_id = ${orderId} and used_at is null`,
  undo: async (tx, { userId, orderId, at }) => {
    await tx.execute(sql`update coupons set used_at = null
      where user_id = ${userId} and order_id = ${orderId} and used_at = ${at}`);
  },
};

/**
 * Gives a coupon back when its order is released, fails, expires or is cancelled (usable again
 * until its own expiry): reserved or used, it becomes free.
 */
export async function restoreCoupon(tx: Tx, userId: number, couponId: number, orderId: number) {
  const [row] = await tx
    .update(coupons)
    .set({ used_at: null, order_id: null })
    .where(and(eq(coupons.id, couponId), eq(coupons.user_id, userId), eq(coupons.order_id, orderId)))
    .returning({ id: coupons.id });
  return !!row;
}

// ───────────────────────────── reading ─────────────────────────────

/**
 * The rules of an order's coupons, for a cancel or return re-evaluating them (shared
 * `couponClawback`): the cart-wide coupons the order still holds and the line coupons of `lineIds`
 * (an item's coupon, even when a closed item gave it back).
 */
export async function orderCouponRules(
  db: Conn,
  orderId: number,
  lineIds: readonly number[],
): Promise<{ cart: CouponRule[]; byId: Map<number, CouponRule> }> {
  const held = await db
    .select({ p: couponPolicies, c: coupons })
    .from(coupons)
    .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
    .where(eq(coupons.order_id, orderId))
    .orderBy(asc(coupons.id));
  const byId = new Map(held.map((r) => [r.c.id, ruleOf(r.p, r.c)]));
  const missing = lineIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const rows = await db
      .select({ p: couponPolicies, c: coupons })
      .from(coupons)
      .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
      .where(inArray(coupons.id, missing));
    for (const r of rows) byId.set(r.c.id, ruleOf(r.p, r.c));
  }
  return { cart: held.filter((r) => r.p.is_cart_coupon).map((r) => ruleOf(r.p, r.c)), byId };
}

export async function heldPolicyIds(db: Conn, userId: number) {
  const rows = await db
    .select({ id: coupons.coupon_policy_id })
    .from(coupons)
    .where(eq(coupons.user_id, userId));
  return new Set(rows.map((r) => r.id));
}

export async function ownedRows(db: Conn, userId: number) {
  return db
    .select({ p: couponPolicies, c: coupons })
    .from(coupons)
    .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
    .where(eq(coupons.user_id, userId))
    .orderBy(asc(coupons.expires_at), asc(coupons.id));
}

/** The member's coupons as the box shows them (see ownedView). */
async function ownedViews(db: Conn, userId: number, now: Date, type?: CouponType) {
  const rows = (await ownedRows(db, userId)).filter((r) => !type || r.p.coupon_type === type);
  const over =
    rows.some((r) => r.p.coupon_type === 'FIRST_PURCHASE' && !r.c.used_at) &&
    (await hasPaidOrder(db, userId));
  return rows.map((r) => ownedView(r.p, r.c, now, over));
}

export async function ownedCoupons(ctx: AppContext, userId: number, type?: CouponType) {
  return (await ownedViews(ctx.db, userId, ctx.clock.now(), type)).filter((c) => c.status === 'USABLE');
}

export async function couponBox(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  const all = await ownedViews(ctx.db, userId, now);
  const usable = all.filter((c) => c.status === 'USABLE');
  const expired = all.filter((c) => c.status !== 'USABLE').reverse();
  return { usable, expired, usable_count: usable.length };
}

export async function couponStatus(ctx: AppContext, userId: number, point: number) {
  const now = ctx.clock.now();
  const soon = now.getTime() + COUPON_EXPIRING_SOON_DAYS * 86_400_000;
  const all = await ownedViews(ctx.db, userId, now);
  const usable = all.filter((c) => c.status === 'USABLE');
  return {
    usable_count: usable.length,
    expiring_soon_count: usable.filter((c) => new Date(c.expires_at).getTime() <= soon).length,
    used_count: all.filter((c) => c.status === 'USED').length,
    expired_count: all.filter((c) => c.status === 'EXPIRED').length,
    point,
  };
}

export async function couponListStatus(ctx: AppContext, userId: number, policyIds: number[]) {
  const resolved = await Promise.all(policyIds.map((id) => resolvePolicyId(ctx.db, id)));
  const policies = await ctx.db.select().from(couponPolicies).where(inArray(couponPolicies.id, resolved));
  const mine = await ctx.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.user_id, userId), inArray(coupons.coupon_policy_id, resolved)));
  return {
    result: policyIds.map((asked, i) => {
      const id = resolved[i] as number;
      const p = policies.find((x) => x.id === id);
      const c = mine.find((x) => x.coupon_policy_id === id);
      return {
        coupon_policy_id: asked,
        coupon_id: c?.id ?? null,
        is_issued: !!c,
        is_exists: !!p && p.is_active && (p.total_limit === null || p.issued_count < p.total_limit),
      };
    }),
  };
}

/** The open FIRST_PURCHASE policy (the lowest id when several), or null. */
export async function firstPurchasePolicyId(db: Conn): Promise<number | null> {
  const [row] = await db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(and(eq(couponPolicies.coupon_type, 'FIRST_PURCHASE'), eq(couponPolicies.is_active, true)))
    .orderBy(asc(couponPolicies.id))
    .limit(1);
  return row?.id ?? null;
}

/** SPEC.md §9's first-purchase ids 1895 and 2241 are aliases of the FIRST_PURCHASE policy. */
export async function resolvePolicyId(db: Conn, id: number): Promise<number> {
  if ((FIRST_PURCHASE_COUPON_LEGACY_IDS as readonly number[]).includes(id)) {
    const [exact] = await db
      .select({ id: couponPolicies.id })
      .from(couponPolicies)
      .where(eq(couponPolicies.id, id));
    if (exact) return id;
    return (await firstPurchasePolicyId(db)) ?? id;
  }
  return id;
}
