/** The users domain's read for the ads domain (wired in app.ts: ads may not import users). */
import { eq } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { users } from './schema.ts';

/** The member's e-mail address, or null (no member, or no address). */
export async function memberEmail(db: Conn, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}
