/**
 * The visitor details an ad-conversion event carries (SPEC.md §3 Ad-conversion event), read from
 * the request that fires it: the client address (`req.ip`, which honours TRUST_PROXY), the user
 * agent, the `_fbc` / `_fbp` cookies of the browser pixel, the page (referer) and the browser's
 * event id.
 */

import { requestCookie } from '../../platform/cookies.ts';
import type { AdRequestInfo } from './types.ts';

/** The header the storefront sends the browser pixel's event id in (lib/pixel.ts). */
export const AD_EVENT_ID_HEADER = 'x-ad-event-id';

const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Click ids are URL-safe tokens; anything else (or an absurd length) is not one. */
const FBCLID = /^[A-Za-z0-9_-]{1,500}$/;

/** A well-formed browser event id (≤ 64 of [A-Za-z0-9_-]), else null: the server makes one. */
export function adEventIdOf(value: string | string[] | undefined | null): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return v && EVENT_ID.test(v) ? v : null;
}

/**
 * The click id cookie's value built from a landing URL's `fbclid` when the browser has no `_fbc`
 * cookie: `fb.1.<creation time in ms>.<fbclid>`, the conversion service's documented format.
 */
export function fbcFromUrl(url: string | null | undefined, now: Date): string | null {
  if (!url) return null;
  let fbclid: string | null;
  try {
    fbclid = new URL(url).searchParams.get('fbclid');
  } catch {
    return null;
  }
  return fbclid && FBCLID.test(fbclid) ? `fb.1.${now.getTime()}.${fbclid}` : null;
}

/** Visitor details from a Fastify request (ip, user agent, _fbc/_fbp cookies, referer, event id). */
export function adRequestInfo(
  req: { ip: string; headers: Record<string, string | string[] | undefined> },
  now: Date,
): AdRequestInfo {
  const h = (k: string) => {
    const v = req.headers[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const cookie = (name: string) => requestCookie(req.headers, name);
  const sourceUrl = h('referer') ?? null;
  return {
    ip: req.ip,
    userAgent: h('user-agent') ?? null,
    fbc: cookie('_fbc') ?? fbcFromUrl(sourceUrl, now),
    fbp: cookie('_fbp'),
    sourceUrl,
    eventId: adEventIdOf(req.headers[AD_EVENT_ID_HEADER]),
  };
}
