/**
 * SPEC.md §3 "Campaign codes": the `product_Id` query value 1–16 maps to utm values.
 * Sources: Paid for codes 1–2, Owned for the rest. Mediums: community, blackfriday, promotion.
 * Codes 1 and 2 also carry utm_term and utm_content. Code 12 falls through into 13 (the original
 * switch statement lacked a break), so code 12 ends with code 13's campaign — kept on purpose.
 * The campaign names themselves are not in SPEC.md; these are Codiroom's own.
 */
export type UtmValues = {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term?: string;
  utm_content?: string;
};

const TABLE: Record<number, UtmValues> = {
  1: {
    utm_source: 'Paid',
    utm_medium: 'community',
    utm_campaign: 'community_ad_office',
    utm_term: 'office_look',
    utm_content: 'banner_a',
  },
  2: {
    utm_source: 'Paid',
    utm_medium: 'community',
    utm_campaign: 'community_ad_daily',
    utm_term: 'daily_look',
    utm_content: 'banner_b',
  },
  3: { utm_source: 'Owned', utm_medium: 'community', utm_campaign: 'community_post' },
  4: { utm_source: 'Owned', utm_medium: 'community', utm_campaign: 'community_comment' },
  5: { utm_source: 'Owned', utm_medium: 'blackfriday', utm_campaign: 'blackfriday_main' },
  6: { utm_source: 'Owned', utm_medium: 'blackfriday', utm_campaign: 'blackfriday_coupon' },
  7: { utm_source: 'Owned', utm_medium: 'blackfriday', utm_campaign: 'blackfriday_timesale' },
  8: { utm_source: 'Owned', utm_medium: 'blackfriday', utm_campaign: 'blackfriday_push' },
  9: { utm_source: 'Owned', utm_medium: 'promotion', utm_campaign: 'promotion_outer' },
  10: { utm_source: 'Owned', utm_medium: 'promotion', utm_campaign: 'promotion_slacks' },
  11: { utm_source: 'Owned', utm_medium: 'promotion', utm_campaign: 'promotion_shirts' },
  12: { utm_source: 'Owned', utm_medium: 'promotion', utm_campaign: 'promotion_knit' },
  13: { utm_source: 'Owned', utm_medium: 'promotion', utm_campaign: 'promotion_codi' },
  14: { utm_source: 'Owned', utm_medium: 'promotion', utm_campaign: 'promotion_first_benefit' },
  15: { utm_source: 'Owned', utm_medium: 'promotion', utm_campaign: 'promotion_weekend' },
  16: { utm_source: 'Owned', utm_medium: 'promotion', utm_campaign: 'promotion_monthly_codi' },
};

/** utm values of a campaign code, or null when the value is not a code 1–16. */
export function campaignUtm(code: string | number | null | undefined): UtmValues | null {
  const n = typeof code === 'number' ? code : Number(code);
  if (!Number.isInteger(n) || n < 1 || n > 16) return null;
  // Fall-through of the original switch: 12 continues into 13, whose assignments overwrite 12's.
  const entry = n === 12 ? TABLE[13] : TABLE[n];
  return entry ? { ...entry } : null;
}

/**
 * The session-storage `utmInfo`: what was stored, then the query's utm_* parameters, then the
 * campaign code's values (a code wins over loose parameters).
 */
export function mergeUtmInfo(
  query: URLSearchParams,
  stored: Record<string, string> | null,
): Record<string, string> {
  const out: Record<string, string> = { ...(stored ?? {}) };
  for (const [k, v] of query) if (k.startsWith('utm_') && v) out[k] = v;
  const campaign = campaignUtm(query.get('product_Id'));
  if (campaign) Object.assign(out, campaign, { product_Id: query.get('product_Id') ?? '' });
  return out;
}

/**
 * The session cookie that carries the visit's campaign code to the server (set by the storefront
 * beside `utmInfo`): sign-up writes it on the member, checkout on the order, and every analytics
 * event of the visit carries it.
 */
export const CAMPAIGN_COOKIE = 'campaignCode';

/** The campaign code 1–16 of a cookie or query value ("7"), else null. */
export function campaignCodeOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,2}$/.test(value)) return null;
  return campaignUtm(value) ? Number(value) : null;
}
