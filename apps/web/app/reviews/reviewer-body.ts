/**
 * The reviewer's height and weight as the review form sends them (SPEC.md 'Reviews'; the API's
 * `ReviewerBody`): each field empty (left out: the member's size info is kept) or a whole number
 * within BODY_LIMITS; anything else is a message for the form and nothing is sent.
 */
import { BODY_LIMITS } from '@codiroom/shared';

export type ReviewerBody = { height?: number; weight?: number };

export function reviewerBody(height: string, weight: string): { body: ReviewerBody } | { error: string } {
  const body: ReviewerBody = {};
  for (const [key, text, label, unit] of [
    ['height', height, '키', 'cm'],
    ['weight', weight, '몸무게', 'kg'],
  ] as const) {
    const t = text.trim();
    if (t === '') continue;
    const n = Number(t);
    const { min, max } = BODY_LIMITS[key];
    if (!/^\d+$/.test(t) || n < min || n > max)
      return { error: `${label}는 ${min}~${max}${unit} 사이의 숫자로 써주세요.` };
    body[key] = n;
  }
  return { body };
}
