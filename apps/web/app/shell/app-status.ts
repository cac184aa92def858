import { useEffect } from 'react';
import { type AppInbound, hasAppBridge, onAppMessage, postToApp } from '../lib/app-bridge';
import { browserApi } from '../lib/browser-api';

/** The page-wide event carrying the server's answer to the app's push permission report. */
export const PUSH_PERMISSION_EVENT = 'codiroom:push-permission';
export type PushPermissionResult = { ok: boolean; verified: boolean; detail: string | null };

/**
 * Reports the app's push permission to the server (POST /api/users/app-push-permission), which
 * checks it with the push service, and announces the answer (PUSH_PERMISSION_EVENT).
 */
export async function reportPushPermission(m: AppInbound): Promise<PushPermissionResult> {
  const body =
    m.granted && m.subscription_id
      ? { granted: true, subscription_id: m.subscription_id }
      : { granted: false };
  let result: PushPermissionResult;
  try {
    const res = await browserApi().request('POST', '/api/users/app-push-permission', {
      body,
    });
    result = res.ok
      ? { ok: true, verified: res.data.verified, detail: null }
      : { ok: false, verified: false, detail: res.detail };
  } catch {
    result = { ok: false, verified: false, detail: null };
  }
  window.dispatchEvent(new CustomEvent(PUSH_PERMISSION_EVENT, { detail: result }));
  return result;
}

/** How long the app may stay in the background before coming back asks again. */
export const APP_STATUS_RECHECK_MS = 60_000;

export async function checkAppUserStatus(): Promise<void> {
  const api = browserApi();
  // Its own signal: a page change (cancelAll) must not cut the app's check short.
  const init = { signal: AbortSignal.timeout(10_000) };
  const status = await api.getOr('/api/users/status', null, undefined, init);
  if (!status) return;
  // The server's word on the login (the page's may lag a moment behind a sign-in).
  const alarms = status.is_login
    ? await api.getOr('/api/users/notification-permissions', null, undefined, init)
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
  // The app's push permission, whenever it tells us (at start, after the system's answer).
  useEffect(() => {
    if (!isWebview || !isLoggedIn) return;
    return onAppMessage((m) => void reportPushPermission(m));
  }, [isWebview, isLoggedIn]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the login changes
  useEffect(() => {
    if (!isWebview || !hasAppBridge()) return;
    let last = Date.now();
    void checkAppUserStatus();
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < APP_STATUS_RECHECK_MS) return;
      last = Date.now();
      void checkAppUserStatus();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [isWebview, isLoggedIn]);
}

/** How long the page waits for the app to answer a permission request (the system dialog). */
export const PUSH_PERMISSION_WAIT_MS = 30_000;

/**
 * The push-consent mission's 알림 켜기 in the app: asks the app for the system's permission and
 * waits for the server's answer to the app's report (PUSH_PERMISSION_EVENT), at most
 * PUSH_PERMISSION_WAIT_MS.
 */
export function askAppForPushPermission(): Promise<PushPermissionResult> {
  return new Promise((resolve) => {
    const done = (result: PushPermissionResult) => {
      window.removeEventListener(PUSH_PERMISSION_EVENT, onResult);
      window.clearTimeout(timer);
      resolve(result);
    };
    const onResult = (e: Event) => done((e as CustomEvent<PushPermissionResult>).detail);
    const timer = window.setTimeout(
      () => done({ ok: false, verified: false, detail: null }),
      PUSH_PERMISSION_WAIT_MS,
    );
    window.addEventListener(PUSH_PERMISSION_EVENT, onResult);
    postToApp({ type: 'request_push_permission' });
  });
}
