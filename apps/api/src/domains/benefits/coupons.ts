/**
 * Coupons as the member sees them: the rule of a policy, the owned and offered views, using and
 * restoring a coupon, the member's coupon box (SPEC.md, 'Benefits'). Concurrency: using a coupon is a
 * conditional UPDATE (… WHERE used_at IS NULL): of two orders racing for one coupon exactly one gets
 * the row.
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
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { couponPolicies, coupons } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';

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

function policyFields(p: Policy) {
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

export function ownedView(p: Policy, c: Coupon, now: Date): OwnedCoupon {
  const status = c.used_at ? 'USED' : c.expires_at <= now || !p.is_active ? 'EXPIRED' : 'USABLE';
  return {
    coupon_id: c.id,
    ...policyFields(p),
    issued_at: c.issued_at.toISOString(),
    expires_at: c.expires_at.toISOString(),
    used_at: c.used_at ? c.used_at.toISOString() : null,
    order_id: c.order_id,
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

/**
 * Marks a member's coupon used by an order, inside the checkout's transaction. A conditional
 * update: of concurrent orders using one coupon, exactly one succeeds; the others get 409.
 */
export async function redeemCoupon(tx: Tx, userId: number, couponId: number, orderId: number, now: Date) {
  const [row] = await tx
    .update(coupons)
    .set({ used_at: now, order_id: orderId })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.user_id, userId),
        isNull(coupons.used_at),
        gt(coupons.expires_at, now),
      ),
    )
    .returning({ id: coupons.id });
  if (!row) throw conflict(M.couponUsed);
  return row.id;
}

/** Gives a coupon back when its order is cancelled (usable again until its own expiry). */
export async function restoreCoupon(tx: Tx, userId: number, couponId: number, orderId: number) {
  const [row] = await tx
    .update(coupons)
    .set({ used_at: null, order_id: null })
    .where(and(eq(coupons.id, couponId), eq(coupons.user_id, userId), eq(coupons.order_id, orderId)))
    .returning({ id: coupons.id });
  return !!row;
}

// ───────────────────────────── reading ─────────────────────────────

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

export async function ownedCoupons(ctx: AppContext, userId: number, type?: CouponType) {
  const now = ctx.clock.now();
  const rows = await ownedRows(ctx.db, userId);
  return rows
    .filter((r) => !type || r.p.coupon_type === type)
    .map((r) => ownedView(r.p, r.c, now))
    .filter((c) => c.status === 'USABLE');
}

export async function couponBox(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  const all = (await ownedRows(ctx.db, userId)).map((r) => ownedView(r.p, r.c, now));
  const usable = all.filter((c) => c.status === 'USABLE');
  const expired = all.filter((c) => c.status !== 'USABLE').reverse();
  return { usable, expired, usable_count: usable.length };
}

export async function couponStatus(ctx: AppContext, userId: number, point: number) {
  const now = ctx.clock.now();
  const soon = now.getTime() + COUPON_EXPIRING_SOON_DAYS * 86_400_000;
  const all = (await ownedRows(ctx.db, userId)).map((r) => ownedView(r.p, r.c, now));
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

async function firstPurchasePolicyId(db: Conn): Promise<number | null> {
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
