/**
 * The back office's forms (docs/ARCHITECTURE.md, "Back office"), one schema each for the API and
 * the form. Products: a product with its colourways (each a product display on the storefront) and the
 * sizes of each (product items: stock and extra price), and the size table of its category's
 * measurement set (cm). Money is integer won.
 */
import { z } from 'zod';
import { COUPON_TYPES } from './benefit-schemas.ts';
import { COUPON_SCOPES, DISCOUNT_KINDS } from './coupons.ts';
import { DAY_GATES } from './time.ts';
import { STYLE_TAGS } from './vocabulary.ts';

/** An edit must change something: an empty body is a 400, not a no-op or a failed update. */
const changesSomething = (o: object) => Object.values(o).some((v) => v !== undefined);
const CHANGE_NOTHING = { message: '바꿀 값을 하나 이상 보내주세요.' };

/** A row id: a positive PostgreSQL integer (a larger number is a 400, never a database error). */
const RowId = z.number().int().positive().max(2_147_483_647);

export const PRODUCT_LIMITS = {
  colors: 12,
  sizes: 12,
  stock: 100_000,
  price: 10_000_000,
  minPrice: 100,
  extraPrice: 1_000_000,
  measure: 500,
} as const;

const Won = (max: number) =>
  z
    .number({ error: '금액을 숫자로 적어주세요.' })
    .int('금액은 원 단위 정수예요.')
    .min(0, '금액은 0원 이상이에요.')
    .max(max, `금액은 ${max.toLocaleString('ko-KR')}원 이하예요.`);
const Price = z
  .number({ error: '가격을 숫자로 적어주세요.' })
  .int('가격은 원 단위 정수예요.')
  .min(PRODUCT_LIMITS.minPrice, `가격은 ${PRODUCT_LIMITS.minPrice}원 이상이에요.`)
  .max(PRODUCT_LIMITS.price, `가격은 ${PRODUCT_LIMITS.price.toLocaleString('ko-KR')}원 이하예요.`);
const Stock = z
  .number({ error: '재고를 숫자로 적어주세요.' })
  .int('재고는 정수예요.')
  .min(0, '재고는 0 이상이에요.')
  .max(PRODUCT_LIMITS.stock, `재고는 ${PRODUCT_LIMITS.stock.toLocaleString('ko-KR')} 이하예요.`);
const SizeName = z
  .string()
  .trim()
  .min(1, '사이즈 이름을 적어주세요.')
  .max(20)
  .regex(/^[0-9A-Za-z가-힣 ./()-]+$/, '사이즈 이름에 쓸 수 없는 문자가 있어요.');

export const ProductSizeInput = z
  .object({
    size_name: SizeName,
    stock: Stock,
    extra_price: Won(PRODUCT_LIMITS.extraPrice).default(0),
  })
  .strict();

export const ProductColorInput = z
  .object({
    color_name: z.string().trim().min(1, '색상 이름을 적어주세요.').max(30),
    color_hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, '색상 코드는 #RRGGBB 형식이어야 해요.'),
    sizes: z.array(ProductSizeInput).min(1, '사이즈를 하나 이상 넣어주세요.').max(PRODUCT_LIMITS.sizes),
  })
  .strict()
  .refine((c) => new Set(c.sizes.map((s) => s.size_name.toUpperCase())).size === c.sizes.length, {
    message: '한 색상에 같은 사이즈가 두 번 있어요.',
    path: ['sizes'],
  });

/** One size-table value (cm). */
const Measure = z
  .number({ error: '실측값을 숫자(cm)로 적어주세요.' })
  .positive('실측값은 0보다 커야 해요.')
  .max(PRODUCT_LIMITS.measure, `실측값은 ${PRODUCT_LIMITS.measure}cm 이하예요.`);
