/**
 * Issuing coupons (SPEC.md, 'Benefits'). The coupon maths is packages/shared/src/coupons.ts.
 *
 * Concurrency: issuing runs in one transaction that first locks the policy row
 * (SELECT … FOR UPDATE), then checks the member's count against per_user_limit and raises
 * issued_count with a conditional UPDATE (… WHERE issued_count < total_limit). Every issuer of a
 * policy therefore waits for the previous one, so a limited coupon is never issued past its limit
 * and a member never gets one more than allowed. Reserving a coupon for an order is a conditional
 * UPDATE (… WHERE used_at IS NULL AND order_id IS NULL): of two orders racing for one coupon exactly
 * one gets the row (coupons.ts).
 * Both work the same on PGlite (one connection, transactions run one at a time) and PostgreSQL.
 */
import {
  type CouponType,
  isKstWeekend,
  issuedCouponExpiry,
  kstDate,
  kstDateString,
  kstParts,
  BENEFIT_MESSAGES as M,
  normaliseSerial,
  PROMOTION_AUTO_ISSUE_UNTIL,
} from '@codiroom/shared';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { enforceRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import { clientOf } from '../../platform/sign-in-limits.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { memberBenefitFlags } from '../users/index.ts';
import {
  type Coupon,
  firstPurchasePolicyId,
  heldPolicyIds,
  ownedView,
  type Policy,
  resolvePolicyId,
} from './coupons.ts';
import { claimFirstPurchase, hasPaidOrder } from './first-purchase.ts';
import { benefitsPorts } from './ports.ts';
import { couponPolicies, couponSerials, coupons } from './schema.ts';

// ───────────────────────────── issuing ─────────────────────────────

/** Policies open for issuing at `now` (active, inside their window). */
export const openAt = (now: Date) =>
  and(
    eq(couponPolicies.is_active, true),
    or(isNull(couponPolicies.starts_at), lte(couponPolicies.starts_at, now)),
    or(isNull(couponPolicies.ends_at), gt(couponPolicies.ends_at, now)),
  );

type IssueOptions = {
  /** Allow policies that are not downloadable (welcome, serial, first purchase, auto-issue). */
  internal?: boolean;
};

/**
 * Issues one coupon of a policy to a member inside `tx` (see the concurrency note above).
 * Throws 400 with a Korean detail when the policy cannot be issued.
 */
async function issueCouponTx(
  tx: Tx,
  config: Pick<Config, 'jwtSecret'>,
  userId: number,
  policyId: number,
  now: Date,
  opts: IssueOptions = {},
): Promise<{ policy: Policy; coupon: Coupon }> {
  const [policy] = await tx
    .select()
    .from(couponPolicies)
    .where(eq(couponPolicies.id, policyId))
    .for('update');
  if (!policy || !policy.is_active) throw notFound(M.notFound);
  if (!opts.internal && !policy.is_downloadable) throw badRequest(M.notDownloadable);
  if ((policy.starts_at && now < policy.starts_at) || (policy.ends_at && now >= policy.ends_at)) {
    throw badRequest(M.notInPeriod);
  }
  if (policy.coupon_type === 'FIRST_PURCHASE' && (await hasPaidOrder(tx, userId))) {
    throw badRequest(M.notFirstPurchase);
  }
  const [mine] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(and(eq(coupons.user_id, userId), eq(coupons.coupon_policy_id, policyId)));
  if (Number(mine?.n ?? 0) >= policy.per_user_limit) throw badRequest(M.alreadyIssued);
  // Once per person, not per account (first-purchase.ts).
  if (policy.coupon_type === 'FIRST_PURCHASE') await claimFirstPurchase(tx, config, userId, now);
  const [bumped] = await tx
    .update(couponPolicies)
    .set({ issued_count: sql`${couponPolicies.issued_count} + 1` })
    .where(
      and(
        eq(couponPolicies.id, policyId),
        or(
          isNull(couponPolicies.total_limit),
          sql`${couponPolicies.issued_count} < ${couponPolicies.total_limit}`,
        ),
      ),
    )
    .returning({ id: couponPolicies.id });
  if (!bumped) throw badRequest(M.soldOut);
  const [coupon] = await tx
    .insert(coupons)
    .values({
      coupon_policy_id: policyId,
      user_id: userId,
      issued_at: now,
      expires_at: issuedCouponExpiry(now, policy.valid_days, policy.ends_at),
    })
    .returning();
  if (!coupon) throw new Error('coupon insert returned nothing');
  return { policy, coupon };
}

export async function issueCoupon(
  ctx: AppContext,
  userId: number,
  policyId: number,
  opts: IssueOptions = {},
) {
  const now = ctx.clock.now();
  const id = await resolvePolicyId(ctx.db, policyId);
  const internal = opts.internal || id !== policyId; // a first-purchase alias is issued on request
  const { policy, coupon } = await ctx.db.transaction((tx) =>
    issueCouponTx(tx, ctx.config, userId, id, now, { internal }),
  );
  return { result: 'success' as const, coupon: ownedView(policy, coupon, now) };
}

export const detailOf = (err: unknown): string | null => (err instanceof HttpError ? err.detail : null);

/** Issues several policies one by one; each answers success or its error detail. */
export async function issueMany(
  ctx: AppContext,
  userId: number,
  policyIds: number[],
  opts: IssueOptions = {},
) {
  const result: {
    coupon_policy_id: number;
    status: 'success' | 'error';
    coupon_id: number | null;
    detail: string | null;
  }[] = [];
  for (const id of policyIds) {
    try {
      const r = await issueCoupon(ctx, userId, id, opts);
      result.push({ coupon_policy_id: id, status: 'success', coupon_id: r.coupon.coupon_id, detail: null });
    } catch (err) {
      const detail = detailOf(err);
      if (detail === null) throw err;
      result.push({ coupon_policy_id: id, status: 'error', coupon_id: null, detail });
    }
  }
  return { issued_count: result.filter((r) => r.status === 'success').length, result };
}

export async function downloadablePolicies(db: Conn, now: Date, type?: CouponType) {
  return db
    .select()
    .from(couponPolicies)
    .where(
      and(
        openAt(now),
        eq(couponPolicies.is_downloadable, true),
        type ? eq(couponPolicies.coupon_type, type) : undefined,
      ),
    )
    .orderBy(asc(couponPolicies.id));
}

/** POST download-coupon: a given policy, or the first downloadable one of a type not yet held. */
export async function downloadCoupon(
  ctx: AppContext,
  userId: number,
  body: { coupon_type?: CouponType | undefined; coupon_policy_id?: number | undefined },
) {
  if (body.coupon_policy_id !== undefined) {
    if (body.coupon_type) {
      const [p] = await ctx.db
        .select({ t: couponPolicies.coupon_type })
        .from(couponPolicies)
        .where(eq(couponPolicies.id, await resolvePolicyId(ctx.db, body.coupon_policy_id)));
      if (p && p.t !== body.coupon_type) throw badRequest(M.notDownloadable);
    }
    return issueCoupon(ctx, userId, body.coupon_policy_id);
  }
  const held = await heldPolicyIds(ctx.db, userId);
  const candidates = (await downloadablePolicies(ctx.db, ctx.clock.now(), body.coupon_type)).filter(
    (p) => !held.has(p.id),
  );
  if (candidates.length === 0) throw badRequest(M.noneOfType);
  let last: unknown = null;
  for (const p of candidates) {
    try {
      return await issueCoupon(ctx, userId, p.id);
    } catch (err) {
      if (detailOf(err) === null) throw err;
      last = err;
    }
  }
  throw last;
}

export async function downloadByType(ctx: AppContext, userId: number, type: CouponType) {
  const held = await heldPolicyIds(ctx.db, userId);
  const ids = (await downloadablePolicies(ctx.db, ctx.clock.now(), type))
    .filter((p) => !held.has(p.id))
    .map((p) => p.id);
  if (ids.length === 0) throw badRequest(M.noneOfType);
  return issueMany(ctx, userId, ids);
}

const SERIAL_TOO_MANY = '쿠폰 번호를 너무 많이 입력했어요. 잠시 후 다시 시도해주세요.';
/**
 * Serial codes are guessable only by volume (docs/ARCHITECTURE.md "Security"): every attempt, right
 * or wrong, counts against the member and against the client address (one address may hold many
 * members).
 */
export const SERIAL_ATTEMPT_LIMITS = {
  member: { name: 'benefits:serial:member', max: 10, windowSeconds: 600, detail: SERIAL_TOO_MANY },
  address: { name: 'benefits:serial:ip', max: 30, windowSeconds: 600, detail: SERIAL_TOO_MANY },
} as const satisfies Record<string, RateLimit>;

/** Registers a serial code typed by the member from `ip` (429 past SERIAL_ATTEMPT_LIMITS). */
export async function issueBySerial(ctx: AppContext, userId: number, serial: string, ip: string) {
  await enforceRateLimit(ctx, SERIAL_ATTEMPT_LIMITS.member, userId);
  await enforceRateLimit(ctx, SERIAL_ATTEMPT_LIMITS.address, clientOf(ip));
  const [p] = await ctx.db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(sql`upper(${couponPolicies.serial_code}) = upper(${serial})`)
    .limit(1);
  if (p) return issueCoupon(ctx, userId, p.id, { internal: true });
  // A one-time code of a batch (admin-coupons.ts): taken under a row lock, once, by one member.
  const now = ctx.clock.now();
  const { policy, coupon } = await ctx.db.transaction(async (tx) => {
    const [code] = await tx
      .select()
      .from(couponSerials)
      .where(eq(couponSerials.code, normaliseSerial(serial)))
      .for('update');
    if (!code) throw badRequest(M.serialInvalid);
    if (code.redeemed_at) throw badRequest(M.serialUsed);
    const issued = await issueCouponTx(tx, ctx.config, userId, code.coupon_policy_id, now, {
      internal: true,
    });
    await tx
      .update(couponSerials)
      .set({ redeemed_by: userId, redeemed_at: now })
      .where(eq(couponSerials.id, code.id));
    return issued;
  });
  return { result: 'success' as const, coupon: ownedView(policy, coupon, now) };
}

export async function issueWelcome(ctx: AppContext, userId: number) {
  const [p] = await ctx.db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(and(eq(couponPolicies.coupon_type, 'WELCOME'), openAt(ctx.clock.now())))
    .orderBy(asc(couponPolicies.id))
    .limit(1);
  if (!p) throw badRequest(M.noneOfType);
  return issueCoupon(ctx, userId, p.id, { internal: true });
}

/**
 * The sign-up coupon (a users sign-up listener, wired in app.ts): the first-purchase coupon /login
 * and /mypage promise, issued to the new member unless their number already had it (first-purchase.ts)
 * or the shop has no open FIRST_PURCHASE policy. Answers the coupon id, or null when none was given.
 */
export async function grantSignUpCoupon(ctx: AppContext, event: { userId: number }): Promise<number | null> {
  const policyId = await firstPurchasePolicyId(ctx.db);
  if (policyId === null) return null;
  try {
    const r = await issueCoupon(ctx, event.userId, policyId, { internal: true });
    return r.coupon.coupon_id;
  } catch (err) {
    // Refused by a rule (given before, not in its window, sold out): no coupon, sign-up goes on.
    if (detailOf(err) !== null) return null;
    throw err;
  }
}

/**
 * POST event-random-coupon(-weekend): one policy of the call's own pool the member does not hold
 * yet, picked at random (weighted equally). SPEC.md §9: weekday means Mon–Thu and weekend means
 * Fri–Sun (KST), so event-random-coupon (the weekday draw, from the downloadable EVENT policies)
 * is open Mon–Thu and event-random-coupon-weekend (only EVENT_WEEKEND policies, which are not
 * downloadable any other way, so the weekend rule cannot be bypassed) Fri–Sun.
 */
export async function issueRandomEvent(
  ctx: AppContext,
  userId: number,
  weekendOnly: boolean,
  random = Math.random,
) {
  const now = ctx.clock.now();
  if (weekendOnly && !isKstWeekend(now)) throw badRequest(M.weekendOnly);
  if (!weekendOnly && isKstWeekend(now)) throw badRequest(M.weekdayOnly);
  const pool = await randomEventPool(ctx, userId, weekendOnly, now);
  if (pool.length === 0) throw badRequest(M.noneOfType);
  const pick = pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))] as Policy;
  return issueCoupon(ctx, userId, pick.id, { internal: weekendOnly });
}

