/**
 * The whole Codiroom domain (SPEC.md §3) as one Drizzle schema.
 * Conventions: snake_case columns (SPEC.md field names), money as integer won,
 * timestamps with time zone (rules are evaluated in KST by the services).
 */
import {
  CLAIM_STATUSES,
  COUPON_SCOPES,
  COUPON_TYPES,
  type DayGate,
  DISCOUNT_KINDS,
  LIKE_TYPES,
  LOG_KINDS,
  MEASUREMENT_SET_CODES,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PHOTO_TYPES,
  PRODUCT_TYPES,
  SIZE_FEELS,
  SOCIAL_TYPES,
} from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

// ───────────────────────────── enums ─────────────────────────────
// Every enum's values are the shared constant of the same concept (packages/shared), so the
// database, the wire schemas and the storefront name the same values.
export const socialType = pgEnum('social_type', SOCIAL_TYPES);
export const productType = pgEnum('product_type', PRODUCT_TYPES);
export const likeType = pgEnum('like_type', LIKE_TYPES);
export const photoType = pgEnum('photo_type', PHOTO_TYPES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const orderItemStatus = pgEnum('order_item_status', ORDER_ITEM_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const claimStatus = pgEnum('claim_status', CLAIM_STATUSES);
export const couponType = pgEnum('coupon_type', COUPON_TYPES);
export const discountKind = pgEnum('discount_kind', DISCOUNT_KINDS);
export const couponScope = pgEnum('coupon_scope', COUPON_SCOPES);
export const sizeFeel = pgEnum('size_feel', SIZE_FEELS);
export const measurementSet = pgEnum('measurement_set', MEASUREMENT_SET_CODES);
export const logKind = pgEnum('log_kind', LOG_KINDS);

// ───────────────────────────── users ─────────────────────────────
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

// ───────────────────────────── catalog ─────────────────────────────
export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  name_en: varchar('name_en', { length: 100 }).notNull(),
  slug: varchar('slug', { length: 100 }).notNull().unique(),
  description: text('description').notNull().default(''),
  logo_url: text('logo_url'),
  is_contract: boolean('is_contract').notNull().default(false),
  /** SPEC.md §9 shipping rules: ships same day when ordered before 12:00 KST. */
  today_shipping: boolean('today_shipping').notNull().default(false),
  /** fast_shipping cut-off hour in KST (12, or 11 for one brand); null = standard shipping. */
  fast_shipping_cutoff: smallint('fast_shipping_cutoff'),
  allows_custom_order: boolean('allows_custom_order').notNull().default(false),
  shipping_fee: integer('shipping_fee').notNull().default(3000),
  free_shipping_min: integer('free_shipping_min').notNull().default(50000),
  like_count: integer('like_count').notNull().default(0),
  created_at: createdAt(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  name: varchar('name', { length: 50 }).notNull(),
  parent_id: integer('parent_id'),
  /** Shop filter tab this category falls under (outer, top, bottom, shoes, bag, accessories, sports). */
  main: varchar('main', { length: 20 }).notNull(),
  sub: varchar('sub', { length: 30 }),
  product_type: productType('product_type').notNull(),
  measurement_set: measurementSet('measurement_set'),
  sort_order: smallint('sort_order').notNull().default(0),
});

/** The field sets of SPEC.md §3 "Size measurement field sets", each with its '2' variant. */
export const sizeMeasurementSets = pgTable('size_measurement_sets', {
  code: measurementSet('code').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  /** [{key:'length',label:'총장'}, …] in display order. */
  fields: jsonb('fields').$type<{ key: string; label: string }[]>().notNull(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: varchar('name', { length: 200 }).notNull(),
    product_type: productType('product_type').notNull(),
    material: text('material'),
    fit: varchar('fit', { length: 30 }),
    season: varchar('season', { length: 30 }),
    style_tags: text('style_tags').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [index('products_brand_idx').on(t.brand_id)],
);

/** A product as listed for sale (one colourway): what cards, rankings and likes point at. */
export const productDisplays = pgTable(
  'product_displays',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: varchar('name', { length: 200 }).notNull(),
    product_type: productType('product_type').notNull(),
    price: integer('price').notNull(),
    price_discount: integer('price_discount').notNull(),
    color_name: varchar('color_name', { length: 30 }).notNull(),
    color_hex: varchar('color_hex', { length: 7 }).notNull(),
    image_url: text('image_url').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    delivery_category: varchar('delivery_category', { length: 30 }).notNull().default('home_delivery'),
    is_active: boolean('is_active').notNull().default(true),
    is_fast: boolean('is_fast').notNull().default(false),
    force_today_shipping: boolean('force_today_shipping').notNull().default(false),
    /** SPEC.md §9 "Shipping rules": flagged almost sold-out (품절임박) within this window, or null. */
    almost_sold_out_from: timestamp('almost_sold_out_from', { withTimezone: true }),
    almost_sold_out_until: timestamp('almost_sold_out_until', { withTimezone: true }),
    review_count: integer('review_count').notNull().default(0),
    rating_sum: integer('rating_sum').notNull().default(0),
    like_count: integer('like_count').notNull().default(0),
    view_count: integer('view_count').notNull().default(0),
    sales_count: integer('sales_count').notNull().default(0),
    popularity: real('popularity').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    index('product_displays_brand_idx').on(t.brand_id),
    index('product_displays_category_idx').on(t.category_id, t.popularity),
    index('product_displays_popularity_idx').on(t.popularity),
    index('product_displays_created_idx').on(t.created_at),
    // Each type's most popular active displays: the curation drafts' candidates (curations/drafting.ts).
    index('product_displays_type_popularity_idx')
      .on(t.product_type, t.popularity.desc().nullsFirst(), t.id)
      .where(sql`${t.is_active}`),
  ],
);

/** A purchasable option (size × colour) with stock. */
export const productItems = pgTable(
  'product_items',
  {
    id: serial('id').primaryKey(),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    size_name: varchar('size_name', { length: 20 }).notNull(),
    color_name: varchar('color_name', { length: 30 }).notNull(),
    stock: integer('stock').notNull().default(0),
    extra_price: integer('extra_price').notNull().default(0),
    sku: varchar('sku', { length: 64 }).notNull().unique(),
    sort_order: smallint('sort_order').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [index('product_items_display_idx').on(t.product_display_id)],
);

/** Measurements (cm) of one size of a product, in one field set. */
export const sizeMeasurements = pgTable(
  'size_measurements',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    size_name: varchar('size_name', { length: 20 }).notNull(),
    set_code: measurementSet('set_code').notNull(),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
  },
  (t) => [uniqueIndex('size_measurements_uq').on(t.product_id, t.size_name, t.set_code)],
);

export const styles = pgTable('styles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  description: text('description').notNull().default(''),
  image_url: text('image_url').notNull(),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  is_active: boolean('is_active').notNull().default(true),
  like_count: integer('like_count').notNull().default(0),
  created_at: createdAt(),
});

export const codiSets = pgTable('codi_sets', {
  id: serial('id').primaryKey(),
  style_id: integer('style_id').references(() => styles.id),
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  image_url: text('image_url').notNull(),
  curator_name: varchar('curator_name', { length: 50 }),
  is_active: boolean('is_active').notNull().default(true),
  like_count: integer('like_count').notNull().default(0),
  created_at: createdAt(),
});

export const codiItems = pgTable(
  'codi_items',
  {
    id: serial('id').primaryKey(),
    codi_id: integer('codi_id')
      .notNull()
      .references(() => codiSets.id, { onDelete: 'cascade' }),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    sort_order: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    index('codi_items_codi_idx').on(t.codi_id),
    index('codi_items_display_idx').on(t.product_display_id),
  ],
);

/** Themes (/theme/{id}) and collections (/collection/{theme}, e.g. outlet). */
export const themes = pgTable('themes', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 100 }).notNull().unique(),
  kind: varchar('kind', { length: 20 }).notNull().default('theme'), // theme | collection
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  image_url: text('image_url'),
  sort_order: smallint('sort_order').notNull().default(0),
  is_active: boolean('is_active').notNull().default(true),
});

