/**
 * Messages from the storefront to the native app that hosts it in a webview (SPEC.md §4 "Session":
 * login "sets analytics and push attributes"; "A user-status check runs in the app"). The app's
 * push and analytics SDKs live in the native shell, so the page tells it who is signed in and in
 * which state; outside the app nothing is sent. Messages are JSON strings, one `type` each:
 *
 * - `login`: { user_id (uuid, the push service's external id), ab_type, sub_ab_type, login_method }
 * - `logout`: {} (the app logs the push SDK out: this phone stops receiving the member's pushes)
 * - `user_status`: { user_id, status, is_app_alert, is_benefit_alert, is_nighttime_alert }
 * - `request_push_permission`: {} (the push-consent mission's 알림 켜기: the app asks the system)
 *
 * The app answers through the webview's message event (react-native-webview's postMessage):
 * - `push_permission`: { granted, subscription_id } after the system's answer, at start and when
 *   it changes; the page reports it to the server, which checks it with the push service.
 *
 * The app injects `window.ReactNativeWebView.postMessage` (Android and iOS alike);
 * `window.webkit.messageHandlers.codiroom` is accepted too for a plain WKWebView shell.
 */
export type AppMessage =
  | { type: 'login'; user_id: string; ab_type: string; sub_ab_type: string; login_method: string }
  | { type: 'logout' }
  | {
      type: 'user_status';
      user_id: string | null;
      status: Record<string, boolean>;
      is_app_alert: boolean | null;
      is_benefit_alert: boolean | null;
      is_nighttime_alert: boolean | null;
    }
  | { type: 'request_push_permission' };

/** What the app sends the page. */
export type AppInbound = { type: 'push_permission'; granted: boolean; subscription_id: string | null };

type BridgeWindow = Window & {
  ReactNativeWebView?: { postMessage: (message: string) => void };
  webkit?: { messageHandlers?: { codiroom?: { postMessage: (message: string) => void } } };
};

/** Whether a native app hosts this page and listens. */
export function hasAppBridge(): boolean {
  if (typeof window === 'undefined') return false;
  const w = window as BridgeWindow;
  return !!(w.ReactNativeWebView?.postMessage || w.webkit?.messageHandlers?.codiroom?.postMessage);
}

/** Sends a message to the native app; a no-op in a browser. Never throws. */
export function postToApp(message: AppMessage): void {
  if (typeof window === 'undefined') return;
  const w = window as BridgeWindow;
  const text = JSON.stringify(message);
  try {
    if (w.ReactNativeWebView?.postMessage) w.ReactNativeWebView.postMessage(text);
    else w.webkit?.messageHandlers?.codiroom?.postMessage(text);
  } catch {
    // the app went away: the page goes on
  }
}

/**
 * Listens to the app's messages (window on iOS, document on Android). Only JSON strings of a known
 * shape are passed on; another site's frame is ignored (the server checks every claim anyway).
 */
export function onAppMessage(handler: (message: AppInbound) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (e: Event) => {
    const { data, origin } = e as MessageEvent;
    if (origin && origin !== window.location.origin) return;
    if (typeof data !== 'string' || data.length > 2_000) return;
    try {
      const m = JSON.parse(data) as { type?: unknown; granted?: unknown; subscription_id?: unknown };
      if (m.type !== 'push_permission' || typeof m.granted !== 'boolean') return;
      const id = typeof m.subscription_id === 'string' ? m.subscription_id.slice(0, 100) : null;
      handler({ type: 'push_permission', granted: m.granted, subscription_id: id });
    } catch {
      // not ours
    }
  };
  window.addEventListener('message', listener);
  document.addEventListener('message', listener);
  return () => {
    window.removeEventListener('message', listener);
    document.removeEventListener('message', listener);
  };
}
