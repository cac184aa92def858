/**
 * The app reports its push permission (docs/ARCHITECTURE.md, "Notifications"): the native shell,
 * once the operating system's permission is granted and its push SDK is logged in with the
 * member's uuid, hands the page its subscription id, and the page sends it here. The push service
 * is asked whether that subscription is this member's and deliverable (isDeliverableAppPush);
 * only then is it recorded (app_push_subscription_id, app_push_verified_at) and is_app_alert
 * turned on. That record, not the web switch, completes the push-consent mission. A report that
 * the permission was withdrawn clears the record (points already received stay).
 */
import type { AppPushPermissionBody, AppPushPermissionRequest } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { tagPushUser } from './notify.ts';
import { pushSenderFor } from './push.ts';
import { users } from './schema.ts';

export const APP_PUSH_MESSAGES = {
  notVerified: '앱의 알림 권한을 확인하지 못했어요. 앱에서 알림을 허용한 뒤 다시 시도해주세요.',
  unavailable: '알림 서비스에 연결하지 못했어요. 잠시 후 다시 시도해주세요.',
} as const;

export async function reportAppPushPermission(
  ctx: AppContext,
  userId: number,
  input: AppPushPermissionRequest,
): Promise<AppPushPermissionBody> {
  const [user] = await ctx.db.select({ uuid: users.uuid }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found');
  const now = ctx.clock.now();
  if (!input.granted) {
    await ctx.db
      .update(users)
      .set({ app_push_subscription_id: null, app_push_verified_at: null, updated_at: now })
      .where(eq(users.id, userId));
    return { verified: false, is_app_alert: await appAlertOf(ctx, userId) };
  }
  let ok: boolean;
  try {
    ok = await pushSenderFor(ctx).hasAppSubscription(user.uuid, input.subscription_id);
  } catch {
    throw new HttpError(503, APP_PUSH_MESSAGES.unavailable);
  }
  if (!ok) throw badRequest(APP_PUSH_MESSAGES.notVerified);
  await ctx.db
    .update(users)
    .set({
      app_push_subscription_id: input.subscription_id,
      app_push_verified_at: now,
      is_app_alert: true,
      updated_at: now,
    })
    .where(eq(users.id, userId));
  tagPushUser(ctx, userId);
  return { verified: true, is_app_alert: true };
}

async function appAlertOf(ctx: AppContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ a: users.is_app_alert })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.a ?? false;
}
