/** SPEC.md §4 "Device and scroll": mobile means the user agent names iPhone, iPod or Android. */
export function isMobileUserAgent(ua: string | null | undefined): boolean {
  return !!ua && /iPhone|iPod|Android/.test(ua);
}

/**
 * The native app's webview is recognised by any of: the query `?webview=true` (first entry, then
 * kept in a cookie), the cookie `isWebview=true`, or the user-agent token `CodiroomApp`.
 */
export const WEBVIEW_UA_TOKEN = 'CodiroomApp';
export const WEBVIEW_COOKIE = 'isWebview';
export function isAppWebview(input: {
  userAgent?: string | null;
  cookieValue?: string | null;
  query?: string | null;
}): boolean {
  return (
    input.query === 'true' ||
    input.cookieValue === 'true' ||
    (!!input.userAgent && input.userAgent.includes(WEBVIEW_UA_TOKEN))
  );
}

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

/**
 * SPEC.md §2/§9: the tab bar hides while scrolling down and reappears at the page bottom
 * (within 10px). Scrolling up or being back in the header-top zone (< 60px) shows it again.
 */
export function nextTabBarVisible(s: {
  visible: boolean;
  previousY: number;
  y: number;
  viewportHeight: number;
  documentHeight: number;
}): boolean {
  const atBottom = s.documentHeight - (s.y + s.viewportHeight) <= 10;
  if (atBottom) return true;
  if (s.y < 60) return true;
  if (s.y > s.previousY) return false;
  if (s.y < s.previousY) return true;
  return s.visible;
}
