/**
 * Member look-up in the back office (docs/ARCHITECTURE.md, "Back office"), for CS: find a member
 * by name, phone, e-mail or number, and see their orders, points, coupons, reviews and support
 * tickets with the personal data masked (maskName, maskPhone, maskEmail). Revealing the real name,
 * phone, e-mail and addresses is a call of its own (POST), so every reveal leaves an audit row.
 */
import { maskEmail, maskName, maskPhone, type OrderItemStatus, orderState } from '@codiroom/shared';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { couponPolicies, coupons, orderItems, orders, reviews, supportTickets } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { pointBalance } from './member-db.ts';
import { addresses, users } from './schema.ts';

export const ADMIN_MEMBERS_PAGE = 30;
const MEMBER_NOT_FOUND = '회원이 없습니다.';

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findMembers(ctx: AppContext, q: string | undefined, page: number) {
  const where: SQL[] = [];
  const text = q?.trim() ?? '';
  if (text) {
    const digits = text.replace(/\D/g, '');
    const ors: SQL[] = [ilike(users.name, likeOf(text))];
    if (text.includes('@')) ors.push(eq(sql`lower(${users.email})`, text.toLowerCase()));
    if (digits.length >= 8 && /^[\d\s-]+$/.test(text)) ors.push(eq(users.phone, digits));
    if (/^\d{1,9}$/.test(text)) ors.push(eq(users.id, Number(text)));
    where.push(or(...ors) as SQL);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        name: users.name,
        phone: users.phone,
        email: users.email,
        is_active: users.is_active,
        created_at: users.created_at,
      })
      .from(users)
      .where(cond)
      .orderBy(desc(users.id))
      .limit(ADMIN_MEMBERS_PAGE)
      .offset((page - 1) * ADMIN_MEMBERS_PAGE),
    ctx.db.select({ n: count() }).from(users).where(cond),
  ]);
  return {
    total: Number(total?.n ?? 0),
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
  const [u] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!u) throw notFound(MEMBER_NOT_FOUND);
  const now = ctx.clock.now();
  const [recent, [orderCount], points, usable, [reviewCount], tickets] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        order_no: orders.order_no,
        order_name: orders.order_name,
        status: orders.status,
        amount: orders.amount,
        created_at: orders.created_at,
      })
      .from(orders)
      .where(and(eq(orders.user_id, id), sql`${orders.status} <> 'PENDING'`))
      .orderBy(desc(orders.created_at))
      .limit(10),
    ctx.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.user_id, id), sql`${orders.status} <> 'PENDING'`)),
    pointBalance(ctx.db, id),
    ctx.db
      .select({ id: coupons.id, name: couponPolicies.name, expires_at: coupons.expires_at })
      .from(coupons)
      .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
      .where(and(eq(coupons.user_id, id), isNull(coupons.used_at), gt(coupons.expires_at, now)))
      .orderBy(coupons.expires_at)
      .limit(20),
    ctx.db.select({ n: count() }).from(reviews).where(eq(reviews.user_id, id)),
    ctx.db
      .select({
        id: supportTickets.id,
        title: supportTickets.title,
        status: supportTickets.status,
        created_at: supportTickets.created_at,
      })
      .from(supportTickets)
      .where(eq(supportTickets.user_id, id))
      .orderBy(desc(supportTickets.created_at))
      .limit(10),
  ]);
  // Each order's real state from its items (orderState, as the order list and the shop show it).
  const itemRows = recent.length
    ? await ctx.db
        .select({ order_id: orderItems.order_id, status: orderItems.status })
        .from(orderItems)
        .where(
          inArray(
            orderItems.order_id,
            recent.map((o) => o.id),
          ),
        )
    : [];
  const itemStatuses = new Map<number, OrderItemStatus[]>();
  for (const i of itemRows) {
    itemStatuses.set(i.order_id, [...(itemStatuses.get(i.order_id) ?? []), i.status as OrderItemStatus]);
  }
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
    order_count: Number(orderCount?.n ?? 0),
    review_count: Number(reviewCount?.n ?? 0),
    orders: recent.map((o) => ({
      ...o,
      status_label: orderState(o.status, itemStatuses.get(o.id) ?? []).label,
      created_at: o.created_at.toISOString(),
    })),
    coupons: usable.map((c) => ({ ...c, expires_at: c.expires_at.toISOString() })),
    tickets: tickets.map((t) => ({ ...t, created_at: t.created_at.toISOString() })),
  };
}

/** The member's real personal data (the route's POST leaves the audit row). */
export async function revealMember(ctx: AppContext, id: number) {
  const [u] = await ctx.db
    .select({ id: users.id, name: users.name, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  if (!u) throw notFound(MEMBER_NOT_FOUND);
  const addr = await ctx.db
    .select({
      name: addresses.name,
      recipient: addresses.recipient,
      phone: addresses.phone,
      zipcode: addresses.zipcode,
      main_address: addresses.main_address,
      detail_address: addresses.detail_address,
      is_default: addresses.is_default,
    })
    .from(addresses)
    .where(eq(addresses.user_id, id))
    .orderBy(desc(addresses.is_default), addresses.id);
  return { ...u, addresses: addr };
}
