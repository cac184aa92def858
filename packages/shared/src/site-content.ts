/**
 * Content the back office edits for the shop: the card interest-free notice (SPEC.md §9
 * "Interest-free card default minimum") and the women's landing submissions (SPEC.md §6).
 */
import { z } from 'zod';
import { INTEREST_FREE_CARD_DEFAULT_MIN } from './constants.ts';

/** The card interest-free notice (무이자 할부 안내) as the back office stores it. */
export const InterestFreeNotice = z.object({
  /** What the shopper reads, e.g. "2~5개월 무이자 (카드사별 상이)". */
  text: z.string().trim().min(1).max(300),
  /** The payable amount (won) from which the notice is shown. */
  min_amount: z.number().int().min(0).max(100_000_000),
  is_active: z.boolean(),
});
export type InterestFreeNotice = z.infer<typeof InterestFreeNotice>;

export const InterestFreeNoticeBody = InterestFreeNotice.extend({ updated_at: z.iso.datetime().nullable() });
export type InterestFreeNoticeBody = z.infer<typeof InterestFreeNoticeBody>;

/** The notice before an operator has edited it: SPEC.md §9's default minimum. */
export const DEFAULT_INTEREST_FREE_NOTICE: InterestFreeNotice = {
  text: '카드 무이자 할부 가능 (카드사별 개월 수 상이)',
  min_amount: INTEREST_FREE_CARD_DEFAULT_MIN,
  is_active: true,
};

/** One stored submission of the women's landing (POST /api/admin/contents/female-landing). */
export const FemaleLandingSubmission = z.object({
  title: z.string(),
  subtitle: z.string(),
  banner_image_url: z.string().nullable(),
  product_display_ids: z.array(z.number().int()),
  is_active: z.boolean(),
  submitted_at: z.iso.datetime(),
  /** The operator who sent it (null for the ADMIN_API_KEY). */
  operator_name: z.string().nullable(),
});
export type FemaleLandingSubmission = z.infer<typeof FemaleLandingSubmission>;
export const FemaleLandingListBody = z.object({ result: z.array(FemaleLandingSubmission) });
export type FemaleLandingListBody = z.infer<typeof FemaleLandingListBody>;
/** How many past submissions the back office keeps and lists. */
export const FEMALE_LANDING_HISTORY_MAX = 100;