/** A size table: per size name, the values (cm) of the category's measurement set fields. */
const Measurements = z
  .array(
    z
      .object({
        size_name: SizeName,
        values: z.record(z.string().regex(/^[a-z_]{1,30}$/, '실측 항목 이름이 올바르지 않아요.'), Measure),
      })
      .strict(),
  )
  .max(PRODUCT_LIMITS.sizes, `실측 사이즈는 ${PRODUCT_LIMITS.sizes}개까지예요.`)
  .refine((ms) => new Set(ms.map((m) => m.size_name.toUpperCase())).size === ms.length, {
    message: '실측 사이즈표에 같은 사이즈가 두 번 있어요.',
  });

/** A saved product's size table, replaced whole (an empty list clears it). */
export const ProductMeasurementsRequest = z.object({ measurements: Measurements }).strict();
export type ProductMeasurementsRequest = z.input<typeof ProductMeasurementsRequest>;

export const ProductCreateRequest = z
  .object({
    brand_id: z
      .number({ error: '브랜드를 골라주세요.' })
      .int()
      .positive('브랜드를 골라주세요.')
      .max(2_147_483_647),
    category_id: z
      .number({ error: '카테고리를 골라주세요.' })
      .int()
      .positive('카테고리를 골라주세요.')
      .max(2_147_483_647),
    name: z.string().trim().min(2, '상품명을 두 글자 이상 적어주세요.').max(200),
    description: z.string().trim().max(5000).default(''),
    material: z.string().trim().max(200).optional(),
    fit: z.string().trim().max(30).optional(),
    season: z.string().trim().max(30).optional(),
    style_tags: z.array(z.enum(STYLE_TAGS)).max(5).default([]),
    price: Price,
    price_discount: Price,
    /** A new product is a draft (not on sale) unless the MD publishes it on purpose. */
    is_active: z.boolean().default(false),
    colors: z.array(ProductColorInput).min(1, '색상을 하나 이상 넣어주세요.').max(PRODUCT_LIMITS.colors),
    /** Size table: per size name, the values (cm) of the category's measurement set fields. */
    measurements: Measurements.default([]),
  })
  .strict()
  .refine((p) => p.price_discount <= p.price, {
    message: '판매가는 정가보다 클 수 없어요.',
    path: ['price_discount'],
  })
  .refine((p) => new Set(p.colors.map((c) => c.color_name)).size === p.colors.length, {
    message: '같은 색상이 두 번 있어요.',
    path: ['colors'],
  });
export type ProductCreateRequest = z.input<typeof ProductCreateRequest>;

const Instant = z.iso.datetime({ offset: true, error: '날짜와 시각을 ISO 8601로 적어주세요.' });

/**
 * Changes to one colourway: its prices, whether it is on sale, and its almost sold-out (품절임박)
 * window (SPEC.md §9 "Shipping rules"): both ends together, the start first; null clears it.
 */
export const DisplayUpdateRequest = z
  .object({
    price: Price.optional(),
    price_discount: Price.optional(),
    is_active: z.boolean().optional(),
    almost_sold_out_from: Instant.nullable().optional(),
    almost_sold_out_until: Instant.nullable().optional(),
  })
  .strict()
  .refine(changesSomething, CHANGE_NOTHING)
  .refine((d) => (d.almost_sold_out_from === undefined) === (d.almost_sold_out_until === undefined), {
    message: '품절임박 기간은 시작과 끝을 함께 보내주세요.',
    path: ['almost_sold_out_until'],
  })
  .refine((d) => (d.almost_sold_out_from === null) === (d.almost_sold_out_until === null), {
    message: '품절임박 기간을 지우려면 시작과 끝을 모두 비워주세요.',
    path: ['almost_sold_out_until'],
  })
  .refine(
    (d) =>
      !d.almost_sold_out_from ||
      !d.almost_sold_out_until ||
      Date.parse(d.almost_sold_out_from) < Date.parse(d.almost_sold_out_until),
    { message: '품절임박 기간의 끝은 시작보다 늦어야 해요.', path: ['almost_sold_out_until'] },
  );

/** Changes to one size: its stock, extra price and whether it is on sale. */
export const ItemUpdateRequest = z
  .object({
    stock: Stock.optional(),
    extra_price: Won(PRODUCT_LIMITS.extraPrice).optional(),
    is_active: z.boolean().optional(),
  })
  .strict()
  .refine(changesSomething, CHANGE_NOTHING);

