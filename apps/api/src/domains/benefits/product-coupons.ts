/** Coupons and benefits of a product page (SPEC.md, 'Benefits'). */
import {
  bestCouponAssignment,
  type CouponLine,
  type CouponRule,
  cartCouponDiscount,
  firstPurchasePrice,
  isCouponUsable,
  lineCouponDiscount,
  unitPrice,
} from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { couponDisplayRow } from '../catalog/index.ts';
import { firstPurchasePolicyId, offerView, ownedRows, type Policy, ruleOf } from './coupons.ts';
import { hasPaidOrder } from './first-purchase.ts';
import { downloadablePolicies, openAt } from './issuing.ts';
import { timeSalePrices } from './optimiser.ts';
import { couponPolicies } from './schema.ts';

// ───────────────────────────── product pages ─────────────────────────────

async function displayLine(
  db: Conn,
  displayId: number,
  now: Date,
): Promise<(CouponLine & { price: number }) | null> {
  const d = await couponDisplayRow(db, displayId);
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

type Owned = Awaited<ReturnType<typeof ownedRows>>;

/**
 * Coupons for a product page: downloadable policies that apply to the product, plus (for a member)
 * the member's own usable coupons; the best single-unit price over both ("최대 혜택가"). A member's
 * first-purchase coupon counts only before a paid order, as checkout's optimiser counts it
 * (optimiser.ts memberRules).
 */
async function productCoupons(ctx: AppContext, userId: number | null, displayId: number) {
  const now = ctx.clock.now();
  const line = await displayLine(ctx.db, displayId, now);
  if (!line) throw notFound('상품이 없습니다.');
  const policies = await downloadablePolicies(ctx.db, now);
  const paid = userId !== null && (await hasPaidOrder(ctx.db, userId));
  const owned: Owned = userId ? await ownedRows(ctx.db, userId) : [];
  const ownedByPolicy = new Map(owned.map((r) => [r.p.id, r.c]));
  const offers = policies
    .map((p) => ({ p, d: offerDiscount(p, line) }))
    .filter((x) => x.d > 0)
    .map((x) => offerView(x.p, ownedByPolicy.get(x.p.id), x.d))
    .sort((a, b) => (b.discount ?? 0) - (a.discount ?? 0) || a.coupon_policy_id - b.coupon_policy_id);
  // Candidate coupons: what the caller holds (usable) and what is still free to download.
  const candidates: CouponRule[] = [
    ...owned
      .filter((r) => !(paid && r.p.coupon_type === 'FIRST_PURCHASE'))
      .map((r) => ruleOf(r.p, r.c))
      .filter((r) => isCouponUsable(r, now)),
    ...policies
      .filter(
        (p) =>
          !ownedByPolicy.has(p.id) &&
          !(paid && p.coupon_type === 'FIRST_PURCHASE') &&
          (p.total_limit === null || p.issued_count < p.total_limit),
      )
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
    paid,
    first_purchase_price: await firstPurchaseOffer(ctx, userId, paid, owned, line, now),
    best_price: line.unit_price - best.total_discount,
    best_coupon: bestPolicy
      ? offerView(bestPolicy, ownedByPolicy.get(bestPolicy.id), offerDiscount(bestPolicy, line))
      : null,
  };
}

/**
 * The "첫 구매 시" price of one unit (docs/ARCHITECTURE.md, 'Prices'; firstPurchasePrice in
 * packages/shared): for a guest, with the first-purchase coupon sign-up would give (the open
 * FIRST_PURCHASE policy; sign-up gives no other coupon); for a member, only while they hold an unused,
 * unexpired first-purchase coupon and have no paid order, with every coupon they hold, as checkout's
 * optimiser picks them. Null for everyone else, and when the coupon takes nothing off.
 */
async function firstPurchaseOffer(
  ctx: AppContext,
  userId: number | null,
  paid: boolean,
  owned: Owned,
  line: CouponLine,
  now: Date,
): Promise<number | null> {
  if (userId === null) {
    // The policy sign-up issues (issuing.ts grantSignUpCoupon), if it would issue it now.
    const id = await firstPurchasePolicyId(ctx.db);
    const [p] =
      id === null
        ? []
        : await ctx.db
            .select()
            .from(couponPolicies)
            .where(and(eq(couponPolicies.id, id), openAt(now)));
    if (p && p.total_limit !== null && p.issued_count >= p.total_limit) return null;
    return p ? firstPurchasePrice(line, { ...ruleOf(p), id: -p.id }, [], now) : null;
  }
  if (paid) return null;
  const fp = owned.find((r) => r.p.coupon_type === 'FIRST_PURCHASE' && isCouponUsable(ruleOf(r.p, r.c), now));
  if (!fp) return null;
  const others = owned.filter((r) => r !== fp).map((r) => ruleOf(r.p, r.c));
  return firstPurchasePrice(line, ruleOf(fp.p, fp.c), others, now);
}

export async function productCouponsBody(ctx: AppContext, userId: number | null, displayId: number) {
  const r = await productCoupons(ctx, userId, displayId);
  return {
    result: r.offers,
    best_price: r.best_price,
    first_discount_price: r.first_purchase_price,
  };
}

export async function productBenefits(ctx: AppContext, userId: number | null, displayId: number) {
  const r = await productCoupons(ctx, userId, displayId);
  return {
    product_display_id: displayId,
    price: r.line.price,
    price_discount: r.line.unit_price,
    first_discount_price: r.first_purchase_price,
    is_first_purchase: userId !== null && !r.paid,
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
