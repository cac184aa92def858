/**
 * The likes domain's table.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/likes/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { LIKE_TYPES } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

export const likeType = pgEnum('like_type', LIKE_TYPES);

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