/** The policies a random draw can give the member (all of them for a guest). */
async function randomEventPool(ctx: AppContext, userId: number | null, weekend: boolean, now: Date) {
  const held = userId === null ? new Set<number>() : await heldPolicyIds(ctx.db, userId);
  const candidates = weekend
    ? await ctx.db
        .select()
        .from(couponPolicies)
        .where(and(openAt(now), eq(couponPolicies.coupon_type, 'EVENT_WEEKEND')))
        .orderBy(asc(couponPolicies.id))
    : await downloadablePolicies(ctx.db, now, 'EVENT');
  return candidates.filter(
    (p) => !held.has(p.id) && (p.total_limit === null || p.issued_count < p.total_limit),
  );
}

/** GET event-random-coupon-status: today's draw (KST weekday or weekend) and whether it can still give. */
export async function randomEventStatus(ctx: AppContext, userId: number | null) {
  const now = ctx.clock.now();
  const weekend = isKstWeekend(now);
  const pool = await randomEventPool(ctx, userId, weekend, now);
  return {
    week_part: weekend ? ('WEEKEND' as const) : ('WEEKDAY' as const),
    date: kstDateString(now),
    can_draw: pool.length > 0,
  };
}

/**
 * SPEC.md §4: CODI and PROMOTION coupons are auto-issued for members who took the style quiz,
 * PROMOTION only before 2025-03-17 KST. Idempotent: coupons already held are skipped. Called by
 * the style quiz after a quiz is saved (curations/style-quiz.ts; docs/ARCHITECTURE.md, "Style
 * quiz").
 */
