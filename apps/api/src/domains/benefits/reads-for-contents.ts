/** Benefits data the contents domain checks: whether a coupon policy exists (a promotion's coupon). */
import { eq } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { couponPolicies } from './schema.ts';

/** Whether a coupon policy with this id exists, active or not. */
export async function couponPolicyExists(db: Conn, id: number): Promise<boolean> {
  const [c] = await db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(eq(couponPolicies.id, id));
  return c !== undefined;
}
