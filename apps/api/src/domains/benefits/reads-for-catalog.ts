/**
 * The benefits domain's read for the catalog domain (catalog's port, catalog/ports.ts, plugged in
 * by src/ports.ts): the running event coupons that live prices put on cards and the product page
 * (catalog/live-prices.ts; docs/ARCHITECTURE.md, "Prices").
 */
import type { CouponRule } from '@codiroom/shared';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { runHot } from '../../db/hot-sql.ts';
import type { Conn } from '../../platform/transactions.ts';
import { couponPolicies } from './schema.ts';

/** A Postgres int[] in its text form (`{1,2,3}`), as a driver that does not parse arrays hands it. */
const parseIntArray = (text: string): number[] =>
  text.length <= 2 ? [] : text.slice(1, -1).split(',').map(Number);

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
  // Fixed text (the ids as one int[] parameter), run by runHot: on PostgreSQL a named prepared
  // statement, one round trip (the product page reads it with every detail).
  const c = couponPolicies;
  const rows = (await runHot(db)(sql`select ${c.id} as id, ${c.discount_kind} as discount_kind,
      ${c.discount_value} as discount_value, ${c.max_discount} as max_discount,
      ${c.min_order_amount} as min_order_amount, ${c.scope_ids} as scope_ids,
      ${c.allow_time_sale} as allow_time_sale
    from ${c}
    where ${and(
      eq(c.is_active, true),
      eq(c.is_downloadable, true),
      eq(c.is_cart_coupon, false),
      eq(c.scope, 'PRODUCT_DISPLAY'),
      isNull(c.serial_code),
      or(isNull(c.starts_at), lte(c.starts_at, now)),
      or(isNull(c.ends_at), gt(c.ends_at, now)),
      or(isNull(c.total_limit), sql`${c.issued_count} < ${c.total_limit}`),
    )} and (${ids === null}::boolean or ${c.scope_ids} && ${`{${(ids ?? []).map((i) => Math.trunc(i)).join(',')}}`}::int[])`)) as {
    id: number;
    discount_kind: CouponRule['discount_kind'];
    discount_value: number;
    max_discount: number | null;
    min_order_amount: number;
    scope_ids: number[] | string;
    allow_time_sale: boolean;
  }[];
  return rows.map((r) => ({
    ...r,
    scope_ids: typeof r.scope_ids === 'string' ? parseIntArray(r.scope_ids) : r.scope_ids,
    scope: 'PRODUCT_DISPLAY' as const,
    is_cart_coupon: false,
    stackable: false,
  }));
}
