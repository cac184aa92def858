/** Client side of sign-in (SPEC.md §4 "Session"): cookies, local storage, A/B groups, redirect targets. */
import { abGroups, COOKIE_MAX_AGE } from '@codiroom/shared';
import { postToApp } from './app-bridge';
import { browserApi } from './browser-api';
import { writeBrowserCookie } from './cookies';
import { storeMemberAbGroup } from './experiments';
import { track } from './log';
import { signUpRedirectTarget } from './session-rules';

export type AuthUser = { id: number; uuid: string; name: string; phone?: string | null };
export type AuthSession = { access: string; refresh: string; user: AuthUser };
export type LoginMethod = 'phone' | 'kakao' | 'naver' | 'apple';

const AUTH_PAGES = /^\/(login|login_phone|signup|password|oauth\/|stylequiz)/;

/** Remembers the page a visitor was on, so sign-up can reopen it (SPEC.md §4/§5). */
export function rememberPrevUrl(pathname: string, search: string): void {
  if (AUTH_PAGES.test(pathname)) return;
  try {
    window.localStorage.setItem('prevUrl', `${pathname}${search}`);
  } catch {}
}

/** A page to come back to after sign-in or sign-up that is not the page shown (a kept choice). */
export function rememberReturnPath(path: string): void {
  const q = path.indexOf('?');
  rememberPrevUrl(q < 0 ? path : path.slice(0, q), q < 0 ? '' : path.slice(q));
}

function local(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {}
}

/**
 * Login sets isLogin and the access cookie (10 days); the server sets the refresh cookie (30 days,
 * HttpOnly). Then it fetches
 * the user detail and stores the uuid (30 days) and the A/B groups derived from it.
 */
export async function storeSession(session: AuthSession, method: LoginMethod): Promise<void> {
  writeBrowserCookie('accessToken', session.access, COOKIE_MAX_AGE.accessToken);
  writeBrowserCookie('isLogin', 'true', COOKIE_MAX_AGE.isLogin);
  // The refresh token is not stored by scripts: the server set it as an HttpOnly cookie.
  local('recent_login_method', method);
  // getOr on purpose: the sign-in already succeeded; without the detail the session's uuid is used.
  const detail = await browserApi().getOr('/api/users/user-detail', null);
  const uuid = detail?.uuid ?? session.user.uuid;
  writeBrowserCookie('userID', uuid, COOKIE_MAX_AGE.userID);
  local('userID', uuid);
  // SPEC.md §4: the guest's experiment group is re-keyed to the member (experiments.ts).
  storeMemberAbGroup(uuid);
  setLoginAttributes(uuid, method);
  await submitStoredPersonalColour();
}

/**
 * SPEC.md §4 "Session": login "then sets analytics and push attributes". Analytics: a `login`
 * event carrying the method and the member's groups (the server names the member from the access
 * cookie). Push: the native app is told the uuid to log its push SDK in with (the external id the
 * server addresses pushes to) and the groups; the server tags the same member on the push service
 * (apps/api users/notify.ts tagPushUser).
 */
function setLoginAttributes(uuid: string, method: LoginMethod): void {
  const { abType, subAbType } = abGroups(uuid);
  track({
    kind: 'login',
    name: 'login',
    props: { login_method: method, ab_type: abType, sub_ab_type: subAbType },
  });
  postToApp({ type: 'login', user_id: uuid, ab_type: abType, sub_ab_type: subAbType, login_method: method });
}

/** Where a guest's personal-colour answer waits for sign-in (SPEC.md §3 "Stored on the device"). */
export const PERSONAL_COLOR_KEY = 'personal_color_data';

/**
 * SPEC.md §4: after sign-in (phone or social) a personal-colour quiz answer kept on the device is
 * submitted, then cleared; a failure keeps it for the next sign-in and never blocks this one.
 */
async function submitStoredPersonalColour(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(PERSONAL_COLOR_KEY);
  } catch {}
  if (!stored) return;
  try {
    const body: unknown = JSON.parse(stored);
    const res = await browserApi().request('POST', '/api/curations/personal-color-quiz', { body });
    if (res.ok || res.status === 400) window.localStorage.removeItem(PERSONAL_COLOR_KEY);
  } catch {
    // kept for a later attempt
  }
}

export function afterSignInTarget(): string {
  try {
    const prev = window.localStorage.getItem('prevUrl');
    return prev?.startsWith('/') && !prev.startsWith('//') ? prev : '/';
  } catch {
    return '/';
  }
}

export function afterSignUpTarget(): string {
  try {
    return signUpRedirectTarget(window.localStorage.getItem('prevUrl'));
  } catch {
    return signUpRedirectTarget(null);
  }
}

/** 010-1234-5678 / 01012345678 → 01012345678, or null when it is not a Korean mobile number. */
export function normalisePhone(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^01[016789]\d{7,8}$/.test(digits) ? digits : null;
}