export const themeProducts = pgTable(
  'theme_products',
  {
    theme_id: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.theme_id, t.product_display_id] })],
);

export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  subtitle: text('subtitle').notNull().default(''),
  description: text('description').notNull().default(''),
  image_url: text('image_url'),
  promotion_type: varchar('promotion_type', { length: 30 }).notNull().default('SALE'),
  benefit_label: varchar('benefit_label', { length: 100 }),
  coupon_policy_id: integer('coupon_policy_id'),
  starts_at: ts('starts_at').notNull(),
  ends_at: ts('ends_at').notNull(),
  is_active: boolean('is_active').notNull().default(true),
  sort_order: smallint('sort_order').notNull().default(0),
  created_at: createdAt(),
});

export const promotionProducts = pgTable(
  'promotion_products',
  {
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.promotion_id, t.product_display_id] })],
);

export const timeSales = pgTable('time_sales', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  starts_at: ts('starts_at').notNull(),
  ends_at: ts('ends_at').notNull(),
  created_at: createdAt(),
});

export const timeSaleItems = pgTable(
  'time_sale_items',
  {
    id: serial('id').primaryKey(),
    time_sale_id: integer('time_sale_id')
      .notNull()
      .references(() => timeSales.id, { onDelete: 'cascade' }),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    sale_price: integer('sale_price').notNull(),
    stock_limit: integer('stock_limit').notNull(),
    sold_count: integer('sold_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('time_sale_items_uq').on(t.time_sale_id, t.product_display_id),
    // Live prices look up a display's sale items (cards, order pricing) among every sale ever run.
    index('time_sale_items_display_idx').on(t.product_display_id),
  ],
);

export const posts = pgTable('posts', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  subtitle: text('subtitle').notNull().default(''),
  body: text('body').notNull(),
  cover_image_url: text('cover_image_url').notNull(),
  category: varchar('category', { length: 50 }).notNull(),
  author: varchar('author', { length: 50 }).notNull(),
  /** RUNNING posts are readable; others answer 현재 진행중인 컨텐츠가 아닙니다. */
  status: varchar('status', { length: 20 }).notNull().default('RUNNING'),
  view_count: integer('view_count').notNull().default(0),
  like_count: integer('like_count').notNull().default(0),
  published_at: ts('published_at').notNull(),
  created_at: createdAt(),
});

