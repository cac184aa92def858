/**
 * Benefits (issue 9): issuing coupons, the member's coupons, the best coupon combination, product
 * coupon prices, missions. The coupon maths is packages/shared/src/coupons.ts; the point ledger is
 * points.ts.
 *
 * Concurrency: issuing runs in one transaction that first locks the policy row
 * (SELECT … FOR UPDATE), then checks the member's count against per_user_limit and raises
 * issued_count with a conditional UPDATE (… WHERE issued_count < total_limit). Every issuer of a
 * policy therefore waits for the previous one, so a limited coupon is never issued past its limit
 * and a member never gets one more than allowed. Using a coupon is a conditional UPDATE
 * (… WHERE used_at IS NULL): of two orders racing for one coupon exactly one gets the row.
 * Both work the same on PGlite (one connection, transactions run one at a time) and PostgreSQL.
 */
import {
  bestCouponAssignment,
  COUPON_EXPIRING_SOON_DAYS,
  CouponChoiceError,
  type CouponLine,
  type CouponOffer,
  type CouponRule,
  type CouponType,
  cartCouponDiscount,
  couponOptions,
  evaluateChoice,
  FIRST_PURCHASE_COUPON_LEGACY_IDS,
  firstDiscountPrice,
  isCouponUsable,
  isKstWeekend,
  issuedCouponExpiry,
  lineCouponDiscount,
  BENEFIT_MESSAGES as M,
  type OwnedCoupon,
  PROMOTION_AUTO_ISSUE_UNTIL,
  unitPrice,
} from '@codiroom/shared';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cartLines,
  carts,
  categories,
  couponPolicies,
  coupons,
  missionCompletions,
  missions,
  orders,
  productDisplays,
  productItems,
  styleQuizzes,
  users,
} from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.ts';
import { runningTimeSales } from '../catalog/live-prices.ts';
import { missionStates } from '../curations/service.ts';
import type { Conn, Tx } from '../users/member-db.ts';
import { earnPoints } from './points.ts';

type Policy = typeof couponPolicies.$inferSelect;
type Coupon = typeof coupons.$inferSelect;

// ───────────────────────────── mapping ─────────────────────────────

export function ruleOf(p: Policy, c?: Coupon | null): CouponRule {
  return {
    id: c ? c.id : p.id,
    discount_kind: p.discount_kind,
    discount_value: p.discount_value,
    max_discount: p.max_discount,
    min_order_amount: p.min_order_amount,
    scope: p.scope,
    scope_ids: p.scope_ids,
    is_cart_coupon: p.is_cart_coupon,
    // `stackable` is the second cart-wide slot; a line coupon has no such slot, so the flag is
    // ignored there (one coupon per line, always).
    stackable: p.is_cart_coupon && p.stackable,
    allow_time_sale: p.allow_time_sale,
    starts_at: p.starts_at,
    ends_at: c ? null : p.ends_at, // an issued coupon lives until its own expires_at
    expires_at: c ? c.expires_at : null,
    used: c ? c.used_at !== null : false,
    is_active: p.is_active,
  };
}

function policyFields(p: Policy) {
  return {
    coupon_policy_id: p.id,
    name: p.name,
    coupon_type: p.coupon_type,
    discount_kind: p.discount_kind,
    discount_value: p.discount_value,
    max_discount: p.max_discount,
    min_order_amount: p.min_order_amount,
    scope: p.scope,
    is_cart_coupon: p.is_cart_coupon,
    stackable: p.is_cart_coupon && p.stackable, // see ruleOf
    allow_time_sale: p.allow_time_sale,
  };
}

function ownedView(p: Policy, c: Coupon, now: Date): OwnedCoupon {
  const status = c.used_at ? 'USED' : c.expires_at <= now || !p.is_active ? 'EXPIRED' : 'USABLE';
  return {
    coupon_id: c.id,
    ...policyFields(p),
    issued_at: c.issued_at.toISOString(),
    expires_at: c.expires_at.toISOString(),
    used_at: c.used_at ? c.used_at.toISOString() : null,
    order_id: c.order_id,
    status,
  };
}

