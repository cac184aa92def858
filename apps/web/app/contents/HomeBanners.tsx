/**
 * The home page's banner carousel (docs/ARCHITECTURE.md, 'Storefront', "Home banners"): native
 * swipe (scroll snap), autoplay every BANNER_AUTOPLAY_MS that pauses while a finger or the pointer
 * is on it, while it has focus, while the tab is hidden and for good with the pause button, and
 * never starts under prefers-reduced-motion; a "n / total" indicator. No layout shift: the box has
 * its aspect ratio before any picture loads and the indicator sits over it. The first banner's
 * picture is the page's LCP image: eager, fetchpriority high, server-rendered.
 */
import type { Banner } from '@codiroom/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import styles from './home.module.css';

export const BANNER_AUTOPLAY_MS = 5000;

/** The slide a scroll position shows (the nearest whole slide). */
export function slideAt(scrollLeft: number, width: number, count: number): number {
  if (width <= 0 || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / width)));
}

export function HomeBanners({ banners }: { banners: Banner[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [hidden, setHidden] = useState(false);
  // Until the browser says otherwise nothing moves (the server render never autoplays).
  const [reduced, setReduced] = useState(true);
  const count = banners.length;

  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    const sync = () => setReduced(mq.matches);
    sync();
    mq.addEventListener('change', sync);
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      mq.removeEventListener('change', sync);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el) setIndex(slideAt(el.scrollLeft, el.clientWidth, count));
  }, [count]);

  const playing = count > 1 && !held && !stopped && !hidden && !reduced;
  // One timer per shown slide: a swipe to another slide starts the wait again.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => {
      const el = scroller.current;
      if (!el) return;
      el.scrollTo({ left: ((index + 1) % count) * el.clientWidth, behavior: 'smooth' });
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, count]);

  const hold = () => setHeld(true);
  const release = () => setHeld(false);
  return (
    <section
      aria-label="기획전"
      aria-roledescription="carousel"
      className={styles.carousel}
      data-track-section="home_banners"
      data-playing={playing ? 'true' : 'false'}
      onMouseEnter={hold}
      onMouseLeave={release}
      onTouchStart={hold}
      onTouchEnd={release}
      onTouchCancel={release}
      onFocus={hold}
      onBlur={release}
    >
      <div ref={scroller} className={styles.banners} onScroll={onScroll} data-testid="banner-track">
        {banners.map((b, i) => (
          <Link
            key={b.id}
            to={b.link_url}
            className={styles.banner}
            aria-roledescription="slide"
            aria-label={`${b.title} (${i + 1} / ${count})`}
          >
            <img
              src={b.image_url}
              alt=""
              width={390}
              height={260}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              draggable={false}
            />
            <span className={styles.bannerText}>
              <strong>{b.title}</strong>
              {b.subtitle && <span>{b.subtitle}</span>}
            </span>
          </Link>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.indicator}>
          <span data-testid="banner-indicator">
            <span className="visually-hidden">배너 </span>
            {index + 1} / {count}
          </span>
          <button
            type="button"
            className={styles.playButton}
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? '배너 자동 넘김 재생' : '배너 자동 넘김 일시정지'}
            aria-pressed={stopped}
          >
            <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
          </button>
        </div>
      )}
    </section>
  );
}