export const AdminProductRow = z.object({
  product_id: z.number().int(),
  display_id: z.number().int(),
  name: z.string(),
  brand_name: z.string(),
  category_name: z.string(),
  color_name: z.string(),
  price: z.number().int(),
  price_discount: z.number().int(),
  stock: z.number().int(),
  is_active: z.boolean(),
  image_url: z.string(),
  created_at: z.string(),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductDetail = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  measurement_fields: z.array(z.object({ key: z.string(), label: z.string() })),
  name: z.string(),
  description: z.string(),
  material: z.string().nullable(),
  fit: z.string().nullable(),
  season: z.string().nullable(),
  style_tags: z.array(z.string()),
  displays: z.array(
    z.object({
      id: z.number().int(),
      color_name: z.string(),
      color_hex: z.string(),
      price: z.number().int(),
      price_discount: z.number().int(),
      is_active: z.boolean(),
      /** The almost sold-out (품절임박) window, ISO, or null. */
      almost_sold_out_from: z.string().nullable(),
      almost_sold_out_until: z.string().nullable(),
      image_url: z.string(),
      images: z.array(z.string()),
      /** Photos were uploaded (else the storefront shows a generated drawing). */
      has_photos: z.boolean(),
      items: z.array(
        z.object({
          id: z.number().int(),
          size_name: z.string(),
          stock: z.number().int(),
          extra_price: z.number().int(),
          sku: z.string(),
          is_active: z.boolean(),
        }),
      ),
    }),
  ),
  measurements: z.array(z.object({ size_name: z.string(), values: z.record(z.string(), z.number()) })),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetail>;

export const CatalogOptions = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      main: z.string(),
      product_type: z.string(),
      fields: z.array(z.object({ key: z.string(), label: z.string() })),
    }),
  ),
  style_tags: z.array(z.string()),
});
export type CatalogOptions = z.infer<typeof CatalogOptions>;

// ───────────────────────────── benefits (back office) ─────────────────────────────

/** A coupon policy as an MD creates it (docs/ARCHITECTURE.md, "Benefits"; coupons.ts rules). */
export const CouponPolicyInput = z
  .object({
    name: z.string().trim().min(2, '쿠폰 이름을 두 글자 이상 적어주세요.').max(200),
    coupon_type: z.enum(COUPON_TYPES),
    discount_kind: z.enum(DISCOUNT_KINDS),
    discount_value: z
      .number({ error: '할인 값을 숫자로 적어주세요.' })
      .int()
      .positive('할인 값은 0보다 커야 해요.'),
    max_discount: Won(PRODUCT_LIMITS.price).positive().nullable().default(null),
    min_order_amount: Won(PRODUCT_LIMITS.price).default(0),
    scope: z.enum(COUPON_SCOPES).default('ORDER'),
    scope_ids: z.array(RowId).max(500).default([]),
    is_cart_coupon: z.boolean().default(true),
    stackable: z.boolean().default(false),
    allow_time_sale: z.boolean().default(false),
    starts_at: Instant.nullable().default(null),
    ends_at: Instant.nullable().default(null),
    valid_days: z.number().int().min(1).max(365).nullable().default(null),
    per_user_limit: z.number().int().min(1).max(100).default(1),
    total_limit: z.number().int().min(1).max(10_000_000).nullable().default(null),
    serial_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,30}$/, '공용 쿠폰 번호는 영문과 숫자 4~30자예요.')
      .nullable()
      .default(null),
    is_downloadable: z.boolean().default(true),
    is_active: z.boolean().default(true),
  })
  .strict()
  .refine((p) => p.discount_kind !== 'PERCENT' || p.discount_value <= 90, {
    message: '정률 할인은 90% 이하예요.',
    path: ['discount_value'],
  })
  .refine((p) => p.discount_kind !== 'FIXED' || p.discount_value <= PRODUCT_LIMITS.price, {
    message: '정액 할인이 너무 커요.',
    path: ['discount_value'],
  })
  .refine((p) => p.discount_kind === 'PERCENT' || p.max_discount === null, {
    message: '최대 할인 금액은 정률 할인에만 있어요.',
    path: ['max_discount'],
  })
  .refine((p) => p.scope === 'ORDER' || p.scope_ids.length > 0, {
    message: '적용 대상을 하나 이상 골라주세요.',
    path: ['scope_ids'],
  })
  .refine((p) => !p.starts_at || !p.ends_at || Date.parse(p.starts_at) < Date.parse(p.ends_at), {
    message: '종료 시각은 시작 시각보다 뒤여야 해요.',
    path: ['ends_at'],
  })
  .refine((p) => p.valid_days !== null || p.ends_at !== null, {
    message: '사용 기한(발급 후 며칠) 또는 종료 시각을 정해주세요.',
    path: ['valid_days'],
  });
