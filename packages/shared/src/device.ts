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

/**
 * SPEC.md §3 "Stored on the device": whether a request comes from a PC, as the server may assume
 * before the browser has measured (apps/web/app/lib/device.ts): the `isPC` cookie, else the user
 * agent.
 */
export function isPcFromRequest(
  cookie: string | null | undefined,
  userAgent: string | null | undefined,
): boolean {
  if (cookie === 'true') return true;
  if (cookie === 'false') return false;
  return !!userAgent && !isMobileUserAgent(userAgent) && !userAgent.includes(WEBVIEW_UA_TOKEN);
}

/** A page view's device, for the back office's analytics: the app's webview, a PC or a phone. */
export type DeviceKind = 'app' | 'pc' | 'mobile';
export function deviceKind(input: {
  userAgent?: string | null;
  webviewCookie?: string | null;
  pcCookie?: string | null;
}): DeviceKind {
  if (isAppWebview({ userAgent: input.userAgent, cookieValue: input.webviewCookie })) return 'app';
  return isPcFromRequest(input.pcCookie, input.userAgent) ? 'pc' : 'mobile';
}