export async function autoIssueStyleQuizCoupons(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  const user = await memberBenefitFlags(ctx.db, userId);
  if (!user) throw notFound('User not found');
  // The flag, or a saved quiz (curations' table, through benefits' port).
  if (!user.stylequiz && !(await benefitsPorts.get().curations.tookStyleQuiz(ctx.db, userId)))
    return { issued: [] as number[] };
  const types: CouponType[] = now < new Date(PROMOTION_AUTO_ISSUE_UNTIL) ? ['CODI', 'PROMOTION'] : ['CODI'];
  const held = await heldPolicyIds(ctx.db, userId);
  const policies = await ctx.db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(and(openAt(now), inArray(couponPolicies.coupon_type, types)))
    .orderBy(asc(couponPolicies.id));
  const ids = policies.map((p) => p.id).filter((id) => !held.has(id));
  const r = await issueMany(ctx, userId, ids, { internal: true });
  return { issued: r.result.filter((x) => x.status === 'success').map((x) => x.coupon_policy_id) };
}

// ───────────────────────────── the monthly codi coupon ─────────────────────────────

/** pg_advisory_xact_lock key of rolling the monthly codi policy over (shared by every process). */
const MONTHLY_ROLLOVER_LOCK = 7_301_002;

/**
 * This KST month's MONTHLY_CODI_COUPON policy (SPEC.md §9): the open one, or, when the month has
 * none yet, a copy of the newest one with this month's window and name ("12월 이달의 코디 쿠폰 8%"):
 * the reward renews every month without an operator. Null when the shop never had one, or the
 * newest was switched off (the shop stopped the reward).
 */
