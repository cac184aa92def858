/**
 * Member data: user detail and info, user status and main status, curation view status, public
 * profiles and profile update. Size info, photos, notification flags, the SES selection and A/B
 * variants: member-preferences.ts; referral codes: member-referrals.ts; shipping addresses:
 * member-addresses.ts; withdrawal: member-withdrawal.ts.
 */
import {
  AI_CURATIONS_PER_MONTH,
  type CurationViewStatus,
  kstDate,
  kstParts,
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
import { and, count, desc, eq, exists, gt, gte, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  couponPolicies,
  coupons,
  curations,
  productDisplays,
  reviews,
  styleQuizzes,
} from '../../db/schema.ts';
import type { Principal } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { enforceRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import { clientOf } from '../../platform/sign-in-limits.ts';
import { type Conn, isUniqueViolation } from '../../platform/transactions.ts';
import { iso, lockMember, memberRow, pointBalance } from './member-db.ts';
import { unreadCount } from './notifications.ts';
import { addresses, userSizeInfo, users } from './schema.ts';

type UserRow = typeof users.$inferSelect;

// ───────────────────────────── detail and info ─────────────────────────────

async function hasStyleQuiz(db: Conn, user: UserRow): Promise<boolean> {
  if (user.stylequiz) return true;
  const [row] = await db
    .select({ id: styleQuizzes.id })
    .from(styleQuizzes)
    .where(eq(styleQuizzes.user_id, user.id))
    .limit(1);
  return !!row;
}

/** The member's latest DONE curation (by delivery, then creation). */
async function latestDoneCuration(db: Conn, userId: number) {
  const [row] = await db
    .select({ viewed: curations.viewed, curator_name: curations.curator_name })
    .from(curations)
    .where(and(eq(curations.user_id, userId), eq(curations.status, 'DONE')))
    .orderBy(sql`coalesce(${curations.delivered_at}, ${curations.created_at}) desc`, desc(curations.id))
    .limit(1);
  return row ?? null;
}

export async function userDetail(ctx: AppContext, userId: number): Promise<UserDetail> {
  const user = await memberRow(ctx.db, userId);
  const [quiz, done, point, unread] = await Promise.all([
    hasStyleQuiz(ctx.db, user),
    user.curator_name ? Promise.resolve(null) : latestDoneCuration(ctx.db, user.id),
    pointBalance(ctx.db, user.id),
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
    pointBalance(ctx.db, userId),
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
  const [quiz, [done], [waiting]] = await Promise.all([
    hasStyleQuiz(ctx.db, user),
    ctx.db
      .select({ id: curations.id })
      .from(curations)
      .where(and(eq(curations.user_id, user.id), eq(curations.status, 'DONE')))
      .limit(1),
    ctx.db
      .select({ id: curations.id })
      .from(curations)
      .where(
        and(eq(curations.user_id, user.id), eq(curations.status, 'REQUESTED'), isNull(curations.drafted_at)),
      )
      .limit(1),
  ]);
  return {
    isLogin: true,
    hasStyleQuiz: quiz,
    hasDoneCuration: !!done,
    isWaiting: user.has_reservation || !!waiting,
  };
}

const GUEST_FACTS: StatusFacts = {
  isLogin: false,
  hasStyleQuiz: false,
  hasDoneCuration: false,
  isWaiting: false,
};

/** An unused, unexpired coupon of an active cart-wide policy. */
async function hasCartCoupon(ctx: AppContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: coupons.id })
    .from(coupons)
    .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
    .where(
      and(
        eq(coupons.user_id, userId),
        isNull(coupons.used_at),
        gt(coupons.expires_at, ctx.clock.now()),
        eq(couponPolicies.is_cart_coupon, true),
        eq(couponPolicies.is_active, true),
      ),
    )
    .limit(1);
  return !!row;
}

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
  const [facts, cartCoupon] = await Promise.all([statusFacts(ctx, user), hasCartCoupon(ctx, user.id)]);
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

/**
 * AI curations the member may still ask for this KST month: AI_CURATIONS_PER_MONTH minus the
 * curations requested this month (the style quiz's first one included; a request counts when it is
 * asked for, whether it waits, is being prepared or was published).
 */
export async function aiCurationsLeft(db: Conn, userId: number, now: Date): Promise<number> {
  const { year, month } = kstParts(now);
  const monthStart = kstDate(year, month, 1);
  const nextMonthStart = month === 12 ? kstDate(year + 1, 1, 1) : kstDate(year, month + 1, 1);
  const [row] = await db
    .select({ n: count() })
    .from(curations)
    .where(
      and(
        eq(curations.user_id, userId),
        gte(curations.created_at, monthStart),
        lt(curations.created_at, nextMonthStart),
      ),
    );
  return Math.max(0, AI_CURATIONS_PER_MONTH - Number(row?.n ?? 0));
}

export async function curationViewStatus(ctx: AppContext, userId: number): Promise<CurationViewStatus> {
  const [latest, left] = await Promise.all([
    latestDoneCuration(ctx.db, userId),
    aiCurationsLeft(ctx.db, userId, ctx.clock.now()),
  ]);
  return {
    current_curation_viewed: latest === null ? null : latest.viewed === true,
    next_ai_curation_left: left,
  };
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

/** A review the public sees: not hidden by an operator. */
const publicReview = isNull(reviews.hidden_at);

/**
 * A member has a public profile only as a reviewer: active, with at least one public review.
 * Anyone else — unknown, withdrawn, a member who never reviewed or whose reviews are all hidden,
 * a path id that is no number — is the same 404 (no existence oracle). Throttled per address.
 */
async function publicMember(ctx: AppContext, rawId: string, clientAddress: string) {
  await enforceRateLimit(ctx, PROFILE_RATE_LIMIT, clientOf(clientAddress));
  if (!/^\d{1,9}$/.test(rawId)) throw notFound(PROFILE_NOT_FOUND);
  const id = Number(rawId);
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.is_active, true),
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(reviews)
            .where(and(eq(reviews.user_id, id), publicReview)),
        ),
      ),
    )
    .limit(1);
  if (!user) throw notFound(PROFILE_NOT_FOUND);
  return user;
}