export const postProducts = pgTable(
  'post_products',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.product_display_id] })],
);

export const postFeedback = pgTable('post_feedback', {
  id: serial('id').primaryKey(),
  post_id: integer('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
  user_id: integer('user_id'),
  guest_id: varchar('guest_id', { length: 64 }),
  value: varchar('value', { length: 30 }).notNull(),
  created_at: createdAt(),
});

/**
 * Typed answers of the content forms (post survey, post quiz, mini quiz, codi quiz event, post
 * feedback, daily-look feedback): one row per form, subject, question and voter, where the voter is
 * `u:<member id>` or `g:<guest id>`; a second answer replaces the first where the form allows it.
 */
export const contentAnswers = pgTable(
  'content_answers',
  {
    id: serial('id').primaryKey(),
    /** post-survey, post-quiz, post-mini-quiz, codi-quiz-event, post-feedback, daily-look-feedback. */
    form: varchar('form', { length: 30 }).notNull(),
    /** The post or codi set answered about (0 when the form has none). */
    subject_id: integer('subject_id').notNull().default(0),
    /** The question within the subject (0 for one-question forms); a KST date number for daily forms. */
    question_id: integer('question_id').notNull().default(0),
    user_id: integer('user_id'),
    guest_id: varchar('guest_id', { length: 64 }),
    voter_key: varchar('voter_key', { length: 80 }).notNull(),
    answer: jsonb('answer').$type<unknown>().notNull(),
    /** Whether the answer was right (quizzes with a known answer), else null. */
    is_correct: boolean('is_correct'),
    created_at: createdAt(),
    updated_at: ts('updated_at'),
  },
  (t) => [
    uniqueIndex('content_answers_voter_idx').on(t.form, t.subject_id, t.question_id, t.voter_key),
    index('content_answers_subject_idx').on(t.form, t.subject_id, t.question_id),
  ],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  placement: varchar('placement', { length: 30 }).notNull(), // home_top, home_middle, category …
  title: varchar('title', { length: 200 }).notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image_url: text('image_url').notNull(),
  link_url: text('link_url').notNull(),
  starts_at: ts('starts_at'),
  ends_at: ts('ends_at'),
  /** SPEC.md §9: a time-gated banner shows on weekdays (Mon–Thu) or weekends (Fri–Sun) KST only. */
  days: varchar('days', { length: 10 }).$type<DayGate>().notNull().default('ALL'),
  sort_order: smallint('sort_order').notNull().default(0),
  is_active: boolean('is_active').notNull().default(true),
});

