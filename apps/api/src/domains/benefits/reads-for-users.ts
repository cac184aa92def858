/** Benefits' read for the users domain's member status (wired through users' ports in app.ts). */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { couponPolicies, coupons } from './schema.ts';

/** An unused, unexpired coupon of an active cart-wide policy. */
export async function hasCartCoupon(db: Conn, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
    .where(
      and(
        eq(coupons.user_id, userId),
        isNull(coupons.used_at),
        gt(coupons.expires_at, now),
        eq(couponPolicies.is_cart_coupon, true),
        eq(couponPolicies.is_active, true),
      ),
    )
    .limit(1);
  return !!row;
}
