/**
 * The storefront's in-process reads of the home page (packages/shared storefront-page-reads.ts
 * `HomeReads`; SPEC.md "Home"): the home feed of a guest or of a member, and the look of the day,
 * from the functions the API routes answer with, validated by the routes' response schemas. Neither
 * is cached here, as the routes do not cache them (the feed's personal section is the caller's
 * own).
 */
import { DailyLookBody, HomeFeed, type HomeReads } from '@codiroom/shared';
import { homeFeed } from '../domains/contents/service.ts';
import { dailyLook } from '../domains/contents/submissions.ts';
import { guestPrincipalOf } from '../platform/access.ts';
import type { AppContext } from '../platform/context.ts';
import { isIssuedGuestId } from '../platform/guest-id.ts';

export function homeReads(ctx: AppContext): HomeReads {
  return {
    // GET /api/contents/home-feed with x-guest-user-id (contents/routes.ts). Only an id this server
    // issued names a guest (the route refuses any other); without one, the feed has no personal
    // section (the route would refuse the request, the page shows the curated feed).
    async feed(guestId) {
      const guest = guestId !== null && isIssuedGuestId(ctx.config, guestId) ? guestId : null;
      return HomeFeed.parse(await homeFeed(ctx, { userId: null, guestId: guest }));
    },
    // The same route with the member's bearer token: the token checked as the access guard checks
    // it (expired, withdrawn, revoked: its 401), a guest id it would refuse is its 400.
    async memberFeed(token, guestId) {
      return HomeFeed.parse(await homeFeed(ctx, await guestPrincipalOf(ctx, token, guestId)));
    },
    // GET /api/contents/daily-look.
    dailyLook: async () => DailyLookBody.parse(await dailyLook(ctx)),
  };
}
