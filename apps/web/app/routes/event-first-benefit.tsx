/**
 * /event/first_benefit (SPEC.md §2: open to visitors without signing in): the first-purchase
 * coupon explained — FIRST_PURCHASE_COUPON_RATE_PERCENT off, at most
 * FIRST_PURCHASE_COUPON_MAX_DISCOUNT, given at sign-up, once per person, for the first order
 * (SPEC.md §9 "Coupons and prices").
 */
import {
  FIRST_PURCHASE_COUPON_MAX_DISCOUNT,
  FIRST_PURCHASE_COUPON_RATE_PERCENT,
  formatWon,
} from '@codiroom/shared';
import { Link } from 'react-router';
import { FramePage } from '../components/FramePage';
import { useRootData } from '../lib/root-data';
import page from '../styles/page.module.css';
import type { Route } from './+types/event-first-benefit';
import styles from './public.module.css';

export function meta(_: Route.MetaArgs) {
  return [
    { title: '첫 구매 혜택 | 코디룸' },
    {
      name: 'description',
      content: `코디룸 첫 구매 쿠폰: ${FIRST_PURCHASE_COUPON_RATE_PERCENT}% 할인 (최대 ${formatWon(FIRST_PURCHASE_COUPON_MAX_DISCOUNT)})`,
    },
  ];
}

/** The order amount from which the coupon reaches its cap (7% of it is the maximum discount). */
const CAP_FROM =
  Math.ceil((FIRST_PURCHASE_COUPON_MAX_DISCOUNT * 100) / FIRST_PURCHASE_COUPON_RATE_PERCENT / 10) * 10;

export default function FirstBenefit() {
  const loggedIn = useRootData()?.isLoggedIn ?? false;
  const rate = FIRST_PURCHASE_COUPON_RATE_PERCENT;
  const max = formatWon(FIRST_PURCHASE_COUPON_MAX_DISCOUNT);
  return (
    <FramePage
      title="첫 구매 혜택"
      heading={`첫 구매 ${rate}% 할인 쿠폰`}
      text="코디룸에서 처음 주문하시는 분께 드리는 쿠폰이에요."
    >
      <section className={page.section} data-testid="first-benefit">
        <p className={styles.description}>
          <strong data-testid="first-benefit-terms">
            {rate}% 할인 · 최대 {max}
          </strong>
        </p>
        <ul className={page.prose}>
          <li>회원가입하면 쿠폰함에 바로 들어와요. 한 사람(휴대폰 번호)에 한 번만 받을 수 있어요.</li>
          <li>첫 주문에 쓸 수 있어요. 결제 화면에서 가장 큰 혜택으로 자동 적용돼요.</li>
          <li>
            할인은 상품 금액의 {rate}%이고, {formatWon(CAP_FROM)} 이상 주문하면 최대 {max}까지 할인돼요.
          </li>
          <li>상품 페이지의 ‘첫 구매 시’ 가격은 이 쿠폰을 쓴 가격이에요.</li>
        </ul>
        <p className={page.toolbar}>
          {loggedIn ? (
            <Link to="/mypage/coupons" className={page.button}>
              쿠폰함에서 확인하기
            </Link>
          ) : (
            <Link to="/signup" className={page.button}>
              가입하고 쿠폰 받기
            </Link>
          )}
        </p>
        <p className={page.muted}>
          <Link to="/event/random_coupon">오늘의 랜덤 쿠폰도 받아 보세요 ›</Link>
        </p>
      </section>
    </FramePage>
  );
}
