import { BODY_LIMITS } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import { reviewerBody } from '../app/reviews/reviewer-body.ts';

describe('reviewerBody (the review form’s height and weight)', () => {
  it('sends whole numbers within the body limits, and leaves out empty fields', () => {
    expect(reviewerBody('175', '72')).toEqual({ body: { height: 175, weight: 72 } });
    expect(reviewerBody(' 180 ', '')).toEqual({ body: { height: 180 } });
    expect(reviewerBody('', '')).toEqual({ body: {} });
    expect(reviewerBody(String(BODY_LIMITS.height.min), String(BODY_LIMITS.weight.max))).toEqual({
      body: { height: BODY_LIMITS.height.min, weight: BODY_LIMITS.weight.max },
    });
  });

  it('refuses what the API would refuse, with a message naming the field', () => {
    expect(reviewerBody(String(BODY_LIMITS.height.max + 1), '72')).toEqual({
      error: `키는 ${BODY_LIMITS.height.min}~${BODY_LIMITS.height.max}cm 사이의 숫자로 써주세요.`,
    });
    expect(reviewerBody('175', '72.5')).toHaveProperty('error');
    expect(reviewerBody('175', '-3')).toHaveProperty('error');
    expect(reviewerBody('키', '')).toHaveProperty('error');
  });
});