export type CouponPolicyInput = z.input<typeof CouponPolicyInput>;

export const CouponPolicyUpdate = z
  .object({
    is_active: z.boolean().optional(),
    is_downloadable: z.boolean().optional(),
    ends_at: Instant.nullable().optional(),
    total_limit: z.number().int().min(1).max(10_000_000).nullable().optional(),
  })
  .strict()
  .refine(changesSomething, CHANGE_NOTHING);

export const SERIAL_BATCH_MAX = 5000;
export const SerialBatchRequest = z
  .object({
    count: z.number().int().min(1).max(SERIAL_BATCH_MAX, `한 번에 ${SERIAL_BATCH_MAX}개까지 만들 수 있어요.`),
  })
  .strict();

/** An operator's point grant (positive) or take-back (negative), with the reason the member sees. */
export const PointGrantRequest = z
  .object({
    amount: z
      .number({ error: '포인트를 숫자로 적어주세요.' })
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((v) => v !== 0, '0이 아닌 포인트를 적어주세요.'),
    note: z.string().trim().min(2, '사유를 두 글자 이상 적어주세요.').max(100),
    /**
     * One key per intended grant, made by the client (a double click or a retry sends the same
     * key): the grant is paid once and a repeat answers the first answer.
     */
    idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, '요청 키가 올바르지 않습니다.'),
  })
  .strict();

export const MissionInput = z
  .object({
    code: z.string().regex(/^[A-Z][A-Z0-9_]{2,49}$/, '미션 코드는 영문 대문자, 숫자, _ 3~50자예요.'),
    title: z.string().trim().min(2).max(200),
    point: z.number().int().min(0).max(100_000),
    is_active: z.boolean().default(true),
  })
  .strict();
export const MissionUpdate = z
  .object({
    title: z.string().trim().min(2).max(200).optional(),
    point: z.number().int().min(0).max(100_000).optional(),
    is_active: z.boolean().optional(),
  })
  .strict()
  .refine(changesSomething, CHANGE_NOTHING);

// ───────────────────────────── contents (back office) ─────────────────────────────

export const BANNER_PLACEMENTS = ['home_top', 'home_middle', 'category', 'mypage'] as const;
/** Where each placement shows in the shop (the back office's labels; every one is displayed). */
export const BANNER_PLACEMENT_LABELS: Record<(typeof BANNER_PLACEMENTS)[number], string> = {
  home_top: '홈 상단 (슬라이드)',
  home_middle: '홈 중간',
  category: '카테고리',
  mypage: '마이페이지',
};
/** A link inside the shop ('/promotion/3') or to a secure page elsewhere. */
const LinkUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => /^\/(?![/\\])[^\s\\]*$/.test(v) || /^https:\/\/[^\s\\]+$/.test(v),
    '링크는 /로 시작하는 쇼핑몰 주소나 https 주소예요.',
  );

