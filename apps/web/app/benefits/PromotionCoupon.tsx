/**
 * A promotion page's coupon (SPEC.md §3 "Brand promotion info"): what it gives, its conditions and
 * the download. The caller's state (already held, none left) comes from the guest call
 * can-download-coupon-list; the download is POST download-coupon. A guest's download opens the
 * login-required popup of type coupon (SPEC.md §6), as on the product page.
 */
import {
  type PromotionCoupon as Coupon,
  couponDiscountText,
  formatKst,
  formatWon,
  MESSAGES,
} from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { useRootData } from '../lib/root-data';
import { useMutation } from '../lib/use-mutation';
import { usePopups } from '../shell/popups';
import styles from './CouponDownload.module.css';

type State = 'unknown' | 'open' | 'issued' | 'gone';

export function PromotionCoupon({ coupon, running }: { coupon: Coupon; running: boolean }) {
  const loggedIn = useRootData()?.isLoggedIn ?? false;
  const popups = usePopups();
  const offered = coupon.is_downloadable && coupon.is_open && running;
  const [state, setState] = useState<State>(offered ? 'unknown' : 'gone');
  const [note, setNote] = useState<string | null>(null);

  // The caller's own state: held already, or none left for them (getOr: the block still shows).
  useEffect(() => {
    if (!offered) return;
    let live = true;
    void browserApi()
      .getOr('/api/benefits/can-download-coupon-list', null)
      .then((list) => {
        if (!live) return;
        const mine = list?.result.find((o) => o.coupon_policy_id === coupon.coupon_policy_id);
        setState(mine ? (mine.is_issued ? 'issued' : mine.is_exists ? 'open' : 'gone') : 'open');
      });
    return () => {
      live = false;
    };
  }, [offered, coupon.coupon_policy_id]);

  const download = useMutation(
    () =>
      browserApi().request('POST', '/api/benefits/download-coupon', {
        body: { coupon_policy_id: coupon.coupon_policy_id },
      }),
    {
      revalidate: false,
      failedText: () => MESSAGES.couponDownloadFallback,
      onSuccess: () => {
        setState('issued');
        setNote('쿠폰을 받았어요. 쿠폰함에서 확인할 수 있어요.');
      },
    },
  );

  function onDownload() {
    if (!loggedIn) {
      popups.open({ kind: 'login', type: 'coupon' });
      return;
    }
    setNote(null);
    void download.run();
  }

  const label = !coupon.is_downloadable
    ? '자동 지급'
    : state === 'issued'
      ? '받음'
      : state === 'gone' || !offered
        ? running
          ? '소진'
          : '종료'
        : '쿠폰 받기';
  const message = download.error ?? note;
  return (
    <section className={styles.block} aria-labelledby="promotion-coupon-title" data-testid="promotion-coupon">
      <div className={styles.head}>
        <h2 id="promotion-coupon-title">기획전 쿠폰</h2>
      </div>
      <div className={styles.item}>
        <div>
          <p className={styles.amount}>{couponDiscountText(coupon)}</p>
          <p>{coupon.name}</p>
          <p className={styles.cond}>
            {coupon.min_order_amount > 0
              ? `${formatWon(coupon.min_order_amount)} 이상 구매 시`
              : '금액 조건 없음'}
            {coupon.ends_at
              ? ` · ${formatKst(new Date(Date.parse(coupon.ends_at) - 1000), 'datetime')}까지`
              : ''}
          </p>
        </div>
        {coupon.is_downloadable ? (
          <button
            type="button"
            className={styles.download}
            disabled={download.pending || state !== 'open'}
            onClick={onDownload}
          >
            {label}
          </button>
        ) : (
          <span className={styles.cond}>{label}</span>
        )}
      </div>
      {message && <output className={styles.message}>{message}</output>}
    </section>
  );
}
