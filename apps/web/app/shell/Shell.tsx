import { CAMPAIGN_COOKIE, campaignCodeOf, mergeUtmInfo } from '@codiroom/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { rememberPrevUrl } from '../lib/auth';
import { browserApi } from '../lib/browser-api';
import { showsTabBar } from '../lib/device';
import { ensureAbGroup } from '../lib/experiments';
import { sendLog } from '../lib/log';
import type { RootData } from '../lib/root-data';
import { logoutLocally } from '../lib/session';
import { storedUserIdForcesLogout } from '../lib/session-rules';
import { afterLoadWhenIdle, inOwnTask } from '../lib/tasks';
import { usePageTracking } from '../lib/tracking';
import { webStatusScreen } from '../lib/web-status';
import { useAppUserStatus } from './app-status';
import { PcSidePanel } from './PcSidePanel';
import { PopupProvider } from './popups';
import { SignUpWelcome } from './SignUpWelcome';
import { ErrorVariant4Screen, LoadingDelayScreen, MaintenanceScreen, OverloadScreen } from './screens';
import { useScrollRestoration } from './scroll';
import { TabBar } from './TabBar';
import { useWebStatus } from './web-status';

function useCurationDot(isLoggedIn: boolean, onCuration: boolean): boolean {
  const [dot, setDot] = useState(false);
  useEffect(() => {
    if (!isLoggedIn) {
      setDot(false);
      return;
    }
    // Asked again when the member enters or leaves /curation (viewing it clears the dot). The
    // curations call publishes the member's due drafts first, so a new curation shows its dot.
    void onCuration;
    // getOr on purpose: the dot is an optional badge; without an answer the tab shows no dot.
    void browserApi()
      .getOr('/api/curations/curation-status', null)
      .then((body) => {
        // SPEC.md "Curation": needs view when viewed is neither true nor null.
        const viewed = body?.current_curation_viewed;
        setDot(viewed !== true && viewed !== null && viewed !== undefined);
      });
  }, [isLoggedIn, onCuration]);
  return dot;
}

export function Shell({ root, children }: { root: RootData; children: ReactNode }) {
  const location = useLocation();
  const status = useWebStatus(root.webStatus);
  const curationDot = useCurationDot(root.isLoggedIn, location.pathname === '/curation');
  useScrollRestoration();
  usePageTracking(location.pathname);
  useAppUserStatus(root.isWebview, root.isLoggedIn);

  // SPEC.md §9: requests are cancelled on page change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change
  useEffect(() => () => browserApi().cancelAll(), [location.pathname]);

  useEffect(() => {
    // SPEC.md §5: a stored user id of ≤ 5 characters or 'undefined' while logged in forces logout.
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem('userID');
    } catch {}
    if (root.isLoggedIn && stored !== null && storedUserIdForcesLogout(stored, true)) logoutLocally();
  }, [root.isLoggedIn]);

  // SPEC.md §4: the visitor's experiment group on the device (a guest's until login).
  useEffect(() => inOwnTask(() => void ensureAbGroup(root.isLoggedIn)), [root.isLoggedIn]);

  // Pretendard for the next visit (lib/font-cache.ts), its code loaded only once the page is idle.
  useEffect(() => {
    if (root.fontCached) return;
    return afterLoadWhenIdle(() => void import('../lib/font-cache').then((m) => m.cacheFontsWhenIdle()));
  }, [root.fontCached]);

  useEffect(() => {
    rememberPrevUrl(location.pathname, location.search);
  }, [location.pathname, location.search]);

  useEffect(() => {
    // SPEC.md §3: utmInfo in session storage = stored values merged with the query's campaign values.
    try {
      const stored = JSON.parse(window.sessionStorage.getItem('utmInfo') ?? 'null') as Record<
        string,
        string
      > | null;
      const merged = mergeUtmInfo(new URLSearchParams(location.search), stored);
      if (Object.keys(merged).length) window.sessionStorage.setItem('utmInfo', JSON.stringify(merged));
      // SPEC.md §3 "Campaign codes": the visit's code goes to the server as a session cookie, so
      // its analytics events, a sign-up and an order made in it carry the code.
      // The cookie lives 30 minutes from the last page of the campaign visit (renewed on each),
      // and a tab that came without a campaign clears it: a later visit never inherits the code.
      const code = campaignCodeOf(merged.product_Id);
      const secure = window.location.protocol === 'https:' ? '; Secure' : '';
      const value = code !== null ? `${code}; Max-Age=1800` : '; Max-Age=0';
      // biome-ignore lint/suspicious/noDocumentCookie: the visit's campaign code, read by the server
      document.cookie = `${CAMPAIGN_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
    } catch {}
  }, [location.search]);

  useEffect(() => {
    // One active-user log per storefront visit (a browser session): the back office dashboard's
    // sessions and conversion. Not for the back office's own pages.
    if (location.pathname.startsWith('/admin')) return;
    try {
      if (window.sessionStorage.getItem('visitLogged')) return;
      window.sessionStorage.setItem('visitLogged', '1');
    } catch {
      return;
    }
    sendLog('active-user-log', { path: location.pathname, referrer: document.referrer.slice(0, 200) });
  }, [location.pathname]);

  const screen = webStatusScreen(status);
  if (screen === 'maintenance' && status?.start_at && status.end_at) {
    return <MaintenanceScreen startAt={status.start_at} endAt={status.end_at} />;
  }
  if (screen === 'loading-delay') return <LoadingDelayScreen />;
  if (screen === 'overload') return <OverloadScreen />;
  if (screen === 'error4') return <ErrorVariant4Screen />;

  const tabBar = showsTabBar(location.pathname, root.isWebview);
  return (
    <PopupProvider>
      <NavigationProgress />
      <SignUpWelcome />
      <div className={tabBar ? 'with-tab-bar' : undefined} data-webview={root.isWebview || undefined}>
        {children}
      </div>
      {tabBar && (
        <TabBar pathname={location.pathname} isLoggedIn={root.isLoggedIn} curationDot={curationDot} />
      )}
      <PcSidePanel webview={root.isWebview} />
    </PopupProvider>
  );
}

/** A thin top bar while a client navigation loads its data (the page below stays interactive). */
function NavigationProgress() {
  const navigation = useNavigation();
  return <div className="nav-progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />;
}
