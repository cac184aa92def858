/** Benefits' reads for the back office's member look-up (admin/members.ts). */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { couponPolicies, coupons } from './schema.ts';

/** The member's usable coupons (unused, unexpired), soonest to expire first, at most `limit`. */
export async function usableCouponsForAdmin(db: Conn, userId: number, now: Date, limit: number) {
  return db
    .select({ id: coupons.id, name: couponPolicies.name, expires_at: coupons.expires_at })
    .from(coupons)
    .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
    .where(and(eq(coupons.user_id, userId), isNull(coupons.used_at), gt(coupons.expires_at, now)))
    .orderBy(coupons.expires_at)
    .limit(limit);
}
