import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { nextTabBarVisible } from '../lib/device';
import { sendLog } from '../lib/log';
import { isRestoredScroll } from './scroll';
import styles from './TabBar.module.css';

type Tab = { href: string; key: string; label: string; icon: ReactNode; match: (path: string) => boolean };

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.7,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** SPEC.md §2: five tabs, left to right. */
export const TABS: Tab[] = [
  {
    href: '/category',
    key: 'category',
    label: '카테고리',
    match: (p) => p === '/category' || p === '/category/search',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {...stroke}>
        <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
        <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
        <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
        <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
      </svg>
    ),
  },
  {
    href: '/curation',
    key: 'curation',
    label: 'MY큐레이션',
    match: (p) => p === '/curation',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {...stroke}>
        <path d="M12 3l2.2 5.2L20 9l-4.3 3.8L17 19l-5-3-5 3 1.3-6.2L4 9l5.8-.8z" />
      </svg>
    ),
  },
  {
    href: '/',
    key: 'home',
    label: '홈',
    match: (p) => p === '/' || p === '/home',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {...stroke}>
        <path d="M4 10.5L12 4l8 6.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z" />
      </svg>
    ),
  },
  {
    href: '/keepProducts',
    key: 'like',
    label: '좋아요',
    match: (p) => p === '/keepProducts',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {...stroke}>
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
      </svg>
    ),
  },
  {
    href: '/mypage',
    key: 'mypage',
    label: '마이페이지',
    match: (p) => p === '/mypage',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {...stroke}>
        <circle cx="12" cy="8.5" r="3.8" />
        <path d="M4.5 20c1.2-3.6 4-5.2 7.5-5.2s6.3 1.6 7.5 5.2" />
      </svg>
    ),
  },
];

const TOOLTIP_FLAG = 'curationTooltipSeen';

export function TabBar({
  pathname,
  isLoggedIn,
  curationDot,
}: {
  pathname: string;
  isLoggedIn: boolean;
  curationDot: boolean;
}) {
  const [visible, setVisible] = useState(true);
  const [tooltip, setTooltip] = useState(false);
  const lastY = useRef(0);

  useEffect(() => {
    try {
      setTooltip(window.localStorage.getItem(TOOLTIP_FLAG) !== 'true');
    } catch {
      setTooltip(false);
    }
  }, []);

  useEffect(() => {
    lastY.current = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        // Read everything now: the state updater may run later, after lastY has moved on.
        const previousY = lastY.current;
        const viewportHeight = document.documentElement.clientHeight;
        const documentHeight = document.documentElement.scrollHeight;
        // A jump made by the scroll restore (back/forward) is not the shopper scrolling down.
        const restored = isRestoredScroll(y);
        lastY.current = y;
        setVisible((visible) =>
          nextTabBarVisible({ visible, previousY, y, viewportHeight, documentHeight, restored }),
        );
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <nav
      className={visible ? styles.bar : `${styles.bar} ${styles.hidden}`}
      aria-label="주요 메뉴"
      data-visible={visible}
    >
      {TABS.map((t) => {
        const active = t.match(pathname);
        return (
          <Link
            key={t.href}
            to={t.href}
            className={active ? `${styles.tab} ${styles.active}` : styles.tab}
            aria-current={active ? 'page' : undefined}
            onClick={() => {
              // SPEC.md §2: a tab click records an event, labelled differently for guests.
              sendLog('section-log', {
                section: 'bottom_tab_bar',
                label: isLoggedIn ? `tab_${t.key}` : `tab_${t.key}_non_login`,
              });
              if (t.key === 'curation' && tooltip) {
                setTooltip(false);
                try {
                  window.localStorage.setItem(TOOLTIP_FLAG, 'true');
                } catch {}
              }
            }}
          >
            <span className={styles.iconWrap}>
              {t.icon}
              {t.key === 'curation' && curationDot && (
                <span className={styles.dot} data-testid="curation-dot" />
              )}
            </span>
            <span>{t.label}</span>
            {t.key === 'curation' && tooltip && (
              <span className={styles.tooltip} aria-hidden="true">
                NEW
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
