import { describe, expect, it } from 'vitest';
import {
  couponDiscountText,
  type PromotionCouponFacts,
  promotionDatesText,
  promotionPeriodText,
  promotionTerms,
} from '../src/promotion-terms.ts';

const coupon: PromotionCouponFacts = {
  name: '가을 아우터 10% 쿠폰',
  discount_kind: 'PERCENT',
  discount_value: 10,
  max_discount: 30_000,
  min_order_amount: 50_000,
  scope: 'CATEGORY',
  scope_names: ['코트', '자켓'],
  is_cart_coupon: false,
  stackable: false,
  allow_time_sale: false,
  starts_at: '2026-10-31T15:00:00Z',
  ends_at: '2026-11-20T15:00:00Z',
  valid_days: null,
  per_user_limit: 1,
  total_limit: 500,
  is_downloadable: true,
};
const window = { starts_at: '2026-10-31T15:00:00Z', ends_at: '2026-11-20T15:00:00Z' };

describe('promotion terms from facts', () => {
  it('shows the window in KST, its end as the last minute', () => {
    expect(promotionPeriodText(window.starts_at, window.ends_at)).toBe('2026.11.01 00:00 ~ 2026.11.20 23:59');
    expect(promotionDatesText(window.starts_at, window.ends_at)).toBe('2026.11.01 ~ 2026.11.20');
    expect(promotionDatesText('2026-11-01T03:00:00Z', '2026-11-05T03:00:00Z')).toBe(
      '2026.11.01 ~ 2026.11.05',
    );
  });

  it('writes the coupon terms: discount, minimum, cap, scope, exclusions, validity, limits', () => {
    const terms = promotionTerms({ ...window, coupon });
    expect(terms[0]).toBe('기획전 기간: 2026.11.01 00:00 ~ 2026.11.20 23:59 (한국 시간)');
    expect(terms).toContain('가을 아우터 10% 쿠폰: 10% 할인 (최대 30,000원)');
    expect(terms).toContain('50,000원 이상 구매 시 사용할 수 있어요 (상품 1개 라인 금액 기준).');
    expect(terms).toContain('할인 금액은 최대 30,000원까지예요.');
    expect(terms).toContain('쿠폰은 코트, 자켓 카테고리 상품에만 적용돼요.');
    expect(terms).toContain('타임세일 중인 상품에는 쿠폰을 사용할 수 없어요.');
    expect(terms).toContain('쿠폰은 2026.11.20 23:59까지 쓸 수 있어요.');
    expect(terms).toContain('1인 1회 받을 수 있어요.');
    expect(terms).toContain('선착순 500장 한정이며, 소진되면 받을 수 없어요.');
  });

  it('changes with the facts', () => {
    const cart = promotionTerms({
      ...window,
      coupon: {
        ...coupon,
        discount_kind: 'FIXED',
        discount_value: 5000,
        max_discount: null,
        min_order_amount: 0,
        scope: 'BRAND',
        scope_names: ['어반테일러'],
        is_cart_coupon: true,
        stackable: true,
        allow_time_sale: true,
        valid_days: 7,
        total_limit: null,
      },
    });
    expect(cart).toContain('최소 주문 금액 없이 사용할 수 있어요.');
    expect(cart).toContain('쿠폰은 어반테일러 브랜드 상품에만 적용돼요.');
    expect(cart).toContain('장바구니 쿠폰이며, 다른 장바구니 쿠폰 1장과 함께 쓸 수 있어요.');
    expect(cart.join('\n')).not.toContain('타임세일');
    expect(cart.join('\n')).not.toContain('최대');
    expect(cart.join('\n')).not.toContain('선착순');
    expect(cart).toContain(
      '받은 날부터 7일 동안(마지막 날 24:00까지) 쓸 수 있어요. 단, 2026.11.20 23:59 이후에는 쓸 수 없어요.',
    );
    const auto = promotionTerms({ ...window, coupon: { ...coupon, is_downloadable: false } });
    expect(auto).toContain('이 쿠폰은 직접 받는 쿠폰이 아니라 조건을 채우면 자동으로 지급돼요.');
    expect(auto.join('\n')).not.toContain('1인 1회');
  });

  it('without a coupon: only the window and the stock note', () => {
    expect(promotionTerms({ ...window, coupon: null })).toEqual([
      '기획전 기간: 2026.11.01 00:00 ~ 2026.11.20 23:59 (한국 시간)',
      '기획전 상품은 재고가 소진되면 기간 중에도 판매가 끝날 수 있어요.',
    ]);
  });

  it('shortens long scope lists', () => {
    const terms = promotionTerms({
      ...window,
      coupon: { ...coupon, scope_names: ['코트', '자켓', '블루종', '패딩', '베스트'] },
    });
    expect(terms).toContain('쿠폰은 코트, 자켓, 블루종 외 2개 카테고리 상품에만 적용돼요.');
    expect(couponDiscountText({ discount_kind: 'FIXED', discount_value: 3000, max_discount: null })).toBe(
      '3,000원 할인',
    );
  });
});
