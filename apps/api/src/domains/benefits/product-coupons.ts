/** Coupons and benefits of a product page (SPEC.md, 'Benefits'). */
import {
  bestCouponAssignment,
  type CouponLine,
  type CouponRule,
  cartCouponDiscount,
  firstDiscountPrice,
  isCouponUsable,
  lineCouponDiscount,
  unitPrice,
} from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { categories, productDisplays } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { offerView, ownedRows, type Policy, ruleOf } from './coupons.ts';
import { hasPaidOrder } from './first-purchase.ts';
import { downloadablePolicies } from './issuing.ts';
import { timeSalePrices } from './optimiser.ts';

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
async function productCoupons(ctx: AppContext, userId: number | null, displayId: number) {
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