export const searchKeywords = pgTable('search_keywords', {
  id: serial('id').primaryKey(),
  keyword: varchar('keyword', { length: 100 }).notNull().unique(),
  /** recommended (operator-curated) or synonym groups. */
  kind: varchar('kind', { length: 20 }).notNull().default('recommended'),
  sort_order: smallint('sort_order').notNull().default(0),
});

/**
 * Search index of the PostgreSQL search engine (domains/search): one row per product display,
 * brand, style, post and autocomplete term, with its stored search forms (key form and 초성 form,
 * see packages/shared/src/search-text.ts) and the denormalised fields filters and sorts need.
 * Kept in sync by domains/search/documents.ts (seed and catalogue writes).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: serial('id').primaryKey(),
    /** product | brand | style | post | term */
    kind: varchar('kind', { length: 10 }).notNull(),
    ref_id: integer('ref_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    name_keys: text('name_keys').notNull(),
    /** `|brand|brand_en|` in key form (exact brand matches). */
    brand_keys: text('brand_keys').notNull().default(''),
    /** Every searchable field in key form, `|`-separated. */
    all_keys: text('all_keys').notNull(),
    /** 초성 of the fields in key form, `|`-separated; the name first. */
    initials: text('initials').notNull(),
    /** Autocomplete candidates (terms, brands, styles). */
    suggestible: boolean('suggestible').notNull().default(false),
    brand_id: integer('brand_id'),
    category_id: integer('category_id'),
    price: integer('price'),
    price_discount: integer('price_discount'),
    color_name: varchar('color_name', { length: 30 }),
    color_hex: varchar('color_hex', { length: 7 }),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    popularity: real('popularity').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_at: ts('created_at'),
  },
  (t) => [
    uniqueIndex('search_documents_kind_ref_uq').on(t.kind, t.ref_id),
    index('search_documents_all_keys_trgm').using('gin', t.all_keys.op('gin_trgm_ops')),
    index('search_documents_initials_trgm').using('gin', t.initials.op('gin_trgm_ops')),
    index('search_documents_suggest_trgm')
      .using('gin', t.name_keys.op('gin_trgm_ops'))
      .where(sql`${t.suggestible}`),
    // 초성 autocomplete (ㅅㄹㅅ): only the suggestible rows, not every product's initials.
    index('search_documents_suggest_initials_trgm')
      .using('gin', t.initials.op('gin_trgm_ops'))
      .where(sql`${t.suggestible}`),
    index('search_documents_kind_pop_idx').on(t.kind, t.popularity),
    // Exact and prefix matches of the name (relevance tiers, autocomplete) and of the 초성 form;
    // popularity last, so an exact name's most popular rows are read in order.
    index('search_documents_kind_name_pop_idx').on(t.kind, t.name_keys.op('text_pattern_ops'), t.popularity),
    index('search_documents_kind_initials_idx').on(t.kind, t.initials.op('text_pattern_ops')),
  ],
);

/**
 * The search term dictionary: every distinct field of the active product documents' key form
 * (`form` k, a `|`-separated part of all_keys) and 초성 form (`form` i, of initials), with its
 * document frequency. Small (≈ 7,000 rows for 100,000 products), so substring, prefix and 초성
 * look-ups on it are cheap; search_postings lists each term's products.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    id: serial('id').primaryKey(),
    form: varchar('form', { length: 1 }).notNull(),
    keys: text('keys').notNull(),
    /** Active product documents having the term (rows in search_postings). */
    df: integer('df').notNull().default(0),
    /**
     * Where the term occurs (bits, ever set, never cleared): 1 a product's whole name, 2 its
     * brand (Korean or English), 4 any other field. Rules out relevance tiers without look-ups.
     */
    roles: smallint('roles').notNull().default(0),
  },
  (t) => [
    uniqueIndex('search_terms_form_keys_uq').on(t.form, t.keys),
    index('search_terms_keys_trgm').using('gin', t.keys.op('gin_trgm_ops')),
  ],
);

