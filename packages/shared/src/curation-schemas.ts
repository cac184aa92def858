/**
 * Missions (docs/ARCHITECTURE.md, 'Benefits'): GET /api/curations/mission and the rule that decides whether a
 * member has completed a mission. The API reads the member's facts (style quiz, reviews, push
 * consent, personal colour, daily quiz answers) and both the mission list and
 * POST /api/benefits/receive-mission-point decide with missionCompleted, so they never disagree.
 */
import { z } from 'zod';
import { ProductCard } from './schemas.ts';

const Int = z.number().int();

/** Consecutive KST days of daily quiz answers the DAILY_QUIZ_7 mission asks for. */
export const DAILY_QUIZ_STREAK_DAYS = 7;

/** What the API knows about a member, as far as missions care. */
export type MissionFacts = {
  /** The member submitted a style quiz. */
  styleQuiz: boolean;
  reviewCount: number;
  /** Reviews carrying at least one photo. */
  photoReviewCount: number;
  /** App push (is_app_alert) is on. */
  appPushConsent: boolean;
  /** The member took the personal colour quiz. */
  personalColor: boolean;
  /** The KST dates (YYYY-MM-DD) of the daily quizzes the member answered, any order. */
  dailyQuizDates: readonly string[];
};

/** The missions the shop knows, with the text and the page that helps the member finish them. */
export const MISSION_GUIDES: Record<string, { description: string; action_path: string | null }> = {
  STYLE_QUIZ: {
    description: '스타일 퀴즈에 답하면 취향에 맞는 코디를 추천해드려요.',
    action_path: '/stylequiz',
  },
  FIRST_REVIEW: {
    description: '구매한 상품의 첫 리뷰를 남겨주세요.',
    action_path: '/mypage/reviews',
  },
  PHOTO_REVIEW: {
    description: '사진을 한 장 이상 담아 리뷰를 남겨주세요.',
    action_path: '/mypage/reviews',
  },
  APP_PUSH_CONSENT: {
    description: '앱 푸시 알림을 켜고 새 코디와 혜택 소식을 받아보세요.',
    action_path: null,
  },
  PERSONAL_COLOR: {
    description: '퍼스널 컬러 진단을 완료해주세요.',
    action_path: '/personal_color',
  },
  DAILY_QUIZ_7: {
    description: `데일리 퀴즈에 ${DAILY_QUIZ_STREAK_DAYS}일 연속으로 참여해주세요.`,
    // Today's question is on MY큐레이션.
    action_path: '/curation',
  },
};

/** The day after a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
function nextDate(d: string): string {
  const t = Date.parse(`${d}T00:00:00Z`) + 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The longest run of consecutive calendar dates among `dates` (duplicates count once). */
export function longestDayStreak(dates: readonly string[]): number {
  const days = [...new Set(dates.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)))].sort();
  let best = 0;
  let run = 0;
  let prev: string | null = null;
  for (const d of days) {
    run = prev !== null && nextDate(prev) === d ? run + 1 : 1;
    best = Math.max(best, run);
    prev = d;
  }
  return best;
}

/** Missions a member's visible reviews complete: a review that stops counting can undo them. */
export const REVIEW_MISSION_CODES = ['FIRST_REVIEW', 'PHOTO_REVIEW'] as const;

/**
 * Whether the facts complete the mission `code`. A code without a rule here is completed only
 * when a completion was recorded for it (the caller checks that separately).
 */
export function missionCompleted(code: string, f: MissionFacts): boolean {
  switch (code) {
    case 'STYLE_QUIZ':
      return f.styleQuiz;
    case 'FIRST_REVIEW':
      return f.reviewCount > 0;
    case 'PHOTO_REVIEW':
      return f.photoReviewCount > 0;
    case 'APP_PUSH_CONSENT':
      return f.appPushConsent;
    case 'PERSONAL_COLOR':
      return f.personalColor;
    case 'DAILY_QUIZ_7':
      return longestDayStreak(f.dailyQuizDates) >= DAILY_QUIZ_STREAK_DAYS;
    default:
      return false;
  }
}

export const Mission = z.object({
  id: Int,
  code: z.string(),
  title: z.string(),
  description: z.string(),
  /** Points credited on receive. */
  point: Int,
  is_completed: z.boolean(),
  /** The points were already received (then is_completed is true too). */
  is_received: z.boolean(),
  received_at: z.string().nullable(),
  /** A storefront page that helps finishing the mission, when there is one. */
  action_path: z.string().nullable(),
});
export type Mission = z.infer<typeof Mission>;

