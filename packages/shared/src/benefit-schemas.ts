/**
 * Wire schemas of the benefit calls (API-CATALOGUE.md "Benefits", best-coupon-combs, products-with-coupons,
 * product benefits and coupons) and the benefit constants (SPEC.md, 'Business constants and limits';
 * docs/ARCHITECTURE.md, 'Benefits').
 */
import { z } from 'zod';
import { COUPON_SCOPES, DISCOUNT_KINDS } from './coupons.ts';
import { Pagination } from './schemas.ts';

const Int = z.number().int();
const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const COUPON_TYPES = [
  'CODI',
  'PROMOTION',
  'MONTHLY_CODI_COUPON',
  'WELCOME',
  'FIRST_PURCHASE',
  'SERIAL',
  'EVENT',
  'BRAND',
  'PRODUCT',
  /** Only drawn by event-random-coupon-weekend (Fri–Sun KST); never by event-random-coupon. */
  'EVENT_WEEKEND',
] as const;
export const CouponTypeEnum = z.enum(COUPON_TYPES);
export type CouponType = z.infer<typeof CouponTypeEnum>;

/**
 * SPEC.md §9 names the first-purchase coupon id as 1895 in one place and 2241 in another. Settled:
 * both are accepted as aliases of the one FIRST_PURCHASE policy (resolved by type, whatever its
 * database id), so clients built on either reading work.
 */
export const FIRST_PURCHASE_COUPON_LEGACY_IDS = [1895, 2241] as const;
/** SPEC.md §4: the PROMOTION coupon is auto-issued only before 2025-03-17 (KST). */
export const PROMOTION_AUTO_ISSUE_UNTIL = '2025-03-17T00:00:00+09:00';
/** Points stay valid this many days after they are earned (or returned). */
export const POINT_VALID_DAYS = 365;
/** Coupons expiring within this many days are counted as "expiring soon". */
export const COUPON_EXPIRING_SOON_DAYS = 7;
export const POINT_HISTORY_PAGE_SIZE = 20;

export const BENEFIT_MESSAGES = {
  alreadyIssued: '이미 발급받은 쿠폰입니다.',
  soldOut: '선착순 쿠폰이 모두 소진되었습니다.',
  notFound: '존재하지 않는 쿠폰입니다.',
  notDownloadable: '다운로드할 수 없는 쿠폰입니다.',
  notInPeriod: '쿠폰 발급 기간이 아닙니다.',
  noneOfType: '받을 수 있는 쿠폰이 없습니다.',
  serialInvalid: '유효하지 않은 쿠폰 번호입니다.',
  serialUsed: '이미 사용된 쿠폰 번호입니다.',
  notFirstPurchase: '첫 구매 고객만 받을 수 있는 쿠폰입니다.',
  firstPurchaseOnce: '첫 구매 쿠폰은 한 사람에 한 번만 받을 수 있어요.',
  weekendOnly: '주말(금~일)에만 받을 수 있는 쿠폰입니다.',
  weekdayOnly: '평일(월~목)에만 받을 수 있는 쿠폰입니다.',
  couponUsed: '이미 사용된 쿠폰입니다.',
  pointShort: '포인트가 부족합니다.',
  missionNotDone: '미션을 완료하지 않았습니다.',
  missionRewarded: '이미 포인트를 받은 미션입니다.',
  missionNotFound: '존재하지 않는 미션입니다.',
} as const;

export const CouponStatusEnum = z.enum(['USABLE', 'USED', 'EXPIRED']);

const PolicyFields = {
  coupon_policy_id: Int,
  name: z.string(),
  coupon_type: CouponTypeEnum,
  discount_kind: z.enum(DISCOUNT_KINDS),
  discount_value: Int,
  max_discount: Int.nullable(),
  min_order_amount: Int,
  scope: z.enum(COUPON_SCOPES),
  is_cart_coupon: z.boolean(),
  stackable: z.boolean(),
  allow_time_sale: z.boolean(),
};

/** An issued coupon of the member (SPEC.md §3 Coupon: coupon_id, coupon_policy_id …). */
export const OwnedCoupon = z.object({
  coupon_id: Int,
  ...PolicyFields,
  issued_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  order_id: Int.nullable(),
  status: CouponStatusEnum,
});
export type OwnedCoupon = z.infer<typeof OwnedCoupon>;

/** A coupon policy as offered for download; is_issued: the caller holds one; is_exists: left to issue. */
export const CouponOffer = z.object({
  ...PolicyFields,
  coupon_id: Int.nullable(),
  is_issued: z.boolean(),
  is_exists: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** The discount on the product asked about (one unit), when a product was given. */
  discount: Int.nullable(),
});
export type CouponOffer = z.infer<typeof CouponOffer>;

