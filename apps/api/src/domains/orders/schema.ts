/**
 * The orders domain's tables: orders, their items, payments (written by the order and payment-state code) and claims (cancels, refunds, exchanges).
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/orders/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { CLAIM_STATUSES, ORDER_ITEM_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../../db/columns.ts';
import { brands, productDisplays, productItems, timeSaleItems } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const orderItemStatus = pgEnum('order_item_status', ORDER_ITEM_STATUSES);

export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

export const claimStatus = pgEnum('claim_status', CLAIM_STATUSES);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Toss `orderId`: 6–64 characters of letters, digits, '-' and '_'. */
    order_no: varchar('order_no', { length: 64 }).notNull().unique(),
    user_id: integer('user_id').references(() => users.id),
    guest_id: varchar('guest_id', { length: 64 }),
    status: orderStatus('status').notNull().default('PENDING'),
    order_name: varchar('order_name', { length: 200 }).notNull(),
    total_price: integer('total_price').notNull(), // sum of list prices
    product_discount: integer('product_discount').notNull().default(0),
    coupon_discount: integer('coupon_discount').notNull().default(0),
    point_used: integer('point_used').notNull().default(0),
    shipping_fee: integer('shipping_fee').notNull().default(0),
    amount: integer('amount').notNull(), // what the shopper pays
    recipient: varchar('recipient', { length: 50 }),
    phone: varchar('phone', { length: 20 }),
    zipcode: varchar('zipcode', { length: 10 }),
    main_address: text('main_address'),
    detail_address: text('detail_address'),
    delivery_request: text('delivery_request'),
    /** The orderer (주문자) as entered at checkout: the member's name and phone unless changed. */
    orderer_name: varchar('orderer_name', { length: 50 }),
    orderer_phone: varchar('orderer_phone', { length: 20 }),
    /** The payment method chosen at checkout (PAYMENT_METHODS: CARD, TOSSPAY, KAKAOPAY, NAVERPAY, TRANSFER). */
    payment_method: varchar('payment_method', { length: 20 }).notNull().default('CARD'),
    /** SPEC.md §3 "Campaign codes": the campaign link (product_Id 1–16) of the visit that ordered. */
    campaign_code: smallint('campaign_code'),
    expires_at: ts('expires_at').notNull(),
    paid_at: ts('paid_at'),
    cancelled_at: ts('cancelled_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.user_id, t.created_at),
    index('orders_status_expiry_idx').on(t.status, t.expires_at),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_item_id: integer('product_item_id')
      .notNull()
      .references(() => productItems.id),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    codi_id: integer('codi_id'),
    name: varchar('name', { length: 200 }).notNull(),
    size_name: varchar('size_name', { length: 20 }).notNull(),
    color_name: varchar('color_name', { length: 30 }).notNull(),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    price_discount: integer('price_discount').notNull(),
    coupon_id: integer('coupon_id'),
    coupon_discount: integer('coupon_discount').notNull().default(0),
    point_used: integer('point_used').notNull().default(0),
    paid_amount: integer('paid_amount').notNull(),
    /**
     * The coupon discount taken out of this item's refund when it was cancelled or returned: what
     * the items left lost when the order fell below a coupon's condition (쿠폰 할인 회수).
     */
    coupon_clawback: integer('coupon_clawback').notNull().default(0),
    /** The time sale whose price this item paid; its units count against the sale's stock_limit. */
    time_sale_item_id: integer('time_sale_item_id').references(() => timeSaleItems.id, {
      onDelete: 'set null',
    }),
    status: orderItemStatus('status').notNull().default('PENDING'),
    is_despoke: boolean('is_despoke').notNull().default(false),
    shipped_at: ts('shipped_at'),
    /** The parcel: carrier (CARRIERS) and tracking number, set when an operator ships the item. */
    carrier_code: varchar('carrier_code', { length: 20 }),
    tracking_number: varchar('tracking_number', { length: 30 }),
    completed_at: ts('completed_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('order_items_order_idx').on(t.order_id)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id),
    payment_key: varchar('payment_key', { length: 200 }).notNull().unique(),
    provider: varchar('provider', { length: 30 }).notNull(), // toss | sandbox
    method: varchar('method', { length: 30 }),
    /** Toss's `easyPay.provider` (토스페이, 카카오페이, 네이버페이) of an easy-pay payment. */
    easy_pay_provider: varchar('easy_pay_provider', { length: 30 }),
    status: paymentStatus('status').notNull(),
    amount: integer('amount').notNull(),
    balance_amount: integer('balance_amount').notNull(),
    approved_at: ts('approved_at'),
    raw: jsonb('raw'),
    /**
     * The process whose confirm holds this IN_PROGRESS claim, and when it last beat (orders'
     * payment-claim.ts): recovery only takes a claim whose owner is gone (no beat for
     * CLAIM_STALE_MS) or released it (both null once its confirm ended without an answer).
     */
    claim_owner: varchar('claim_owner', { length: 100 }),
    claim_beat_at: ts('claim_beat_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.order_id),
    // Recovery's scan (settle.ts recoverPayments, every few seconds): only the claims in flight.
    index('payments_in_progress_idx')
      .on(t.claim_beat_at)
      .where(sql`${t.status} = 'IN_PROGRESS'`),
  ],
);

export const paymentCancels = pgTable('payment_cancels', {
  id: serial('id').primaryKey(),
  payment_id: integer('payment_id')
    .notNull()
    .references(() => payments.id),
  idempotency_key: varchar('idempotency_key', { length: 300 }).notNull().unique(),
  amount: integer('amount').notNull(),
  reason: text('reason').notNull(),
  created_at: createdAt(),
});

export const refunds = pgTable('refunds', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id')
    .notNull()
    .references(() => orders.id),
  order_item_id: integer('order_item_id')
    .notNull()
    .references(() => orderItems.id),
  user_id: integer('user_id').references(() => users.id),
  reason: text('reason').notNull(),
  amount: integer('amount').notNull(),
  return_cost: integer('return_cost').notNull().default(0),
  /** The coupon discount taken out of `amount` (쿠폰 할인 회수; settled when the return completes). */
  coupon_clawback: integer('coupon_clawback').notNull().default(0),
  status: claimStatus('status').notNull().default('REQUESTED'),
  created_at: createdAt(),
  completed_at: ts('completed_at'),
  /** Why an operator rejected the request (shown to the member in their notification). */
  decision_note: text('decision_note'),
  /** 회수 완료: the returned parcel reached the shop (an operator's step before inspection). */
  collected_at: ts('collected_at'),
  /** 검수 완료: the returned item was inspected; only then may it be refunded. */
  inspected_at: ts('inspected_at'),
});

export const exchanges = pgTable('exchanges', {
  id: serial('id').primaryKey(),
  order_item_id: integer('order_item_id')
    .notNull()
    .references(() => orderItems.id),
  new_product_item_id: integer('new_product_item_id')
    .notNull()
    .references(() => productItems.id),
  user_id: integer('user_id').references(() => users.id),
  reason: text('reason').notNull(),
  return_cost: integer('return_cost').notNull().default(0),
  status: claimStatus('status').notNull().default('REQUESTED'),
  created_at: createdAt(),
  completed_at: ts('completed_at'),
  /** Why an operator rejected the request (shown to the member in their notification). */
  decision_note: text('decision_note'),
});
