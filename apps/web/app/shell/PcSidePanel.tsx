/**
 * SPEC.md §3 "Stored on the device": `isPC` (cookie) and `isPCcontentShow` (local storage). On a
 * desktop screen the shop stays a 480px column (SPEC.md §9); the space to its left carries this
 * panel: what Codiroom is and the two ways in (the style quiz for MY큐레이션, the ranking). The
 * shopper can close it for good (isPCcontentShow = 'false'). It is drawn after hydration and
 * fixed in the gutter, so the column never moves; phones and the app never get it.
 */
import { COOKIE_MAX_AGE } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { readBrowserCookie, writeBrowserCookie } from '../lib/cookies';
import { isPcViewport, showsPcContent } from '../lib/device';
import styles from './PcSidePanel.module.css';

export const PC_CONTENT_KEY = 'isPCcontentShow';

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(PC_CONTENT_KEY);
  } catch {
    return null;
  }
}

export function PcSidePanel({ webview }: { webview: boolean }) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const measure = () => {
      const isPC = isPcViewport(window.innerWidth, navigator.userAgent);
      const value = String(isPC);
      if (readBrowserCookie('isPC') !== value) writeBrowserCookie('isPC', value, COOKIE_MAX_AGE.isPC);
      setShow(showsPcContent({ isPC, webview, stored: storedChoice() }));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [webview]);

  if (!show) return null;
  const close = () => {
    try {
      window.localStorage.setItem(PC_CONTENT_KEY, 'false');
    } catch {}
    setShow(false);
  };
  return (
    <aside className={styles.panel} aria-label="코디룸 소개" data-testid="pc-side-panel">
      <p className={styles.brand}>CODIROOM</p>
      <h2 className={styles.title}>
        3050 직장인 남성을 위한
        <br />
        코디 쇼핑, 코디룸
      </h2>
      <p className={styles.text}>
        스타일 퀴즈에 답하면 AI가 체형과 출근 복장에 맞춘 코디를 무료로 골라드려요.
      </p>
      <div className={styles.links}>
        <Link to="/stylequiz" className={styles.primary}>
          스타일 퀴즈로 MY큐레이션 받기
        </Link>
        <Link to="/ranking" className={styles.secondary}>
          지금 많이 사는 상품 보기
        </Link>
      </div>
      <p className={styles.note}>휴대폰에서는 코디룸 앱으로 더 편하게 쇼핑할 수 있어요.</p>
      <button type="button" className={styles.close} onClick={close}>
        다시 보지 않기
      </button>
    </aside>
  );
}
