/**
 * The first-purchase coupon's own rules (SPEC.md §9: 7 %, at most 10,000 won, ids 1895 and 2241
 * aliases of the one FIRST_PURCHASE policy; docs/ARCHITECTURE.md "Benefits"):
 *   - only before a paid order: not issued, not offered at checkout (optimiser.ts memberRules) and
 *     not shown usable in the coupon box (coupons.ts) once the member has paid an order;
 *   - given at sign-up (issuing.ts grantSignUpCoupon, run by the users domain's sign-up listeners)
 *     and once per person, not per account: the keyed hash of the member's phone is recorded in
 *     first_purchase_grants when it is issued, so a member who withdraws and signs up again with
 *     the same number (a new account) does not get it twice. Accounts withdrawn before the record
 *     existed count through their stopped_phone_hash and the coupons they kept.
 */
import { BENEFIT_MESSAGES as M } from '@codiroom/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { memberContact, phoneHash, withdrawnMembersOfPhone } from '../users/index.ts';
import { benefitsPorts } from './ports.ts';
import { couponPolicies, coupons, firstPurchaseGrants } from './schema.ts';

/** Whether the member has a paid order (the orders domain's, through benefits' port). */
export async function hasPaidOrder(db: Conn, userId: number): Promise<boolean> {
  return benefitsPorts.get().orders.hasPaidOrder(db, userId);
}

/**
 * Inside the issuing transaction (after the policy row lock, so issuers of the policy take turns):
 * records that the member's number got the first-purchase coupon, or throws 400 when another
 * account of the number already did. A member without a number has only the per-member limit.
 */
export async function claimFirstPurchase(
  tx: Tx,
  config: Pick<Config, 'jwtSecret'>,
  userId: number,
  now: Date,
): Promise<void> {
  const { phone } = await memberContact(tx, userId);
  if (!phone) return;
  const hash = phoneHash(config, phone);
  const [recorded] = await tx
    .insert(firstPurchaseGrants)
    .values({ phone_hash: hash, user_id: userId, granted_at: now })
    .onConflictDoNothing()
    .returning({ user_id: firstPurchaseGrants.user_id });
  if (!recorded) {
    const [grant] = await tx
      .select({ user_id: firstPurchaseGrants.user_id })
      .from(firstPurchaseGrants)
      .where(eq(firstPurchaseGrants.phone_hash, hash));
    if (grant?.user_id !== userId) throw badRequest(M.firstPurchaseOnce);
    return;
  }
  // Before the record: a withdrawn account of the same number that kept a first-purchase coupon.
  const withdrawn = await withdrawnMembersOfPhone(tx, hash);
  if (withdrawn.length === 0) return;
  const [earlier] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
    .where(and(eq(couponPolicies.coupon_type, 'FIRST_PURCHASE'), inArray(coupons.user_id, withdrawn)))
    .limit(1);
  // Throwing rolls the transaction back, the record with it.
  if (earlier) throw badRequest(M.firstPurchaseOnce);
}
