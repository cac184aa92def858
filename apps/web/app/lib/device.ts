/**
 * The storefront's layout by device (SPEC.md §2, §3, §9): the tab bar, the header-top state and
 * the PC side panel. What the server also needs (the app's webview, a PC from the request) is in
 * packages/shared device.ts.
 */
import { isMobileUserAgent } from '@codiroom/shared';

/** SPEC.md §2: the bottom tab bar appears only on these pages. */
export const TAB_BAR_PATHS = [
  '/',
  '/home',
  '/ranking',
  '/style',
  '/post',
  '/category',
  '/keepProducts',
  '/mypage',
  '/timeSale',
  '/curation',
  '/collection/outlet',
] as const;

export function showsTabBar(pathname: string, webview: boolean): boolean {
  if (webview) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (TAB_BAR_PATHS as readonly string[]).includes(path);
}

/** SPEC.md §9 "Layout": the header-top state holds while the scroll is under 60px. */
export const HEADER_TOP_MAX_Y = 60;
/** SPEC.md §9 "Layout": the bottom state holds within 10px of the page's end. */
export const PAGE_BOTTOM_WITHIN = 10;

/** Whether the header is in its top state (scrolled under HEADER_TOP_MAX_Y). */
export function headerAtTop(y: number): boolean {
  return y < HEADER_TOP_MAX_Y;
}

/**
 * SPEC.md §2/§9: the tab bar hides while scrolling down and reappears at the page bottom
 * (within 10px). Scrolling up or being back in the header-top zone (< 60px) shows it again.
 * A jump made by the scroll restore (SPEC.md §4, back/forward navigation) is not the shopper
 * scrolling: the bar stays as it was.
 */
export function nextTabBarVisible(s: {
  visible: boolean;
  previousY: number;
  y: number;
  viewportHeight: number;
  documentHeight: number;
  restored?: boolean;
}): boolean {
  if (s.restored) return s.visible;
  const atBottom = s.documentHeight - (s.y + s.viewportHeight) <= PAGE_BOTTOM_WITHIN;
  if (atBottom) return true;
  if (headerAtTop(s.y)) return true;
  if (s.y > s.previousY) return false;
  if (s.y < s.previousY) return true;
  return s.visible;
}

/**
 * SPEC.md §3 "Stored on the device": the `isPC` cookie and `isPCcontentShow` in local storage.
 * The shop is a 480px column; on a desktop screen (SPEC.md §9 breakpoint 1024) the empty space
 * beside it carries a side panel the shopper can close for good.
 *
 * A PC is a screen at least the desktop breakpoint wide whose user agent is not a phone's.
 */
export const PC_MIN_WIDTH = 1024;
export function isPcViewport(width: number, userAgent: string | null | undefined): boolean {
  return width >= PC_MIN_WIDTH && !isMobileUserAgent(userAgent);
}

/** The side panel shows on a PC, never in the app, unless the shopper closed it ('false'). */
export function showsPcContent(input: { isPC: boolean; webview: boolean; stored: string | null }): boolean {
  return input.isPC && !input.webview && input.stored !== 'false';
}
