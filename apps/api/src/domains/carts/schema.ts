/**
 * The carts domain's tables: carts and their lines.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/carts/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { boolean, index, integer, pgTable, serial, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { productDisplays, productItems } from '../catalog/schema.ts';
import { codiSets } from '../contents/schema.ts';
import { users } from '../users/schema.ts';

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
