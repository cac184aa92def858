/**
 * The point balance (SPEC.md, 'Benefits'), read by the ledger's writers (points.ts), the checkout
 * (orders), member detail (users, through its ports) and the back office's member look-up.
 */
import { desc, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { pointLedger } from './schema.ts';

/**
 * SPEC.md: the point balance is the latest ledger row's balance_after, or 0. "Latest" is the
 * highest id, not created_at: created_at is the writer's clock read before it waited for the
 * member lock, while ids are assigned in lock order (every ledger write holds lockMember).
 */
export async function pointBalance(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: pointLedger.balance_after })
    .from(pointLedger)
    .where(eq(pointLedger.user_id, userId))
    .orderBy(desc(pointLedger.id))
    .limit(1);
  return row?.balance ?? 0;
}