export const MissionListBody = z.object({
  result: z.array(Mission),
  /** Points of completed missions not yet received. */
  receivable_point: Int,
  /** The member's point balance. */
  balance: Int,
});
export type MissionListBody = z.infer<typeof MissionListBody>;

// ───────────────────────────── curations ─────────────────────────────

/** GET /api/curations/get-curation-info: the member's latest published curation, outfit by outfit. */
export const CurationInfoBody = z.object({
  curation: z
    .object({
      id: Int,
      title: z.string().nullable(),
      message: z.string().nullable(),
      curator_name: z.string().nullable(),
      /** The curator's note to the member (the stylist's touch), when a curator added one. */
      curator_note: z.string().nullable(),
      /**
       * Whether a person changed, annotated or published it; false: the engine's draft as it stood
       * ("AI가 고른 코디", curation-rules.ts curationByline).
       */
      touched_by_curator: z.boolean(),
      delivered_at: z.string().nullable(),
      rating: Int.nullable(),
      outfits: z.array(
        z.object({
          index: Int,
          items: z.array(
            z.object({
              role: z.string(),
              size_name: z.string().nullable(),
              /** The item to put in the cart (that size, in stock now); null when it sold out. */
              product_item_id: Int.nullable(),
              reasons: z.array(z.string()),
              product: ProductCard,
            }),
          ),
        }),
      ),
    })
    .nullable(),
});
export type CurationInfoBody = z.infer<typeof CurationInfoBody>;

/** POST /api/curations/post-rating. */
export const CurationRatingRequest = z
  .object({
    id: z.number().int().min(1).max(2_147_483_647),
    rating: z.number().int().min(1).max(5),
    wanted_detail: z.string().trim().max(500).optional(),
  })
  .strict();
export type CurationRatingRequest = z.infer<typeof CurationRatingRequest>;
export const CurationRatingBody = z.object({
  id: Int,
  rating: Int.nullable(),
  wanted_detail: z.string().nullable(),
});
export type CurationRatingBody = z.infer<typeof CurationRatingBody>;

// ───────────────────────────── requests, styles, payment ─────────────────────────────

/** A curation the member asked for and has not received yet (GET /api/curations/get-styling-request). */
export const StylingRequest = z.object({
  id: Int,
  /** WAITING: on the waiting list (curators at capacity); PREPARING: drafted, with a curator until published. */
  status: z.enum(['WAITING', 'PREPARING']),
  source: z.enum(['QUIZ', 'REQUEST']),
  styles: z.array(z.string()),
  requested_at: z.string(),
  /** PREPARING: when it is published at the latest. */
  expected_at: z.string().nullable(),
  /** WAITING: requests ahead of this one on the waiting list (0 = next). */
  waiting_ahead: Int.nullable(),
});
export type StylingRequest = z.infer<typeof StylingRequest>;
export const StylingRequestList = z.object({ result: z.array(StylingRequest) });
export type StylingRequestList = z.infer<typeof StylingRequestList>;

/** POST /api/curations/user-style: the styles the member wants now; `request` asks for a new curation in them. */
export const UserStyleRequest = z
  .object({
    styles: z
      .array(z.string().min(1).max(20))
      .min(1)
      .max(5)
      .refine((a) => new Set(a).size === a.length, 'each value once'),
    request: z.boolean().default(false),
  })
  .strict();
export type UserStyleRequest = z.infer<typeof UserStyleRequest>;
export const UserStyleBody = z.object({
  liked_styles: z.array(z.string()),
  /** The request opened now (request: true). */
  request: StylingRequest.nullable(),
  next_ai_curation_left: Int,
});
export type UserStyleBody = z.infer<typeof UserStyleBody>;

/** GET /api/curations/payment-type: MY큐레이션 is free, a few AI curations a KST month. */
export const CurationPaymentType = z.object({
  payment_type: z.literal('FREE'),
  price: Int,
  monthly_ai_curations: Int,
  next_ai_curation_left: Int,
});
export type CurationPaymentType = z.infer<typeof CurationPaymentType>;

/** GET /api/curations/get-curation-styles/{id}: the styles of one of one's curations. */
export const CurationStylesBody = z.object({
  id: Int,
  /** The liked styles the curation was drafted for (the quiz, or the request's styles). */
  asked_styles: z.array(z.string()),
  /** Style tags of the picks, most frequent first. */
  styles: z.array(z.object({ tag: z.string(), count: Int })),
  outfits: z.array(z.object({ index: Int, styles: z.array(z.string()), colors: z.string().nullable() })),
});
export type CurationStylesBody = z.infer<typeof CurationStylesBody>;