export const BannerInput = z
  .object({
    placement: z.enum(BANNER_PLACEMENTS),
    title: z.string().trim().min(2, '제목을 두 글자 이상 적어주세요.').max(200),
    subtitle: z.string().trim().max(300).default(''),
    link_url: LinkUrl,
    starts_at: Instant.nullable().default(null),
    ends_at: Instant.nullable().default(null),
    sort_order: z.number().int().min(0).max(999).default(0),
    is_active: z.boolean().default(true),
    /** SPEC.md §9: ALL, WEEKDAY (Mon–Thu) or WEEKEND (Fri–Sun), KST. */
    days: z.enum(DAY_GATES).default('ALL'),
  })
  .strict()
  .refine((b) => !b.starts_at || !b.ends_at || Date.parse(b.starts_at) < Date.parse(b.ends_at), {
    message: '종료 시각은 시작 시각보다 뒤여야 해요.',
    path: ['ends_at'],
  });
export type BannerInput = z.input<typeof BannerInput>;

export const BannerUpdate = z
  .object({
    title: z.string().trim().min(2).max(200).optional(),
    subtitle: z.string().trim().max(300).optional(),
    link_url: LinkUrl.optional(),
    starts_at: Instant.nullable().optional(),
    ends_at: Instant.nullable().optional(),
    sort_order: z.number().int().min(0).max(999).optional(),
    is_active: z.boolean().optional(),
    days: z.enum(DAY_GATES).optional(),
  })
  .strict()
  .refine(changesSomething, CHANGE_NOTHING);

export const TIME_SALE_LIMITS = { items: 50, hours: 24 * 14 } as const;
export const TimeSaleInput = z
  .object({
    title: z.string().trim().min(2, '제목을 두 글자 이상 적어주세요.').max(200),
    starts_at: Instant,
    ends_at: Instant,
    items: z
      .array(
        z
          .object({
            product_display_id: RowId,
            sale_price: Price,
            stock_limit: z.number().int().min(1, '한정 수량은 1개 이상이에요.').max(100_000),
          })
          .strict(),
      )
      .min(1, '상품을 하나 이상 넣어주세요.')
      .max(TIME_SALE_LIMITS.items),
  })
  .strict()
  .refine((s) => Date.parse(s.starts_at) < Date.parse(s.ends_at), {
    message: '종료 시각은 시작 시각보다 뒤여야 해요.',
    path: ['ends_at'],
  })
  .refine((s) => Date.parse(s.ends_at) - Date.parse(s.starts_at) <= TIME_SALE_LIMITS.hours * 3_600_000, {
    message: `타임세일은 ${TIME_SALE_LIMITS.hours / 24}일 이내예요.`,
    path: ['ends_at'],
  })
  .refine((s) => new Set(s.items.map((i) => i.product_display_id)).size === s.items.length, {
    message: '같은 상품이 두 번 있어요.',
    path: ['items'],
  });
export type TimeSaleInput = z.input<typeof TimeSaleInput>;

/** A brand as an MD creates or edits it; shipping rules of SPEC.md §9 (fee, free-shipping minimum, cut-offs). */
export const BrandInput = z
  .object({
    name: z.string().trim().min(1, '브랜드 이름을 적어주세요.').max(100),
    name_en: z.string().trim().min(1, '영문 이름을 적어주세요.').max(100),
    slug: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{1,98}[a-z0-9]$/, '주소 이름은 영문 소문자, 숫자, - 3~100자예요.'),
    description: z.string().trim().max(2000).default(''),
    shipping_fee: Won(100_000).default(3000),
    free_shipping_min: Won(PRODUCT_LIMITS.price).default(50000),
    today_shipping: z.boolean().default(false),
    fast_shipping_cutoff: z
      .union([z.literal(11), z.literal(12)])
      .nullable()
      .default(null),
    allows_custom_order: z.boolean().default(false),
    is_contract: z.boolean().default(false),
  })
  .strict();
export type BrandInput = z.input<typeof BrandInput>;
export const BrandUpdate = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    name_en: z.string().trim().min(1).max(100).optional(),
    description: z.string().trim().max(2000).optional(),
    shipping_fee: Won(100_000).optional(),
    free_shipping_min: Won(PRODUCT_LIMITS.price).optional(),
    today_shipping: z.boolean().optional(),
    fast_shipping_cutoff: z
      .union([z.literal(11), z.literal(12)])
      .nullable()
      .optional(),
  })
  .strict()
  .refine(changesSomething, CHANGE_NOTHING);

