/** Korean labels of coupons, shared by the coupon box and the download block. */
import { type CouponOffer, formatKst, formatWon, type OwnedCoupon } from '@codiroom/shared';

type Fields = Pick<
  OwnedCoupon,
  'discount_kind' | 'discount_value' | 'max_discount' | 'min_order_amount' | 'is_cart_coupon'
>;

/** "10% 할인 (최대 3,000원)" or "5,000원 할인". */
export function discountLabel(c: Fields): string {
  if (c.discount_kind === 'PERCENT') {
    return `${c.discount_value}% 할인${c.max_discount ? ` (최대 ${formatWon(c.max_discount)})` : ''}`;
  }
  return `${formatWon(c.discount_value)} 할인`;
}

/** "50,000원 이상 구매 시 · 장바구니 쿠폰". */
export function conditionLabel(c: Fields): string {
  const min = c.min_order_amount > 0 ? `${formatWon(c.min_order_amount)} 이상 구매 시` : '금액 조건 없음';
  return `${min} · ${c.is_cart_coupon ? '장바구니 쿠폰' : '상품 쿠폰'}`;
}

/** "2026.12.03까지" in KST (no space before 까지). */
export function untilLabel(iso: string | null): string {
  if (!iso) return '';
  return `${formatKst(new Date(Date.parse(iso) - 1000), 'date')}까지`;
}

export type { CouponOffer, OwnedCoupon };
