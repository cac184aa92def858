/**
 * The catalog domain's tables: brands, categories, products, their displays (colourways) and items (sizes with stock), size measurements, time sales and product signals.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/catalog/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { MEASUREMENT_SET_CODES, PRODUCT_TYPES } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns.ts';

export const productType = pgEnum('product_type', PRODUCT_TYPES);

export const measurementSet = pgEnum('measurement_set', MEASUREMENT_SET_CODES);

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
