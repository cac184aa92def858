/**
 * The contents domain's tables: styles, outfits (codi), themes, promotions, posts, content answers and banners.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/contents/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import type { DayGate } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns.ts';
import { productDisplays } from '../catalog/schema.ts';

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
