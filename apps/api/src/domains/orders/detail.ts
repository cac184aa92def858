/** The order detail read model: one order with items and payment (SPEC.md, 'Orders'). */
import {
  CARRIERS,
  type CarrierCode,
  isAddressEditable,
  isCancellable,
  isPaymentMethod,
  maskName,
  maskPhone,
  ORDER_ITEM_STATUS_LABEL,
  ORDER_STATUS_LABEL,
  type OrderDetail,
  type OrderItemBody,
  type OrderItemStatus,
  orderState,
  paymentMethodLabel,
  trackingUrl,
} from '@codiroom/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { brandNames, displayLabels } from '../catalog/index.ts';
import { iso, MSG, type OrderRow } from './model.ts';
import { orderItems, orders, payments } from './schema.ts';

export async function orderOf(db: Conn, orderNo: string, userId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.order_no, orderNo)).limit(1);
  if (!order || order.user_id !== userId) throw notFound(MSG.orderNotFound);
  return order;
}

// ───────────────────────────── reads ─────────────────────────────

export async function itemBodies(db: Conn, orderIds: number[]): Promise<Map<number, OrderItemBody[]>> {
  const out = new Map<number, OrderItemBody[]>();
  if (orderIds.length === 0) return out;
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.order_id, orderIds))
    .orderBy(asc(orderItems.id));
  const [names, labels] = await Promise.all([
    brandNames(
      db,
      items.map((i) => i.brand_id),
    ),
    displayLabels(
      db,
      items.map((i) => i.product_display_id),
    ),
  ]);
  for (const item of items) {
    const brandName = names.get(item.brand_id);
    const label = labels.get(item.product_display_id);
    if (brandName === undefined || !label) continue;
    const list = out.get(item.order_id) ?? [];
    list.push(itemBody(item, brandName, label.image_url));
    out.set(item.order_id, list);
  }
  return out;
}

type ItemFields = Pick<
  typeof orderItems.$inferSelect,
  | 'id'
  | 'order_id'
  | 'product_item_id'
  | 'product_display_id'
  | 'brand_id'
  | 'name'
  | 'size_name'
  | 'color_name'
  | 'quantity'
  | 'price'
  | 'price_discount'
  | 'coupon_discount'
  | 'point_used'
  | 'paid_amount'
  | 'coupon_clawback'
  | 'status'
  | 'is_despoke'
  | 'shipped_at'
  | 'completed_at'
  | 'carrier_code'
  | 'tracking_number'
>;

export function itemBody(i: ItemFields, brandName: string, imageUrl: string): OrderItemBody {
  const status = i.status as OrderItemStatus;
  return {
    id: Number(i.id),
    product_item_id: Number(i.product_item_id),
    product_display_id: Number(i.product_display_id),
    brand_id: Number(i.brand_id),
    brand_name: brandName,
    name: i.name,
    image_url: imageUrl,
    size_name: i.size_name,
    color_name: i.color_name,
    quantity: Number(i.quantity),
    price: Number(i.price),
    price_discount: Number(i.price_discount),
    coupon_discount: Number(i.coupon_discount),
    point_used: Number(i.point_used),
    paid_amount: Number(i.paid_amount),
    coupon_clawback: Number(i.coupon_clawback),
    status,
    status_label: ORDER_ITEM_STATUS_LABEL[status],
    is_despoke: i.is_despoke,
    is_cancellable: !i.is_despoke && isCancellable(status),
    shipped_at: iso(i.shipped_at),
    completed_at: iso(i.completed_at),
    carrier_code: i.carrier_code,
    carrier_name:
      i.carrier_code && i.carrier_code in CARRIERS ? CARRIERS[i.carrier_code as CarrierCode].name : null,
    tracking_number: i.tracking_number,
    tracking_url: trackingUrl(i.carrier_code, i.tracking_number),
  };
}

/** One order with items and payment; another member's order (or none) answers 404. */
export async function orderDetail(
  db: Db | Conn,
  orderId: number,
  userId: number | null,
): Promise<OrderDetail> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o || (userId !== null && o.user_id !== userId)) throw notFound(MSG.orderNotFound);
  return buildDetail(db, o);
}

