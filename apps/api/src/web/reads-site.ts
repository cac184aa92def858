/**
 * The storefront's in-process reads every page makes (packages/shared storefront-page-reads.ts
 * `SiteReads`, `VisitorReads`): the root loader's web status (SPEC.md "Web status") and guest id
 * (SPEC.md §6), and a placement's banners, from the functions the API routes answer with, validated
 * by the routes' response schemas. None is cached here, as the routes do not cache them: the web
 * status is one row (an operator's switch shows on the next page), banners follow their windows by
 * the minute, a guest id is the visitor's own (the route answers it `no-store`).
 */
import {
  BannerListBody,
  GuestIdBody,
  type SiteReads,
  type VisitorReads,
  WebStatusBody,
} from '@codiroom/shared';
import { activeBanners } from '../domains/contents/editorial.ts';
import { getWebStatus } from '../domains/support/web-status.ts';
import type { AppContext } from '../platform/context.ts';
import { badRequest } from '../platform/errors.ts';
import { isIssuedGuestId, issueGuestId } from '../platform/guest-id.ts';

/** A placement as the banners route's query takes one (CodeQuery). */
const PLACEMENT = /^[a-z0-9_-]{1,50}$/;

export function siteReads(ctx: AppContext): SiteReads {
  return {
    // GET /api/web-status (support/routes.ts).
    webStatus: async () => WebStatusBody.parse(await getWebStatus(ctx)),
    // GET /api/contents/banners (contents/routes.ts).
    async banners(placement) {
      if (!PLACEMENT.test(placement)) throw badRequest('expected a lower-case code');
      return BannerListBody.parse({ placement, result: await activeBanners(ctx, placement) });
    },
  };
}

export function visitorReads(ctx: AppContext): VisitorReads {
  return {
    // POST /api/users/guest-id (users/member-routes.ts): the presented id when this server issued
    // it, else a new one. The route reads the header as `issuedGuestIdOf` does: '' is none.
    guestId: async (presented) =>
      GuestIdBody.parse({
        guest_id: presented && isIssuedGuestId(ctx.config, presented) ? presented : issueGuestId(ctx.config),
      }),
  };
}
