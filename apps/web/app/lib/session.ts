import { postToApp } from './app-bridge';
import { deleteBrowserCookie } from './cookies';

const COOKIES = [
  'isLogin',
  'accessToken',
  'refreshToken',
  'userID',
  'kakaoUser',
  'appleUser',
  'naverUser',
  'appleToken',
];
const LOCAL_KEYS = ['userID', 'refreshToken', 'abType', 'subAbType', 'expData', 'prevUrl'];

/** SPEC.md §4: logging out clears local data and cookies and sends the user to /login. */
export function logoutLocally(redirect = true): void {
  // Revoke the session and clear the HttpOnly refresh cookie, which scripts cannot delete.
  void fetch('/api/users/sign-out', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => {});
  // The app logs its push SDK out: this phone stops receiving the member's pushes.
  postToApp({ type: 'logout' });
  for (const c of COOKIES) deleteBrowserCookie(c);
  try {
    for (const k of LOCAL_KEYS) window.localStorage.removeItem(k);
  } catch {}
  if (redirect) window.location.assign('/login');
}