export const POST_CATEGORIES = [
  '스타일 가이드',
  '코디 추천',
  '트렌드',
  '브랜드 스토리',
  '사이즈 가이드',
  '이벤트',
] as const;
export const POST_STATUSES = ['RUNNING', 'ENDED'] as const;
/** A magazine post: markdown body (the storefront's Markdown renders it as text, never as HTML). */
export const PostInput = z
  .object({
    title: z.string().trim().min(2, '제목을 두 글자 이상 적어주세요.').max(200),
    subtitle: z.string().trim().max(300).default(''),
    body: z.string().trim().min(20, '본문을 20자 이상 적어주세요.').max(50_000),
    category: z.enum(POST_CATEGORIES),
    author: z.string().trim().min(1).max(50),
    status: z.enum(POST_STATUSES).default('RUNNING'),
    published_at: Instant.nullable().default(null),
    product_display_ids: z.array(RowId).max(30).default([]),
  })
  .strict()
  .refine((p) => new Set(p.product_display_ids).size === p.product_display_ids.length, {
    message: '같은 상품이 두 번 있어요.',
    path: ['product_display_ids'],
  });
export type PostInput = z.input<typeof PostInput>;
export const PostUpdate = z
  .object({
    title: z.string().trim().min(2).max(200).optional(),
    subtitle: z.string().trim().max(300).optional(),
    body: z.string().trim().min(20).max(50_000).optional(),
    status: z.enum(POST_STATUSES).optional(),
  })
  .strict()
  .refine(changesSomething, CHANGE_NOTHING);

export const PROMOTION_TYPES = ['SALE', 'EVENT_PRICE', 'BRAND', 'NEW', 'SEASON'] as const;
/** A promotion (기획전): a KST window, its products and an optional coupon to hand out. */
export const PromotionInput = z
  .object({
    title: z.string().trim().min(2, '제목을 두 글자 이상 적어주세요.').max(200),
    subtitle: z.string().trim().max(300).default(''),
    description: z.string().trim().max(5000).default(''),
    promotion_type: z.enum(PROMOTION_TYPES).default('SALE'),
    benefit_label: z.string().trim().max(100).nullable().default(null),
    coupon_policy_id: RowId.nullable().default(null),
    starts_at: Instant,
    ends_at: Instant,
    product_display_ids: z.array(RowId).min(1, '상품을 하나 이상 넣어주세요.').max(200),
  })
  .strict()
  .refine((p) => Date.parse(p.starts_at) < Date.parse(p.ends_at), {
    message: '종료 시각은 시작 시각보다 뒤여야 해요.',
    path: ['ends_at'],
  })
  .refine((p) => new Set(p.product_display_ids).size === p.product_display_ids.length, {
    message: '같은 상품이 두 번 있어요.',
    path: ['product_display_ids'],
  });
export type PromotionInput = z.input<typeof PromotionInput>;

/** An outfit (코디) of a style: two to six products worn together, shown with the curator's name. */
export const CodiInput = z
  .object({
    style_id: RowId.nullable().default(null),
    title: z.string().trim().min(2, '코디 이름을 두 글자 이상 적어주세요.').max(200),
    description: z.string().trim().max(2000).default(''),
    curator_name: z.string().trim().min(1).max(50).nullable().default(null),
    product_display_ids: z
      .array(RowId)
      .min(2, '코디는 상품 두 개 이상이에요.')
      .max(6, '코디는 상품 여섯 개까지예요.'),
  })
  .strict()
  .refine((c) => new Set(c.product_display_ids).size === c.product_display_ids.length, {
    message: '같은 상품이 두 번 있어요.',
    path: ['product_display_ids'],
  });
export type CodiInput = z.input<typeof CodiInput>;
/** Switching a promotion or an outfit off or on. */
export const ActiveUpdate = z.object({ is_active: z.boolean() }).strict();
