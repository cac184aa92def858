/**
 * The visitor's guest id on the server render (SPEC.md §6: guests send x-guest-user-id; §4: the
 * guestID cookie lives 30 days). Guest ids are issued and signed by the API
 * (packages/shared/src/guest-id.ts), so a loader never makes one up: it asks the API's
 * POST /api/users/guest-id (in process: `visitorReads`), which answers the cookie's id when valid and
 * a new one otherwise — a missing cookie, an old client-made UUID, an altered id. Asked once per
 * request, however many loaders need it; the root loader writes a new id into the cookie.
 */
import { hasGuestIdShape } from '@codiroom/shared';
import type { AppLoadContext } from 'react-router';
import { parseCookies } from './cookies';
import { visitorReads } from './page-reads.server';

/** Per request: the load context is one object per request (apps/api/src/web/storefront.ts). */
const asked = new WeakMap<object, Promise<string | null>>();

/** The request's valid guest id (the cookie's, or a new one); null when the API could not answer. */
export function guestIdFor(request: Request, context: AppLoadContext | undefined): Promise<string | null> {
  const key: object = context ?? request;
  let answer = asked.get(key);
  if (!answer) {
    const cookie = parseCookies(request.headers.get('cookie')).guestID;
    answer = visitorReads(context)
      .guestId(hasGuestIdShape(cookie) ? cookie : null)
      .then(
        (body) => body.guest_id,
        () => null,
      );
    asked.set(key, answer);
  }
  return answer;
}
