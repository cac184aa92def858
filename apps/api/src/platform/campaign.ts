import { CAMPAIGN_COOKIE, campaignCodeOf } from '@codiroom/shared';
import { requestCookie } from './cookies.ts';

/**
 * SPEC.md §3 "Campaign codes": the visit's campaign code (1–16) from the storefront's session
 * cookie, or null (absent, or not a code: ignored, never an error).
 */
export function requestCampaignCode(headers: Record<string, string | string[] | undefined>): number | null {
  return campaignCodeOf(requestCookie(headers, CAMPAIGN_COOKIE));
}
