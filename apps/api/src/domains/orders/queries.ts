/**
 * Read side of orders: the member's order list, checkout form data, latest address, first-order
 * flag, per-status counts, closets of purchased items and the guest look-up by phone.
 */
import {
  KEPT_ITEM_STATUSES,
  ORDER_ITEM_STATUS_LABEL,
  ORDER_STATUS_LABEL,
  orderState,
} from '@codiroom/shared';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { currentBalance } from '../benefits/index.ts';
import { brandNames, displayLabels } from '../catalog/index.ts';
import { gatewayOf, offeredMethods } from '../payments/index.ts';
import { memberContact, savedAddresses } from '../users/index.ts';
import { buildDetail, itemBodies } from './detail.ts';
import { MSG } from './model.ts';
import { orderMoney, priceLines, type Wanted, wantedFromCart } from './pricing.ts';
import { orderItems, orders } from './schema.ts';

/** Orders a member sees: everything but unpaid attempts (PENDING, EXPIRED, FAILED). */
const VISIBLE = ['PAID', 'PARTIALLY_CANCELLED', 'CANCELLED'] as const;

/** Item statuses of the claims list (/mypage/claims): cancelled, returned or exchanged. */
export const CLAIM_ITEM_STATUSES = [
  'CANCEL',
  'REFUND_REQUESTED',
  'REFUNDED',
  'EXCHANGE_REQUESTED',
  'EXCHANGED',
] as const;

/**
 * The member's orders, newest first; with `claimsOnly`, only orders with a cancelled, returned or
 * exchanged item, each listing those items alone (취소·반품·교환 내역).
 */
export async function orderList(
  ctx: AppContext,
  userId: number,
  page: number,
  limit: number,
  claimsOnly = false,
) {
  const claimed = sql`exists (select 1 from order_items ci where ci.order_id = orders.id
    and ci.status in ('CANCEL', 'REFUND_REQUESTED', 'REFUNDED', 'EXCHANGE_REQUESTED', 'EXCHANGED'))`;
  const where = and(
    eq(orders.user_id, userId),
    inArray(orders.status, [...VISIBLE]),
    claimsOnly ? claimed : undefined,
  );
  const [c] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const total = Number(c?.n ?? 0);
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const items = await itemBodies(
    ctx.db,
    rows.map((r) => r.id),
  );
  const result = rows.map((o) => ({
    id: o.id,
    order_id: o.order_no,
    order_name: o.order_name,
    status: o.status,
    status_label: ORDER_STATUS_LABEL[o.status],
    state_label: orderState(
      o.status,
      (items.get(o.id) ?? []).map((i) => i.status),
    ).label,
    amount: o.amount,
    created_at: o.created_at.toISOString(),
    items: (items.get(o.id) ?? []).filter(
      (i) => !claimsOnly || (CLAIM_ITEM_STATUSES as readonly string[]).includes(i.status),
    ),
  }));
  return { page, count: result.length, total_count: total, total_page: Math.ceil(total / limit), result };
}

function parseIds(text: string | undefined): number[] {
  return text ? text.split(',').map(Number) : [];
}

export async function formWanted(
  ctx: AppContext,
  userId: number,
  q: { cart_ids?: string; product_item_ids?: string; quantities?: string },
): Promise<Wanted[]> {
  if (q.cart_ids) return wantedFromCart(ctx.db, userId, parseIds(q.cart_ids));
  const ids = parseIds(q.product_item_ids);
  const qs = parseIds(q.quantities);
  return ids.map((id, i) => ({ product_item_id: id, quantity: Math.max(1, qs[i] ?? 1), cart_id: null }));
}

/** The latest shipping address: the last paid order's, else the default saved address. */
export async function latestAddress(ctx: AppContext, userId: number) {
  const [o] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.user_id, userId), isNotNull(orders.paid_at)))
    .orderBy(desc(orders.paid_at))
    .limit(1);
  if (o?.main_address) {
    return {
      id: 0,
      name: '최근 배송지',
      recipient: o.recipient ?? '',
      phone: o.phone ?? '',
      zipcode: o.zipcode ?? '',
      main_address: o.main_address,
      detail_address: o.detail_address ?? '',
      request: o.delivery_request,
      is_default: false,
    };
  }
  // No paid order with an address: the default saved address, else the newest (users' address book).
  return (await savedAddresses(ctx.db, userId))[0] ?? null;
}

export async function isFirstOrder(ctx: AppContext, userId: number): Promise<boolean> {
  const [o] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.user_id, userId), isNotNull(orders.paid_at)))
    .limit(1);
  return !o;
}

