import { describe, expect, it } from 'vitest';
import { INTEREST_FREE_CARD_DEFAULT_MIN } from '../src/constants.ts';
import { interestFreeLine } from '../src/price.ts';
import { DEFAULT_INTEREST_FREE_NOTICE, InterestFreeNotice } from '../src/site-content.ts';

describe('interestFreeLine (SPEC.md §9 "Interest-free card default minimum")', () => {
  it('shows the default notice from 50,000원 of payable amount', () => {
    expect(DEFAULT_INTEREST_FREE_NOTICE.min_amount).toBe(INTEREST_FREE_CARD_DEFAULT_MIN);
    expect(interestFreeLine(DEFAULT_INTEREST_FREE_NOTICE, 49_990)).toBeNull();
    expect(interestFreeLine(DEFAULT_INTEREST_FREE_NOTICE, 50_000)).toBe(
      '50,000원 이상 결제 시 카드 무이자 할부 가능 (카드사별 개월 수 상이)',
    );
  });
  it('follows the edited minimum and text, and shows nothing when switched off', () => {
    const n = { text: '3개월 무이자', min_amount: 100_000, is_active: true };
    expect(interestFreeLine(n, 99_999)).toBeNull();
    expect(interestFreeLine(n, 100_000)).toBe('100,000원 이상 결제 시 3개월 무이자');
    expect(interestFreeLine({ ...n, min_amount: 0 }, 1)).toBe('3개월 무이자');
    expect(interestFreeLine({ ...n, is_active: false }, 1_000_000)).toBeNull();
    expect(interestFreeLine(n, Number.NaN)).toBeNull();
  });
  it('refuses an empty text or a negative or fractional minimum', () => {
    expect(InterestFreeNotice.safeParse({ text: ' ', min_amount: 0, is_active: true }).success).toBe(false);
    expect(InterestFreeNotice.safeParse({ text: 'a', min_amount: -1, is_active: true }).success).toBe(false);
    expect(InterestFreeNotice.safeParse({ text: 'a', min_amount: 1.5, is_active: true }).success).toBe(false);
  });
});
