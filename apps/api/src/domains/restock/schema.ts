/**
 * The restock domain's table: restock alerts.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/restock/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns.ts';
import { productDisplays, productItems } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';

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
