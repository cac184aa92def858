/**
 * Member look-up in the back office (docs/ARCHITECTURE.md, "Back office"), for CS: find a member
 * by name, phone, e-mail or number, and see their orders, points, coupons, reviews and support
 * tickets with the personal data masked (maskName, maskPhone, maskEmail). Revealing the real name,
 * phone, e-mail and addresses is a call of its own (POST), so every reveal leaves an audit row.
 * Each owner reads its own rows (users, orders, benefits, reviews, support); admin composes.
 */
import { maskEmail, maskName, maskPhone, orderState } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { pointBalance, usableCouponsForAdmin } from '../benefits/index.ts';
import { memberOrdersForAdmin } from '../orders/index.ts';
import { memberReviewCount } from '../reviews/index.ts';
import { memberTicketsForAdmin } from '../support/index.ts';
import { memberForAdmin, memberPersonalData, searchMembers } from '../users/index.ts';

export const ADMIN_MEMBERS_PAGE = 30;
const MEMBER_NOT_FOUND = '회원이 없습니다.';

export async function findMembers(ctx: AppContext, q: string | undefined, page: number) {
  const { total, rows } = await searchMembers(ctx.db, q, {
    limit: ADMIN_MEMBERS_PAGE,
    offset: (page - 1) * ADMIN_MEMBERS_PAGE,
  });
  return {
    total,
    page,
    result: rows.map((u) => ({
      id: u.id,
      name: maskName(u.name),
      phone: maskPhone(u.phone),
      email: maskEmail(u.email),
      is_active: u.is_active,
      created_at: u.created_at.toISOString(),
    })),
  };
}

/** One member, masked: their latest orders, points, usable coupons, reviews and tickets. */
export async function memberOverview(ctx: AppContext, id: number) {
  const u = await memberForAdmin(ctx.db, id);
  if (!u) throw notFound(MEMBER_NOT_FOUND);
  const now = ctx.clock.now();
  const [orders, points, usable, reviewCount, tickets] = await Promise.all([
    memberOrdersForAdmin(ctx.db, id, 10),
    pointBalance(ctx.db, id),
    usableCouponsForAdmin(ctx.db, id, now, 20),
    memberReviewCount(ctx.db, id),
    memberTicketsForAdmin(ctx.db, id, 10),
  ]);
  return {
    id: u.id,
    name: maskName(u.name),
    phone: maskPhone(u.phone),
    email: maskEmail(u.email),
    is_active: u.is_active,
    height: u.height,
    weight: u.weight,
    created_at: u.created_at.toISOString(),
    stopped_at: u.stopped_at ? u.stopped_at.toISOString() : null,
    points,
    order_count: orders.count,
    review_count: reviewCount,
    // Each order's real state from its items (orderState, as the order list and the shop show it).
    orders: orders.recent.map(({ item_statuses, ...o }) => ({
      ...o,
      status_label: orderState(o.status, item_statuses).label,
      created_at: o.created_at.toISOString(),
    })),
    coupons: usable.map((c) => ({ ...c, expires_at: c.expires_at.toISOString() })),
    tickets: tickets.map((t) => ({ ...t, created_at: t.created_at.toISOString() })),
  };
}

/** The member's real personal data (the route's POST leaves the audit row). */
export async function revealMember(ctx: AppContext, id: number) {
  const out = await memberPersonalData(ctx.db, id);
  if (!out) throw notFound(MEMBER_NOT_FOUND);
  return out;
}
