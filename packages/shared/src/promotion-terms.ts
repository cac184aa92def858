/**
 * A promotion page's 유의사항 (terms), written from the promotion's facts and its coupon policy
 * (SPEC.md §3 "Brand promotion info"; the coupon rules of coupons.ts), never from free text: the
 * KST window, the coupon's discount, minimum order, cap, scope, what it excludes, how long an
 * issued coupon stays valid and how many can be had. docs/ARCHITECTURE.md, 'Contents'.
 */
import type { COUPON_SCOPES, DISCOUNT_KINDS } from './coupons.ts';
import { formatWon } from './price.ts';
import { formatKst } from './time.ts';

export type PromotionCouponFacts = {
  name: string;
  discount_kind: (typeof DISCOUNT_KINDS)[number];
  discount_value: number;
  max_discount: number | null;
  min_order_amount: number;
  scope: (typeof COUPON_SCOPES)[number];
  /** Names of what the scope points at (brands or categories), in order; empty for ORDER. */
  scope_names: string[];
  is_cart_coupon: boolean;
  stackable: boolean;
  allow_time_sale: boolean;
  /** The policy's own window (download and use), ISO instants or null. */
  starts_at: string | null;
  ends_at: string | null;
  valid_days: number | null;
  per_user_limit: number;
  total_limit: number | null;
  is_downloadable: boolean;
};

export type PromotionFacts = {
  starts_at: string;
  ends_at: string;
  coupon: PromotionCouponFacts | null;
};

/** "10% 할인 (최대 30,000원)" or "5,000원 할인". */
export function couponDiscountText(
  c: Pick<PromotionCouponFacts, 'discount_kind' | 'discount_value' | 'max_discount'>,
): string {
  if (c.discount_kind === 'PERCENT') {
    return `${c.discount_value}% 할인${c.max_discount ? ` (최대 ${formatWon(c.max_discount)})` : ''}`;
  }
  return `${formatWon(c.discount_value)} 할인`;
}

/** The last instant of a half-open window [start, end) as shown: one second before its end. */
const lastMoment = (iso: string) => new Date(new Date(iso).getTime() - 1000);

/** "2026.11.01 ~ 2026.11.20" (KST dates; a window ending at midnight ends the day before). */
export function promotionDatesText(startsAt: string, endsAt: string): string {
  return `${formatKst(new Date(startsAt), 'date')} ~ ${formatKst(lastMoment(endsAt), 'date')}`;
}

/** "2026.11.01 00:00 ~ 2026.11.20 23:59" (KST). */
export function promotionPeriodText(startsAt: string, endsAt: string): string {
  return `${formatKst(new Date(startsAt), 'datetime')} ~ ${formatKst(lastMoment(endsAt), 'datetime')}`;
}

function scopeText(c: PromotionCouponFacts): string {
  const names =
    c.scope_names.length > 3
      ? `${c.scope_names.slice(0, 3).join(', ')} 외 ${c.scope_names.length - 3}개`
      : c.scope_names.join(', ');
  switch (c.scope) {
    case 'ORDER':
      return '쿠폰은 코디룸의 모든 상품에 적용돼요.';
    case 'BRAND':
      return `쿠폰은 ${names || '지정 브랜드'} 브랜드 상품에만 적용돼요.`;
    case 'CATEGORY':
      return `쿠폰은 ${names || '지정 카테고리'} 카테고리 상품에만 적용돼요.`;
    default:
      return '쿠폰은 이 기획전의 지정 상품에만 적용돼요.';
  }
}

/** The terms (유의사항), one sentence each, in the order the page lists them. */
export function promotionTerms(f: PromotionFacts): string[] {
  const terms = [`기획전 기간: ${promotionPeriodText(f.starts_at, f.ends_at)} (한국 시간)`];
  const c = f.coupon;
  if (c) {
    terms.push(`${c.name}: ${couponDiscountText(c)}`);
    terms.push(
      c.min_order_amount > 0
        ? `${formatWon(c.min_order_amount)} 이상 구매 시 사용할 수 있어요${c.is_cart_coupon ? ' (쿠폰 적용 상품 합계 기준)' : ' (상품 1개 라인 금액 기준)'}.`
        : '최소 주문 금액 없이 사용할 수 있어요.',
    );
    if (c.discount_kind === 'PERCENT' && c.max_discount) {
      terms.push(`할인 금액은 최대 ${formatWon(c.max_discount)}까지예요.`);
    }
    terms.push(scopeText(c));
    if (!c.allow_time_sale) terms.push('타임세일 중인 상품에는 쿠폰을 사용할 수 없어요.');
    terms.push(
      c.is_cart_coupon
        ? c.stackable
          ? '장바구니 쿠폰이며, 다른 장바구니 쿠폰 1장과 함께 쓸 수 있어요.'
          : '장바구니 쿠폰이며, 주문 1건에 장바구니 쿠폰 1장만 쓸 수 있어요.'
        : '상품 쿠폰이며, 상품 1개 라인에 1장만 쓸 수 있어요.',
    );
    if (c.valid_days) {
      terms.push(
        `받은 날부터 ${c.valid_days}일 동안(마지막 날 24:00까지) 쓸 수 있어요${c.ends_at ? `. 단, ${formatKst(lastMoment(c.ends_at), 'datetime')} 이후에는 쓸 수 없어요` : ''}.`,
      );
    } else if (c.ends_at) {
      terms.push(`쿠폰은 ${formatKst(lastMoment(c.ends_at), 'datetime')}까지 쓸 수 있어요.`);
    }
    if (c.is_downloadable) {
      terms.push(`1인 ${c.per_user_limit}회 받을 수 있어요.`);
      if (c.total_limit !== null)
        terms.push(`선착순 ${c.total_limit.toLocaleString('ko-KR')}장 한정이며, 소진되면 받을 수 없어요.`);
    } else {
      terms.push('이 쿠폰은 직접 받는 쿠폰이 아니라 조건을 채우면 자동으로 지급돼요.');
    }
    terms.push('주문을 취소하거나 반품하면 쓴 쿠폰을 돌려드려요. 다만 유효기간이 지난 쿠폰은 쓸 수 없어요.');
  }
  terms.push('기획전 상품은 재고가 소진되면 기간 중에도 판매가 끝날 수 있어요.');
  return terms;
}
