/**
 * Member data: user detail and info, user status and main status, curation view status, public
 * profiles and profile update. Size info, photos, notification flags, the SES selection and A/B
 * variants: member-preferences.ts; referral codes: member-referrals.ts; shipping addresses:
 * member-addresses.ts; withdrawal: member-withdrawal.ts.
 */
import {
  type CurationViewStatus,
  mainStatus,
  maskName,
  maskPhone,
  type PublicProfile,
  type PublicProfileSimple,
  type StatusFacts,
  statusFlags,
  type UpdateProfileRequest,
  type UserDetail,
  type UserInfo,
  type UserMainStatus,
  type UserStatus,
} from '@codiroom/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { enforceRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import { clientOf } from '../../platform/sign-in-limits.ts';
import { type Conn, isUniqueViolation } from '../../platform/transactions.ts';
import { iso, lockMember, memberRow } from './member-db.ts';
import { unreadCount } from './notifications.ts';
import { type MemberCurationReads, usersPorts } from './ports.ts';
import { addresses, userSizeInfo, users } from './schema.ts';

type UserRow = typeof users.$inferSelect;

// ───────────────────────────── detail and info ─────────────────────────────

/** The users row's flag, else a style-quiz row (curations'). */
async function hasStyleQuiz(curations: MemberCurationReads, db: Conn, user: UserRow): Promise<boolean> {
  return user.stylequiz || curations.hasStyleQuiz(db, user.id);
}

export async function userDetail(ctx: AppContext, userId: number): Promise<UserDetail> {
  const ports = usersPorts(ctx);
  const user = await memberRow(ctx.db, userId);
  const [quiz, done, point, unread] = await Promise.all([
    hasStyleQuiz(ports.curations, ctx.db, user),
    user.curator_name ? Promise.resolve(null) : ports.curations.latestDone(ctx.db, user.id),
    ports.pointBalance(ctx.db, user.id),
    unreadCount(ctx.db, user.id),
  ]);
  return {
    uuid: user.uuid,
    id: user.id,
    name: user.name,
    age: user.age,
    gender: user.gender,
    height: user.height,
    weight: user.weight,
    stylequiz: quiz,
    curator_name: user.curator_name ?? done?.curator_name ?? null,
    has_reservation: user.has_reservation,
    phone: maskPhone(user.phone),
    email: user.email,
    point,
    unread_notifications: unread,
  };
}

export async function userInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const user = await memberRow(ctx.db, userId);
  const [[address], point] = await Promise.all([
    ctx.db
      .select({
        main_address: addresses.main_address,
        detail_address: addresses.detail_address,
        zipcode: addresses.zipcode,
      })
      .from(addresses)
      .where(and(eq(addresses.user_id, userId), eq(addresses.is_default, true)))
      .limit(1),
    usersPorts(ctx).pointBalance(ctx.db, userId),
  ]);
  return {
    user: { id: user.id, uuid: user.uuid, name: user.name, phone: maskPhone(user.phone) },
    main_address: address?.main_address ?? null,
    detail_address: address?.detail_address ?? null,
    zipcode: address?.zipcode ?? null,
    point,
    email: user.email,
  };
}

// ───────────────────────────── status ─────────────────────────────

async function statusFacts(ctx: AppContext, user: UserRow): Promise<StatusFacts> {
  const { curations } = usersPorts(ctx);
  const [quiz, progress] = await Promise.all([
    hasStyleQuiz(curations, ctx.db, user),
    curations.progress(ctx.db, user.id),
  ]);
  return {
    isLogin: true,
    hasStyleQuiz: quiz,
    hasDoneCuration: progress.hasDone,
    isWaiting: user.has_reservation || progress.waiting,
  };
}

const GUEST_FACTS: StatusFacts = {
  isLogin: false,
  hasStyleQuiz: false,
  hasDoneCuration: false,
  isWaiting: false,
};

export async function userStatus(ctx: AppContext, principal: Principal): Promise<UserStatus> {
  if (principal.userId === null) {
    return {
      ...statusFlags(GUEST_FACTS),
      is_login: false,
      user_id: null,
      loading: false,
      is_cart_coupon_exist: false,
    };
  }
  const user = await memberRow(ctx.db, principal.userId);
  const [facts, cartCoupon] = await Promise.all([
    statusFacts(ctx, user),
    usersPorts(ctx).hasCartCoupon(ctx.db, user.id, ctx.clock.now()),
  ]);
  return {
    ...statusFlags(facts),
    is_login: true,
    user_id: user.uuid,
    loading: false,
    is_cart_coupon_exist: cartCoupon,
  };
}

export async function userMainStatus(ctx: AppContext, principal: Principal): Promise<UserMainStatus> {
  if (principal.userId === null) return mainStatus(GUEST_FACTS);
  const user = await memberRow(ctx.db, principal.userId);
  return mainStatus(await statusFacts(ctx, user));
}

