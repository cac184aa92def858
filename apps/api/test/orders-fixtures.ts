/**
 * Fixtures of the order tests: one brand (3,000 won shipping, free from 50,000), one product with
 * a display at 40,000 → 30,000 won and two sizes (M, L) with exact stock, and API call helpers.
 */

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  brands,
  categories,
  couponPolicies,
  coupons,
  productDisplays,
  productItems,
  products,
  refunds,
} from '../src/db/schema.ts';
import type { AppContext } from '../src/platform/context.ts';

let seq = 0;

export type Shop = {
  brandId: number;
  displayId: number;
  productId: number;
  m: number;
  l: number;
  other: number;
};

export async function makeShop(
  ctx: AppContext,
  opts: { stock?: number; despoke?: boolean } = {},
): Promise<Shop> {
  seq += 1;
  const [b] = await ctx.db
    .insert(brands)
    .values({
      name: `브랜드${seq}`,
      name_en: `Brand${seq}`,
      slug: `brand-order-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      shipping_fee: 3000,
      free_shipping_min: 50000,
      allows_custom_order: opts.despoke ?? false,
    })
    .returning();
  const [c] = await ctx.db
    .insert(categories)
    .values({
      code: `order-cat-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      name: '셔츠',
      main: 'top',
      product_type: 'TOP',
    })
    .returning();
  if (!b || !c) throw new Error('fixture insert failed');
  const [p] = await ctx.db
    .insert(products)
    .values({ brand_id: b.id, category_id: c.id, name: '옥스포드 셔츠', product_type: 'TOP' })
    .returning();
  if (!p) throw new Error('fixture insert failed');
  const [d] = await ctx.db
    .insert(productDisplays)
    .values({
      product_id: p.id,
      brand_id: b.id,
      category_id: c.id,
      name: '옥스포드 셔츠',
      product_type: 'TOP',
      price: 40000,
      price_discount: 30000,
      color_name: '화이트',
      color_hex: '#ffffff',
      image_url: '/img/shirt.webp',
    })
    .returning();
  if (!d) throw new Error('fixture insert failed');
  const stock = opts.stock ?? 5;
  const mk = (size: string, extra = 0) => ({
    product_display_id: d.id,
    product_id: p.id,
    size_name: size,
    color_name: '화이트',
    stock,
    extra_price: extra,
    sku: `SKU-${seq}-${size}-${Math.random().toString(36).slice(2, 8)}`,
  });
  const items = await ctx.db
    .insert(productItems)
    .values([mk('M'), mk('L'), mk('XL', 2000)])
    .returning();
  return {
    brandId: b.id,
    displayId: d.id,
    productId: p.id,
    m: items[0]?.id as number,
    l: items[1]?.id as number,
    other: items[2]?.id as number,
  };
}

export const ADDRESS = {
  recipient: '김코디',
  phone: '010-1234-5678',
  zipcode: '06236',
  main_address: '서울 강남구 테헤란로 123',
  detail_address: '4층',
};

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  const r = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> & { detail?: string } };
}

export async function placeOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  items: { product_item_id: number; quantity: number }[],
) {
  const r = await call(app, 'POST', '/api/orders', headers, {
    items,
    address: ADDRESS,
    delivery_request: '문 앞에 놓아주세요',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    id: number;
    order_id: string;
    amount: number;
    shipping_fee: number;
    total_price: number;
  };
}

let couponSeq = 0;
/**
 * Issues a member a coupon of a new policy — an EVENT coupon of 1,000 won off unless `values` says
 * otherwise — valid for `days` from `now`. Returns the coupon's id.
 */
export async function issueCoupon(
  ctx: AppContext,
  userId: number,
  now: Date,
  values: Partial<typeof couponPolicies.$inferInsert> = {},
  days = 30,
): Promise<number> {
  couponSeq += 1;
  const [p] = await ctx.db
    .insert(couponPolicies)
    .values({
      name: `테스트 쿠폰 ${couponSeq}`,
      coupon_type: 'EVENT',
      discount_kind: 'FIXED',
      discount_value: 1000,
      ...values,
    })
    .returning();
  if (!p) throw new Error('policy insert failed');
  const [c] = await ctx.db
    .insert(coupons)
    .values({
      coupon_policy_id: p.id,
      user_id: userId,
      issued_at: now,
      expires_at: new Date(now.getTime() + days * 86_400_000),
    })
    .returning();
  if (!c) throw new Error('coupon insert failed');
  return c.id;
}

/** The back office collected and inspected a return (회수 완료, 검수 완료), so it may be refunded. */
export async function markInspected(ctx: AppContext, refundId: number) {
  const now = ctx.clock.now();
  await ctx.db.update(refunds).set({ collected_at: now, inspected_at: now }).where(eq(refunds.id, refundId));
}
