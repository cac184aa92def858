/**
 * A coupon policy as a promotion page shows it (SPEC.md §3 "Brand promotion info"): its public
 * facts, the names of what its scope points at, and whether it can be downloaded right now. The
 * contents domain writes the page's terms from these facts (packages/shared/src/promotion-terms.ts).
 */
import type { PromotionCoupon } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { brandNames, categoryNames } from '../catalog/index.ts';
import { policyFields } from './coupons.ts';
import { couponPolicies } from './schema.ts';

/** The policy's facts, or null when there is no such active policy. */
export async function promotionCoupon(
  ctx: AppContext,
  policyId: number | null,
): Promise<PromotionCoupon | null> {
  if (policyId === null) return null;
  const [p] = await ctx.db.select().from(couponPolicies).where(eq(couponPolicies.id, policyId)).limit(1);
  if (!p || !p.is_active) return null;
  const now = ctx.clock.now();
  let scope_names: string[] = [];
  if ((p.scope === 'BRAND' || p.scope === 'CATEGORY') && p.scope_ids.length) {
    const names = await (p.scope === 'BRAND' ? brandNames : categoryNames)(ctx.db, p.scope_ids);
    scope_names = p.scope_ids.flatMap((id) => names.get(id) ?? []);
  }
  const inWindow = (!p.starts_at || p.starts_at <= now) && (!p.ends_at || now < p.ends_at);
  const left = p.total_limit === null || p.issued_count < p.total_limit;
  return {
    // The same facts and stacking rule as every coupon answer (coupons.ts policyFields).
    ...policyFields(p),
    scope_names,
    starts_at: p.starts_at?.toISOString() ?? null,
    ends_at: p.ends_at?.toISOString() ?? null,
    valid_days: p.valid_days,
    per_user_limit: p.per_user_limit,
    total_limit: p.total_limit,
    is_downloadable: p.is_downloadable,
    is_open: p.is_downloadable && inWindow && left,
  };
}
