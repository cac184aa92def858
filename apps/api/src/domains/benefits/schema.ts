/**
 * The benefits domain's tables: coupon policies, coupons and serials, first-purchase grants, the point ledger and missions.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/benefits/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { COUPON_SCOPES, COUPON_TYPES, DISCOUNT_KINDS } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns.ts';
import { operators } from '../../platform/schema.ts';
import { users } from '../users/schema.ts';

export const couponType = pgEnum('coupon_type', COUPON_TYPES);

export const discountKind = pgEnum('discount_kind', DISCOUNT_KINDS);

export const couponScope = pgEnum('coupon_scope', COUPON_SCOPES);

export const couponPolicies = pgTable('coupon_policies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  coupon_type: couponType('coupon_type').notNull(),
  discount_kind: discountKind('discount_kind').notNull(),
  /** Won for FIXED, percent for PERCENT. */
  discount_value: integer('discount_value').notNull(),
  max_discount: integer('max_discount'),
  min_order_amount: integer('min_order_amount').notNull().default(0),
  scope: couponScope('scope').notNull().default('ORDER'),
  scope_ids: integer('scope_ids').array().notNull().default(sql`'{}'::int[]`),
  /** Stacking group: one cart-wide coupon per order, one line coupon per product line. */
  is_cart_coupon: boolean('is_cart_coupon').notNull().default(false),
  stackable: boolean('stackable').notNull().default(false),
  allow_time_sale: boolean('allow_time_sale').notNull().default(false),
  starts_at: ts('starts_at'),
  ends_at: ts('ends_at'),
  /** Days an issued coupon stays valid; null → until ends_at. */
  valid_days: smallint('valid_days'),
  per_user_limit: smallint('per_user_limit').notNull().default(1),
  total_limit: integer('total_limit'),
  issued_count: integer('issued_count').notNull().default(0),
  serial_code: varchar('serial_code', { length: 50 }).unique(),
  is_downloadable: boolean('is_downloadable').notNull().default(true),
  is_active: boolean('is_active').notNull().default(true),
  created_at: createdAt(),
});

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    coupon_policy_id: integer('coupon_policy_id')
      .notNull()
      .references(() => couponPolicies.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issued_at: ts('issued_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    order_id: integer('order_id'),
  },
  (t) => [index('coupons_user_idx').on(t.user_id), index('coupons_policy_idx').on(t.coupon_policy_id)],
);

/**
 * Who got the first-purchase coupon, by person rather than account: the keyed phone hash
 * (users/member-withdrawal.ts stoppedPhoneHash) of each member it was issued to, so a member who
 * withdraws and signs up again with the same number does not get it twice (benefits/issuing.ts).
 */
export const firstPurchaseGrants = pgTable('first_purchase_grants', {
  phone_hash: varchar('phone_hash', { length: 64 }).primaryKey(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  granted_at: ts('granted_at').notNull(),
});

/**
 * One-time serial codes of a coupon policy, made in batches by the back office (each redeemable
 * once, by one member: issueBySerial). A policy's own `serial_code` stays a shared code.
 */
export const couponSerials = pgTable(
  'coupon_serials',
  {
    id: serial('id').primaryKey(),
    coupon_policy_id: integer('coupon_policy_id')
      .notNull()
      .references(() => couponPolicies.id),
    code: varchar('code', { length: 20 }).notNull().unique(),
    batch: integer('batch').notNull(),
    redeemed_by: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemed_at: ts('redeemed_at'),
    created_at: createdAt(),
  },
  (t) => [index('coupon_serials_policy_idx').on(t.coupon_policy_id, t.batch)],
);

export const pointLedger = pgTable(
  'point_ledger',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(), // + earned, - spent or expired
    reason: varchar('reason', { length: 50 }).notNull(),
    ref_type: varchar('ref_type', { length: 30 }),
    ref_id: integer('ref_id'),
    balance_after: integer('balance_after').notNull(),
    /** An operator's reason for a grant or a take-back (shown to the member with the title). */
    note: varchar('note', { length: 100 }),
    expires_at: ts('expires_at'),
    created_at: createdAt(),
  },
  (t) => [index('point_ledger_user_idx').on(t.user_id, t.created_at)],
);

/**
 * Operators' point grants by idempotency key (benefits/admin-benefits.ts grantPoints): the first
 * request with a key pays and records its answer; a repeat (a double click, a retry) answers the
 * same without paying again.
 */
export const operatorPointGrants = pgTable('operator_point_grants', {
  idempotency_key: varchar('idempotency_key', { length: 100 }).primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  operator_id: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
  amount: integer('amount').notNull(),
  moved: integer('moved').notNull().default(0),
  balance: integer('balance').notNull().default(0),
  created_at: createdAt(),
});

export const missions = pgTable('missions', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  title: varchar('title', { length: 200 }).notNull(),
  point: integer('point').notNull(),
  is_active: boolean('is_active').notNull().default(true),
});

export const missionCompletions = pgTable(
  'mission_completions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mission_id: integer('mission_id')
      .notNull()
      .references(() => missions.id),
    completed_at: ts('completed_at').notNull().defaultNow(),
    rewarded_at: ts('rewarded_at'),
  },
  (t) => [uniqueIndex('mission_completions_uq').on(t.user_id, t.mission_id)],
);