function offerView(p: Policy, owned: Coupon | undefined, discount: number | null): CouponOffer {
  return {
    ...policyFields(p),
    coupon_id: owned?.id ?? null,
    is_issued: !!owned,
    is_exists: p.total_limit === null || p.issued_count < p.total_limit,
    starts_at: p.starts_at ? p.starts_at.toISOString() : null,
    ends_at: p.ends_at ? p.ends_at.toISOString() : null,
    discount,
  };
}

// ───────────────────────────── issuing ─────────────────────────────

/** Policies open for issuing at `now` (active, inside their window). */
const openAt = (now: Date) =>
  and(
    eq(couponPolicies.is_active, true),
    or(isNull(couponPolicies.starts_at), lte(couponPolicies.starts_at, now)),
    or(isNull(couponPolicies.ends_at), gt(couponPolicies.ends_at, now)),
  );

async function firstPurchasePolicyId(db: Conn): Promise<number | null> {
  const [row] = await db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(and(eq(couponPolicies.coupon_type, 'FIRST_PURCHASE'), eq(couponPolicies.is_active, true)))
    .orderBy(asc(couponPolicies.id))
    .limit(1);
  return row?.id ?? null;
}

/** SPEC.md §9's first-purchase ids 1895 and 2241 are aliases of the FIRST_PURCHASE policy. */
export async function resolvePolicyId(db: Conn, id: number): Promise<number> {
  if ((FIRST_PURCHASE_COUPON_LEGACY_IDS as readonly number[]).includes(id)) {
    const [exact] = await db
      .select({ id: couponPolicies.id })
      .from(couponPolicies)
      .where(eq(couponPolicies.id, id));
    if (exact) return id;
    return (await firstPurchasePolicyId(db)) ?? id;
  }
  return id;
}

async function hasPaidOrder(db: Conn, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.user_id, userId), isNotNull(orders.paid_at)))
    .limit(1);
  return !!row;
}

export type IssueOptions = {
  /** Allow policies that are not downloadable (welcome, serial, first purchase, auto-issue). */
  internal?: boolean;
};

/**
 * Issues one coupon of a policy to a member inside `tx` (see the concurrency note above).
 * Throws 400 with a Korean detail when the policy cannot be issued.
 */
export async function issueCouponTx(
  tx: Tx,
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
    issueCouponTx(tx, userId, id, now, { internal }),
  );
  return { result: 'success' as const, coupon: ownedView(policy, coupon, now) };
}

const detailOf = (err: unknown): string | null => (err instanceof HttpError ? err.detail : null);

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

async function downloadablePolicies(db: Conn, now: Date, type?: CouponType) {
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

export async function issueBySerial(ctx: AppContext, userId: number, serial: string) {
  const [p] = await ctx.db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(sql`upper(${couponPolicies.serial_code}) = upper(${serial})`)
    .limit(1);
  if (!p) throw badRequest(M.serialInvalid);
  return issueCoupon(ctx, userId, p.id, { internal: true });
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
 * POST event-random-coupon(-weekend): one policy of the call's own pool the member does not hold
 * yet, picked at random (weighted equally). event-random-coupon draws from the downloadable EVENT
 * policies; event-random-coupon-weekend only Fri–Sun KST (SPEC.md §9) and only from EVENT_WEEKEND
 * policies, which are not downloadable any other way (so the weekend rule cannot be bypassed).
 */
export async function issueRandomEvent(
  ctx: AppContext,
  userId: number,
  weekendOnly: boolean,
  random = Math.random,
) {
  const now = ctx.clock.now();
  if (weekendOnly && !isKstWeekend(now)) throw badRequest(M.weekendOnly);
  const held = await heldPolicyIds(ctx.db, userId);
  const candidates = weekendOnly
    ? await ctx.db
        .select()
        .from(couponPolicies)
        .where(and(openAt(now), eq(couponPolicies.coupon_type, 'EVENT_WEEKEND')))
        .orderBy(asc(couponPolicies.id))
    : await downloadablePolicies(ctx.db, now, 'EVENT');
  const pool = candidates.filter(
    (p) => !held.has(p.id) && (p.total_limit === null || p.issued_count < p.total_limit),
  );
  if (pool.length === 0) throw badRequest(M.noneOfType);
  const pick = pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))] as Policy;
  return issueCoupon(ctx, userId, pick.id, { internal: weekendOnly });
}