/**
 * Postings: the active product displays (ref_id) having a term, most popular first per term, with
 * the term's role in that product (relevance tiers of a query computed from postings alone).
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    term_id: integer('term_id').notNull(),
    popularity: real('popularity').notNull(),
    ref_id: integer('ref_id').notNull(),
    /** Where the product has the term (bits as search_terms.roles): ranks without the document. */
    roles: smallint('roles').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.term_id, t.popularity, t.ref_id] }),
    index('search_postings_ref_idx').on(t.ref_id),
  ],
);

/**
 * Searches per KST day and keyword (the back office dashboard's top searches and searches with no
 * result): first pages without filters, counted in memory and written in batches (search/stats.ts).
 */
export const searchStats = pgTable(
  'search_stats',
  {
    day: date('day').notNull(),
    keyword: varchar('keyword', { length: 30 }).notNull(),
    searches: integer('searches').notNull().default(0),
    zero_results: integer('zero_results').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.keyword] })],
);

// ───────────────────────────── likes and carts ─────────────────────────────
/** A like by a member (user_id) or a guest (guest_id); exactly one of them is set. */
export const likes = pgTable(
  'likes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guest_id: varchar('guest_id', { length: 64 }),
    like_type: likeType('like_type').notNull(),
    like_id: integer('like_id').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('likes_user_uq').on(t.user_id, t.like_type, t.like_id).where(sql`${t.user_id} is not null`),
    uniqueIndex('likes_guest_uq')
      .on(t.guest_id, t.like_type, t.like_id)
      .where(sql`${t.guest_id} is not null`),
    index('likes_target_idx').on(t.like_type, t.like_id),
  ],
);

/**
 * A member's restock alert (재입고 알림) for a sold-out size (docs/ARCHITECTURE.md, "Restock
 * alerts"): open until the item is back in stock — then notified once and closed (notified_at) —
 * or until the member cancels it (the row is deleted). One open alert per member and item.
 */
export const restockAlerts = pgTable(
  'restock_alerts',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_item_id: integer('product_item_id')
      .notNull()
      .references(() => productItems.id),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    created_at: createdAt(),
    /** When the restock was told (the alert is closed); null while open. */
    notified_at: ts('notified_at'),
  },
  (t) => [
    uniqueIndex('restock_alerts_open_uq')
      .on(t.user_id, t.product_item_id)
      .where(sql`${t.notified_at} is null`),
    index('restock_alerts_item_open_idx').on(t.product_item_id).where(sql`${t.notified_at} is null`),
  ],
);

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  guest_id: varchar('guest_id', { length: 64 }).unique(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cart_id: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    product_item_id: integer('product_item_id')
      .notNull()
      .references(() => productItems.id),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    /** Set when the line was added as part of a codi set (cart list entries of type codi). */
    codi_id: integer('codi_id').references(() => codiSets.id),
    quantity: integer('quantity').notNull(),
    is_size_selected_by_user: boolean('is_size_selected_by_user').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('cart_lines_cart_idx').on(t.cart_id),
    // One line per item and codi set (a null codi_id counts as a value): adds upsert onto it.
    unique('cart_lines_item_codi_uq')
      .on(t.cart_id, t.product_item_id, t.codi_id)
      .nullsNotDistinct(),
  ],
);

// ───────────────────────────── orders and payments ─────────────────────────────
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
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('payments_order_idx').on(t.order_id)],
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

// ───────────────────────────── benefits ─────────────────────────────
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

