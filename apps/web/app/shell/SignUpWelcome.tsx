/**
 * The new member's welcome: the first page after sign-up (phone or social) says they are in and
 * which coupon they received (SIGN_UP_COUPON_TEXT, given at sign-up), with a link to the coupons.
 * A banner in the page's flow, not a dialog, so it never stands between the member and what they
 * came back to (the product they were buying, the style quiz).
 */
import { SIGN_UP_COUPON_TEXT } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import styles from './SignUpWelcome.module.css';

/** Set by sign-up just before it leaves for the next page (a full load), which then shows it. */
const KEY = 'signUpWelcome';

/** Sign-up succeeded: the next page welcomes the new member. */
export function markSignUpWelcome(): void {
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {}
}

function takeSignUpWelcome(): boolean {
  try {
    const v = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return v === '1';
  } catch {
    return false;
  }
}

export function SignUpWelcome() {
  const { pathname } = useLocation();
  // The page it was shown on: leaving it (or 닫기) puts it away.
  const [shownOn, setShownOn] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on the first page after sign-up
  useEffect(() => {
    if (takeSignUpWelcome()) setShownOn(pathname);
  }, []);
  if (shownOn === null || shownOn !== pathname) return null;
  return (
    <section className={styles.welcome} aria-label="가입 환영" data-testid="sign-up-welcome">
      <p>
        <strong>코디룸 가입을 환영해요!</strong>
        <br />
        {SIGN_UP_COUPON_TEXT}을 드렸어요. 첫 주문에 바로 쓸 수 있어요.
      </p>
      <span className={styles.actions}>
        <Link to="/mypage/coupons">쿠폰함 보기</Link>
        <button type="button" onClick={() => setShownOn(null)}>
          닫기
        </button>
      </span>
    </section>
  );
}
