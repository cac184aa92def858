/** Review sorts and report reasons (SPEC.md "Reviews"): lists the product page shows, apart from
 * the wire schemas (review-schemas.ts) so the page carries no zod. */

export const REVIEW_SORTS = ['best', 'newest', 'rating_high', 'rating_low', 'photo'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REPORT_REASONS = ['SPAM', 'ABUSE', 'UNRELATED', 'PRIVACY', 'OTHER'] as const;
export const REPORT_REASON_LABEL: Record<(typeof REPORT_REASONS)[number], string> = {
  SPAM: '광고·도배',
  ABUSE: '욕설·비방',
  UNRELATED: '상품과 관계없음',
  PRIVACY: '개인정보 노출',
  OTHER: '기타',
};