async function monthlyCodiPolicy(ctx: AppContext, now: Date): Promise<number | null> {
  const p = kstParts(now);
  const start = kstDate(p.year, p.month, 1);
  // The window ends when the next month starts (policies are open while ends_at > now).
  const end = kstDate(p.month === 12 ? p.year + 1 : p.year, p.month === 12 ? 1 : p.month + 1, 1);
  // Most answers find the month's policy open: no lock needed for them.
  const [already] = await ctx.db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(and(openAt(now), eq(couponPolicies.coupon_type, 'MONTHLY_CODI_COUPON')))
    .orderBy(asc(couponPolicies.id))
    .limit(1);
  if (already) return already.id;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MONTHLY_ROLLOVER_LOCK})`);
    const [open] = await tx
      .select({ id: couponPolicies.id })
      .from(couponPolicies)
      .where(and(openAt(now), eq(couponPolicies.coupon_type, 'MONTHLY_CODI_COUPON')))
      .orderBy(asc(couponPolicies.id))
      .limit(1);
    if (open) return open.id;
    const [last] = await tx
      .select()
      .from(couponPolicies)
      .where(eq(couponPolicies.coupon_type, 'MONTHLY_CODI_COUPON'))
      .orderBy(sql`${couponPolicies.ends_at} desc nulls first`, desc(couponPolicies.id))
      .limit(1);
    if (!last || !last.is_active || (last.ends_at && last.ends_at > now)) return null;
    const { id: _id, issued_count: _n, created_at: _c, serial_code: _s, ...terms } = last;
    const [rolled] = await tx
      .insert(couponPolicies)
      .values({
        ...terms,
        name: /^\d{1,2}월/.test(last.name) ? last.name.replace(/^\d{1,2}월/, `${p.month}월`) : last.name,
        starts_at: start,
        ends_at: end,
        issued_count: 0,
        created_at: now,
      })
      .returning({ id: couponPolicies.id });
    return rolled?.id ?? null;
  });
}

/**
 * The monthly reward of MY큐레이션: a member who took the style quiz gets this month's codi coupon
 * the first time they come back for the daily quiz in a KST month (once a month: the policy's
 * per-member limit). Answers the policy id issued now, or null.
 */
export async function issueMonthlyCodiCoupon(ctx: AppContext, userId: number): Promise<number | null> {
  const user = await memberBenefitFlags(ctx.db, userId);
  if (!user?.stylequiz) return null;
  const policyId = await monthlyCodiPolicy(ctx, ctx.clock.now());
  if (policyId === null) return null;
  const held = await heldPolicyIds(ctx.db, userId);
  if (held.has(policyId)) return null;
  const r = await issueMany(ctx, userId, [policyId], { internal: true });
  return r.result[0]?.status === 'success' ? policyId : null;
}
