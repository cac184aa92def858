/**
 * The member's referral code on 마이페이지 with a share action: the Web Share API where the device
 * has it, else the invite link copied to the clipboard with a toast. The link opens the invite
 * landing (/invited_landing), whose button carries the code into /signup. What each side gets is
 * what the server gives: the friend, at sign-up, the first-purchase coupon every new member gets
 * (SIGN_UP_COUPON_TEXT, the constants issuing.ts grantSignUpCoupon follows); the inviting member,
 * nothing (the server records `referred_by` and credits no reward), so the screen promises none.
 */
import { SIGN_UP_COUPON_TEXT, withJosa } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import popupStyles from '../shell/popups.module.css';
import page from '../styles/page.module.css';
import styles from './ReferralCard.module.css';

export function inviteUrl(origin: string, code: string): string {
  return `${origin}/invited_landing?referral_code=${encodeURIComponent(code)}`;
}

export function ReferralCard({ code }: { code: string }) {
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    const t = window.setTimeout(() => setToast(null), 2500);
    return () => window.clearTimeout(t);
  }, [toast]);

  async function share() {
    const url = inviteUrl(window.location.origin, code);
    const text = `코디룸에서 함께 옷 골라요. 가입하면 ${SIGN_UP_COUPON_TEXT}을 받아요. 추천인 코드: ${code}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: '코디룸 친구 초대', text, url });
        return;
      } catch (err) {
        // The shopper closed the share sheet: nothing to say.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(`${text}\n${url}`);
      setToast('초대 링크를 복사했어요. 친구에게 붙여넣어 보내 주세요.');
    } catch {
      setToast(`복사하지 못했어요. 추천인 코드 ${withJosa(code, '을/를')} 직접 알려 주세요.`);
    }
  }

  return (
    <section className={page.intro} aria-labelledby="referral-title" data-testid="referral">
      <h2 id="referral-title">친구 초대</h2>
      <p>
        내 추천인 코드{' '}
        <strong data-testid="referral-code" className={styles.code}>
          {code}
        </strong>
      </p>
      <ul className={`${page.muted} ${styles.benefits}`}>
        <li>친구: 이 코드로 가입하면 가입 즉시 {SIGN_UP_COUPON_TEXT}을 받아요.</li>
        <li>나: 친구 초대에 따로 드리는 적립금이나 쿠폰은 없어요.</li>
      </ul>
      <button type="button" className={`${page.button} ${page.buttonOutline}`} onClick={() => void share()}>
        초대 링크 공유하기
      </button>
      {toast && (
        <output className={popupStyles.toast} aria-live="polite">
          {toast}
        </output>
      )}
    </section>
  );
}
