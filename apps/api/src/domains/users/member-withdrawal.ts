/**
 * POST /api/users/stop — withdrawal. In one transaction:
 *   - the account becomes inactive (is_active=false, stopped_at=now); the access guard then
 *     answers 401 'User is inactive' to its old access tokens;
 *   - every refresh token of the member is revoked (refresh_tokens.revoked_at=now), and after the
 *     commit their sessions are listed as revoked (platform/tokens.ts), so the old access tokens
 *     are refused on every node at once, not only once the member status memo expires;
 *   - personal data is anonymised: name → '탈퇴회원'; phone, email, password, age, gender, height,
 *     weight, curator, referral code, SES selection, alert flags and the marketing consent cleared; the phone survives only
 *     as stopped_phone_hash (keyed HMAC) for the sign-up 'STOP USER' rule;
 *   - personal rows are deleted: addresses, size info, user and style-quiz photos, style quizzes
 *     and curations, likes (taken off the liked rows' like_count), cart (lines cascade), social identities, notifications, personal-colour
 *     and daily-quiz answers;
 *   - kept: orders, payments, refunds and exchanges (commerce records the law requires), point
 *     ledger and coupons (accounting), reviews and support tickets (shown under the masked
 *     withdrawn name; the public profile answers 404).
 * The freed phone and e-mail can sign up again: the unique indexes cover active members only.
 */
import { createHmac } from 'node:crypto';
import { WITHDRAWN_USER_NAME } from '@codiroom/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import {
  carts,
  curations,
  dailyQuizAnswers,
  eventLogs,
  personalColorAnswers,
  styleQuizPhotos,
  styleQuizzes,
} from '../../db/schema.ts';
import { forgetMemberStatus } from '../../platform/access.ts';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Conn } from '../../platform/transactions.ts';
import { removeMemberLikes } from '../likes/index.ts';
import { lockMember } from './member-db.ts';
import {
  addresses,
  notifications,
  refreshTokens,
  socialIdentities,
  userPhotos,
  userSizeInfo,
  users,
} from './schema.ts';
import { liveFamiliesOf } from './sessions.ts';

/**
 * HMAC-SHA256 (hex) of the phone's digits under a key derived from the server secret. A keyed
 * hash rather than a per-row salt: sign-up must find the withdrawn account by the number, and
 * without the server key the 10⁸ possible mobile numbers cannot be tried offline.
 */
export function stoppedPhoneHash(config: Pick<Config, 'jwtSecret'>, phone: string): string {
  const key = createHmac('sha256', config.jwtSecret).update('codiroom:stopped-phone:v1').digest();
  return createHmac('sha256', key).update(phone.replace(/\D/g, '')).digest('hex');
}

/**
 * For sign-up ('STOP USER'): the latest withdrawal of this phone number, or null.
 * Exported for the auth engineer's sign-up flow.
 */
export async function findWithdrawalByPhone(
  db: Conn,
  config: Pick<Config, 'jwtSecret'>,
  phone: string,
): Promise<{ userId: number; stoppedAt: Date | null } | null> {
  const [row] = await db
    .select({ id: users.id, stopped_at: users.stopped_at })
    .from(users)
    .where(and(eq(users.stopped_phone_hash, stoppedPhoneHash(config, phone)), eq(users.is_active, false)))
    .orderBy(desc(users.stopped_at))
    .limit(1);
  return row ? { userId: row.id, stoppedAt: row.stopped_at } : null;
}

export async function withdrawMember(ctx: AppContext, userId: number, reason?: string): Promise<void> {
  const now = ctx.clock.now();
  const sessions = await ctx.db.transaction(async (tx) => {
    const user = await lockMember(tx, userId);
    await tx
      .update(users)
      .set({
        is_active: false,
        stopped_at: now,
        stopped_phone_hash: user.phone ? stoppedPhoneHash(ctx.config, user.phone) : null,
        name: WITHDRAWN_USER_NAME,
        phone: null,
        email: null,
        password_hash: null,
        age: null,
        gender: null,
        height: null,
        weight: null,
        curator_name: null,
        has_reservation: false,
        referral_code: null,
        ses_selected: null,
        is_app_alert: false,
        is_benefit_alert: false,
        is_nighttime_alert: false,
        marketing_agreed_at: null,
        updated_at: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(refreshTokens)
      .set({ revoked_at: now })
      .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
    await tx.delete(addresses).where(eq(addresses.user_id, userId));
    await tx.delete(userSizeInfo).where(eq(userSizeInfo.user_id, userId));
    await tx.delete(userPhotos).where(eq(userPhotos.user_id, userId));
    const photoKeys = await tx
      .delete(styleQuizPhotos)
      .where(eq(styleQuizPhotos.user_id, userId))
      .returning({ key: styleQuizPhotos.image_key });
    await tx.delete(curations).where(eq(curations.user_id, userId));
    await tx.delete(styleQuizzes).where(eq(styleQuizzes.user_id, userId));
    await removeMemberLikes(tx, userId);
    await tx.delete(carts).where(eq(carts.user_id, userId));
    await tx.delete(socialIdentities).where(eq(socialIdentities.user_id, userId));
    await tx.delete(notifications).where(eq(notifications.user_id, userId));
    await tx.delete(personalColorAnswers).where(eq(personalColorAnswers.user_id, userId));
    await tx.delete(dailyQuizAnswers).where(eq(dailyQuizAnswers.user_id, userId));
    await tx.insert(eventLogs).values({
      kind: 'EVENT',
      user_id: userId,
      name: 'user_stop',
      payload: reason ? { reason } : {},
      created_at: now,
    });
    return { families: await liveFamiliesOf(tx, userId, now), photoKeys };
  });
  // The private style-quiz photos' files go with their rows.
  await Promise.allSettled(sessions.photoKeys.flatMap((p) => (p.key ? [ctx.images.delete(p.key)] : [])));
  // This process stops honouring the member's access tokens now (platform/access.ts), and every
  // node once the sessions are listed.
  await forgetMemberStatus(ctx, userId);
  await ctx.tokens.revokeFamilies(sessions.families);
  // Their reviews now show the withdrawn name: cached review sections go (product page, lists).
  await invalidate(ctx, 'reviews.changed');
}
