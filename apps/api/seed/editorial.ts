import {
  FIRST_PURCHASE_COUPON_MAX_DISCOUNT,
  FIXED_CODI_COUPON_IDS,
  PROMOTION_IDS,
  SLACKS_EVENT_PRICES,
  SPECIAL_PROMOTION_ID,
} from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { benefitWords, discountRate, kstTimeLabel } from './copy.ts';
import { BRANDS } from './data.ts';
import { type DisplayRef, fillCopy } from './plan.ts';
import type { SeedState } from './state.ts';
import { DAY, get, type Row } from './writer.ts';

// ── themes and collections ──
export async function themes(ctx: SeedState): Promise<void> {
  const byPopularity = [...ctx.displays].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const pickTop = (pred: (d: DisplayRef) => boolean, limit: number) =>
    byPopularity.filter(pred).slice(0, limit);
  const defs: { slug: string; kind: string; title: string; description: string; items: DisplayRef[] }[] = [
    {
      slug: 'outlet',
      kind: 'collection',
      title: '아울렛',
      description: '시즌오프 상품을 최대 {max}% 할인된 가격으로 만나보세요.',
      items: pickTop((d) => d.priceDiscount <= d.price * 0.7, 300),
    },
    {
      slug: 'office-look',
      kind: 'theme',
      title: '출근룩 완성',
      description: '셔츠, 슬랙스, 블레이저로 완성하는 단정한 출근룩',
      items: pickTop(
        (d) =>
          ['top_shirt', 'bottom_slacks', 'outer_blazer', 'shoes_derby', 'acc_necktie'].includes(d.cat.code),
        60,
      ),
    },
    {
      slug: 'fall-outer',
      kind: 'theme',
      title: '가을 아우터 특집',
      description: '트렌치코트부터 블루종까지, 지금 입기 좋은 아우터',
      items: pickTop((d) => d.cat.main === 'outer' && d.cat.code !== 'outer_padding', 60),
    },
    {
      slug: 'winter-knit',
      kind: 'theme',
      title: '겨울 니트 컬렉션',
      description: '캐시미어와 램스울, 따뜻하고 부드러운 니트',
      items: pickTop((d) => d.cat.code === 'top_knit' || d.cat.code === 'outer_cardigan', 60),
    },
    {
      slug: 'gift-accessories',
      kind: 'theme',
      title: '선물하기 좋은 액세서리',
      description: '넥타이, 벨트, 지갑, 머플러 선물 추천',
      items: pickTop((d) => d.cat.main === 'accessories' && d.cat.code !== 'acc_socks', 60),
    },
    {
      slug: 'comfort-pants',
      kind: 'theme',
      title: '하루 종일 편한 밴딩 팬츠',
      description: '허리 밴딩과 스트레치 소재로 편안한 출근 팬츠',
      items: pickTop((d) => d.cat.main === 'bottom' && /밴딩|이지|스트레치|조거/.test(d.name), 60),
    },
    {
      slug: 'weekend-golf',
      kind: 'theme',
      title: '주말 골프 & 아웃도어',
      description: '라운딩과 캠핑을 위한 기능성 웨어',
      items: pickTop((d) => d.cat.main === 'sports', 60),
    },
    {
      slug: 'new-arrivals',
      kind: 'collection',
      title: '이번 주 신상품',
      description: '새로 입고된 상품을 가장 먼저 만나보세요.',
      items: [...ctx.displays].sort((a, b) => b.id - a.id).slice(0, 60),
    },
  ];
  const outlet = defs.find((d) => d.slug === 'outlet');
  ctx.outletMaxRate = Math.max(
    0,
    ...(outlet?.items ?? []).map((x) => discountRate(x.price, x.priceDiscount)),
  );
  const ids = await ctx.w.insertIds(
    'themes',
    t.themes,
    defs.map((d, i) => ({
      slug: d.slug,
      kind: d.kind,
      title: d.title,
      description: fillCopy(d.description, { max: ctx.outletMaxRate }),
      image_url: `/api/images/banner/${200 + i + 1}.webp`,
      sort_order: i,
    })),
  );
  const rows: Row[] = [];
  defs.forEach((d, i) => {
    d.items.forEach((item, o) => {
      rows.push({ theme_id: get(ids, i), product_display_id: item.id, sort_order: o });
    });
  });
  await ctx.w.insert('theme_products', t.themeProducts, rows);
  ctx.themeIds = ids;
  ctx.progress.step(1, 'themes');
}

