/**
 * Coupons about to expire (docs/ARCHITECTURE.md, "Notifications"): the member is told once per
 * coupon, COUPON_EXPIRY_NOTICE_DAYS days before it expires, if it is still unused. A coupon is a
 * benefit: its push needs is_benefit_alert and obeys the night-time rule (users' notify). The
 * sweep runs in the server process (routes.ts); the dedupe key `coupon-expiring:<coupon id>` makes
 * a second pass, or a second process, write nothing more.
 */
import { COUPON_EXPIRY_NOTICE_DAYS, formatWon } from '@codiroom/shared';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Conn } from '../../platform/transactions.ts';
import { notifiedKeys, notify } from '../users/index.ts';
import { couponPolicies, coupons } from './schema.ts';

const DAY_MS = 86_400_000;

const KEY_PREFIX = 'coupon-expiring:';
export const couponExpiringKey = (couponId: number) => `${KEY_PREFIX}${couponId}`;

/**
 * The sweep's pass: notifies the unused coupons expiring within the notice window (up to `limit`),
 * soonest first, skipping those already notified (users' notifications hold the dedupe keys: read
 * a page of due coupons, drop the notified ones, and read on after the page until `limit` are done).
 */
export async function notifyExpiringCoupons(ctx: AppContext, limit = 1000): Promise<number> {
  const now = ctx.clock.now();
  const horizon = new Date(now.getTime() + COUPON_EXPIRY_NOTICE_DAYS * DAY_MS);
  let left = limit;
  let after: number | null = null;
  let written = 0;
  while (left > 0) {
    const page = await dueCoupons(ctx.db, now, horizon, after, limit);
    if (page.length === 0) break;
    after = page[page.length - 1]?.id ?? null;
    const told = await notifiedKeys(
      ctx.db,
      page.map((c) => ({ userId: c.user_id, key: couponExpiringKey(c.id) })),
    );
    for (const c of page.filter((c) => !told.has(couponExpiringKey(c.id))).slice(0, left)) {
      left -= 1;
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
    if (page.length < limit) break;
  }
  return written;
}

/**
 * Unused coupons expiring in (now, horizon], soonest first (then by id), after coupon `after` in
 * that order (compared with its own row, so no timestamp leaves the database), `limit` of them.
 */
function dueCoupons(db: Conn, now: Date, horizon: Date, after: number | null, limit: number) {
  return db
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
        after === null
          ? undefined
          : sql`(${coupons.expires_at}, ${coupons.id}) > (select c.expires_at, c.id from ${coupons} c where c.id = ${after})`,
      ),
    )
    .orderBy(asc(coupons.expires_at), asc(coupons.id))
    .limit(limit);
}

/** "3일 후" / "내일" / "오늘", counted in whole days left. */
function expiryLabel(expiresAt: Date, now: Date): string {
  const days = Math.floor((expiresAt.getTime() - now.getTime()) / DAY_MS);
  return days >= 2 ? `${days}일 후` : days === 1 ? '내일' : '오늘';
}