export const CouponOfferList = z.object({ result: z.array(CouponOffer) });
export type CouponOfferList = z.infer<typeof CouponOfferList>;
export const OwnedCouponList = z.object({ result: z.array(OwnedCoupon) });
export type OwnedCouponList = z.infer<typeof OwnedCouponList>;

/** GET /api/benefits/coupon-list: the coupon box tabs. */
export const CouponBox = z.object({
  usable: z.array(OwnedCoupon),
  expired: z.array(OwnedCoupon),
  usable_count: Int,
});
export type CouponBox = z.infer<typeof CouponBox>;

export const CouponExistsBody = z.object({ is_exists: z.boolean(), count: Int });
export const HasCouponBody = z.object({ result: z.boolean(), count: Int });
export const CouponStatusBody = z.object({
  usable_count: Int,
  expiring_soon_count: Int,
  used_count: Int,
  expired_count: Int,
  point: Int,
});
export type CouponStatusBody = z.infer<typeof CouponStatusBody>;
export const CouponListStatusBody = z.object({
  result: z.array(
    z.object({
      coupon_policy_id: Int,
      coupon_id: Int.nullable(),
      is_issued: z.boolean(),
      is_exists: z.boolean(),
    }),
  ),
});

/** A comma list of ids in a query string ("1,2,3"). */
export const IdListQuery = z
  .string()
  .max(2000)
  .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, 'expected a comma list of ids')
  .transform((v) => [...new Set(v.split(',').map((x) => Number(x.trim())))].filter((n) => n > 0))
  .refine((a) => a.length > 0 && a.length <= 100, 'expected 1 to 100 ids');

/** A comma list of ids in order, repeats kept (callers pairing it with another list check them). */
export const IdSequenceQuery = z
  .string()
  .max(2000)
  .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, 'expected a comma list of ids')
  .transform((v) => v.split(',').map((x) => Number(x.trim())))
  .refine((a) => a.length > 0 && a.length <= 100 && a.every((n) => n > 0), 'expected 1 to 100 ids');

/** Quantities as a comma list, one per id, each 1–99. */
export const QuantityListQuery = z
  .string()
  .max(400)
  .regex(/^\s*\d{1,2}(\s*,\s*\d{1,2})*\s*$/, 'expected a comma list of quantities')
  .transform((v) => v.split(',').map((x) => Number(x.trim())))
  .refine((a) => a.every((n) => n >= 1 && n <= 99), 'quantities are 1 to 99');

export const IssueCouponRequest = z.object({ coupon_policy_id: Id });
export const DownloadCouponRequest = z
  .object({ coupon_type: CouponTypeEnum.optional(), coupon_policy_id: Id.optional() })
  .refine((b) => b.coupon_type !== undefined || b.coupon_policy_id !== undefined, {
    message: 'coupon_type or coupon_policy_id is required',
    path: ['coupon_type'],
  });
export const DownloadCouponsRequest = z.object({ coupon_list: z.array(Id).min(1).max(50) });
export const DownloadByTypeRequest = z.object({ coupon_type: CouponTypeEnum });
export const SerialRequest = z.object({ serial: z.string().trim().min(1).max(50) });
export const MissionRequest = z.object({ mission: z.union([Id, z.string().trim().min(1).max(50)]) });
export const DownloadableRequest = z.object({
  product_display_id: Id.optional(),
  brand_id: Id.optional(),
});

export const IssueResultBody = z.object({
  result: z.literal('success'),
  coupon: OwnedCoupon,
});
export type IssueResultBody = z.infer<typeof IssueResultBody>;
/**
 * GET event-random-coupon-status: which random coupon draw is open today (SPEC.md §9: weekday
 * means Mon–Thu and weekend Fri–Sun, KST) and, for a member, whether they can still draw.
 */
export const EventRandomStatusBody = z.object({
  week_part: z.enum(['WEEKDAY', 'WEEKEND']),
  /** Today's KST date, "2026-11-27". */
  date: z.string(),
  /** The open draw still has a coupon the caller does not hold (for a guest: any coupon). */
  can_draw: z.boolean(),
});
export type EventRandomStatusBody = z.infer<typeof EventRandomStatusBody>;
export const MultiIssueBody = z.object({
  issued_count: Int,
  result: z.array(
    z.object({
      coupon_policy_id: Int,
      status: z.enum(['success', 'error']),
      coupon_id: Int.nullable(),
      detail: z.string().nullable(),
    }),
  ),
});
export type MultiIssueBody = z.infer<typeof MultiIssueBody>;