// ── promotions ──
export async function promotions(ctx: SeedState): Promise<void> {
  const rng = ctx.root.fork('promotions');
  const pick = (pred: (d: DisplayRef) => boolean, n: number) => {
    const pool = ctx.displays.filter(pred);
    return rng.sample(pool, n).sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  };
  const brandIdx = (en: string) => BRANDS.findIndex((b) => b.name_en === en);
  const ut = brandIdx('URBAN TAILOR');
  const defs: { id?: number; row: Row; items: DisplayRef[] }[] = [
    {
      row: {
        title: '가을 아우터 페스티벌',
        subtitle: '가을 아우터 최대 {max}%',
        promotion_type: 'SALE',
        benefit_label: '최대 {max}% 할인',
        coupon_policy_id: ctx.couponIds.get('promotion'),
        starts_at: ctx.ago(10),
        ends_at: ctx.ago(-20),
      },
      items: pick((d) => d.cat.main === 'outer' && d.priceDiscount < d.price, 40),
    },
    {
      row: {
        title: '출근룩 슬랙스 특가',
        subtitle: '슬랙스 {from}부터, {until}까지',
        promotion_type: 'EVENT_PRICE',
        benefit_label: '9,900원부터',
        coupon_policy_id: ctx.couponIds.get('event_slacks'),
        starts_at: ctx.ago(3),
        ends_at: ctx.ago(-4),
      },
      // The event coupon's displays first (SPEC.md slacks event prices), then other slacks.
      items: [
        ...ctx.displays.filter((d) => ctx.slacksEventDisplayIds.includes(d.id)),
        ...pick((d) => d.cat.code === 'bottom_slacks', 30).filter(
          (d) => !ctx.slacksEventDisplayIds.includes(d.id),
        ),
      ].slice(0, 30),
    },
    {
      row: {
        title: '어반테일러 브랜드 위크',
        subtitle: '브랜드 쿠폰 {coupon} 추가 할인',
        promotion_type: 'BRAND',
        benefit_label: '{coupon} 쿠폰',
        coupon_policy_id: ctx.couponIds.get('brand_ut'),
        starts_at: ctx.ago(5),
        ends_at: ctx.ago(-9),
      },
      items: pick((d) => d.brandIdx === ut, 40),
    },
    {
      row: {
        title: '첫 구매 혜택',
        subtitle: '첫 구매 시 {coupon} 추가 할인 (최대 {cap})',
        promotion_type: 'FIRST_PURCHASE',
        benefit_label: '첫 구매 {coupon}',
        coupon_policy_id: ctx.couponIds.get('first'),
        starts_at: ctx.ago(90),
        ends_at: ctx.ago(-275),
      },
      items: pick((d) => d.price <= 100_000, 30),
    },
    {
      row: {
        title: '블랙프라이데이 사전 알림',
        subtitle: '알림 신청하고 {coupon} 쿠폰 받기',
        promotion_type: 'SALE',
        benefit_label: '{coupon} 쿠폰',
        coupon_policy_id: ctx.couponIds.get('event_bf'),
        starts_at: ctx.ago(-20),
        ends_at: ctx.ago(-30),
      },
      items: pick((d) => d.priceDiscount <= d.price * 0.7, 40),
    },
    {
      row: {
        title: '여름 시즌오프',
        subtitle: '반팔과 반바지, 마지막 기회',
        promotion_type: 'SALE',
        benefit_label: '최대 {max}% 할인',
        starts_at: ctx.ago(75),
        ends_at: ctx.ago(45),
      },
      items: pick((d) => d.cat.code === 'top_tshirt' || d.cat.code === 'bottom_shorts', 30),
    },
    // SPEC.md §9 names promotion ids 123 and 297 and the special promotion 2050: created with
    // explicit ids (the serial sequence is moved past them below).
    {
      id: get(PROMOTION_IDS, 0),
      row: {
        title: '코디룸 베스트 코디 기획전',
        subtitle: '스타일리스트가 고른 이번 달 베스트',
        promotion_type: 'CODI',
        benefit_label: '코디 쿠폰 최대 {coupon}',
        coupon_policy_id: get(FIXED_CODI_COUPON_IDS, 2),
        starts_at: ctx.ago(14),
        ends_at: ctx.ago(-16),
      },
      items: pick((d) => d.cat.main === 'top' || d.cat.main === 'bottom', 40),
    },
    {
      id: get(PROMOTION_IDS, 1),
      row: {
        title: '브랜드 연합 프로모션',
        subtitle: '인기 브랜드 {brands}곳 동시 할인',
        promotion_type: 'BRAND',
        benefit_label: '최대 {max}% 할인',
        starts_at: ctx.ago(7),
        ends_at: ctx.ago(-7),
      },
      items: pick((d) => d.priceDiscount <= d.price * 0.8, 40),
    },
    {
      id: SPECIAL_PROMOTION_ID,
      row: {
        title: '코디룸 스페셜 위크',
        subtitle: '단 {days}일, 역대 최대 혜택',
        promotion_type: 'SPECIAL',
        benefit_label: '최대 {max}% + 쿠폰',
        coupon_policy_id: ctx.couponIds.get('monthly'),
        starts_at: ctx.ago(2),
        ends_at: ctx.ago(-5),
      },
      items: pick((d) => d.priceDiscount <= d.price * 0.6, 40),
    },
  ];
  // Each campaign's copy is filled from its own facts: its items' best rate, its length, its coupon.
  const couponByPolicyId = new Map<unknown, Row>();
  for (const [key, row] of ctx.couponRows)
    couponByPolicyId.set(key === 'codi_max' ? get(FIXED_CODI_COUPON_IDS, 2) : ctx.couponIds.get(key), row);
  for (const d of defs) {
    const coupon = couponByPolicyId.get(d.row.coupon_policy_id);
    const facts: Record<string, string | number> = {
      max: Math.max(0, ...d.items.map((x) => discountRate(x.price, x.priceDiscount))),
      days: Math.round(((d.row.ends_at as Date).getTime() - (d.row.starts_at as Date).getTime()) / DAY),
      brands: new Set(d.items.map((x) => x.brandIdx)).size,
      until: kstTimeLabel(d.row.ends_at as Date),
      from: benefitWords('FIXED', get(SLACKS_EVENT_PRICES, 0)),
      cap: benefitWords('FIXED', FIRST_PURCHASE_COUPON_MAX_DISCOUNT),
      ...(coupon
        ? {
            coupon: benefitWords(coupon.discount_kind as 'FIXED' | 'PERCENT', Number(coupon.discount_value)),
          }
        : {}),
    };
    for (const key of ['title', 'subtitle', 'benefit_label'] as const)
      d.row[key] = fillCopy(String(d.row[key]), facts);
  }
  ctx.promotionRows = defs.map((d) => d.row);
  const rows = defs.map((d, i) => ({
    ...(d.id ? { id: d.id } : {}),
    description: `${String(d.row.subtitle)}. 기간 한정 혜택을 놓치지 마세요.`,
    image_url: `/api/images/banner/${300 + i + 1}.webp`,
    sort_order: i,
    created_at: ctx.ago(100),
    ...d.row,
  }));
  const plain = rows.filter((_, i) => !get(defs, i).id);
  const plainIds = await ctx.w.insertIds('promotions', t.promotions, plain);
  await ctx.w.insert(
    'promotions',
    t.promotions,
    rows.filter((_, i) => get(defs, i).id),
  );
  await ctx.db.execute(
    sql`select setval(pg_get_serial_sequence('promotions', 'id'), (select max(id) from promotions))`,
  );
  let k = 0;
  const ids = defs.map((d) => d.id ?? get(plainIds, k++));
  ctx.promotionIds = ids;
  const itemRows: Row[] = [];
  defs.forEach((d, i) => {
    d.items.forEach((item, o) => {
      itemRows.push({ promotion_id: get(ids, i), product_display_id: item.id, sort_order: o });
    });
  });
  await ctx.w.insert('promotion_products', t.promotionProducts, itemRows);
  ctx.progress.step(1, 'promotions');
}
