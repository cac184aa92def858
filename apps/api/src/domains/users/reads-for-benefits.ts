/**
 * The users domain's reads for the benefits domain (SPEC.md, 'Benefits'): the member flags the
 * missions and the style-quiz coupons read, the withdrawn accounts of a phone number (the
 * first-purchase coupon is once per person, benefits/first-purchase.ts) and which notifications a
 * member already got (the coupon-expiry sweep's dedupe keys). On the caller's connection.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { notifications, users } from './schema.ts';

export type MemberBenefitFlags = {
  /** users.stylequiz: the member took the style quiz. */
  stylequiz: boolean;
  /**
   * A push permission the app reported and the push service confirmed (app-push.ts), never the web
   * switch alone: is_app_alert can be turned on from any browser.
   */
  appPushConsent: boolean;
};

/** The member's flags, or null for an unknown id. */
export async function memberBenefitFlags(db: Conn, userId: number): Promise<MemberBenefitFlags | null> {
  const [row] = await db
    .select({
      stylequiz: users.stylequiz,
      is_app_alert: users.is_app_alert,
      app_push_verified_at: users.app_push_verified_at,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { stylequiz: row.stylequiz, appPushConsent: row.is_app_alert && row.app_push_verified_at !== null };
}

/** Ids of the withdrawn (inactive) accounts whose number had the keyed hash `hash` (member-withdrawal.ts). */
export async function withdrawnMembersOfPhone(db: Conn, hash: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.stopped_phone_hash, hash), eq(users.is_active, false)));
  return rows.map((r) => r.id);
}

/** Of the given (member, dedupe key) pairs, the keys the member already has a notification of. */
export async function notifiedKeys(
  db: Conn,
  entries: readonly { userId: number; key: string }[],
): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const rows = await db
    .select({ user_id: notifications.user_id, key: notifications.dedupe_key })
    .from(notifications)
    .where(
      and(
        inArray(notifications.user_id, [...new Set(entries.map((e) => e.userId))]),
        inArray(notifications.dedupe_key, [...new Set(entries.map((e) => e.key))]),
      ),
    );
  const found = new Set(rows.map((r) => `${r.user_id}\u0000${r.key}`));
  return new Set(entries.filter((e) => found.has(`${e.userId}\u0000${e.key}`)).map((e) => e.key));
}
