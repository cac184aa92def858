/**
 * The users domain's read for the reviews domain (the back office's review moderation queue,
 * docs/ARCHITECTURE.md "Back office"): members' names by id.
 */
import { inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { users } from './schema.ts';

/** Member names by user id (unknown or deleted ids are absent). */
export async function memberNames(db: Conn, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
