/**
 * Infrastructure tables owned by platform/: database facts, operators and their sessions, the audit log and the outbox.
 * Ownership: only this folder imports these tables; other domains read and write them through
 * platform functions (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../db/columns.ts';

/** Key/value facts about the database itself (seed version, seeded_at …). */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 50 }).primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: updatedAt(),
});

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

/**
 * The outbox (docs/ARCHITECTURE.md, "Outbox"): effects written in the same transaction as the
 * change that causes them (a push, an ad-conversion event), delivered at least once afterwards by
 * platform/outbox.ts. A row is due while `delivered_at` and `dead_at` are null and `available_at`
 * has passed; a deliverer claims it by moving `available_at` past a lease, a failure moves it by
 * the back-off, and after the last attempt `dead_at` is set (kept, visible, counted).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 64 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** One row per effect: a second enqueue of the same key is a no-op; also sent to the receiver. */
    idempotency_key: varchar('idempotency_key', { length: 200 }).notNull().unique(),
    created_at: createdAt(),
    available_at: ts('available_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    last_error: varchar('last_error', { length: 1000 }),
    delivered_at: ts('delivered_at'),
    dead_at: ts('dead_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.available_at).where(sql`${t.delivered_at} is null and ${t.dead_at} is null`),
    index('outbox_delivered_idx').on(t.delivered_at),
  ],
);

/**
 * Page documents (platform/page-documents.ts): JSON a page needs that is costly to compute and
 * changes only with cache events (or slowly), shared by every process and kept across restarts.
 * A document is fresh while `computed_at` is younger than its reader's limit and `epoch` (the sum of
 * `page_document_epochs` read before it was computed) is still the current one: a change that makes
 * documents wrong moves its event's epoch on in its own transaction, so a document computed from
 * data read before the change is neither served nor stored after it commits. -1: no epoch (rows
 * from before the column), never served.
 */
export const pageDocuments = pgTable('page_documents', {
  key: varchar('key', { length: 100 }).primaryKey(),
  body: jsonb('body').notNull(),
  computed_at: ts('computed_at').notNull(),
  epoch: integer('epoch').notNull().default(-1),
});

/**
 * How many times page documents were outdated, per event (`catalog.changed`: the drop after an
 * event) and per slot of an event (`catalog.changed:17`: changes in their own transactions,
 * platform/page-documents.ts `outdateDocuments`); the epoch is the sum (see pageDocuments).
 */
export const pageDocumentEpochs = pgTable('page_document_epochs', {
  event: varchar('event', { length: 50 }).primaryKey(),
  epoch: integer('epoch').notNull().default(0),
});
