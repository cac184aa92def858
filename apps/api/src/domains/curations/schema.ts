/**
 * The curations domain's tables: style quizzes, curations, daily quizzes and personal-colour answers.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/curations/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import { photoType, users } from '../users/schema.ts';

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