/**
 * SPEC.md §4: CODI and PROMOTION coupons are auto-issued for members who took the style quiz,
 * PROMOTION only before 2025-03-17 KST. Idempotent: coupons already held are skipped. Called by
 * the style-quiz flow (a later issue) after a quiz is saved.
 */
export async function autoIssueStyleQuizCoupons(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  const [user] = await ctx.db.select({ stylequiz: users.stylequiz }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const [quiz] = await ctx.db
    .select({ id: styleQuizzes.id })
    .from(styleQuizzes)
    .where(eq(styleQuizzes.user_id, userId))
    .limit(1);
  if (!user.stylequiz && !quiz) return { issued: [] as number[] };
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

// ───────────────────────────── using ─────────────────────────────

/**
 * Marks a member's coupon used by an order, inside the checkout's transaction. A conditional
 * update: of concurrent orders using one coupon, exactly one succeeds; the others get 409.
 */
export async function redeemCoupon(tx: Tx, userId: number, couponId: number, orderId: number, now: Date) {
  const [row] = await tx
    .update(coupons)
    .set({ used_at: now, order_id: orderId })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.user_id, userId),
        isNull(coupons.used_at),
        gt(coupons.expires_at, now),
      ),
    )
    .returning({ id: coupons.id });
  if (!row) throw conflict(M.couponUsed);
  return row.id;
}

/** Gives a coupon back when its order is cancelled (usable again until its own expiry). */
export async function restoreCoupon(tx: Tx, userId: number, couponId: number, orderId: number) {
  const [row] = await tx
    .update(coupons)
    .set({ used_at: null, order_id: null })
    .where(and(eq(coupons.id, couponId), eq(coupons.user_id, userId), eq(coupons.order_id, orderId)))
    .returning({ id: coupons.id });
  return !!row;
}

// ───────────────────────────── reading ─────────────────────────────

async function heldPolicyIds(db: Conn, userId: number) {
  const rows = await db
    .select({ id: coupons.coupon_policy_id })
    .from(coupons)
    .where(eq(coupons.user_id, userId));
  return new Set(rows.map((r) => r.id));
}

async function ownedRows(db: Conn, userId: number) {
  return db
    .select({ p: couponPolicies, c: coupons })
    .from(coupons)
    .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
    .where(eq(coupons.user_id, userId))
    .orderBy(asc(coupons.expires_at), asc(coupons.id));
}

export async function ownedCoupons(ctx: AppContext, userId: number, type?: CouponType) {
  const now = ctx.clock.now();
  const rows = await ownedRows(ctx.db, userId);
  return rows
    .filter((r) => !type || r.p.coupon_type === type)
    .map((r) => ownedView(r.p, r.c, now))
    .filter((c) => c.status === 'USABLE');
}

export async function couponBox(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  const all = (await ownedRows(ctx.db, userId)).map((r) => ownedView(r.p, r.c, now));
  const usable = all.filter((c) => c.status === 'USABLE');
  const expired = all.filter((c) => c.status !== 'USABLE').reverse();
  return { usable, expired, usable_count: usable.length };
}

export async function couponStatus(ctx: AppContext, userId: number, point: number) {
  const now = ctx.clock.now();
  const soon = now.getTime() + COUPON_EXPIRING_SOON_DAYS * 86_400_000;
  const all = (await ownedRows(ctx.db, userId)).map((r) => ownedView(r.p, r.c, now));
  const usable = all.filter((c) => c.status === 'USABLE');
  return {
    usable_count: usable.length,
    expiring_soon_count: usable.filter((c) => new Date(c.expires_at).getTime() <= soon).length,
    used_count: all.filter((c) => c.status === 'USED').length,
    expired_count: all.filter((c) => c.status === 'EXPIRED').length,
    point,
  };
}

