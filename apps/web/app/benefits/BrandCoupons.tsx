/**
 * The brand page's coupons (API-CATALOGUE.md `GET /api/benefits/can-download-brand-coupon-list`):
 * the brand's coupons open for download, each with 받기. A guest's download opens the
 * login-required popup of type coupon (SPEC.md §6), as on the product page; a failed download
 * shows the server's detail or SPEC.md §8's fallback message.
 */
import { type CouponOffer, MESSAGES } from '@codiroom/shared';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { useRootData } from '../lib/root-data';
import { inOwnTask } from '../lib/tasks';
import { useMutation } from '../lib/use-mutation';
import { usePopups } from '../shell/popups';
import styles from './CouponDownload.module.css';
import { conditionLabel, discountLabel, untilLabel } from './coupon-text';

export function BrandCoupons({ brandId }: { brandId: number }) {
  const loggedIn = useRootData()?.isLoggedIn ?? false;
  const popups = usePopups();
  const [offers, setOffers] = useState<CouponOffer[]>([]);
  const [note, setNote] = useState<string | null>(null);

  // getOr: the coupons are an optional block; without an answer the brand page shows none.
  const load = useCallback(async () => {
    const list = await browserApi().getOr('/api/benefits/can-download-brand-coupon-list', null, {
      brand_id: brandId,
    });
    setOffers(list?.result ?? []);
  }, [brandId]);
  useEffect(() => inOwnTask(() => void load()), [load]);

  const download = useMutation(
    async (id: number) => {
      const res = await browserApi().request('POST', '/api/benefits/download-coupon', {
        body: { coupon_policy_id: id },
      });
      await load();
      return res;
    },
    {
      revalidate: false,
      failedText: () => MESSAGES.couponDownloadFallback,
      onSuccess: () => setNote('쿠폰을 받았어요. 쿠폰함에서 확인할 수 있어요.'),
    },
  );

  function onDownload(c: CouponOffer) {
    if (!loggedIn) {
      popups.open({ kind: 'login', type: 'coupon' });
      return;
    }
    setNote(null);
    void download.run(c.coupon_policy_id);
  }

  if (offers.length === 0) return null;
  const message = download.error ?? note;
  return (
    <section className={styles.block} aria-labelledby="brand-coupons-title" data-testid="brand-coupons">
      <div className={styles.head}>
        <h2 id="brand-coupons-title">브랜드 쿠폰</h2>
      </div>
      <ul className={styles.list}>
        {offers.map((c) => (
          <li key={c.coupon_policy_id} className={styles.item} data-testid="brand-coupon">
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
              disabled={download.pending || c.is_issued || !c.is_exists}
              onClick={() => onDownload(c)}
            >
              {c.is_issued ? '받음' : c.is_exists ? '받기' : '소진'}
            </button>
          </li>
        ))}
      </ul>
      {message && <output className={styles.message}>{message}</output>}
    </section>
  );
}