// ───────────────────────────── reviews ─────────────────────────────
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    /** Null for a review imported from another shop (`external_id` set). */
    user_id: integer('user_id').references(() => users.id),
    order_item_id: integer('order_item_id').unique(),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    product_item_id: integer('product_item_id').references(() => productItems.id),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    size_feel: sizeFeel('size_feel'),
    size_name: varchar('size_name', { length: 20 }),
    height: smallint('height'),
    weight: smallint('weight'),
    is_quick: boolean('is_quick').notNull().default(false),
    photo_count: smallint('photo_count').notNull().default(0),
    helpful_count: integer('helpful_count').notNull().default(0),
    report_count: integer('report_count').notNull().default(0),
    /** Hidden by an operator (with a reason): out of every list and count, credit taken back. */
    hidden_at: ts('hidden_at'),
    hidden_reason: varchar('hidden_reason', { length: 200 }),
    /** Review credit paid so far (points), topped up to the tier the review reaches. */
    credit_paid: integer('credit_paid').notNull().default(0),
    external_id: varchar('external_id', { length: 100 }).unique(),
    created_at: createdAt(),
    updated_at: ts('updated_at'),
  },
  (t) => [
    index('reviews_display_idx').on(t.product_display_id, t.created_at),
    index('reviews_user_idx').on(t.user_id, t.created_at),
  ],
);

export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    review_id: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    image_url: text('image_url').notNull(),
    order: smallint('order').notNull().default(0),
    width: smallint('width'),
    height: smallint('height'),
  },
  (t) => [index('review_photos_review_idx').on(t.review_id)],
);

/** One helpful vote per member and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    review_id: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.review_id, t.user_id] })],
);

/** One report per member and review, for the operators' moderation queue. */
export const reviewReports = pgTable(
  'review_reports',
  {
    review_id: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 30 }).notNull(),
    detail: varchar('detail', { length: 500 }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.review_id, t.user_id] })],
);

export const sizeReviews = pgTable(
  'size_reviews',
  {
    id: serial('id').primaryKey(),
    /** Null for an imported size review (`external_id` set). */
    user_id: integer('user_id').references(() => users.id),
    order_item_id: integer('order_item_id').unique(),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    product_item_id: integer('product_item_id').references(() => productItems.id),
    size_name: varchar('size_name', { length: 20 }).notNull(),
    /** Overall fit. */
    fit: sizeFeel('fit').notNull(),
    chest: sizeFeel('chest'),
    waist: sizeFeel('waist'),
    length_feel: sizeFeel('length_feel'),
    shoulder: sizeFeel('shoulder'),
    sleeve: sizeFeel('sleeve'),
    thigh: sizeFeel('thigh'),
    height: smallint('height'),
    weight: smallint('weight'),
    external_id: varchar('external_id', { length: 100 }).unique(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('size_reviews_display_idx').on(t.product_display_id)],
);

// ───────────────────────────── curations and quizzes ─────────────────────────────
export const styleQuizzes = pgTable(
  'style_quizzes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('style_quizzes_user_idx').on(t.user_id, t.created_at)],
);

export const styleQuizPhotos = pgTable(
  'style_quiz_photos',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photo_type: photoType('photo_type').notNull(),
    image_url: text('image_url').notNull(),
    /** The private image's key in the ImageStore (served only through signed URLs). */
    image_key: text('image_key'),
    created_at: createdAt(),
  },
  (t) => [index('style_quiz_photos_user_idx').on(t.user_id)],
);

export const curations = pgTable(
  'curations',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    style_quiz_id: integer('style_quiz_id').references(() => styleQuizzes.id),
    /** REQUESTED (waiting for a drafting slot: the waiting list) → DRAFT → DONE (published). */
    status: varchar('status', { length: 20 }).notNull().default('REQUESTED'),
    /** QUIZ: the first curation after the style quiz; REQUEST: one the member asked for. */
    source: varchar('source', { length: 10 }).notNull().default('QUIZ'),
    /** The styles a REQUEST asked for (user-style). */
    request_styles: text('request_styles').array(),
    /** When the engine drafted it (counts against the KST day's capacity). */
    drafted_at: ts('drafted_at'),
    /** The curator's note to the member, and when a curator last touched the draft. */
    curator_note: text('curator_note'),
    curator_touched_at: ts('curator_touched_at'),
    title: varchar('title', { length: 200 }),
    message: text('message'),
    curator_name: varchar('curator_name', { length: 50 }),
    codi_ids: integer('codi_ids').array().notNull().default(sql`'{}'::int[]`),
    product_display_ids: integer('product_display_ids').array().notNull().default(sql`'{}'::int[]`),
    /** SPEC.md curation view status: null = not curated, false = needs view, true = viewed. */
    viewed: boolean('viewed'),
    rating: smallint('rating'),
    wanted_detail: text('wanted_detail'),
    created_at: createdAt(),
    delivered_at: ts('delivered_at'),
    /** A DRAFT is published (DONE) at this time unless a curator publishes it first. */
    publish_at: ts('publish_at'),
  },
  (t) => [
    index('curations_user_idx').on(t.user_id, t.created_at),
    index('curations_draft_idx').on(t.publish_at).where(sql`${t.status} = 'DRAFT'`),
    index('curations_waiting_idx').on(t.created_at).where(sql`${t.status} = 'REQUESTED'`),
    index('curations_drafted_idx').on(t.drafted_at),
  ],
);