export async function couponListStatus(ctx: AppContext, userId: number, policyIds: number[]) {
  const resolved = await Promise.all(policyIds.map((id) => resolvePolicyId(ctx.db, id)));
  const policies = await ctx.db.select().from(couponPolicies).where(inArray(couponPolicies.id, resolved));
  const mine = await ctx.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.user_id, userId), inArray(coupons.coupon_policy_id, resolved)));
  return {
    result: policyIds.map((asked, i) => {
      const id = resolved[i] as number;
      const p = policies.find((x) => x.id === id);
      const c = mine.find((x) => x.coupon_policy_id === id);
      return {
        coupon_policy_id: asked,
        coupon_id: c?.id ?? null,
        is_issued: !!c,
        is_exists: !!p && p.is_active && (p.total_limit === null || p.issued_count < p.total_limit),
      };
    }),
  };
}

// ───────────────────────────── lines and prices ─────────────────────────────

type LineRow = CouponLine & { name: string; size_name: string };

/** Coupon lines for product items: current price (time-sale price while one runs), categories. */
export async function linesForItems(db: Conn, itemIds: number[], quantities: Map<number, number>, now: Date) {
  if (itemIds.length === 0) return [];
  const rows = await db
    .select({
      item_id: productItems.id,
      display_id: productDisplays.id,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      parent_id: categories.parent_id,
      name: productDisplays.name,
      size_name: productItems.size_name,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
      extra_price: productItems.extra_price,
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(inArray(productItems.id, itemIds));
  const sales = await timeSalePrices(
    db,
    rows.map((r) => ({ id: r.display_id, price_discount: r.price_discount })),
    now,
  );
  const byId = new Map(rows.map((r) => [r.item_id, r]));
  const missing = itemIds.filter((id) => !byId.has(id));
  if (missing.length > 0) throw notFound(`상품을 찾을 수 없습니다. (${missing.join(', ')})`);
  return itemIds.map((id): LineRow => {
    const r = byId.get(id) as (typeof rows)[number];
    const sale = sales.get(r.display_id);
    return {
      line_id: id,
      product_item_id: id,
      product_display_id: r.display_id,
      brand_id: r.brand_id,
      category_id: r.category_id,
      parent_category_ids: r.parent_id ? [r.parent_id] : [],
      unit_price: unitPrice({ ...r, time_sale_price: sale }),
      quantity: quantities.get(id) ?? 1,
      is_time_sale: sale !== undefined,
      name: r.name,
      size_name: r.size_name,
    };
  });
}

/** The live time-sale price of displays (catalog/live-prices.ts: the one notion of "in a running time sale"). */
async function timeSalePrices(db: Conn, displays: { id: number; price_discount: number }[], now: Date) {
  const sales = await runningTimeSales(db, displays, now);
  return new Map([...sales].map(([id, s]) => [id, s.sale_price]));
}

async function cartQuantities(db: Conn, userId: number, itemIds: number[]) {
  const rows = await db
    .select({ id: cartLines.product_item_id, q: sql<number>`sum(${cartLines.quantity})::int` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cart_id))
    .where(and(eq(carts.user_id, userId), inArray(cartLines.product_item_id, itemIds)))
    .groupBy(cartLines.product_item_id);
  return new Map(rows.map((r) => [r.id, Number(r.q)]));
}

/**
 * The member's coupons as optimiser rules. A first-purchase coupon is only for a member without a
 * paid order: checked here at use as well as at issue, so best-coupon-combs, products-with-coupons,
 * post-coupon3 and checkout all leave it out (post-coupon3 answers "보유하지 않은 쿠폰입니다.").
 */
export async function memberRules(db: Conn, userId: number) {
  let rows = await ownedRows(db, userId);
  if (rows.some((r) => r.p.coupon_type === 'FIRST_PURCHASE') && (await hasPaidOrder(db, userId)))
    rows = rows.filter((r) => r.p.coupon_type !== 'FIRST_PURCHASE');
  return { rules: rows.map((r) => ruleOf(r.p, r.c)), names: new Map(rows.map((r) => [r.c.id, r.p.name])) };
}

async function orderLines(ctx: AppContext, userId: number, itemIds: number[], quantities?: number[]) {
  if (quantities && quantities.length !== itemIds.length) {
    throw badRequest('Invalid querystring.quantities: expected one quantity per product_item_id');
  }
  if (quantities && new Set(itemIds).size !== itemIds.length)
    throw badRequest('Invalid querystring.product_item_ids: each id once when quantities are given');
  const ids = quantities ? itemIds : [...new Set(itemIds)];
  const q = quantities
    ? new Map(ids.map((id, i) => [id, quantities[i] as number]))
    : await cartQuantities(ctx.db, userId, ids);
  return linesForItems(ctx.db, ids, q, ctx.clock.now());
}

/** GET /api/orders/best-coupon-combs. */
export async function bestCouponCombs(
  ctx: AppContext,
  userId: number,
  itemIds: number[],
  quantities?: number[],
) {
  const now = ctx.clock.now();
  const [lines, { rules, names }] = await Promise.all([
    orderLines(ctx, userId, itemIds, quantities),
    memberRules(ctx.db, userId),
  ]);
  return combBody(lines, bestCouponAssignment(lines, rules, now), names);
}

function combBody(
  lines: LineRow[],
  a: {
    lines: { line_id: number; coupon_ids: number[]; discount: number }[];
    cart_coupon_ids: number[];
    cart_discount: number;
    total_discount: number;
  },
  names: Map<number, string>,
) {
  const byLine = new Map(a.lines.map((l) => [l.line_id, l]));
  const total = lines.reduce((s, l) => s + l.unit_price * l.quantity, 0);
  return {
    result: {
      lines: lines.map((l) => {
        const x = byLine.get(l.line_id);
        const id = x?.coupon_ids[0] ?? null;
        return {
          product_item_id: l.product_item_id,
          product_display_id: l.product_display_id,
          name: l.name,
          quantity: l.quantity,
          amount: l.unit_price * l.quantity,
          coupon_id: id,
          coupon_name: id === null ? null : (names.get(id) ?? null),
          discount: x?.discount ?? 0,
        };
      }),
      cart_coupon_ids: a.cart_coupon_ids,
      cart_discount: a.cart_discount,
      total_discount: a.total_discount,
      total_amount: total,
      payable_amount: total - a.total_discount,
    },
  };
}

/**
 * POST /api/orders/post-coupon3: applies the member's chosen coupons to an order form and checks
 * them again (ownership, usability, scope, minimums, one per line, one cart-wide coupon plus one
 * stackable, each used once). 400 with the broken rule's detail.
 */
export async function applyChosenCoupons(
  ctx: AppContext,
  userId: number,
  body: {
    items: { product_item_id: number; quantity: number }[];
    line_coupons: { product_item_id: number; coupon_id: number }[];
    cart_coupon_ids: number[];
  },
) {
  const now = ctx.clock.now();
  const ids = body.items.map((i) => i.product_item_id);
  if (new Set(ids).size !== ids.length) throw badRequest('같은 상품이 두 번 지정되었습니다.');
  const [lines, { rules, names }] = await Promise.all([
    linesForItems(ctx.db, ids, new Map(body.items.map((i) => [i.product_item_id, i.quantity])), now),
    memberRules(ctx.db, userId),
  ]);
  const perLine = new Map<number, number[]>();
  for (const c of body.line_coupons)
    perLine.set(c.product_item_id, [...(perLine.get(c.product_item_id) ?? []), c.coupon_id]);
  try {
    const a = evaluateChoice(
      lines,
      rules,
      {
        lines: [...perLine].map(([line_id, coupon_ids]) => ({ line_id, coupon_ids })),
        cart_coupon_ids: body.cart_coupon_ids,
      },
      now,
    );
    return combBody(lines, a, names);
  } catch (err) {
    if (err instanceof CouponChoiceError)
      throw badRequest(err.message, err.coupon_id ? { coupon_id: err.coupon_id } : undefined);
    throw err;
  }
}

/** GET /api/orders/products-with-coupons: per-line options and the cart-wide options. */
export async function productsWithCoupons(
  ctx: AppContext,
  userId: number,
  itemIds: number[],
  quantities?: number[],
) {
  const now = ctx.clock.now();
  const [lines, { rules, names }] = await Promise.all([
    orderLines(ctx, userId, itemIds, quantities),
    memberRules(ctx.db, userId),
  ]);
  const o = couponOptions(lines, rules, now);
  const named = (x: { coupon_id: number; discount: number }) => ({
    ...x,
    name: names.get(x.coupon_id) ?? '',
  });
  return {
    result: lines.map((l, i) => ({
      product_item_id: l.product_item_id,
      product_display_id: l.product_display_id,
      name: l.name,
      size_name: l.size_name,
      unit_price: l.unit_price,
      quantity: l.quantity,
      is_time_sale: !!l.is_time_sale,
      coupons: (o.lines[i]?.coupons ?? []).map(named),
    })),
    cart_coupons: o.cart.map(named),
  };
}

// ───────────────────────────── product pages ─────────────────────────────

async function displayLine(
  db: Conn,
  displayId: number,
  now: Date,
): Promise<(CouponLine & { price: number }) | null> {
  const [d] = await db
    .select({
      id: productDisplays.id,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      parent_id: categories.parent_id,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
      is_active: productDisplays.is_active,
    })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(eq(productDisplays.id, displayId))
    .limit(1);
  if (!d || !d.is_active) return null;
  const sale = (await timeSalePrices(db, [d], now)).get(d.id);
  return {
    line_id: 0,
    product_item_id: 0,
    product_display_id: d.id,
    brand_id: d.brand_id,
    category_id: d.category_id,
    parent_category_ids: d.parent_id ? [d.parent_id] : [],
    unit_price: unitPrice({
      price: d.price,
      price_discount: d.price_discount,
      extra_price: 0,
      time_sale_price: sale,
    }),
    quantity: 1,
    is_time_sale: sale !== undefined,
    price: d.price,
  };
}

/** A policy's discount on one unit of a product (line or cart-wide coupon alone). */
function offerDiscount(p: Policy, line: CouponLine): number {
  const r = ruleOf(p);
  return p.is_cart_coupon ? cartCouponDiscount(r, [line]) : lineCouponDiscount(r, line);
}

/**
 * Coupons for a product page: downloadable policies that apply to the product, plus (for a member)
 * the member's own usable coupons; the best single-unit price over both.
 */
export async function productCoupons(ctx: AppContext, userId: number | null, displayId: number) {
  const now = ctx.clock.now();
  const line = await displayLine(ctx.db, displayId, now);
  if (!line) throw notFound('상품이 없습니다.');
  const policies = await downloadablePolicies(ctx.db, now);
  const owned = userId ? await ownedRows(ctx.db, userId) : [];
  const ownedByPolicy = new Map(owned.map((r) => [r.p.id, r.c]));
  const offers = policies
    .map((p) => ({ p, d: offerDiscount(p, line) }))
    .filter((x) => x.d > 0)
    .map((x) => offerView(x.p, ownedByPolicy.get(x.p.id), x.d))
    .sort((a, b) => (b.discount ?? 0) - (a.discount ?? 0) || a.coupon_policy_id - b.coupon_policy_id);
  // Candidate coupons: what the caller holds (usable) and what is still free to download.
  const candidates: CouponRule[] = [
    ...owned.map((r) => ruleOf(r.p, r.c)).filter((r) => isCouponUsable(r, now)),
    ...policies
      .filter((p) => !ownedByPolicy.has(p.id) && (p.total_limit === null || p.issued_count < p.total_limit))
      .map((p) => ({ ...ruleOf(p), id: -p.id })),
  ];
  const best = bestCouponAssignment([line], candidates, now);
  const bestId = best.lines[0]?.coupon_ids[0] ?? best.cart_coupon_ids[0] ?? null;
  let bestPolicyId: number | null = null;
  if (bestId !== null)
    bestPolicyId = bestId < 0 ? -bestId : (owned.find((r) => r.c.id === bestId)?.p.id ?? null);
  const bestPolicy =
    bestPolicyId === null
      ? undefined
      : [...policies, ...owned.map((r) => r.p)].find((p) => p.id === bestPolicyId);
  return {
    line,
    offers,
    best_price: line.unit_price - best.total_discount,
    best_coupon: bestPolicy
      ? offerView(bestPolicy, ownedByPolicy.get(bestPolicy.id), offerDiscount(bestPolicy, line))
      : null,
  };
}

export async function productCouponsBody(ctx: AppContext, userId: number | null, displayId: number) {
  const r = await productCoupons(ctx, userId, displayId);
  return {
    result: r.offers,
    best_price: r.best_price,
    first_discount_price: firstDiscountPrice(r.line.unit_price),
  };
}

export async function productBenefits(ctx: AppContext, userId: number | null, displayId: number) {
  const r = await productCoupons(ctx, userId, displayId);
  return {
    product_display_id: displayId,
    price: r.line.price,
    price_discount: r.line.unit_price,
    first_discount_price: firstDiscountPrice(r.line.unit_price),
    is_first_purchase: userId !== null && !(await hasPaidOrder(ctx.db, userId)),
    best_coupon_price: r.best_price,
    best_coupon: r.best_coupon,
    coupons: r.offers,
  };
}

/** Offers for guests and members: by product, by brand, or all open downloadable policies. */
export async function couponOffers(
  ctx: AppContext,
  userId: number | null,
  filter: { product_display_id?: number | undefined; brand_id?: number | undefined; onlyNotIssued?: boolean },
) {
  const now = ctx.clock.now();
  if (filter.product_display_id !== undefined) {
    const r = await productCoupons(ctx, userId, filter.product_display_id);
    return { result: filter.onlyNotIssued ? r.offers.filter((o) => !o.is_issued) : r.offers };
  }
  const policies = await downloadablePolicies(ctx.db, now);
  const owned = userId ? await ownedRows(ctx.db, userId) : [];
  const ownedByPolicy = new Map(owned.map((r) => [r.p.id, r.c]));
  const list = policies
    .filter(
      (p) => filter.brand_id === undefined || (p.scope === 'BRAND' && p.scope_ids.includes(filter.brand_id)),
    )
    .map((p) => offerView(p, ownedByPolicy.get(p.id), null));
  return { result: filter.onlyNotIssued ? list.filter((o) => !o.is_issued) : list };
}

// ───────────────────────────── missions ─────────────────────────────

/**
 * POST receive-mission-point: credits a completed mission's points once, through the point
 * ledger. "Completed" is curations/service.ts missionStates (a recorded completion, or the
 * member's facts passing the shared rule), the same function GET /api/curations/mission shows.
 * The completion is recorded (insert … on conflict do nothing), then claimed with a conditional
 * update (rewarded_at IS NULL): of two concurrent receives exactly one claims the row and credits;
 * the other waits for the row lock, finds it claimed and gets 400 missionRewarded.
 */
export async function receiveMissionPoint(db: Db, userId: number, mission: number | string, now: Date) {
  const [m] = await db
    .select()
    .from(missions)
    .where(typeof mission === 'number' ? eq(missions.id, mission) : eq(missions.code, mission))
    .limit(1);
  if (!m || !m.is_active) throw notFound(M.missionNotFound);
  return db.transaction(async (tx) => {
    const [state] = await missionStates(tx, userId, [m]);
    if (!state?.completed) throw badRequest(M.missionNotDone);
    if (state.receivedAt) throw badRequest(M.missionRewarded);
    await tx
      .insert(missionCompletions)
      .values({ user_id: userId, mission_id: m.id, completed_at: now })
      .onConflictDoNothing();
    const [claimed] = await tx
      .update(missionCompletions)
      .set({ rewarded_at: now })
      .where(
        and(
          eq(missionCompletions.user_id, userId),
          eq(missionCompletions.mission_id, m.id),
          isNull(missionCompletions.rewarded_at),
        ),
      )
      .returning({ id: missionCompletions.id });
    if (!claimed) throw badRequest(M.missionRewarded);
    const balance = await earnPoints(tx, {
      userId,
      amount: m.point,
      now,
      reason: 'MISSION',
      refType: 'mission',
      refId: m.id,
    });
    return { result: 'success' as const, point: m.point, balance };
  });
}
