/**
 * Small data-access helpers shared by the member-data services: the per-member row lock that
 * serialises a member's own writes, the member row. The point balance is benefits' (`pointBalance`,
 * through ports.ts). The transaction types and unique-violation detection are
 * platform/transactions.ts.
 */
import { eq } from 'drizzle-orm';
import { notFound } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { users } from './schema.ts';

/**
 * Locks the member's users row for the rest of the transaction. Every write that must keep a
 * per-member invariant (one default address, at most 20 addresses, lazy referral code) takes it
 * first, so two concurrent requests of the same member run one after the other.
 */
export async function lockMember(tx: Tx, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound('User not found');
  return row;
}

export async function memberRow(db: Conn, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // The access guard already answered 401 for a missing or inactive member.
  if (!row) throw notFound('User not found');
  return row;
}

export const iso = (d: Date) => d.toISOString();

/** The member's name, phone and email, as the checkout form pre-fills them (orders domain). */
export async function memberContact(db: Conn, userId: number) {
  const [u] = await db
    .select({ name: users.name, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { name: u?.name ?? '', phone: u?.phone ?? '', email: u?.email ?? null };
}

/** Marks that the member has taken the style quiz (users.stylequiz; curations' quiz submission). */
export async function markStyleQuizTaken(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.update(users).set({ stylequiz: true, updated_at: now }).where(eq(users.id, userId));
}
