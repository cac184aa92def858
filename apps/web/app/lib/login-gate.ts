/**
 * SPEC.md §2 "Login gate": which pages a non-logged-in visitor may see.
 * Used by the server render (redirect before rendering) and by client navigation.
 */

/** Pages that need no login check, exactly as listed in SPEC.md ({id} is one path segment). */
export const LOGIN_FREE_PAGES = [
  '/',
  '/404',
  '/login',
  '/login_phone',
  '/signup',
  '/password',
  '/invited_landing',
  '/home',
  '/search',
  '/category',
  '/style',
  '/style/{id}',
  '/brands/{id}',
  '/product/{id}',
  '/product/{id}/similar',
  '/theme/{id}',
  '/promotion/{id}',
  '/post/{id}',
  '/promotion',
  '/post',
  '/mypage',
  '/curation',
  '/cart',
  '/ranking',
  '/keepProducts',
  '/recent_products',
  '/timeSale',
  '/collection/{theme}',
  '/cloth_review/{id}',
] as const;

/** A URL containing one of these (path and query) skips the gate. */
export const LOGIN_GATE_FRAGMENTS = [
  'event/first_benefit',
  '/onboarding',
  '/landing/',
  '/contents',
  '/info/',
  '/oauth/',
  '/kakao_login',
  '/review/open?short_url=',
  '/daily_look',
  '/personal_color',
  '/promotion/',
  '/codybook/',
  '/product/',
  '/test',
] as const;

const patterns = LOGIN_FREE_PAGES.map(
  (p) => new RegExp(`^${p.replace(/\{[a-z]+\}/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`),
);

export function isLoginFreePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return patterns.some((re) => re.test(path));
}

/**
 * Where a visitor should go: null to stay, '/login' to be sent to sign in.
 * `search` is the query string with or without the leading '?'.
 */
export function loginGateRedirect(input: {
  pathname: string;
  search?: string;
  isLoggedIn: boolean;
}): '/login' | null {
  if (input.isLoggedIn) return null;
  if (isLoginFreePath(input.pathname)) return null;
  const search = input.search ? (input.search.startsWith('?') ? input.search : `?${input.search}`) : '';
  if (new URLSearchParams(search).get('checkLogin') === 'true') return null;
  const url = `${input.pathname}${search}`;
  if (LOGIN_GATE_FRAGMENTS.some((f) => url.includes(f))) return null;
  return '/login';
}
