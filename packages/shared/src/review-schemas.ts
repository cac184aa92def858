/**
 * Wire schemas of the reviews API (API-CATALOGUE.md "Reviews /api/reviews/") and the size
 * recommendation (docs/ARCHITECTURE.md, "Reviews" and "Sizing").
 */
import { z } from 'zod';
import { SIZE_FEELS } from './constants.ts';
import { REPORT_REASONS, REVIEW_SORTS } from './review-lists.ts';
import { Pagination } from './schemas.ts';
import { BODY_LIMITS, FIT_PREFERENCES, isUsualShoeSize } from './sizing.ts';

export const SizeFeelEnum = z.enum(SIZE_FEELS);

/** Review text bounds (characters). */
export const REVIEW_TEXT = { min: 10, max: 2000 } as const;
/** A review can be edited for this many days after it was written. */
export const REVIEW_EDIT_DAYS = 30;
/** Photos per review, and bytes per photo. */
export const REVIEW_PHOTO_LIMITS = { count: 5, bytes: 10 * 1024 * 1024 } as const;

/**
 * Review credit (points), Musinsa-like tiers: a quick review, a text review, a photo review; a
 * complete size review adds a bonus. Paid once per order item, topped up to the tier reached.
 */
export const REVIEW_CREDIT = { QUICK: 50, TEXT: 300, PHOTO: 1000, SIZE_BONUS: 200 } as const;

/** The credit a review has earned: its tier plus the size bonus. */
export function reviewCredit(r: {
  is_quick: boolean;
  content_length: number;
  photo_count: number;
  size_review_complete: boolean;
}): number {
  const tier = r.is_quick
    ? REVIEW_CREDIT.QUICK
    : r.photo_count > 0
      ? REVIEW_CREDIT.PHOTO
      : r.content_length >= REVIEW_TEXT.min
        ? REVIEW_CREDIT.TEXT
        : 0;
  return tier + (r.size_review_complete ? REVIEW_CREDIT.SIZE_BONUS : 0);
}

const Int = z.number().int();
const Rating = z.number().int().min(1).max(5);
const ContentText = z
  .string()
  .trim()
  .min(REVIEW_TEXT.min, `후기는 ${REVIEW_TEXT.min}자 이상 써주세요.`)
  .max(REVIEW_TEXT.max);
const OrderItemId = z.number().int().min(1).max(2_147_483_647);

export const ReviewPhoto = z.object({ id: Int, image_url: z.string(), order: Int });