/** The MY큐레이션 red dot and the AI curations left (curations' read, `/api/users/curation-status`). */
export async function curationViewStatus(ctx: AppContext, userId: number): Promise<CurationViewStatus> {
  return usersPorts(ctx).curations.viewStatus(ctx.db, userId, ctx.clock.now());
}

// ───────────────────────────── public profiles ─────────────────────────────

const PROFILE_NOT_FOUND = 'Profile not found';
const PROFILE_REVIEWS = 20;

/**
 * Profile look-ups per client address (docs/ARCHITECTURE.md "Security"): a shopper opens a few
 * reviewers' profiles; walking the ids of every member is throttled.
 */
export const PROFILE_RATE_LIMIT: RateLimit = {
  name: 'users:profile:ip',
  max: 30,
  windowSeconds: 60,
  detail: '프로필을 너무 자주 조회했어요. 잠시 후 다시 시도해 주세요.',
};

/**
 * A member has a public profile only as a reviewer: active, with at least one public review.
 * Anyone else — unknown, withdrawn, a member who never reviewed or whose reviews are all hidden,
 * a path id that is no number — is the same 404 (no existence oracle). Throttled per address.
 */
async function publicMember(ctx: AppContext, rawId: string, clientAddress: string) {
  await enforceRateLimit(ctx, PROFILE_RATE_LIMIT, clientOf(clientAddress));
  if (!/^\d{1,9}$/.test(rawId)) throw notFound(PROFILE_NOT_FOUND);
  const id = Number(rawId);
  const [[user], reviewer] = await Promise.all([
    ctx.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, id), eq(users.is_active, true)))
      .limit(1),
    usersPorts(ctx).reviewers.hasPublicReview(ctx.db, id),
  ]);
  if (!user || !reviewer) throw notFound(PROFILE_NOT_FOUND);
  return user;
}

export async function publicProfileSimple(
  ctx: AppContext,
  rawId: string,
  clientAddress: string,
): Promise<PublicProfileSimple> {
  const user = await publicMember(ctx, rawId, clientAddress);
  const { total } = await usersPorts(ctx).reviewers.counts(ctx.db, user.id);
  return { id: user.id, name: maskName(user.name), review_count: total };
}

export async function publicProfile(
  ctx: AppContext,
  rawId: string,
  clientAddress: string,
): Promise<PublicProfile> {
  const user = await publicMember(ctx, rawId, clientAddress);
  const { reviewers } = usersPorts(ctx);
  const [counts, body, recent] = await Promise.all([
    reviewers.counts(ctx.db, user.id),
    // Height and weight only as the member published them with a review.
    reviewers.publishedBody(ctx.db, user.id),
    reviewers.recent(ctx.db, user.id, PROFILE_REVIEWS),
  ]);
  return {
    id: user.id,
    name: maskName(user.name),
    review_count: counts.total,
    photo_review_count: counts.photo,
    height: body?.height ?? null,
    weight: body?.weight ?? null,
    reviews: recent.map((r) => ({ ...r, created_at: iso(r.created_at) })),
  };
}

// ───────────────────────────── profile update ─────────────────────────────

const DUPLICATE_EMAIL = 'DUPLICATE EMAIL';

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: UpdateProfileRequest,
): Promise<UserDetail> {
  const now = ctx.clock.now();
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.age !== undefined) patch.age = input.age;
  if (input.gender !== undefined) patch.gender = input.gender;
  if (input.height !== undefined) patch.height = input.height;
  if (input.weight !== undefined) patch.weight = input.weight;
  if (input.email !== undefined) patch.email = input.email;
  if (Object.keys(patch).length > 0) {
    try {
      await ctx.db.transaction(async (tx) => {
        await lockMember(tx, userId);
        if (input.email) {
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                sql`lower(${users.email}) = ${input.email}`,
                eq(users.is_active, true),
                ne(users.id, userId),
              ),
            )
            .limit(1);
          if (taken) throw conflict(DUPLICATE_EMAIL);
        }
        await tx
          .update(users)
          .set({ ...patch, updated_at: now })
          .where(eq(users.id, userId));
        // One body: the size profile follows the profile's height and weight.
        const body: { height?: number | null; weight?: number | null } = {};
        if (input.height !== undefined) body.height = input.height;
        if (input.weight !== undefined) body.weight = input.weight;
        if (Object.keys(body).length > 0) {
          await tx
            .update(userSizeInfo)
            .set({ ...body, updated_at: now })
            .where(eq(userSizeInfo.user_id, userId));
        }
      });
    } catch (err) {
      // A concurrent update by another member won the partial unique index on active e-mails.
      if (isUniqueViolation(err, 'users_email_active_uq')) throw conflict(DUPLICATE_EMAIL);
      throw err;
    }
  }
  return userDetail(ctx, userId);
}
