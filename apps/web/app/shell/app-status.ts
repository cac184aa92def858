/**
 * SPEC.md §4 "Session": "A user-status check runs in the app". Inside the native app's webview the
 * storefront asks GET /api/users/status (and, for a member, the alarm switches) when it starts,
 * when the login changes, and when the app comes back to the front after at least a minute, and
 * hands the answer to the app (app-bridge.ts `user_status`), which keeps its push SDK and badges
 * in step. A session ended elsewhere (withdrawal, password change) surfaces here: the client's 401
 * rules log the shopper out (packages/shared api-client.ts).
 */
import type { NotificationPermissions, UserStatus } from '@codiroom/shared';
import { useEffect } from 'react';
import { hasAppBridge, postToApp } from '../lib/app-bridge';
import { browserApi } from '../lib/browser-api';

/** How long the app may stay in the background before coming back asks again. */
export const APP_STATUS_RECHECK_MS = 60_000;

export async function checkAppUserStatus(isLoggedIn: boolean): Promise<void> {
  const api = browserApi();
  const status = await api.getOr<UserStatus | null>('/api/users/status', null);
  if (!status) return;
  const alarms = isLoggedIn
    ? await api.getOr<NotificationPermissions | null>('/api/users/notification-permissions', null)
    : null;
  const { user_id, none_style_quiz_user, style_quiz_but_none_curation, curationed, waiting_list } = status;
  postToApp({
    type: 'user_status',
    user_id,
    status: {
      is_login: status.is_login,
      none_style_quiz_user,
      style_quiz_but_none_curation,
      curationed,
      waiting_list,
      is_cart_coupon_exist: status.is_cart_coupon_exist,
    },
    is_app_alert: alarms?.is_app_alert ?? null,
    is_benefit_alert: alarms?.is_benefit_alert ?? null,
    is_nighttime_alert: alarms?.is_nighttime_alert ?? null,
  });
}

export function useAppUserStatus(isWebview: boolean, isLoggedIn: boolean): void {
  useEffect(() => {
    if (!isWebview || !hasAppBridge()) return;
    let last = Date.now();
    void checkAppUserStatus(isLoggedIn);
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < APP_STATUS_RECHECK_MS) return;
      last = Date.now();
      void checkAppUserStatus(isLoggedIn);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [isWebview, isLoggedIn]);
}
