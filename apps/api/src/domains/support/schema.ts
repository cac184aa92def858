/**
 * The support domain's tables: tickets, their messages and files, event logs and the web status.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/support/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { LOG_KINDS } from '@codiroom/shared';
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
import { users } from '../users/schema.ts';

export const logKind = pgEnum('log_kind', LOG_KINDS);

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
