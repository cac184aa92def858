import {
  FIRST_PURCHASE_COUPON_MAX_DISCOUNT,
  FIRST_PURCHASE_COUPON_RATE_PERCENT,
  FIXED_CODI_COUPON_IDS,
  kstDate,
  kstParts,
  SLACKS_EVENT_RATE_PERCENT,
} from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { BRANDS, CATEGORIES } from './data.ts';
import { nameWithBenefit } from './plan.ts';
import type { SeedState } from './state.ts';
import { get, type Row } from './writer.ts';

// ── coupon policies ──
export async function coupons(ctx: SeedState): Promise<void> {
  const p = kstParts(ctx.now);
  const monthStart = kstDate(p.year, p.month, 1);
  const monthEnd = new Date(
    kstDate(p.month === 12 ? p.year + 1 : p.year, p.month === 12 ? 1 : p.month + 1, 1).getTime() - 1000,
  );
  const outerIds = CATEGORIES.filter((c) => c.main === 'outer').map(
    (c) => ctx.categoryIds.get(c.code) as number,
  );
  const brandId = (en: string) =>
    get(
      ctx.brandIds,
      BRANDS.findIndex((b) => b.name_en === en),
    );
  const created = ctx.ago(60);
  const base = { created_at: created, issued_count: 0 };
  const policies: [string, Row][] = [
    [
      'welcome',
      {
        ...base,
        name: '신규 가입 웰컴 쿠폰 {v}',
        coupon_type: 'WELCOME',
        discount_kind: 'FIXED',
        discount_value: 5000,
        min_order_amount: 30_000,
        is_cart_coupon: true,
        valid_days: 14,
        is_downloadable: false,
      },
    ],
    [
      'first',
      {
        ...base,
        name: '첫 구매 {v} 할인 쿠폰',
        coupon_type: 'FIRST_PURCHASE',
        discount_kind: 'PERCENT',
        discount_value: FIRST_PURCHASE_COUPON_RATE_PERCENT,
        max_discount: FIRST_PURCHASE_COUPON_MAX_DISCOUNT,
        is_cart_coupon: true,
        valid_days: 30,
        is_downloadable: false,
      },
    ],
    [
      'promotion',
      {
        ...base,
        name: '가을 아우터 페스티벌 {v} 쿠폰',
        coupon_type: 'PROMOTION',
        discount_kind: 'PERCENT',
        discount_value: 10,
        max_discount: 30_000,
        min_order_amount: 50_000,
        scope: 'CATEGORY',
        scope_ids: outerIds,
        starts_at: ctx.ago(10),
        ends_at: ctx.ago(-20),
      },
    ],
    [
      'monthly',
      {
        ...base,
        name: `${p.month}월 이달의 코디 쿠폰 {v}`,
        coupon_type: 'MONTHLY_CODI_COUPON',
        discount_kind: 'PERCENT',
        discount_value: 8,
        max_discount: 15_000,
        min_order_amount: 70_000,
        is_cart_coupon: true,
        starts_at: monthStart,
        ends_at: monthEnd,
      },
    ],
    [
      'serial',
      {
        ...base,
        name: '시리얼 쿠폰 {v}',
        coupon_type: 'SERIAL',
        discount_kind: 'FIXED',
        discount_value: 10_000,
        min_order_amount: 50_000,
        is_cart_coupon: true,
        serial_code: 'CODIROOM2026',
        total_limit: 1000,
        is_downloadable: false,
        starts_at: ctx.ago(30),
        ends_at: ctx.ago(-60),
      },
    ],
    [
      'event_bf',
      {
        ...base,
        name: '블랙프라이데이 {v} 쿠폰',
        coupon_type: 'EVENT',
        discount_kind: 'PERCENT',
        discount_value: 15,
        max_discount: 20_000,
        min_order_amount: 50_000,
        is_cart_coupon: true,
        starts_at: ctx.ago(-20),
        ends_at: ctx.ago(-30),
      },
    ],
    [
      'event_app',
      {
        ...base,
        name: '앱 첫 로그인 {v} 쿠폰',
        coupon_type: 'EVENT',
        discount_kind: 'FIXED',
        discount_value: 3000,
        min_order_amount: 20_000,
        is_cart_coupon: true,
        valid_days: 7,
      },
    ],
    [
      'brand_ut',
      {
        ...base,
        name: '어반테일러 브랜드위크 {v} 쿠폰',
        coupon_type: 'BRAND',
        discount_kind: 'PERCENT',
        discount_value: 15,
        max_discount: 30_000,
        scope: 'BRAND',
        scope_ids: [brandId('URBAN TAILOR')],
        starts_at: ctx.ago(5),
        ends_at: ctx.ago(-9),
      },
    ],
    [
      'brand_bl',
      {
        ...base,
        name: '북촌레더 단독 {v} 쿠폰',
        coupon_type: 'BRAND',
        discount_kind: 'FIXED',
        discount_value: 10_000,
        min_order_amount: 100_000,
        scope: 'BRAND',
        scope_ids: [brandId('BUKCHON LEATHER')],
        starts_at: ctx.ago(3),
        ends_at: ctx.ago(-27),
      },
    ],
    [
      'event_slacks',
      {
        ...base,
        name: '출근룩 슬랙스 이벤트 {v} 쿠폰',
        coupon_type: 'PRODUCT',
        discount_kind: 'PERCENT',
        discount_value: SLACKS_EVENT_RATE_PERCENT,
        scope: 'PRODUCT_DISPLAY',
        scope_ids: ctx.slacksEventDisplayIds,
        starts_at: ctx.ago(3),
        ends_at: ctx.ago(-4),
      },
    ],
    [
      'event_weekend',
      {
        ...base,
        name: '주말 깜짝 {v} 쿠폰',
        coupon_type: 'EVENT_WEEKEND',
        discount_kind: 'PERCENT',
        discount_value: 10,
        max_discount: 10_000,
        min_order_amount: 30_000,
        is_cart_coupon: true,
        valid_days: 3,
        // Only event-random-coupon-weekend issues it (Fri–Sun KST).
        is_downloadable: false,
      },
    ],
  ];
  // A coupon's name states its rule: {v} is the amount or rate it gives.
  for (const [, r] of policies) r.name = nameWithBenefit(r);
  ctx.couponRows = new Map(policies);
  const ids = await ctx.w.insertIds(
    'coupon_policies',
    t.couponPolicies,
    policies.map(([, r]) => r),
  );
  policies.forEach(([k], i) => {
    ctx.couponIds.set(k, get(ids, i));
  });
  // SPEC.md §9 fixed codi coupon ids 1865, 1866 and 1867: inserted with explicit ids, then the
  // serial sequence is moved past them so that later inserts cannot collide.
  const [c1, c2, c3] = FIXED_CODI_COUPON_IDS;
  const codiRows: Row[] = [
    {
      ...base,
      id: c1,
      name: '코디 세트 {v} 할인',
      coupon_type: 'CODI',
      discount_kind: 'FIXED',
      discount_value: 3000,
      min_order_amount: 50_000,
      is_cart_coupon: true,
      valid_days: 14,
    },
    {
      ...base,
      id: c2,
      name: '코디 세트 {v} 할인',
      coupon_type: 'CODI',
      discount_kind: 'FIXED',
      discount_value: 5000,
      min_order_amount: 100_000,
      is_cart_coupon: true,
      valid_days: 14,
    },
    {
      ...base,
      id: c3,
      name: '코디 세트 {v} 할인',
      coupon_type: 'CODI',
      discount_kind: 'PERCENT',
      discount_value: 10,
      max_discount: 20_000,
      min_order_amount: 150_000,
      is_cart_coupon: true,
      valid_days: 14,
    },
  ];
  for (const r of codiRows) r.name = nameWithBenefit(r);
  ctx.couponRows.set('codi_max', codiRows[2] as Row);
  await ctx.w.insert('coupon_policies', t.couponPolicies, codiRows);
  await ctx.db.execute(
    sql`select setval(pg_get_serial_sequence('coupon_policies', 'id'), (select max(id) from coupon_policies))`,
  );
  ctx.progress.step(1, 'coupon_policies');
}
