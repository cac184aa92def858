/**
 * The storefront's in-process reads of the home page (packages/shared storefront-page-reads.ts
 * `HomeReads`; SPEC.md "Home"): the guest's home feed and the look of the day, from the functions
 * the API routes answer with, validated by the routes' response schemas. Neither is cached here, as
 * the routes do not cache them (the feed's personal section is the guest's own). The member's feed
 * is not read here: the home loader asks the API with the member's token (routes/home.tsx).
 */
import { DailyLookBody, HomeFeed, type HomeReads } from '@codiroom/shared';
import { homeFeed } from '../domains/contents/service.ts';
import { dailyLook } from '../domains/contents/submissions.ts';
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
    // GET /api/contents/daily-look.
    dailyLook: async () => DailyLookBody.parse(await dailyLook(ctx)),
  };
}
