/**
 * API-CATALOGUE.md Benefits (/api/benefits/*), GET /api/orders/best-coupon-combs and
 * products-with-coupons, GET /api/products/{id}/benefits and product-displays/{id}/coupons.
 */
import {
  BestCouponCombBody,
  CouponBox,
  CouponExistsBody,
  CouponLineQuery,
  CouponListStatusBody,
  CouponOfferList,
  CouponStatusBody,
  CouponTypeEnum,
  DownloadableRequest,
  DownloadByTypeRequest,
  DownloadCouponRequest,
  DownloadCouponsRequest,
  ErrorBody,
  EventRandomStatusBody,
  HasCouponBody,
  IdListQuery,
  IssueCouponRequest,
  IssueResultBody,
  MissionPointBody,
  MissionRequest,
  MultiIssueBody,
  OwnedCouponList,
  POINT_HISTORY_PAGE_SIZE,
  PointHistoryBody,
  PostCoupon3Request,
  ProductBenefitsBody,
  ProductCouponsBody,
  ProductsWithCouponsBody,
  SerialRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { IdParams, PageQuery } from '../../platform/params.ts';
import { benefitAdminRoutes } from './admin-routes.ts';
import { couponBox, couponListStatus, couponStatus, ownedCoupons } from './coupons.ts';
import {
  downloadByType,
  downloadCoupon,
  issueBySerial,
  issueCoupon,
  issueMany,
  issueRandomEvent,
  issueWelcome,
  randomEventStatus,
} from './issuing.ts';
import { receiveMissionPoint } from './missions.ts';
import {
  applyChosenCoupons,
  bestCouponCombs,
  type CartQuantities,
  productsWithCoupons,
} from './optimiser.ts';
import { currentBalance, pointHistory } from './points.ts';
import { couponOffers, productBenefits, productCouponsBody } from './product-coupons.ts';

const token = { access: 'token' } as const;
const guest = { access: 'guest' } as const;
const tags = ['benefits'];
const E401 = { 401: ErrorBody };
const E4xx = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const SerialError = ErrorBody.extend({ result: z.literal('error') });
const CouponError = ErrorBody.extend({ coupon_id: z.number().int().optional() });

const memberId = (req: { principal: { userId: number | null } }): number => {
  const id = req.principal.userId;
  if (id === null) throw new Error('token route without a member');
  return id;
};
const displayId = (raw: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound('상품이 없습니다.');
  return id;
};

export const benefitRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  cartQuantities: CartQuantities;
}> = async (app, { ctx, cartQuantities }) => {
  await app.register(benefitAdminRoutes, { ctx });
  // ── owned coupons ──
  app.get(
    '/benefits/coupon-exists',
    {
      config: token,
      schema: {
        tags,
        summary: 'Whether the member holds a usable coupon',
        response: { 200: CouponExistsBody, ...E401 },
      },
    },
    async (req) => {
      const list = await ownedCoupons(ctx, memberId(req));
      return { is_exists: list.length > 0, count: list.length };
    },
  );
  app.get(
    '/benefits/has-coupon',
    {
      config: token,
      schema: {
        tags,
        summary: 'Whether the member holds a usable coupon (result)',
        response: { 200: HasCouponBody, ...E401 },
      },
    },
    async (req) => {
      const list = await ownedCoupons(ctx, memberId(req));
      return { result: list.length > 0, count: list.length };
    },
  );
  app.get(
    '/benefits/owned-coupons',
    {
      config: token,
      schema: {
        tags,
        summary: "The member's usable coupons, optionally of one coupon_type",
        querystring: z.object({ coupon_type: CouponTypeEnum.optional() }),
        response: { 200: OwnedCouponList, 400: ErrorBody, ...E401 },
      },
    },
    async (req) => ({ result: await ownedCoupons(ctx, memberId(req), req.query.coupon_type) }),
  );
  app.get(
    '/benefits/coupon-status',
    {
      config: token,
      schema: {
        tags,
        summary: 'Counts of usable, expiring, used and expired coupons, and the point balance',
        response: { 200: CouponStatusBody, ...E401 },
      },
    },
    async (req) => {
      const id = memberId(req);
      return couponStatus(ctx, id, await currentBalance(ctx.db, id, ctx.clock.now()));
    },
  );
  app.get(
    '/benefits/coupon-list-status',
    {
      config: token,
      schema: {
        tags,
        summary: 'For each coupon policy id: whether the member holds it and whether any are left',
        querystring: z.object({ coupon_ids: IdListQuery }),
        response: { 200: CouponListStatusBody, 400: ErrorBody, ...E401 },
      },
    },
    async (req) => couponListStatus(ctx, memberId(req), req.query.coupon_ids),
  );
  app.get(
    '/benefits/coupon-list',
    {
      config: token,
      schema: {
        tags,
        summary: 'The coupon box: usable, and used or expired',
        response: { 200: CouponBox, ...E401 },
      },
    },
    async (req) => couponBox(ctx, memberId(req)),
  );
  app.get(
    '/benefits/point-history',
    {
      config: token,
      schema: {
        tags,
        summary: 'The point ledger, newest first, with the balance',
        querystring: z.object({
          page: PageQuery,
          page_size: z.coerce.number().int().min(1).max(100).default(POINT_HISTORY_PAGE_SIZE),
        }),
        response: { 200: PointHistoryBody, 400: ErrorBody, ...E401 },
      },
    },
    async (req) => {
      const id = memberId(req);
      const point = await currentBalance(ctx.db, id, ctx.clock.now());
      return { ...(await pointHistory(ctx.db, id, req.query.page, req.query.page_size)), point };
    },
  );

  // ── offers ──
  app.get(
    '/benefits/can-download-coupon-list',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Coupons open for download (for a product when product_display_id is given)',
        querystring: z.object({
          product_display_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        }),
        response: { 200: CouponOfferList, ...E4xx },
      },
    },
    async (req) =>
      couponOffers(ctx, req.principal.userId, { product_display_id: req.query.product_display_id }),
  );
  app.get(
    '/benefits/can-download-brand-coupon-list',
    {
      config: guest,
      schema: {
        tags,
        summary: "A brand's coupons open for download",
        querystring: z.object({ brand_id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: CouponOfferList, ...E4xx },
      },
    },
    async (req) => couponOffers(ctx, req.principal.userId, { brand_id: req.query.brand_id }),
  );
  app.post(
    '/benefits/downloadable-coupons',
    {
      config: token,
      schema: {
        tags,
        summary: 'Coupons the member can still download (optionally for a product or brand)',
        body: DownloadableRequest.nullish(),
        response: { 200: CouponOfferList, ...E4xx },
      },
    },
    async (req) =>
      couponOffers(ctx, memberId(req), {
        product_display_id: req.body?.product_display_id,
        brand_id: req.body?.brand_id,
        onlyNotIssued: true,
      }),
  );

  // ── issuing ──
  app.post(
    '/benefits/issue-coupon2',
    {
      config: token,
      schema: {
        tags,
        summary: 'Issue one coupon of a policy (1895 and 2241 mean the first-purchase coupon)',
        body: IssueCouponRequest,
        response: { 200: IssueResultBody, ...E4xx },
      },
    },
    async (req) => issueCoupon(ctx, memberId(req), req.body.coupon_policy_id),
  );
  app.post(
    '/benefits/download-coupon',
    {
      config: token,
      schema: {
        tags,
        summary: 'Download a coupon by policy id or the first open one of a coupon_type',
        body: DownloadCouponRequest,
        response: { 200: IssueResultBody, ...E4xx },
      },
    },
    async (req) => downloadCoupon(ctx, memberId(req), req.body),
  );
  app.post(
    '/benefits/download-coupons',
    {
      config: token,
      schema: {
        tags,
        summary: 'Download several coupons (coupon_list of policy ids); each answers success or error',
        body: DownloadCouponsRequest,
        response: { 200: MultiIssueBody, ...E4xx },
      },
    },
    async (req) => issueMany(ctx, memberId(req), [...new Set(req.body.coupon_list)]),
  );
  app.post(
    '/benefits/download-coupons-by-type',
    {
      config: token,
      schema: {
        tags,
        summary: 'Download every open coupon of a coupon_type',
        body: DownloadByTypeRequest,
        response: { 200: MultiIssueBody, ...E4xx },
      },
    },
    async (req) => downloadByType(ctx, memberId(req), req.body.coupon_type),
  );
  app.post(
    '/benefits/issue-by-serial',
    {
      // Every refusal, invalid input included, answers `result: 'error'` with its detail.
      config: { ...token, errorExtra: { result: 'error' } },
      schema: {
        tags,
        summary: 'Register a serial coupon; a failure answers result: error with the detail',
        body: SerialRequest,
        response: {
          200: IssueResultBody,
          400: SerialError,
          401: ErrorBody,
          404: SerialError,
          429: SerialError,
        },
      },
    },
    async (req) => {
      try {
        return await issueBySerial(ctx, memberId(req), req.body.serial, req.ip);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode < 500 && err.statusCode !== 429) {
          throw new HttpError(err.statusCode === 404 ? 404 : 400, err.detail, { result: 'error' });
        }
        throw err;
      }
    },
  );
  app.post(
    '/benefits/issue-welcome-coupon',
    {
      config: token,
      schema: {
        tags,
        summary: 'Issue the welcome coupon (once)',
        response: { 200: IssueResultBody, ...E4xx },
      },
    },
    async (req) => issueWelcome(ctx, memberId(req)),
  );
  app.get(
    '/benefits/event-random-coupon-status',
    {
      config: guest,
      schema: {
        tags,
        summary:
          "Today's random coupon draw: weekday (Mon–Thu) or weekend (Fri–Sun) KST, and whether it can still give",
        response: { 200: EventRandomStatusBody, ...E4xx },
      },
    },
    async (req) => randomEventStatus(ctx, req.principal.userId),
  );
  app.post(
    '/benefits/event-random-coupon',
    {
      config: token,
      schema: {
        tags,
        summary: 'The weekday (Mon–Thu KST) random EVENT coupon the member does not hold',
        response: { 200: IssueResultBody, ...E4xx },
      },
    },
    async (req) => issueRandomEvent(ctx, memberId(req), false),
  );
  app.post(
    '/benefits/event-random-coupon-weekend',
    {
      config: token,
      schema: {
        tags,
        summary: 'The weekend (Fri–Sun KST) random EVENT coupon',
        response: { 200: IssueResultBody, ...E4xx },
      },
    },
    async (req) => issueRandomEvent(ctx, memberId(req), true),
  );
  app.post(
    '/benefits/receive-mission-point',
    {
      config: token,
      schema: {
        tags,
        summary: "Credit a completed mission's points (once); mission is its id or code",
        body: MissionRequest,
        response: { 200: MissionPointBody, ...E4xx },
      },
    },
    async (req) => receiveMissionPoint(ctx.db, memberId(req), req.body.mission, ctx.clock.now()),
  );

  // ── orders ──
  app.get(
    '/orders/best-coupon-combs',
    {
      config: token,
      schema: {
        tags: ['orders'],
        summary: "The assignment of the member's coupons with the largest total discount (answer in result)",
        querystring: CouponLineQuery,
        response: { 200: BestCouponCombBody, ...E4xx },
      },
    },
    async (req) =>
      bestCouponCombs(ctx, cartQuantities, memberId(req), req.query.product_item_ids, req.query.quantities),
  );
  app.get(
    '/orders/products-with-coupons',
    {
      config: token,
      schema: {
        tags: ['orders'],
        summary: "Each line's applicable coupons and the cart-wide options",
        querystring: CouponLineQuery,
        response: { 200: ProductsWithCouponsBody, ...E4xx },
      },
    },
    async (req) =>
      productsWithCoupons(
        ctx,
        cartQuantities,
        memberId(req),
        req.query.product_item_ids,
        req.query.quantities,
      ),
  );

  app.post(
    '/orders/post-coupon3',
    {
      config: token,
      schema: {
        tags: ['orders'],
        summary:
          'Apply a chosen set of coupons to an order form and validate it again (same answer as best-coupon-combs)',
        body: PostCoupon3Request,
        response: { 200: BestCouponCombBody, ...E4xx, 400: CouponError },
      },
    },
    async (req) => applyChosenCoupons(ctx, memberId(req), req.body),
  );

  // ── product pages ──
  app.get(
    '/products/:id/benefits',
    {
      config: guest,
      schema: {
        tags: ['products'],
        summary:
          'Prices after the best coupon, the first-purchase price and the coupons of a product display',
        params: IdParams,
        response: { 200: ProductBenefitsBody, ...E4xx },
      },
    },
    async (req) => productBenefits(ctx, req.principal.userId, displayId(req.params.id)),
  );
  app.get(
    '/products/product-displays/:id/coupons',
    {
      config: guest,
      schema: {
        tags: ['products'],
        summary: 'Coupons applicable to a product display and its best price',
        params: IdParams,
        response: { 200: ProductCouponsBody, ...E4xx },
      },
    },
    async (req) => productCouponsBody(ctx, req.principal.userId, displayId(req.params.id)),
  );
};
