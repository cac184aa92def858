import { SCROLL_RESTORE_RETRY_MS } from '@codiroom/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigation, useNavigationType } from 'react-router';
import { LIST_PAGES_PREFIX, scrollRestoreStep } from './scroll-restore';

const PREFIX = 'scrollPos_';
export const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export function safeSession(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** SPEC.md §4: scroll positions (and the pages of infinite lists) are cleared on app start. */
export function clearScrollPositions(): void {
  const s = safeSession();
  if (!s) return;
  for (let i = s.length - 1; i >= 0; i--) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX) || k?.startsWith(LIST_PAGES_PREFIX)) s.removeItem(k);
  }
}

let started = false;
/**
 * App start, once per document: whoever needs the scroll state first (the shell, or a list that
 * mounts before the shell's effects run) clears what an earlier document left.
 */
export function startScrollSession(): void {
  if (started) return;
  started = true;
  clearScrollPositions();
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
}

let restoredY: number | null = null;
/** Whether the window sits where the scroll restore put it (the shopper has not scrolled since). */
export function isRestoredScroll(y: number): boolean {
  return restoredY !== null && Math.abs(y - restoredY) <= 2;
}

/**
 * SPEC.md §4 "Device and scroll": the position is saved per path (session storage
 * `scrollPos_{path}`) when a route change starts, and restored after back/forward navigation,
 * retrying every 100 ms until the page is tall enough (infinite lists bring their pages back
 * first, see `list-memory.ts`). New navigations start at the top. The shopper's own touch,
 * wheel or key stops a restore still waiting.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  const currentPath = useRef(location.pathname + location.search);

  useEffect(() => startScrollSession(), []);

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
    restoredY = null;
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
      const step = scrollRestoreStep({
        saved,
        scrollY: window.scrollY,
        maxScroll: document.documentElement.scrollHeight - window.innerHeight,
        stylesPending: stylesPending(),
        tries,
      });
      if (step.scrollTo !== null) {
        restoredY = step.scrollTo;
        window.scrollTo(0, step.scrollTo);
      }
      if (!step.again) return stop();
      tries++;
      timer = window.setTimeout(attempt, SCROLL_RESTORE_RETRY_MS);
    };
    const byShopper = () => {
      restoredY = null;
      stop();
    };
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    const stop = () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, byShopper);
    };
    for (const e of events) window.addEventListener(e, byShopper, { passive: true });
    attempt();
    return stop;
  }, [location.pathname, location.search, navigationType]);
}