export async function orderForm(ctx: AppContext, userId: number, wanted: Wanted[]) {
  const lines = await priceLines(ctx.db, wanted, ctx.clock.now());
  const { brands: perBrand, money } = orderMoney(lines.filter((l) => !l.is_sold_out));
  const [user, saved] = await Promise.all([memberContact(ctx.db, userId), savedAddresses(ctx.db, userId)]);
  const gw = gatewayOf(ctx);
  return {
    lines: lines.map((l) => ({
      cart_id: l.cart_id,
      product_item_id: l.product_item_id,
      product_display_id: l.product_display_id,
      brand_id: l.brand_id,
      brand_name: l.brand_name,
      name: l.name,
      image_url: l.image_url,
      size_name: l.size_name,
      color_name: l.color_name,
      quantity: l.quantity,
      price: l.price,
      list_price: l.list_price,
      stock: l.stock,
      is_sold_out: l.is_sold_out || l.quantity > l.stock,
    })),
    brands: perBrand,
    money,
    user,
    addresses: saved,
    latest_address: await latestAddress(ctx, userId),
    is_first_order: await isFirstOrder(ctx, userId),
    point_balance: await currentBalance(ctx.db, userId, ctx.clock.now()),
    payment: { provider: gw.name, client_key: gw.clientKey, methods: [...offeredMethods(gw)] },
  };
}

export async function userOrderData(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .select({ status: orderItems.status, n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(eq(orders.user_id, userId), inArray(orders.status, [...VISIBLE])))
    .groupBy(orderItems.status);
  const counts: Record<string, number> = {};
  for (const s of Object.keys(ORDER_ITEM_STATUS_LABEL)) counts[s] = 0;
  for (const r of rows) counts[r.status] = Number(r.n);
  const [t] = await ctx.db
    .select({ n: sql<number>`count(*)::int`, paid: sql<number>`coalesce(sum(${orders.amount}),0)::int` })
    .from(orders)
    .where(and(eq(orders.user_id, userId), inArray(orders.status, [...VISIBLE])));
  return { counts, order_count: Number(t?.n ?? 0), total_paid: Number(t?.paid ?? 0) };
}

const OWNED = [...KEPT_ITEM_STATUSES];

/** The closet: items the member bought and kept (not cancelled or returned), newest first. */
export async function closet(ctx: AppContext, userId: number, page: number, limit: number) {
  const where = and(eq(orders.user_id, userId), inArray(orderItems.status, OWNED));
  const [c] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(where);
  const total = Number(c?.n ?? 0);
  const rows = await ctx.db
    .select({
      id: orderItems.id,
      product_display_id: orderItems.product_display_id,
      product_item_id: orderItems.product_item_id,
      brand_id: orderItems.brand_id,
      name: orderItems.name,
      size_name: orderItems.size_name,
      color_name: orderItems.color_name,
      paid_at: orders.paid_at,
      created_at: orders.created_at,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(where)
    .orderBy(desc(orders.paid_at), desc(orderItems.id))
    .limit(limit)
    .offset((page - 1) * limit);
  // Brand names and pictures from the catalogue's surface (the brand and display bought).
  const [names, labels] = await Promise.all([
    brandNames(
      ctx.db,
      rows.map((r) => r.brand_id),
    ),
    displayLabels(
      ctx.db,
      rows.map((r) => r.product_display_id),
    ),
  ]);
  const result = rows.flatMap((r) => {
    const brandName = names.get(r.brand_id);
    const label = labels.get(r.product_display_id);
    if (brandName === undefined || !label) return [];
    return [
      {
        order_item_id: r.id,
        product_display_id: r.product_display_id,
        product_item_id: r.product_item_id,
        name: r.name,
        brand_name: brandName,
        image_url: label.image_url,
        product_type: label.product_type,
        size_name: r.size_name,
        color_name: r.color_name,
        purchased_at: (r.paid_at ?? r.created_at).toISOString(),
      },
    ];
  });
  return { page, count: result.length, total_count: total, total_page: Math.ceil(total / limit), result };
}

/** Guest look-up: the order whose number and recipient phone both match (404 otherwise). */
export async function orderByPhone(ctx: AppContext, phone: string, orderNo: string) {
  const [o] = await ctx.db.select().from(orders).where(eq(orders.order_no, orderNo)).limit(1);
  if (!o || !o.phone || o.phone !== phone.replaceAll('-', '') || !VISIBLE.includes(o.status as never)) {
    throw notFound(MSG.orderNotFound);
  }
  return buildDetail(ctx.db, o);
}

/** Whether the order (by id) is the member's, in any status (a support ticket's order target). */
export async function isMemberOrder(db: Conn, userId: number, orderId: number): Promise<boolean> {
  const [o] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.user_id, userId)));
  return o !== undefined;
}
