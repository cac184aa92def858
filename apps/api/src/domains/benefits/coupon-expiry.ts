/**
 * Coupons about to expire (docs/ARCHITECTURE.md, "Notifications"): the member is told once per
 * coupon, COUPON_EXPIRY_NOTICE_DAYS days before it expires, if it is still unused. A coupon is a
 * benefit: its push needs is_benefit_alert and obeys the night-time rule (users' notify). The
 * sweep runs in the server process (routes.ts); the dedupe key `coupon-expiring:<coupon id>` makes
 * a second pass, or a second process, write nothing more.
 */
import { COUPON_EXPIRY_NOTICE_DAYS, formatWon } from '@codiroom/shared';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { notify } from '../users/index.ts';
import { couponPolicies, coupons } from './schema.ts';

const DAY_MS = 86_400_000;

const KEY_PREFIX = 'coupon-expiring:';
export const couponExpiringKey = (couponId: number) => `${KEY_PREFIX}${couponId}`;

/** The sweep's pass: notifies the unused coupons expiring within the notice window (up to `limit`). */
export async function notifyExpiringCoupons(ctx: AppContext, limit = 1000): Promise<number> {
  const now = ctx.clock.now();
  const horizon = new Date(now.getTime() + COUPON_EXPIRY_NOTICE_DAYS * DAY_MS);
  const due = await ctx.db
    .select({
      id: coupons.id,
      user_id: coupons.user_id,
      expires_at: coupons.expires_at,
      name: couponPolicies.name,
      discount_kind: couponPolicies.discount_kind,
      discount_value: couponPolicies.discount_value,
    })
    .from(coupons)
    .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
    .where(
      and(
        isNull(coupons.used_at),
        gt(coupons.expires_at, now),
        lte(coupons.expires_at, horizon),
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${coupons.user_id}
          and n.dedupe_key = ${KEY_PREFIX}::text || ${coupons.id})`,
      ),
    )
    .orderBy(asc(coupons.expires_at), asc(coupons.id))
    .limit(limit);
  let written = 0;
  for (const c of due) {
    const value = c.discount_kind === 'PERCENT' ? `${c.discount_value}%` : formatWon(c.discount_value);
    const row = await notify(ctx.db, ctx, c.user_id, {
      kind: 'COUPON',
      title: '쿠폰이 곧 사라져요',
      body: `${c.name} (${value} 할인) · ${expiryLabel(c.expires_at, now)} 만료돼요.`,
      link: '/mypage/coupons',
      dedupe_key: couponExpiringKey(c.id),
    });
    if (row) written += 1;
  }
  return written;
}

/** "3일 후" / "내일" / "오늘", counted in whole days left. */
function expiryLabel(expiresAt: Date, now: Date): string {
  const days = Math.floor((expiresAt.getTime() - now.getTime()) / DAY_MS);
  return days >= 2 ? `${days}일 후` : days === 1 ? '내일' : '오늘';
}
