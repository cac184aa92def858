/**
 * The reviews domain's tables: reviews, their photos, votes, reports and size reviews.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/reviews/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { SIZE_FEELS } from '@codiroom/shared';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../../db/columns.ts';
import { productDisplays, productItems } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';

export const sizeFeel = pgEnum('size_feel', SIZE_FEELS);

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
