/**
 * The style quiz (docs/ARCHITECTURE.md, "Style quiz"): POST /api/v1/curations/style-quiz and GET
 * /api/curations/style-quiz. The answers are what the curation engine reads (curation-engine.ts):
 * the body and sizes (kept as the member's size info), liked and disliked styles, liked and avoided
 * colours, the budget for one outfit (한 벌), occasions and things to avoid (curation-rules.ts).
 */
import { z } from 'zod';
import type { QuizAvoid } from './curation-rules.ts';
import { BODY_LIMITS, FIT_PREFERENCES } from './sizing.ts';
import { NEUTRAL_COLORS, OCCASIONS, STYLE_TAGS } from './vocabulary.ts';

/** Colours the quiz offers (the shop's colour names). */
export const QUIZ_COLORS = [
  ...NEUTRAL_COLORS,
  '스카이블루',
  '라이트블루',
  '블루',
  '버건디',
  '와인',
  '그린',
  '포레스트그린',
  '머스타드',
  '핑크',
  '라벤더',
  '민트',
  '레드',
] as const;
export const BODY_SHAPES = ['slim', 'standard', 'muscular', 'belly'] as const;
export const QUIZ_AVOIDS = [
  'shorts',
  'logo',
  'skinny',
  'oversized',
  'loud_pattern',
  'bright_color',
] as const satisfies readonly QuizAvoid[];
/** Korean labels of the quiz's codes, for screens that show a member's answers (the back office). */
export const QUIZ_AVOID_LABELS: Record<(typeof QUIZ_AVOIDS)[number], string> = {
  shorts: '반바지',
  logo: '큰 로고',
  skinny: '스키니핏',
  oversized: '오버핏',
  loud_pattern: '화려한 패턴',
  bright_color: '밝은 원색',
};
export const BODY_SHAPE_LABELS: Record<(typeof BODY_SHAPES)[number], string> = {
  slim: '마른 편',
  standard: '보통',
  muscular: '근육형',
  belly: '배가 나온 편',
};
export const FIT_PREFERENCE_LABELS: Record<string, string> = {
  slim: '슬림핏',
  regular: '레귤러핏',
  loose: '여유핏',
};
/** A code as its Korean label where one is known, else the code. */
export const quizLabel = (labels: Record<string, string>, code: string): string => labels[code] ?? code;
/** The budget for one outfit (한 벌) the quiz accepts (won). */
export const QUIZ_BUDGET = { min: 10_000, max: 2_000_000 } as const;

const distinct = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((a) => new Set(a).size === a.length, 'each value once');

export const StyleQuizRequest = z
  .object({
    height: z.number().int().min(BODY_LIMITS.height.min).max(BODY_LIMITS.height.max).optional(),
    weight: z.number().int().min(BODY_LIMITS.weight.min).max(BODY_LIMITS.weight.max).optional(),
    body_shape: z.enum(BODY_SHAPES).optional(),
    fit_preference: z.enum(FIT_PREFERENCES).optional(),
    /** Usual sizes by product type, e.g. {"TOP":"L","BOTTOM":"32"}. */
    sizes: z
      .partialRecord(z.enum(['TOP', 'OUTER', 'BOTTOM', 'SHOES']), z.string().trim().min(1).max(20))
      .optional(),
    liked_styles: distinct(z.enum(STYLE_TAGS), STYLE_TAGS.length).refine(
      (a) => a.length >= 1,
      'choose at least one',
    ),
    disliked_styles: distinct(z.enum(STYLE_TAGS), STYLE_TAGS.length).default([]),
    liked_colors: distinct(z.enum(QUIZ_COLORS), QUIZ_COLORS.length).default([]),
    avoided_colors: distinct(z.enum(QUIZ_COLORS), QUIZ_COLORS.length).default([]),
    budget_max: z.number().int().min(QUIZ_BUDGET.min).max(QUIZ_BUDGET.max).nullable().default(null),
    occasions: distinct(z.enum(OCCASIONS), OCCASIONS.length).refine(
      (a) => a.length >= 1,
      'choose at least one',
    ),
    avoid: distinct(z.enum(QUIZ_AVOIDS), QUIZ_AVOIDS.length).default([]),
  })
  .strict()
  .refine((q) => !q.liked_styles.some((s) => q.disliked_styles.includes(s)), {
    message: 'a style cannot be both liked and disliked',
    path: ['disliked_styles'],
  })
  .refine((q) => !q.liked_colors.some((c) => q.avoided_colors.includes(c)), {
    message: 'a colour cannot be both liked and avoided',
    path: ['avoided_colors'],
  })
  .refine((q) => (q.height === undefined) === (q.weight === undefined), {
    message: 'height and weight go together',
    path: ['weight'],
  });
export type StyleQuizRequest = z.infer<typeof StyleQuizRequest>;
export type StyleQuizAnswers = z.output<typeof StyleQuizRequest>;

/** SPEC.md: the client reads SUCCESS when `status` is present. */
export const StyleQuizSaved = z.object({
  status: z.literal('SUCCESS'),
  id: z.number().int(),
  /** Coupon policies issued now (CODI, and PROMOTION before 2025-03-17), once per member. */
  issued_coupon_policy_ids: z.array(z.number().int()),
  /**
   * True when the first curation could not be made: the quiz's rules (budget for one outfit,
   * season, things to avoid, sizes) left too few products; the member is offered to widen them.
   */
  curation_unfilled: z.boolean(),
});
export type StyleQuizSaved = z.infer<typeof StyleQuizSaved>;

/** A style-quiz photo as its owner sees it: the image URL is signed and works for an hour. */
export const StyleQuizPhoto = z.object({
  id: z.number().int(),
  photo_type: z.enum(['FACE', 'BODY']),
  image_url: z.string(),
  created_at: z.string(),
});
export type StyleQuizPhoto = z.infer<typeof StyleQuizPhoto>;

export const StyleQuizBody = z.object({
  id: z.number().int(),
  answers: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  /** The member's FACE and BODY photos (at most one of each). */
  photos: z.array(StyleQuizPhoto),
});
export type StyleQuizBody = z.infer<typeof StyleQuizBody>;