const maskedName = (name: string | null) => (name === null ? null : maskName(name));

/**
 * One order for operators (docs/ARCHITECTURE.md, "Back office"): the orderer's and the recipient's
 * names and phones masked, like the order list; their values only through the audited reveal
 * (revealOrderContacts, `POST /api/admin/orders/:id/reveal`).
 */
export async function operatorOrderDetail(db: Db | Conn, orderId: number): Promise<OrderDetail> {
  const d = await orderDetail(db, orderId, null);
  return {
    ...d,
    address: { ...d.address, recipient: maskedName(d.address.recipient), phone: maskPhone(d.address.phone) },
    orderer: { name: maskedName(d.orderer.name), phone: maskPhone(d.orderer.phone) },
  };
}

/** The order's unmasked names and phones (the caller writes the audit row). */
export async function revealOrderContacts(db: Db | Conn, orderId: number) {
  const [o] = await db
    .select({
      orderer_name: orders.orderer_name,
      orderer_phone: orders.orderer_phone,
      recipient: orders.recipient,
      phone: orders.phone,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!o) throw notFound(MSG.orderNotFound);
  return {
    id: orderId,
    orderer: { name: o.orderer_name, phone: o.orderer_phone },
    address: { recipient: o.recipient, phone: o.phone },
  };
}

type DetailPayment = Pick<
  typeof payments.$inferSelect,
  'provider' | 'method' | 'easy_pay_provider' | 'status' | 'amount' | 'balance_amount' | 'approved_at'
>;

export async function buildDetail(db: Db | Conn, o: OrderRow): Promise<OrderDetail> {
  const [byOrder, [p]] = await Promise.all([
    itemBodies(db, [o.id]),
    db
      .select()
      .from(payments)
      .where(
        and(eq(payments.order_id, o.id), inArray(payments.status, ['DONE', 'PARTIAL_CANCELED', 'CANCELED'])),
      )
      .orderBy(desc(payments.id))
      .limit(1),
  ]);
  return detailOf(o, byOrder.get(o.id) ?? [], p);
}

export function detailOf(o: OrderRow, items: OrderItemBody[], p: DetailPayment | undefined): OrderDetail {
  const method = isPaymentMethod(o.payment_method) ? o.payment_method : 'CARD';
  return {
    id: o.id,
    order_id: o.order_no,
    order_name: o.order_name,
    status: o.status,
    status_label: ORDER_STATUS_LABEL[o.status],
    state_label: orderState(
      o.status,
      items.map((i) => i.status),
    ).label,
    created_at: o.created_at.toISOString(),
    paid_at: iso(o.paid_at),
    cancelled_at: iso(o.cancelled_at),
    expires_at: o.expires_at.toISOString(),
    total_price: o.total_price,
    product_discount: o.product_discount,
    coupon_discount: o.coupon_discount,
    point_used: o.point_used,
    shipping_fee: o.shipping_fee,
    amount: o.amount,
    cancelled_amount: p ? p.amount - p.balance_amount : 0,
    address: {
      recipient: o.recipient,
      phone: o.phone,
      zipcode: o.zipcode,
      main_address: o.main_address,
      detail_address: o.detail_address,
      delivery_request: o.delivery_request,
    },
    orderer: { name: o.orderer_name, phone: o.orderer_phone },
    payment_method: method,
    payment_method_label: paymentMethodLabel(method),
    is_address_editable:
      (o.status === 'PAID' || o.status === 'PARTIALLY_CANCELLED') &&
      isAddressEditable(items.map((i) => i.status)),
    payment: p
      ? {
          provider: p.provider,
          method: p.method,
          easy_pay_provider: p.easy_pay_provider ?? null,
          status: p.status,
          amount: p.amount,
          balance_amount: p.balance_amount,
          approved_at: iso(p.approved_at),
        }
      : null,
    items,
  };
}
