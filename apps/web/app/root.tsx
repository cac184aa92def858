import {
  COOKIE_MAX_AGE,
  isAppWebview,
  isMobileUserAgent,
  isPcFromRequest,
  SIZE_SHEET_VIEW_COOKIE,
  WEBVIEW_COOKIE,
  type WebStatusBody,
} from '@codiroom/shared';
import fontCss from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url';
import { type ReactNode, useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Meta,
  Outlet,
  redirect,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from 'react-router';
import type { Route } from './+types/root';
import { parseCookies, serializeCookie } from './lib/cookies';
import { DEFERRED_BOOT_SCRIPT } from './lib/deferred-scripts';
import { FONT_CACHE_COOKIE } from './lib/font-subsets';
import { guestIdFor } from './lib/guest-id';
import { isKnownPage } from './lib/known-routes';
import { loginGateRedirect } from './lib/login-gate';
import { useNonce } from './lib/nonce';
import { siteReads } from './lib/page-reads.server';
import { type RootData, useRootData } from './lib/root-data';
import { isLoggedInFromStoredUserId } from './lib/session-rules';
import { siteInfo } from './lib/site.server';
import { Stylesheets } from './lib/stylesheets';
import { designTokensCss } from './lib/tokens';
import { Shell } from './shell/Shell';
import { ErrorFallback, NotFoundView } from './shell/screens';
import './styles/global.css';

/**
 * Zod without its JIT in the browser: Zod 4 probes `new Function` when the first object schema is
 * built, and under our CSP (no 'unsafe-eval', docs/ARCHITECTURE.md "Security") the probe, though
 * caught, is reported as a violation on every page that loads the shared schemas. Zod reads its
 * configuration from `globalThis.__zod_globalConfig` (zod/v4/core), so this inline script, which
 * runs before any module script, switches `jitless` on before any schema exists. The server keeps
 * the JIT.
 */
const zodJitless =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get('cookie'));
  const userAgent = request.headers.get('user-agent');
  const isLoggedIn = cookies.isLogin === 'true' && isLoggedInFromStoredUserId(cookies.userID);

  // SPEC.md §2 login gate, on the server render and (through revalidation) on client navigation.
  // Unknown paths are not gated: they render the 404 page with status 404.
  const gate =
    isKnownPage(url.pathname) &&
    loginGateRedirect({ pathname: url.pathname, search: url.search, isLoggedIn });
  if (gate) throw redirect(gate);

  const headers = new Headers();
  const secure = url.protocol === 'https:';
  // Guest ids are server-issued and signed: the cookie's id when the API vouches for it, else a
  // new one (a missing cookie, an old client-made UUID) stored in the 30-day guestID cookie.
  const guest = guestIdFor(request, context);
  const webviewQuery = url.searchParams.get('webview');
  if (webviewQuery === 'true' && cookies[WEBVIEW_COOKIE] !== 'true') {
    headers.append('Set-Cookie', serializeCookie(WEBVIEW_COOKIE, 'true', COOKIE_MAX_AGE.guestID, secure));
  }
  const isWebview = isAppWebview({ userAgent, cookieValue: cookies[WEBVIEW_COOKIE], query: webviewQuery });

  let webStatus: WebStatusBody | null = null;
  try {
    // In process on the server (web/reads-site.ts), over HTTP without the API in the process.
    webStatus = await siteReads(context).webStatus();
  } catch {
    webStatus = null; // the client fetches it at start instead
  }
  const guestId = (await guest) ?? null;
  if (guestId && guestId !== cookies.guestID) {
    headers.append('Set-Cookie', serializeCookie('guestID', guestId, COOKIE_MAX_AGE.guestID, secure));
  }

  const rootData: RootData = {
    origin: url.origin,
    isLoggedIn,
    guestId,
    isWebview,
    isMobileView: isMobileUserAgent(userAgent),
    // SPEC.md §9: the size recommendation's nudge was seen today (reviews/SizeRecommendation.tsx).
    sizeSheetSeen: cookies[SIZE_SHEET_VIEW_COOKIE] === '1',
    // Pretendard's subsets are in this browser's cache (lib/font-subsets.ts).
    fontCached: cookies[FONT_CACHE_COOKIE] === '1',
    // SPEC.md §3 cookie isPC: the browser's own measure (shell/PcSidePanel.tsx), else the agent.
    isPC: !isWebview && isPcFromRequest(cookies.isPC, userAgent),
    webStatus,
    site: siteInfo(),
    renderedAt: Date.now(),
  };
  return data(rootData, { headers });
}

/** Re-run the root loader (login gate, web status) on every path change. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

/**
 * The first paint waits until the page's markup has been parsed up to this element (`<link
 * rel="expect" blocking="render">`; browsers without it paint as before): a page is laid out once,
 * whole, instead of once for its first part and again for the rest, which after the first paint was
 * one of the longest tasks of a product grid page (docs/ARCHITECTURE.md "Storefront speed"). The
 * loader data React Router streams after it does not hold the paint back.
 */
const PAGE_END_ID = 'page-end';

export function Layout({ children }: { children: ReactNode }) {
  // Inline scripts run only with the CSP nonce of the server render (entry.server.tsx).
  const nonce = useNonce();
  // The app is loaded after the first paint (deferred-scripts.ts): `data-hydrated` tells when it
  // has taken over the server's HTML (the journeys wait for it before they interact).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '1';
  }, []);
  // Pretendard on repeat visits (font-subsets.ts): its @font-face rules (font-display: optional,
  // vite.config.ts) once this browser has cached the subsets; a first visit keeps the phone's font
  // and caches them when idle (lib/font-cache.ts). Nothing is preloaded.
  const fontCached = useRootData()?.fontCached === true;
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#ffffff" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: static tokens generated from shared constants */}
        <style dangerouslySetInnerHTML={{ __html: designTokensCss() }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, loads the app after the first paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: DEFERRED_BOOT_SCRIPT }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, Zod's configuration */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: zodJitless }} />
        <Meta />
        <Stylesheets nonce={nonce} />
        {fontCached ? <link rel="stylesheet" href={fontCss} precedence="default" /> : null}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
      </head>
      <body>
        <div className="app-frame">{children}</div>
        <div id={PAGE_END_ID} hidden />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The back office (/admin) has its own frame (admin/layout.tsx): no storefront shell there.
  if (useLocation().pathname.startsWith('/admin')) return <Outlet />;
  return (
    <Shell root={loaderData}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const message = (error.data as { message?: string } | null)?.message;
    return <NotFoundView message={message} />;
  }
  // SPEC.md §8: render errors are reported with a warning.
  if (typeof window !== 'undefined') console.warn('render error', error);
  return <ErrorFallback />;
}
