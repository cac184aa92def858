import { SCROLL_RESTORE_RETRY_MS } from '@codiroom/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigation, useNavigationType } from 'react-router';

const PREFIX = 'scrollPos_';
const MAX_RETRIES = 50; // 5 s of 100 ms steps
const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function safeSession(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** SPEC.md §4: scroll positions are cleared on app start. */
export function clearScrollPositions(): void {
  const s = safeSession();
  if (!s) return;
  for (let i = s.length - 1; i >= 0; i--) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) s.removeItem(k);
  }
}

/**
 * SPEC.md §4 "Device and scroll": the position is saved per path (session storage
 * `scrollPos_{path}`) when a route change starts, and restored after back/forward navigation,
 * retrying every 100 ms until the page is tall enough. New navigations start at the top.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  const started = useRef(false);
  const currentPath = useRef(location.pathname + location.search);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearScrollPositions();
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Route change starts: remember where we were on the page we leave.
  useEffect(() => {
    if (navigation.state === 'loading' && navigation.location) {
      safeSession()?.setItem(`${PREFIX}${currentPath.current}`, String(Math.round(window.scrollY)));
    }
  }, [navigation.state, navigation.location]);

  // Route change done: restore on back/forward, top otherwise.
  useIsoLayoutEffect(() => {
    const path = location.pathname + location.search;
    if (path === currentPath.current) return;
    currentPath.current = path;
    if (navigationType !== 'POP') {
      if (!location.hash) window.scrollTo(0, 0);
      return;
    }
    const saved = Number(safeSession()?.getItem(`${PREFIX}${path}`) ?? Number.NaN);
    if (!Number.isFinite(saved)) {
      window.scrollTo(0, 0);
      return;
    }
    let tries = 0;
    let timer = 0;
    // Route CSS is (re)attached on navigation; until it applies, the page has the wrong height.
    const stylesPending = () =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).some((l) => !l.sheet);
    const attempt = () => {
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
      const ready = !stylesPending() && maxScroll >= saved;
      if (ready) window.scrollTo(0, saved);
      const settled = ready && Math.abs(window.scrollY - saved) <= 2;
      if (tries >= MAX_RETRIES || (settled && tries > 0)) return;
      tries++;
      timer = window.setTimeout(attempt, SCROLL_RESTORE_RETRY_MS);
    };
    attempt();
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.search, navigationType]);
}
