/**
 * Banners of one back-office placement outside the home carousel (docs/ARCHITECTURE.md, "Banners"):
 * home_middle on the home page, category on /category, mypage on 마이페이지. Each is a plain link
 * with its picture and text; nothing renders when the placement has no running banner.
 */
import type { Banner } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../lib/browser-api';
import styles from './placement-banners.module.css';

export type BannerPlacement = 'home_middle' | 'category' | 'mypage';

const isInside = (url: string) => url.startsWith('/') && !url.startsWith('//');

export function PlacementBanners({ banners, placement }: { banners: Banner[]; placement: BannerPlacement }) {
  if (banners.length === 0) return null;
  return (
    <section className={styles.list} aria-label="배너" data-banner-placement={placement}>
      {banners.map((b) => {
        const body = (
          <>
            <img src={b.image_url} alt="" width={750} height={250} loading="lazy" decoding="async" />
            <span className={styles.text}>
              <strong>{b.title}</strong>
              {b.subtitle && <span>{b.subtitle}</span>}
            </span>
          </>
        );
        return isInside(b.link_url) ? (
          <Link key={b.id} to={b.link_url} className={styles.banner}>
            {body}
          </Link>
        ) : (
          <a key={b.id} href={b.link_url} className={styles.banner} rel="noopener noreferrer">
            {body}
          </a>
        );
      })}
    </section>
  );
}

/** The placement's running banners, loaded in the browser (pages rendered there, e.g. 마이페이지). */
export function useBanners(placement: BannerPlacement): Banner[] {
  const [banners, setBanners] = useState<Banner[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    browserApi()
      .get('/api/contents/banners', { placement }, { signal: ctl.signal })
      .then((r) => setBanners(r.result))
      .catch(() => setBanners([]));
    return () => ctl.abort();
  }, [placement]);
  return banners;
}
