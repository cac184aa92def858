/**
 * Route data helpers of the member pages: the browser API client for clientLoaders (member data
 * lives in the browser: the access token is a script cookie, see lib/browser-api.ts), the
 * ErrorBoundary they share, and the loading placeholder shown while a clientLoader runs.
 * A 5xx or a network failure is thrown by `get()` and lands here, never as an empty list
 * (SPEC.md §8 error fallback).
 */
import { ApiError } from '@codiroom/shared';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback, NotFoundView } from '../shell/screens';
import page from '../styles/page.module.css';
import { readBrowserCookie } from './cookies';
import { isLoggedInFromStoredUserId } from './session-rules';

/** The page's error screen: 404 → not-found view, anything else → the error fallback. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const message = (error.data as { message?: string } | null)?.message;
    return <NotFoundView message={message} />;
  }
  if (error instanceof ApiError && error.status === 404) return <NotFoundView message={error.detail} />;
  // SPEC.md §8: render errors are reported with a warning.
  if (typeof window !== 'undefined') console.warn('route error', error);
  return <ErrorFallback />;
}

/** Placeholder while member data loads in the browser (server render and first hydration). */
export function LoadingNote() {
  return (
    <p className={page.toolbar} aria-busy="true">
      불러오는 중…
    </p>
  );
}

/** Positive page number of a request URL's `page` query (1 when missing or invalid). */
export function pageOf(request: Request): number {
  return Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
}

/** The browser's view of the root loader's isLoggedIn (same cookies, read by the script). */
export function isLoggedInBrowser(): boolean {
  return readBrowserCookie('isLogin') === 'true' && isLoggedInFromStoredUserId(readBrowserCookie('userID'));
}
