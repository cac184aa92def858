import type { ReactNode } from 'react';
import styles from './TabBar.module.css';

type Tab = { href: string; label: string; icon: ReactNode; match: (path: string) => boolean };

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

export function TabBar({ pathname }: { pathname: string }) {
  return (
    <nav className={styles.bar} aria-label="주요 메뉴">
      {TABS.map((t) => {
        const active = t.match(pathname);
        return (
          <a
            key={t.href}
            href={t.href}
            className={active ? `${styles.tab} ${styles.active}` : styles.tab}
            aria-current={active ? 'page' : undefined}
          >
            {t.icon}
            <span>{t.label}</span>
          </a>
        );
      })}
    </nav>
  );
}
