/**
 * The best coupon choice over order lines (SPEC.md, 'Benefits'): the lines and their prices, the best
 * combinations, the chosen coupons applied. The coupon maths is packages/shared/src/coupons.ts.
 */
import {
  bestCouponAssignment,
  CouponChoiceError,
  type CouponLine,
  couponOptions,
  evaluateChoice,
  unitPrice,
} from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { type CouponItemRow, couponItemRows, runningTimeSales } from '../catalog/index.ts';
import { ownedRows, ruleOf } from './coupons.ts';
import { hasPaidOrder } from './first-purchase.ts';

// ───────────────────────────── lines and prices ─────────────────────────────

type LineRow = CouponLine & { name: string; size_name: string };

/** Coupon lines for product items: current price (time-sale price while one runs), categories. */
export async function linesForItems(db: Conn, itemIds: number[], quantities: Map<number, number>, now: Date) {
  if (itemIds.length === 0) return [];
  const byId = await couponItemRows(db, itemIds);
  const rows = [...byId.values()];
  const sales = await timeSalePrices(
    db,
    rows.map((r) => ({ id: r.display_id, price_discount: r.price_discount })),
    now,
  );
  const missing = itemIds.filter((id) => !byId.has(id));
  if (missing.length > 0) throw notFound(`상품을 찾을 수 없습니다. (${missing.join(', ')})`);
  return itemIds.map((id): LineRow => {
    const r = byId.get(id) as CouponItemRow;
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
export async function timeSalePrices(
  db: Conn,
  displays: { id: number; price_discount: number }[],
  now: Date,
) {
  const sales = await runningTimeSales(db, displays, now);
  return new Map([...sales].map(([id, s]) => [id, s.sale_price]));
}

/**
 * A member's cart quantities by product item id (carts' memberCartQuantities). Passed in by app.ts
 * through benefitRoutes: carts already depends on benefits (through curations), so benefits does
 * not import carts.
 */
export type CartQuantities = (db: Conn, userId: number, itemIds: number[]) => Promise<Map<number, number>>;

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

async function orderLines(
  ctx: AppContext,
  cartQuantities: CartQuantities,
  userId: number,
  itemIds: number[],
  quantities?: number[],
) {
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
  cartQuantities: CartQuantities,
  userId: number,
  itemIds: number[],
  quantities?: number[],
) {
  const now = ctx.clock.now();
  const [lines, { rules, names }] = await Promise.all([
    orderLines(ctx, cartQuantities, userId, itemIds, quantities),
    memberRules(ctx.db, userId),
  ]);
  return combBody(lines, bestCouponAssignment(lines, rules, now), names);
}

function combBody(
  lines: LineRow[],
  a: {
    lines: { line_id: number; coupon_ids: number[]; discount: number }[];
    cart_coupon_ids: number[];
    cart_discounts: number[];
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
      cart_coupons: a.cart_coupon_ids.map((coupon_id, i) => ({
        coupon_id,
        discount: a.cart_discounts[i] ?? 0,
      })),
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
  cartQuantities: CartQuantities,
  userId: number,
  itemIds: number[],
  quantities?: number[],
) {
  const now = ctx.clock.now();
  const [lines, { rules, names }] = await Promise.all([
    orderLines(ctx, cartQuantities, userId, itemIds, quantities),
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
