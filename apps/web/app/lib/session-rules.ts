/** SPEC.md §4/§5 session rules of the storefront (the browser's stored user id, the sign-up redirect). */

/**
 * SPEC.md §5: a stored user id of 5 characters or fewer, or the text 'undefined', while logged in
 * forces logout.
 */
export function storedUserIdForcesLogout(userId: string | null | undefined, isLogin: boolean): boolean {
  if (!isLogin) return false;
  if (userId === null || userId === undefined) return true;
  return userId === 'undefined' || userId.length <= 5;
}

/** SPEC.md §4: logged-in status is derived from the stored userID. */
export function isLoggedInFromStoredUserId(userId: string | null | undefined): boolean {
  return !!userId && userId !== 'undefined' && userId.length > 5;
}

/** SPEC.md §5: after sign-up only these previous URLs are reopened (with type=sign_up). */
export function signUpRedirectTarget(prevUrl: string | null | undefined): string {
  const fallback = '/stylequiz?type=sign_up';
  if (!prevUrl) return fallback;
  let url: URL;
  try {
    url = new URL(prevUrl, 'https://codiroom.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'https://codiroom.invalid') return fallback;
  const ok = /^\/(product|style|brands|promotion)\/[^/]+$/.test(url.pathname) || url.pathname === '/cart';
  if (!ok) return fallback;
  url.searchParams.set('type', 'sign_up');
  return `${url.pathname}${url.search}`;
}
