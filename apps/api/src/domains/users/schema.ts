/**
 * The users domain's tables: members, their sign-in identities and tokens, guests, addresses, sizes, photos and notifications.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/users/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { PHOTO_TYPES, SOCIAL_TYPES } from '@codiroom/shared';
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
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../../db/columns.ts';

// Every enum's values are the shared constant of the same concept (packages/shared), so the
// database, the wire schemas and the storefront name the same values.
export const socialType = pgEnum('social_type', SOCIAL_TYPES);

export const photoType = pgEnum('photo_type', PHOTO_TYPES);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 254 }),
    password_hash: text('password_hash'),
    name: varchar('name', { length: 100 }).notNull().default(''),
    age: smallint('age'),
    gender: varchar('gender', { length: 10 }),
    height: smallint('height'),
    weight: smallint('weight'),
    stylequiz: boolean('stylequiz').notNull().default(false),
    curator_name: varchar('curator_name', { length: 50 }),
    has_reservation: boolean('has_reservation').notNull().default(false),
    referral_code: varchar('referral_code', { length: 16 }).unique(),
    referred_by: integer('referred_by'),
    is_active: boolean('is_active').notNull().default(true),
    is_admin: boolean('is_admin').notNull().default(false),
    is_app_alert: boolean('is_app_alert').notNull().default(false),
    is_benefit_alert: boolean('is_benefit_alert').notNull().default(false),
    is_nighttime_alert: boolean('is_nighttime_alert').notNull().default(false),
    /**
     * The app's push subscription the push service confirmed is this member's and enabled, and
     * when (users/app-push.ts): what "the app reports a real permission" means for the
     * push-consent mission. Web consent alone sets only is_app_alert.
     */
    app_push_subscription_id: varchar('app_push_subscription_id', { length: 100 }),
    app_push_verified_at: ts('app_push_verified_at'),
    ses_selected: jsonb('ses_selected'),
    stopped_at: ts('stopped_at'),
    /**
     * Set on withdrawal (POST /api/users/stop), when phone is cleared: HMAC-SHA256 (hex) of the
     * phone's digits under a server-side key, so sign-up can answer 'STOP USER' without keeping
     * the number. See domains/users/member-withdrawal.ts.
     */
    stopped_phone_hash: varchar('stopped_phone_hash', { length: 64 }),
    /**
     * Sign-up agreements (docs/ARCHITECTURE.md "Accounts", Agreements): the version of the terms
     * agreed to and when — 이용약관, 개인정보 수집·이용 and 만 14세 이상 are required and given
     * together. Null for members who signed up before the shop asked.
     */
    terms_version: varchar('terms_version', { length: 20 }),
    terms_agreed_at: ts('terms_agreed_at'),
    /** 광고성 정보 수신 동의 (optional): when given; null when not given or withdrawn. */
    marketing_agreed_at: ts('marketing_agreed_at'),
    /** SPEC.md §3 "Campaign codes": the campaign link (product_Id 1–16) the member signed up from. */
    campaign_code: smallint('campaign_code'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_phone_active_uq').on(t.phone).where(sql`${t.is_active}`),
    uniqueIndex('users_email_active_uq').on(t.email).where(sql`${t.is_active}`),
    index('users_stopped_phone_hash_idx')
      .on(t.stopped_phone_hash)
      .where(sql`${t.stopped_phone_hash} is not null`),
  ],
);

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    social_type: socialType('social_type').notNull(),
    social_id: varchar('social_id', { length: 255 }).notNull(),
    /** Apple: the refresh token needed by revoke-apple; others: last access token hash. */
    oauth_token: text('oauth_token'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('social_identities_uq').on(t.social_type, t.social_id)],
);

/** Refresh tokens with rotation: a reused (already replaced) token revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jti: uuid('jti').notNull().unique(),
    family_id: uuid('family_id').notNull(),
    replaced_by: uuid('replaced_by'),
    revoked_at: ts('revoked_at'),
    expires_at: ts('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family_id)],
);

export const smsVerifications = pgTable(
  'sms_verifications',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: ts('expires_at').notNull(),
    verified_at: ts('verified_at'),
    consumed_at: ts('consumed_at'),
    created_at: createdAt(),
  },
  (t) => [index('sms_verifications_phone_idx').on(t.phone, t.created_at)],
);

export const guests = pgTable('guests', {
  id: varchar('id', { length: 64 }).primaryKey(),
  merged_user_id: integer('merged_user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  last_seen_at: ts('last_seen_at').notNull().defaultNow(),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    recipient: varchar('recipient', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    zipcode: varchar('zipcode', { length: 10 }).notNull(),
    main_address: text('main_address').notNull(),
    detail_address: text('detail_address').notNull().default(''),
    request: text('request'),
    is_default: boolean('is_default').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.user_id),
    // At most one default address per member (the users domain keeps exactly one).
    uniqueIndex('addresses_user_default_uq')
      .on(t.user_id)
      .where(sql`${t.is_default}`),
  ],
);

export const userSizeInfo = pgTable('user_size_info', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  height: smallint('height'),
  weight: smallint('weight'),
  /** e.g. {"TOP":"L","BOTTOM":"32","SHOES":"270"} */
  sizes: jsonb('sizes').$type<Record<string, string>>().notNull().default({}),
  /** slim, regular or loose (docs/ARCHITECTURE.md, "Sizing"). */
  fit_preference: varchar('fit_preference', { length: 10 }),
  updated_at: updatedAt(),
});

export const userPhotos = pgTable('user_photos', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  photo_type: photoType('photo_type').notNull(),
  image_url: text('image_url').notNull(),
  created_at: createdAt(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** ORDER, CLAIM, TICKET, CURATION, COUPON, REVIEW, POINT, MARKETING (marketing obeys the night-time rule). */
    kind: varchar('kind', { length: 20 }).notNull().default('GENERAL'),
    /** One notification per (member, key): e.g. `coupon-expiring:<coupon id>`; null when repeats are fine. */
    dedupe_key: varchar('dedupe_key', { length: 120 }),
    /** Push delivery: null (not pushed), SENT, HELD (night-time, waiting for push_after), SKIPPED, FAILED. */
    push_status: varchar('push_status', { length: 10 }),
    push_after: ts('push_after'),
    read_at: ts('read_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.created_at),
    uniqueIndex('notifications_dedupe_idx').on(t.user_id, t.dedupe_key),
    index('notifications_push_idx').on(t.push_status, t.push_after),
  ],
);