/** The picks of a curation: outfit by outfit, with the size and the reasons (curation engine). */
export const curationItems = pgTable(
  'curation_items',
  {
    curation_id: integer('curation_id')
      .notNull()
      .references(() => curations.id, { onDelete: 'cascade' }),
    outfit: smallint('outfit').notNull(),
    role: varchar('role', { length: 10 }).notNull(),
    product_display_id: integer('product_display_id')
      .notNull()
      .references(() => productDisplays.id),
    size_name: varchar('size_name', { length: 20 }),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.curation_id, t.outfit, t.role] })],
);

export const dailyQuizzes = pgTable('daily_quizzes', {
  id: serial('id').primaryKey(),
  quiz_date: date('quiz_date').notNull().unique(),
  question: text('question').notNull(),
  options: jsonb('options')
    .$type<{ key: string; label: string; image_url?: string; style?: string }[]>()
    .notNull(),
  answer: varchar('answer', { length: 20 }),
  point: integer('point').notNull().default(10),
});

export const dailyQuizAnswers = pgTable(
  'daily_quiz_answers',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    daily_quiz_id: integer('daily_quiz_id')
      .notNull()
      .references(() => dailyQuizzes.id),
    answer: varchar('answer', { length: 20 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('daily_quiz_answers_uq').on(t.user_id, t.daily_quiz_id)],
);

export const personalColorAnswers = pgTable('personal_color_answers', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  guest_id: varchar('guest_id', { length: 64 }),
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
  result: varchar('result', { length: 30 }),
  created_at: createdAt(),
});

// ───────────────────────────── support, logs, status ─────────────────────────────
export const supportTickets = pgTable('support_tickets', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  main_category: varchar('main_category', { length: 50 }).notNull(),
  sub_category: varchar('sub_category', { length: 50 }),
  title: varchar('title', { length: 200 }).notNull(),
  content: text('content').notNull(),
  target_type: varchar('target_type', { length: 30 }),
  target_id: integer('target_id'),
  /** TICKET (1:1 문의), CALLBACK (telephone-cs call-back request), CURATOR_CHAT (post-curator-chat). */
  kind: varchar('kind', { length: 20 }).notNull().default('TICKET'),
  /** CALLBACK: the number to call and the member's preferred time. */
  callback_phone: varchar('callback_phone', { length: 20 }),
  callback_time: varchar('callback_time', { length: 50 }),
  /** OPEN (waiting for the shop), ANSWERED (waiting for the member), CLOSED. */
  status: varchar('status', { length: 20 }).notNull().default('OPEN'),
  /** The operator the ticket is assigned to (operators.id), or null. */
  assignee_operator_id: integer('assignee_operator_id'),
  answered_at: ts('answered_at'),
  closed_at: ts('closed_at'),
  updated_at: ts('updated_at'),
  created_at: createdAt(),
});

/** The thread of a ticket after its first message: the shop's answers and the member's replies. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** MEMBER or OPERATOR. */
    author: varchar('author', { length: 10 }).notNull(),
    operator_id: integer('operator_id'),
    body: text('body').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticket_id, t.created_at)],
);

export const supportTicketFiles = pgTable('support_ticket_files', {
  id: serial('id').primaryKey(),
  ticket_id: integer('ticket_id')
    .notNull()
    .references(() => supportTickets.id, { onDelete: 'cascade' }),
  file_url: text('file_url').notNull(),
  file_name: text('file_name').notNull(),
  mime_type: varchar('mime_type', { length: 100 }).notNull(),
  size_bytes: integer('size_bytes').notNull(),
  created_at: createdAt(),
});

