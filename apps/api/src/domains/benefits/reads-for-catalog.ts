/**
 * The benefits domain's read for the catalog domain (catalog's port, catalog/ports.ts, plugged in
 * by src/ports.ts): the running event coupons that live prices put on cards and the product page
 * (catalog/live-prices.ts; docs/ARCHITECTURE.md, "Prices").
 */
import type { CouponRule } from '@codiroom/shared';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { couponPolicies } from './schema.ts';

/**
 * Running event coupons of displays: downloadable, active line coupons scoped to PRODUCT_DISPLAY
 * (the SPEC.md slacks event is one: 50% off a list of displays) whose window holds `now` and whose
 * total limit is not used up, of the given displays or of every display (null). Returned as coupon
 * rules keyed by policy id (`id` is the policy id).
 */
export async function runningEventCoupons(
  db: Conn,
  displayIds: readonly number[] | null,
  now: Date,
): Promise<CouponRule[]> {
  const ids = displayIds === null ? null : [...new Set(displayIds)];
  if (ids !== null && ids.length === 0) return [];
  const rows = await db
    .select({
      id: couponPolicies.id,
      discount_kind: couponPolicies.discount_kind,
      discount_value: couponPolicies.discount_value,
      max_discount: couponPolicies.max_discount,
      min_order_amount: couponPolicies.min_order_amount,
      scope_ids: couponPolicies.scope_ids,
      allow_time_sale: couponPolicies.allow_time_sale,
    })
    .from(couponPolicies)
    .where(
      and(
        eq(couponPolicies.is_active, true),
        eq(couponPolicies.is_downloadable, true),
        eq(couponPolicies.is_cart_coupon, false),
        eq(couponPolicies.scope, 'PRODUCT_DISPLAY'),
        isNull(couponPolicies.serial_code),
        or(isNull(couponPolicies.starts_at), lte(couponPolicies.starts_at, now)),
        or(isNull(couponPolicies.ends_at), gt(couponPolicies.ends_at, now)),
        or(
          isNull(couponPolicies.total_limit),
          sql`${couponPolicies.issued_count} < ${couponPolicies.total_limit}`,
        ),
        ids === null
          ? undefined
          : sql`${couponPolicies.scope_ids} && ARRAY[${sql.join(
              ids.map((i) => sql`${i}::int`),
              sql`, `,
            )}]::int[]`,
      ),
    );
  return rows.map((r) => ({
    ...r,
    scope: 'PRODUCT_DISPLAY' as const,
    is_cart_coupon: false,
    stackable: false,
  }));
}
