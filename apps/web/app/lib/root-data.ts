/**
 * The root loader's data (root.tsx) as the rest of the storefront reads it. It lives here, not in
 * root.tsx, so that components can read it without importing the root route (root.tsx renders the
 * shell, which renders those components: importing root.tsx from them was an import circle).
 */
import type { WebStatusBody } from '@codiroom/shared';
import { useRouteLoaderData } from 'react-router';
import type { SiteInfo } from './site.server';

export type RootData = {
  origin: string;
  isLoggedIn: boolean;
  guestId: string | null;
  isWebview: boolean;
  isMobileView: boolean;
  /** SPEC.md §9: the size recommendation's nudge was seen today (reviews/SizeRecommendation.tsx). */
  sizeSheetSeen: boolean;
  /** Pretendard's subsets are in this browser's cache (lib/font-subsets.ts). */
  fontCached: boolean;
  /** SPEC.md §3 cookie isPC: the browser's own measure (shell/PcSidePanel.tsx), else the agent. */
  isPC: boolean;
  webStatus: WebStatusBody | null;
  site: SiteInfo;
  renderedAt: number;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