export const eventLogs = pgTable(
  'event_logs',
  {
    id: serial('id').primaryKey(),
    kind: logKind('kind').notNull(),
    user_id: integer('user_id'),
    guest_id: varchar('guest_id', { length: 64 }),
    name: varchar('name', { length: 100 }),
    /** The storefront's visit (a browser session id), the A/B group (abType+subAbType, e.g. AC). */
    session_id: varchar('session_id', { length: 64 }),
    ab_group: varchar('ab_group', { length: 2 }),
    path: varchar('path', { length: 300 }),
    /** The product of a product-page view, for funnels and ranking signals. */
    product_display_id: integer('product_display_id'),
    /** The id shared with the browser pixel for ad-event de-duplication. */
    event_id: varchar('event_id', { length: 64 }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    index('event_logs_kind_idx').on(t.kind, t.created_at),
    index('event_logs_created_idx').on(t.created_at),
  ],
);

/** Product signals (view, like, cart, purchase) that feed rankings and live viewer counts. */
export const productSignals = pgTable(
  'product_signals',
  {
    id: serial('id').primaryKey(),
    product_display_id: integer('product_display_id').notNull(),
    signal: varchar('signal', { length: 10 }).notNull(), // view | like | cart | purchase
    weight: smallint('weight').notNull().default(1),
    created_at: createdAt(),
  },
  (t) => [index('product_signals_time_idx').on(t.created_at, t.product_display_id)],
);

/** SPEC.md "Web status": a single row (id = 1) switched by operators. */
export const webStatus = pgTable('web_status', {
  id: smallint('id').primaryKey().default(1),
  result: boolean('result').notNull().default(false),
  /** maintenance | overload | error4 — which shell screen the storefront shows. */
  variant: varchar('variant', { length: 20 }).notNull().default('maintenance'),
  start_at: ts('start_at'),
  end_at: ts('end_at'),
  updated_at: updatedAt(),
});

/** Key/value facts about the database itself (seed version, seeded_at …). */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 50 }).primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: updatedAt(),
});

// ───────────────────────────── operators (the back office) ─────────────────────────────
/** People who run the shop: separate from shoppers, with roles (domains/admin/roles.ts). */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  /** The sign-in name, lower-case. */
  email: varchar('email', { length: 254 }).notNull().unique(),
  name: varchar('name', { length: 50 }).notNull(),
  password_hash: text('password_hash').notNull(),
  /** ADMIN, MD, CS, CURATOR (one or more). */
  roles: text('roles').array().notNull(),
  /** Base32 TOTP secret once the second factor is on (RFC 6238); null without one. */
  totp_secret: varchar('totp_secret', { length: 64 }),
  /** A secret being set up, confirmed by a first code before it becomes totp_secret. */
  totp_pending: varchar('totp_pending', { length: 64 }),
  /** The time step of the last code accepted: a code is never accepted twice. */
  totp_last_step: integer('totp_last_step'),
  is_active: boolean('is_active').notNull().default(true),
  failed_logins: smallint('failed_logins').notNull().default(0),
  locked_until: ts('locked_until'),
  last_login_at: ts('last_login_at'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** Operator sessions: the cookie holds a random id whose SHA-256 is the key here. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id_hash: varchar('id_hash', { length: 64 }).primaryKey(),
    operator_id: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** Sent back in x-csrf-token on every change (the cookie alone never changes anything). */
    csrf_token: varchar('csrf_token', { length: 64 }).notNull(),
    created_at: createdAt(),
    last_seen_at: ts('last_seen_at').notNull(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operator_id)],
);

/** Every change made through /api/admin: who, what, before and after, when. Append-only. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    /** Null for the ADMIN_API_KEY (automation). */
    operator_id: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    actor: varchar('actor', { length: 300 }).notNull(),
    /** `METHOD /api/admin/route/:id` and, where the service names it, a verb ("curation.publish"). */
    action: varchar('action', { length: 200 }).notNull(),
    target_type: varchar('target_type', { length: 50 }),
    target_id: varchar('target_id', { length: 100 }),
    before: jsonb('before'),
    after: jsonb('after'),
    status_code: smallint('status_code').notNull(),
    ip: varchar('ip', { length: 64 }),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.created_at),
    index('audit_logs_operator_idx').on(t.operator_id),
  ],
);
