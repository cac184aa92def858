/**
 * The product page's coupon-download block: the coupons a shopper can download for the product,
 * and the price after the best coupon (held or downloadable; the first-purchase price is in the price
 * block: FirstPurchasePrice, from the same one request: useProductBenefits). A guest's
 * download opens the login-required popup of type coupon (SPEC.md §6); a failed download shows the
 * server's detail or SPEC.md §8's fallback message.
 */
import { type ApiResult, type CouponOffer, formatWon, MESSAGES, type MultiIssueBody } from '@codiroom/shared';
import { useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { useRootData } from '../lib/root-data';
import { shopperMessage } from '../lib/shopper-text';
import { useMutation } from '../lib/use-mutation';
import { usePopups } from '../shell/popups';
import styles from './CouponDownload.module.css';
import { conditionLabel, discountLabel, untilLabel } from './coupon-text';
import { useProductBenefits } from './product-benefits';

export function CouponDownload({ productDisplayId }: { productDisplayId: number }) {
  const loggedIn = useRootData()?.isLoggedIn ?? false;
  const popups = usePopups();
  // The one benefits request of the page, shared with the price block's FirstPurchasePrice.
  const { data, reload: load } = useProductBenefits(productDisplayId);
  const [note, setNote] = useState<string | null>(null);

  // Not revalidated: the panel is no loader data; it is loaded again after an answer (refusals too).
  const downloadCoupons = useMutation(
    async (ids: number[]): Promise<ApiResult<unknown>> => {
      const res =
        ids.length === 1
          ? await browserApi().request('POST', '/api/benefits/download-coupon', {
              body: { coupon_policy_id: ids[0] },
            })
          : await browserApi().request('POST', '/api/benefits/download-coupons', {
              body: { coupon_list: ids },
            });
      await load();
      return res;
    },
    { revalidate: false, failedText: () => MESSAGES.couponDownloadFallback },
  );
  const busy = downloadCoupons.pending;
  const message = downloadCoupons.error ?? note;

  async function download(offers: CouponOffer[]) {
    if (!loggedIn) {
      popups.open({ kind: 'login', type: 'coupon' });
      return;
    }
    const ids = offers.map((o) => o.coupon_policy_id);
    setNote(null);
    const res = await downloadCoupons.run(ids);
    if (res?.ok && ids.length > 1 && (res.data as MultiIssueBody).issued_count === 0) {
      // download-coupons answers 200 with one result per coupon: nothing issued is a failure.
      const first = (res.data as MultiIssueBody).result.find((r) => r.status === 'error');
      setNote(shopperMessage(first?.detail, MESSAGES.couponDownloadFallback));
    } else if (res?.ok) setNote('쿠폰을 받았어요. 쿠폰함에서 확인할 수 있어요.');
  }

  if (!data) return null;
  const open = data.coupons.filter((c) => !c.is_issued && c.is_exists);
  if (data.coupons.length === 0 && data.best_coupon_price >= data.price_discount) return null;
  return (
    <section className={styles.block} aria-labelledby="coupon-download-title" data-testid="coupon-download">
      <div className={styles.head}>
        <h2 id="coupon-download-title">쿠폰 혜택</h2>
        <p className={styles.best}>
          최대 혜택가 <strong data-testid="best-coupon-price">{formatWon(data.best_coupon_price)}</strong>
        </p>
      </div>
      <ul className={styles.list}>
        {data.coupons.map((c) => (
          <li key={c.coupon_policy_id} className={styles.item} data-testid="coupon-offer">
            <div>
              <p className={styles.amount}>{discountLabel(c)}</p>
              <p>{c.name}</p>
              <p className={styles.cond}>
                {conditionLabel(c)}
                {c.ends_at ? ` · ${untilLabel(c.ends_at)}` : ''}
              </p>
            </div>
            <button
              type="button"
              className={styles.download}
              disabled={busy || c.is_issued || !c.is_exists}
              onClick={() => void download([c])}
            >
              {c.is_issued ? '받음' : c.is_exists ? '받기' : '소진'}
            </button>
          </li>
        ))}
      </ul>
      {open.length > 1 && (
        <button type="button" className={styles.all} disabled={busy} onClick={() => void download(open)}>
          쿠폰 모두 받기
        </button>
      )}
      {message && <output className={styles.message}>{message}</output>}
    </section>
  );
}
