/**
 * Member preferences and extras: size info, photos, notification flags, the SES selection and A/B
 * variants. Profile and status: member-service.ts.
 */
import {
  abGroups,
  FIT_PREFERENCES,
  type FitPreference,
  type NotificationPermissions,
  type NotificationPermissionsRequest,
  type SizeInfo,
  type SizeInfoRequest,
  type UserPhoto,
  type UserVariants,
} from '@codiroom/shared';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { signedImageUrl } from '../../platform/private-images.ts';
import { iso, lockMember, memberRow } from './member-db.ts';
import { releaseHeldPushesOf, tagPushUser } from './notify.ts';
import { usersPorts } from './ports.ts';
import { userPhotos, userSizeInfo, users } from './schema.ts';

// ───────────────────────────── size info ─────────────────────────────

/** A stored preference, or null for none (or a value from before the column was checked). */
export function asFitPreference(v: string | null | undefined): FitPreference | null {
  return v && (FIT_PREFERENCES as readonly string[]).includes(v) ? (v as FitPreference) : null;
}

export async function getSizeInfo(ctx: AppContext, userId: number): Promise<SizeInfo> {
  const user = await memberRow(ctx.db, userId);
  const [row] = await ctx.db.select().from(userSizeInfo).where(eq(userSizeInfo.user_id, userId)).limit(1);
  return {
    height: row?.height ?? user.height,
    weight: row?.weight ?? user.weight,
    sizes: row?.sizes ?? {},
    fit_preference: asFitPreference(row?.fit_preference),
    updated_at: row ? iso(row.updated_at) : null,
  };
}

export async function saveSizeInfo(
  ctx: AppContext,
  userId: number,
  input: SizeInfoRequest,
): Promise<SizeInfo> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await lockMember(tx, userId);
    const [row] = await tx.select().from(userSizeInfo).where(eq(userSizeInfo.user_id, userId)).limit(1);
    const sizes: Record<string, string> = { ...(row?.sizes ?? {}) };
    for (const [key, value] of Object.entries(input.sizes ?? {})) {
      if (value === null) delete sizes[key];
      else sizes[key] = value;
    }
    const height = input.height !== undefined ? input.height : (row?.height ?? user.height);
    const weight = input.weight !== undefined ? input.weight : (row?.weight ?? user.weight);
    const fit_preference =
      input.fit_preference !== undefined ? input.fit_preference : (row?.fit_preference ?? null);
    await tx
      .insert(userSizeInfo)
      .values({ user_id: userId, height, weight, sizes, fit_preference, updated_at: now })
      .onConflictDoUpdate({
        target: userSizeInfo.user_id,
        set: { height, weight, sizes, fit_preference, updated_at: now },
      });
    if (input.height !== undefined || input.weight !== undefined) {
      await tx.update(users).set({ height, weight, updated_at: now }).where(eq(users.id, userId));
    }
  });
  return getSizeInfo(ctx, userId);
}

// ───────────────────────────── photos ─────────────────────────────

export async function memberPhotos(ctx: AppContext, userId: number): Promise<UserPhoto[]> {
  const [own, quiz] = await Promise.all([
    ctx.db.select().from(userPhotos).where(eq(userPhotos.user_id, userId)),
    // The style quiz's photos are curations' rows.
    usersPorts(ctx).curations.styleQuizPhotos(ctx.db, userId),
  ]);
  const all = [
    ...own.map((p) => ({ ...p, source: 'USER' as const })),
    ...quiz.map((p) => ({ ...p, source: 'STYLE_QUIZ' as const })),
  ];
  all.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
  return all.map((p) => ({
    id: p.id,
    photo_type: p.photo_type,
    // A style-quiz photo is private: its bytes only through a signed URL (platform/private-images.ts).
    image_url:
      'image_key' in p && p.image_key
        ? signedImageUrl(ctx.config, p.image_key, ctx.clock.now())
        : p.image_url,
    source: p.source,
    created_at: iso(p.created_at),
  }));
}

// ───────────────────────────── notification flags ─────────────────────────────

const alertColumns = {
  is_app_alert: users.is_app_alert,
  is_benefit_alert: users.is_benefit_alert,
  is_nighttime_alert: users.is_nighttime_alert,
  marketing_agreed_at: users.marketing_agreed_at,
};

const permissionsOf = (row: {
  is_app_alert: boolean;
  is_benefit_alert: boolean;
  is_nighttime_alert: boolean;
  marketing_agreed_at: Date | null;
}): NotificationPermissions => ({
  ...row,
  marketing_agreed_at: row.marketing_agreed_at ? iso(row.marketing_agreed_at) : null,
});

export async function getNotificationPermissions(
  ctx: AppContext,
  userId: number,
): Promise<NotificationPermissions> {
  const [row] = await ctx.db.select(alertColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User not found');
  return permissionsOf(row);
}

/**
 * Sets the flags sent. 혜택·마케팅 알림 (is_benefit_alert) is the 광고성 정보 수신 동의 of sign-up:
 * switching it on records when (kept while it stays on), switching it off clears the date.
 */
export async function setNotificationPermissions(
  ctx: AppContext,
  userId: number,
  input: NotificationPermissionsRequest,
): Promise<NotificationPermissions> {
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length === 0) return getNotificationPermissions(ctx, userId);
  const now = ctx.clock.now();
  const marketing =
    input.is_benefit_alert === undefined
      ? {}
      : {
          marketing_agreed_at: input.is_benefit_alert
            ? sql`coalesce(case when ${users.is_benefit_alert} then ${users.marketing_agreed_at} end, ${now.toISOString()}::timestamptz)`
            : null,
        };
  const [raw] = await ctx.db
    .update(users)
    .set({ ...patch, ...marketing, updated_at: now })
    .where(eq(users.id, userId))
    .returning(alertColumns);
  if (!raw) throw notFound('User not found');
  const row = permissionsOf(raw);
  // Agreeing to night-time alerts lifts the hold on the pushes waiting for the morning (notify.ts).
  if (input.is_nighttime_alert === true) releaseHeldPushesOf(ctx, userId);
  // Segments on the push service follow the switches (notify.ts tagPushUser).
  tagPushUser(ctx, userId);
  return row;
}
// ───────────────────────────── SES selection ─────────────────────────────

export async function getSesSelected(ctx: AppContext, userId: number): Promise<unknown> {
  const user = await memberRow(ctx.db, userId);
  return user.ses_selected ?? null;
}

export async function setSesSelected(ctx: AppContext, userId: number, value: unknown): Promise<unknown> {
  const [row] = await ctx.db
    .update(users)
    .set({ ses_selected: value ?? null, updated_at: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning({ ses_selected: users.ses_selected });
  if (!row) throw notFound('User not found');
  return row.ses_selected ?? null;
}

// ───────────────────────────── A/B variants ─────────────────────────────

/**
 * SPEC.md §4: members by the digit count of their uuid (abGroups). Guests by the same rule over
 * their guest id — stable for the id's 30-day life and, with the storefront's random UUID guest
 * ids, a random split; at login the group is re-keyed to the member's uuid.
 */
export async function userVariants(ctx: AppContext, principal: Principal): Promise<UserVariants> {
  if (principal.userId !== null) {
    const user = await memberRow(ctx.db, principal.userId);
    return { ...abGroups(user.uuid), basis: 'user' };
  }
  return { ...abGroups(principal.guestId ?? ''), basis: 'guest' };
}