export const ReviewItem = z.object({
  id: Int,
  product_display_id: Int,
  rating: Int,
  content: z.string(),
  size_feel: SizeFeelEnum.nullable(),
  size_name: z.string().nullable(),
  color_name: z.string().nullable(),
  height: Int.nullable(),
  weight: Int.nullable(),
  is_quick: z.boolean(),
  /** The writer's name, masked (김**). */
  user_name: z.string(),
  photos: z.array(ReviewPhoto),
  helpful_count: Int,
  /** Whether the signed-in member found it helpful (false for guests). */
  is_helpful: z.boolean(),
  is_mine: z.boolean(),
  /** Imported from another shop. */
  is_imported: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

export const ReviewDetail = ReviewItem.extend({
  product: z.object({
    id: Int,
    name: z.string(),
    image_url: z.string(),
    brand_name: z.string(),
    product_type: z.string(),
  }),
  /** The order item it was written from (the writer's only; null for others and imports). */
  order_item_id: Int.nullable(),
  /** Until when the writer may edit it (ISO), null when not the writer's. */
  editable_until: z.string().nullable(),
});
export type ReviewDetail = z.infer<typeof ReviewDetail>;

export const ReviewListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  count: z.coerce.number().int().min(1).max(50).default(10),
  height_min: z.coerce.number().int().min(BODY_LIMITS.height.min).max(BODY_LIMITS.height.max).optional(),
  height_max: z.coerce.number().int().min(BODY_LIMITS.height.min).max(BODY_LIMITS.height.max).optional(),
  weight_min: z.coerce.number().int().min(BODY_LIMITS.weight.min).max(BODY_LIMITS.weight.max).optional(),
  weight_max: z.coerce.number().int().min(BODY_LIMITS.weight.min).max(BODY_LIMITS.weight.max).optional(),
  size: z.string().trim().min(1).max(20).optional(),
  /** Bodies like mine: the member's size info (height ±5, weight ±6); ignored without one. */
  similar: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type ReviewListQuery = z.input<typeof ReviewListQuery>;

export const ReviewSummary = z.object({
  product_display_id: Int,
  review_count: Int,
  rating_average: z.number(),
  photo_review_count: Int,
  /** Share of size feels among reviews that gave one. */
  size_feel: z.object({ SMALL: Int, FIT: Int, LARGE: Int }),
  rating_counts: z.object({ 1: Int, 2: Int, 3: Int, 4: Int, 5: Int }),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

export const ReviewListBody = z.object({
  summary: ReviewSummary,
  sort: z.enum(REVIEW_SORTS),
  result: z.array(ReviewItem),
  pagination: Pagination,
  /** The body filter applied by `similar` (null when none). */
  similar_body: z.object({ height: Int, weight: Int }).nullable(),
});
export type ReviewListBody = z.infer<typeof ReviewListBody>;

/** GET /api/reviews/product-review-photo/{id}: how many photos (the strip shows 3). */
export const ReviewPhotoStripQuery = z.object({ count: z.coerce.number().int().min(1).max(50).default(3) });

export const ReviewPhotoStripBody = z.object({
  total_count: Int,
  result: z.array(z.object({ review_id: Int, image_url: z.string() })),
});
export type ReviewPhotoStripBody = z.infer<typeof ReviewPhotoStripBody>;

/**
 * The reviewer's height and weight as the review form asks them (prefilled from 내 사이즈): kept on
 * the review, so it counts for bodies like the reviewer's (나와 비슷한 체형, the size model).
 * Either may be left out; without them the member's size info at writing is kept.
 */
const ReviewerBody = {
  height: z.number().int().min(BODY_LIMITS.height.min).max(BODY_LIMITS.height.max).optional(),
  weight: z.number().int().min(BODY_LIMITS.weight.min).max(BODY_LIMITS.weight.max).optional(),
};

export const ReviewRequest = z
  .object({
    order_item_id: OrderItemId,
    rating: Rating,
    content: ContentText,
    size_feel: SizeFeelEnum.optional(),
    ...ReviewerBody,
  })
  .strict();
export type ReviewRequest = z.infer<typeof ReviewRequest>;

export const ReviewUpdateRequest = z
  .object({
    rating: Rating.optional(),
    content: ContentText.optional(),
    size_feel: SizeFeelEnum.nullable().optional(),
    ...ReviewerBody,
  })
  .strict();
export type ReviewUpdateRequest = z.infer<typeof ReviewUpdateRequest>;

export const QuickReviewRequest = z
  .object({ order_item_id: OrderItemId, rating: Rating, size_feel: SizeFeelEnum })
  .strict();
export type QuickReviewRequest = z.infer<typeof QuickReviewRequest>;

export const ReviewReportRequest = z
  .object({ reason: z.enum(REPORT_REASONS), detail: z.string().trim().max(500).optional() })
  .strict();

export const ReviewHelpfulBody = z.object({ review_id: Int, is_helpful: z.boolean(), helpful_count: Int });
export type ReviewHelpfulBody = z.infer<typeof ReviewHelpfulBody>;

/** The areas a size review rates (small / fits / large), beside the overall fit. */
export const SIZE_REVIEW_AREAS = ['chest', 'waist', 'length', 'shoulder', 'sleeve', 'thigh'] as const;
export type SizeReviewArea = (typeof SIZE_REVIEW_AREAS)[number];
/** The areas that apply to a product type (a complete size review rates all of them). */
export const SIZE_REVIEW_AREAS_BY_TYPE: Record<string, readonly SizeReviewArea[]> = {
  TOP: ['chest', 'length', 'shoulder', 'sleeve'],
  OUTER: ['chest', 'length', 'shoulder', 'sleeve'],
  BOTTOM: ['waist', 'length', 'thigh'],
};

const AreaFields = {
  chest: SizeFeelEnum.nullable().optional(),
  waist: SizeFeelEnum.nullable().optional(),
  length: SizeFeelEnum.nullable().optional(),
  shoulder: SizeFeelEnum.nullable().optional(),
  sleeve: SizeFeelEnum.nullable().optional(),
  thigh: SizeFeelEnum.nullable().optional(),
};

export const SizeReviewRequest = z
  .object({ order_item_id: OrderItemId, fit: SizeFeelEnum, ...AreaFields, ...ReviewerBody })
  .strict();
export type SizeReviewRequest = z.infer<typeof SizeReviewRequest>;
export const SizeReviewUpdateRequest = z
  .object({
    id: z.number().int().min(1).max(2_147_483_647),
    fit: SizeFeelEnum.optional(),
    ...AreaFields,
    ...ReviewerBody,
  })
  .strict();
export type SizeReviewUpdateRequest = z.infer<typeof SizeReviewUpdateRequest>;

export const SizeReviewItem = z.object({
  id: Int,
  order_item_id: Int.nullable(),
  product_display_id: Int,
  product_name: z.string(),
  size_name: z.string(),
  fit: SizeFeelEnum,
  chest: SizeFeelEnum.nullable(),
  waist: SizeFeelEnum.nullable(),
  length: SizeFeelEnum.nullable(),
  shoulder: SizeFeelEnum.nullable(),
  sleeve: SizeFeelEnum.nullable(),
  thigh: SizeFeelEnum.nullable(),
  height: Int.nullable(),
  weight: Int.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SizeReviewItem = z.infer<typeof SizeReviewItem>;
export const SizeReviewListBody = z.object({ result: z.array(SizeReviewItem) });
export type SizeReviewListBody = z.infer<typeof SizeReviewListBody>;

/** An order item the member may review, or has reviewed. */
export const ReviewableItem = z.object({
  order_item_id: Int,
  order_id: z.string(),
  product_display_id: Int,
  product_type: z.string(),
  name: z.string(),
  image_url: z.string(),
  brand_name: z.string(),
  size_name: z.string(),
  color_name: z.string(),
  delivered_at: z.string().nullable(),
  review_id: Int.nullable(),
  size_review_id: Int.nullable(),
  /** Points the review would earn now (text / photo tier plus the size bonus). */
  credit_available: Int,
});
export type ReviewableItem = z.infer<typeof ReviewableItem>;
export const ReviewableListBody = z.object({ result: z.array(ReviewableItem) });
export type ReviewableListBody = z.infer<typeof ReviewableListBody>;
export const MyReviewsBody = z.object({ result: z.array(ReviewDetail), pagination: Pagination });
export type MyReviewsBody = z.infer<typeof MyReviewsBody>;

export const ReviewCreatedBody = z.object({ review: ReviewDetail, credit_paid: Int });
export type ReviewCreatedBody = z.infer<typeof ReviewCreatedBody>;

// ───────────────────────────── size recommendation ─────────────────────────────

export const RecommendedSizeQuery = z.object({
  height: z.coerce.number().min(BODY_LIMITS.height.min).max(BODY_LIMITS.height.max).optional(),
  weight: z.coerce.number().min(BODY_LIMITS.weight.min).max(BODY_LIMITS.weight.max).optional(),
  fit: z.enum(FIT_PREFERENCES).optional(),
  /** Shoes (an addition): the shopper's usual shoe size in mm, e.g. 270. */
  shoe_size: z
    .string()
    .regex(/^\d{3}$/, '신발 사이즈는 230처럼 mm로 입력해주세요.')
    .refine(isUsualShoeSize, '신발 사이즈는 230~300mm 사이에서 5mm 단위로 입력해주세요.')
    .optional(),
});

export const RecommendedSizeBody = z.object({
  product_display_id: Int,
  recommended_size: z.string().nullable(),
  /** The probability that the recommended size fits (0–1). */
  confidence: z.number(),
  /**
   * body_and_reviews (height and weight with the sheet and size reviews), body (sheet only),
   * size_info (the member's usual size for this type; for shoes, with the reviews' lean),
   * purchase_history, none.
   */
  basis: z.enum(['body_and_reviews', 'body', 'size_info', 'purchase_history', 'none']),
  explanation: z.string().nullable(),
  sizes: z.array(
    z.object({
      size_name: z.string(),
      is_sold_out: z.boolean(),
      /** Ease at the key dimension (cm, garment minus body), null without a size sheet row. */
      ease: z.number().nullable(),
      small: z.number(),
      fits: z.number(),
      large: z.number(),
    }),
  ),
  /** The body used: given or from the member's size info, with the estimated measurements. */
  body: z
    .object({
      height: z.number(),
      weight: z.number(),
      fit: z.enum(FIT_PREFERENCES),
      chest: z.number(),
      waist: z.number(),
      hip: z.number(),
      shoulder: z.number(),
      arm: z.number(),
      inseam: z.number(),
      thigh: z.number(),
    })
    .nullable(),
  /** Size reviews the answer used, and the product's estimated offset from its sheet (cm). */
  reviews_used: Int,
  offset: z.number(),
});
export type RecommendedSizeBody = z.infer<typeof RecommendedSizeBody>;

// ───────────────────────────── import ─────────────────────────────

/** One line of POST /api/admin/reviews/import (application/x-ndjson). */
export const ImportedReviewLine = z
  .object({
    external_id: z.string().trim().min(1).max(100),
    product_display_id: z.number().int().min(1).max(2_147_483_647),
    size_name: z.string().trim().min(1).max(20),
    height: z.number().min(BODY_LIMITS.height.min).max(BODY_LIMITS.height.max),
    weight: z.number().min(BODY_LIMITS.weight.min).max(BODY_LIMITS.weight.max),
    fit: SizeFeelEnum,
    rating: z.number().int().min(1).max(5).optional(),
    content: z.string().trim().max(REVIEW_TEXT.max).optional(),
    created_at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type ImportedReviewLine = z.infer<typeof ImportedReviewLine>;

export const ReviewImportBody = z.object({
  imported: Int,
  updated: Int,
  rejected: Int,
  /** The first rejected lines (1-based line number and the reason). */
  errors: z.array(z.object({ line: Int, reason: z.string() })),
});
export type ReviewImportBody = z.infer<typeof ReviewImportBody>;