export const PointEntry = z.object({
  id: Int,
  amount: Int,
  reason: z.string(),
  title: z.string(),
  balance_after: Int,
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type PointEntry = z.infer<typeof PointEntry>;
export const PointHistoryBody = Pagination.extend({ result: z.array(PointEntry), point: Int });
export type PointHistoryBody = z.infer<typeof PointHistoryBody>;
export const MissionPointBody = z.object({ result: z.literal('success'), point: Int, balance: Int });

// ── orders: best combination and per-line options ──
export const CouponLineQuery = z
  .object({
    is_app: z.enum(['true', 'false', '1', '0']).optional(),
    /** Kept in order and not deduplicated here, so each quantity stays paired with its id. */
    product_item_ids: IdSequenceQuery,
    /** Optional quantities in the same order (default: the cart's quantity, else 1). */
    quantities: QuantityListQuery.optional(),
  })
  .superRefine((q, ctx) => {
    // With quantities, a repeated id would leave the two lists misaligned: refuse it (400).
    if (q.quantities !== undefined && new Set(q.product_item_ids).size !== q.product_item_ids.length)
      ctx.addIssue({
        code: 'custom',
        path: ['product_item_ids'],
        message: 'duplicate product_item_ids: give each id once when quantities are given',
      });
  });

export const BestCouponLine = z.object({
  product_item_id: Int,
  product_display_id: Int,
  name: z.string(),
  quantity: Int,
  amount: Int,
  coupon_id: Int.nullable(),
  coupon_name: z.string().nullable(),
  discount: Int,
});
export const BestCouponCombBody = z.object({
  result: z.object({
    lines: z.array(BestCouponLine),
    cart_coupon_ids: z.array(Int),
    /** What each chosen cart-wide coupon takes off as applied (after the line coupons). */
    cart_coupons: z.array(z.object({ coupon_id: Int, discount: Int })),
    cart_discount: Int,
    total_discount: Int,
    total_amount: Int,
    payable_amount: Int,
  }),
});
export type BestCouponCombBody = z.infer<typeof BestCouponCombBody>;

/**
 * POST /api/orders/post-coupon3: a chosen set of coupons applied to an order form (its lines), checked
 * again under every coupon rule; the answer has the same shape as best-coupon-combs.
 */
export const PostCoupon3Request = z.object({
  items: z
    .array(z.object({ product_item_id: Id, quantity: z.coerce.number().int().min(1).max(99) }))
    .min(1)
    .max(100),
  line_coupons: z
    .array(z.object({ product_item_id: Id, coupon_id: Id }))
    .max(100)
    .default([]),
  cart_coupon_ids: z.array(Id).max(2).default([]),
});
export type PostCoupon3Request = z.infer<typeof PostCoupon3Request>;

export const CouponOption = z.object({ coupon_id: Int, name: z.string(), discount: Int });
export const ProductsWithCouponsBody = z.object({
  result: z.array(
    z.object({
      product_item_id: Int,
      product_display_id: Int,
      name: z.string(),
      size_name: z.string(),
      unit_price: Int,
      quantity: Int,
      is_time_sale: z.boolean(),
      coupons: z.array(CouponOption),
    }),
  ),
  cart_coupons: z.array(CouponOption),
});
export type ProductsWithCouponsBody = z.infer<typeof ProductsWithCouponsBody>;

// ── product pages ──
export const ProductBenefitsBody = z.object({
  product_display_id: Int,
  price: Int,
  price_discount: Int,
  /**
   * The "첫 구매 시" price (docs/ARCHITECTURE.md, 'Prices'): one unit bought alone with the
   * first-purchase coupon, as checkout applies it (shipping not included); null when the caller
   * cannot get it (a member after their first paid order, or whose coupon is used or expired) or
   * the coupon takes nothing off this product.
   */
  first_discount_price: Int.nullable(),
  /** Whether the caller is a member who has not bought yet (first-purchase benefits apply). */
  is_first_purchase: z.boolean(),
  /** One unit after the best coupon the caller holds or can download. */
  best_coupon_price: Int,
  best_coupon: CouponOffer.nullable(),
  coupons: z.array(CouponOffer),
});
export type ProductBenefitsBody = z.infer<typeof ProductBenefitsBody>;
export const ProductCouponsBody = z.object({
  result: z.array(CouponOffer),
  best_price: Int,
  /** As ProductBenefitsBody.first_discount_price. */
  first_discount_price: Int.nullable(),
});
export type ProductCouponsBody = z.infer<typeof ProductCouponsBody>;