async function reviewCounts(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({
      total: count(),
      photo: sql<number>`count(*) filter (where ${reviews.photo_count} > 0)`.mapWith(Number),
    })
    .from(reviews)
    .where(and(eq(reviews.user_id, userId), publicReview));
  return { total: Number(row?.total ?? 0), photo: Number(row?.photo ?? 0) };
}

export async function publicProfileSimple(
  ctx: AppContext,
  rawId: string,
  clientAddress: string,
): Promise<PublicProfileSimple> {
  const user = await publicMember(ctx, rawId, clientAddress);
  const { total } = await reviewCounts(ctx, user.id);
  return { id: user.id, name: maskName(user.name), review_count: total };
}

export async function publicProfile(
  ctx: AppContext,
  rawId: string,
  clientAddress: string,
): Promise<PublicProfile> {
  const user = await publicMember(ctx, rawId, clientAddress);
  const [counts, [body], recent] = await Promise.all([
    reviewCounts(ctx, user.id),
    // Height and weight only as the member published them with a review.
    ctx.db
      .select({ height: reviews.height, weight: reviews.weight })
      .from(reviews)
      .where(
        and(
          eq(reviews.user_id, user.id),
          publicReview,
          or(isNotNull(reviews.height), isNotNull(reviews.weight)),
        ),
      )
      .orderBy(desc(reviews.created_at), desc(reviews.id))
      .limit(1),
    ctx.db
      .select({
        id: reviews.id,
        product_display_id: reviews.product_display_id,
        product_name: productDisplays.name,
        rating: reviews.rating,
        content: reviews.content,
        size_name: reviews.size_name,
        photo_count: reviews.photo_count,
        created_at: reviews.created_at,
      })
      .from(reviews)
      .innerJoin(productDisplays, eq(productDisplays.id, reviews.product_display_id))
      .where(and(eq(reviews.user_id, user.id), publicReview))
      .orderBy(desc(reviews.created_at), desc(reviews.id))
      .limit(PROFILE_REVIEWS),
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
