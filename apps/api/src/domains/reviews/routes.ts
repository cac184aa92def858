/**
 * API-CATALOGUE.md "Reviews /api/reviews/", the size recommendation and the review import
 * (docs/ARCHITECTURE.md, "Reviews" and "Sizing"). Routes stay thin: read.ts, write.ts,
 * recommend.ts and import.ts do the work.
 */
import {
  ErrorBody,
  MyReviewsBody,
  QuickReviewRequest,
  REVIEW_PHOTO_LIMITS,
  REVIEW_SORTS,
  RecommendedSizeBody,
  RecommendedSizeQuery,
  ReviewableListBody,
  ReviewCreatedBody,
  ReviewDetail,
  ReviewHelpfulBody,
  ReviewImportBody,
  ReviewListBody,
  ReviewListQuery,
  ReviewPhotoStripBody,
  ReviewPhotoStripQuery,
  ReviewReportRequest,
  ReviewRequest,
  ReviewSummary,
  ReviewUpdateRequest,
  SizeReviewItem,
  SizeReviewListBody,
  SizeReviewRequest,
  SizeReviewUpdateRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalMemberId } from '../../platform/access.ts';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, unauthorized } from '../../platform/errors.ts';
import { DisplayIdQuery, IdParams, PageQuery } from '../../platform/params.ts';
import { readImageParts, registerUploads } from '../../platform/uploads.ts';
import { parseId } from '../catalog/index.ts';
import { reviewAdminRoutes } from './admin-routes.ts';
import { IMPORT_LIMITS, importReviews } from './import.ts';
import { addReviewPhotos, deleteReviewPhoto } from './photos.ts';
import {
  assertDisplay,
  myReviews,
  productReviews,
  reviewDetail,
  reviewPhotoStrip,
  reviewSummary,
} from './read.ts';
import { recommendedSize } from './recommend.ts';
import {
  createSizeReview,
  reviewableItems,
  sizeReview,
  sizeReviewList,
  updateSizeReview,
} from './size-reviews.ts';
import {
  createQuickReview,
  createReview,
  reportReview,
  setReviewsLog,
  toggleHelpful,
  updateReview,
} from './write.ts';

const tags = ['reviews'];
const TOKEN = { access: 'token' } as const;
const PUBLIC = { access: 'public' } as const;
const E401 = { 401: ErrorBody };
const E404 = { 404: ErrorBody };

function member(req: { principal: { userId: number | null } }): number {
  if (req.principal.userId === null) throw unauthorized('Token Required');
  return req.principal.userId;
}

export const reviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  setReviewsLog(ctx, app.log);
  // JSON Lines for the review import, read as text (the route's bodyLimit bounds it).
  app.addContentTypeParser('application/x-ndjson', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.get(
    '/reviews/review-count',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: "A product's review count, average rating, photo reviews, size feels and rating spread",
        querystring: z.object({ product_display_id: DisplayIdQuery }),
        response: { 200: ReviewSummary, 400: ErrorBody, ...E404 },
      },
    },
    async (req) => reviewSummary(ctx.db, await assertDisplay(ctx.db, req.query.product_display_id)),
  );

  app.get(
    '/reviews/product-reviews/:id/:x',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary:
          "A product's reviews: {x} is the sort (best, newest, rating_high, rating_low, photo) or a page",
        description:
          'Filters: height_min/max, weight_min/max, size, similar=true (bodies like the signed-in member’s ' +
          'size info). With a page number as {x} the sort is best.',
        params: z.object({ id: z.string(), x: z.string().max(20) }),
        querystring: ReviewListQuery,
        response: { 200: ReviewListBody, 400: ErrorBody, 401: ErrorBody, ...E404 },
      },
    },
    async (req) => {
      const { x } = req.params;
      const sort = (REVIEW_SORTS as readonly string[]).includes(x)
        ? (x as (typeof REVIEW_SORTS)[number])
        : null;
      const page = sort === null ? parseId(x) : req.query.page;
      if (sort === null && page === null)
        throw badRequest(`{x} must be a sort (${REVIEW_SORTS.join(', ')}) or a page`);
      const id = await assertDisplay(ctx.db, parseId(req.params.id));
      const viewer = await optionalMemberId(ctx, req);
      return productReviews(ctx, id, sort ?? 'best', { ...req.query, page: page as number }, viewer);
    },
  );

  app.get(
    '/reviews/product-review-photo/:id',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: "A product's review photos for the photo strip (most helpful first)",
        params: IdParams,
        querystring: ReviewPhotoStripQuery,
        response: { 200: ReviewPhotoStripBody, 400: ErrorBody, ...E404 },
      },
    },
    async (req) =>
      reviewPhotoStrip(ctx.db, await assertDisplay(ctx.db, parseId(req.params.id)), req.query.count),
  );

  app.get(
    '/reviews/review-detail/:id',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'One review with its photos and product',
        params: IdParams,
        response: { 200: ReviewDetail, 401: ErrorBody, ...E404 },
      },
    },
    async (req) => reviewDetail(ctx.db, parseId(req.params.id), await optionalMemberId(ctx, req)),
  );

  app.post(
    '/reviews/review',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'Write a review of a delivered order item of one’s own (one per order item)',
        body: ReviewRequest,
        response: { 201: ReviewCreatedBody, 400: ErrorBody, ...E401, ...E404, 409: ErrorBody },
      },
    },
    async (req, reply) => {
      const userId = member(req);
      const { id, credit } = await createReview(ctx, userId, req.body);
      reply.code(201);
      return { review: await reviewDetail(ctx.db, id, userId), credit_paid: credit };
    },
  );

  app.put(
    '/reviews/review/:id',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'Edit one’s review (within 30 days of writing it)',
        params: IdParams,
        body: ReviewUpdateRequest,
        response: { 200: ReviewCreatedBody, 400: ErrorBody, ...E401, 403: ErrorBody, ...E404 },
      },
    },
    async (req) => {
      const userId = member(req);
      const { id, credit } = await updateReview(ctx, userId, parseId(req.params.id), req.body);
      return { review: await reviewDetail(ctx.db, id, userId), credit_paid: credit };
    },
  );

  app.post(
    '/reviews/quick-review',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'A quick review: rating and size feel only',
        body: QuickReviewRequest,
        response: { 201: ReviewCreatedBody, 400: ErrorBody, ...E401, ...E404, 409: ErrorBody },
      },
    },
    async (req, reply) => {
      const userId = member(req);
      const { id, credit } = await createQuickReview(ctx, userId, req.body);
      reply.code(201);
      return { review: await reviewDetail(ctx.db, id, userId), credit_paid: credit };
    },
  );

  app.post(
    '/reviews/:id/helpful',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'Toggle one’s “도움돼요” vote on a review',
        params: IdParams,
        response: { 200: ReviewHelpfulBody, 400: ErrorBody, ...E401, ...E404 },
      },
    },
    async (req) => toggleHelpful(ctx, member(req), parseId(req.params.id)),
  );

  app.post(
    '/reviews/:id/report',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'Report a review to the operators (once per member)',
        params: IdParams,
        body: ReviewReportRequest,
        response: {
          200: z.object({ review_id: z.number().int(), reported: z.boolean() }),
          400: ErrorBody,
          ...E401,
          ...E404,
          409: ErrorBody,
        },
      },
    },
    async (req) => reportReview(ctx, member(req), parseId(req.params.id), req.body),
  );

  app.get(
    '/reviews/my-reviews',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'The member’s reviews, newest first',
        querystring: z.object({ page: PageQuery, count: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: MyReviewsBody, 400: ErrorBody, ...E401 },
      },
    },
    async (req) => myReviews(ctx.db, member(req), req.query.page, req.query.count),
  );

  app.get(
    '/reviews/reviews-to-write',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'The member’s delivered order items with their review and size-review state',
        response: { 200: ReviewableListBody, ...E401 },
      },
    },
    async (req) => reviewableItems(ctx, member(req)),
  );

  // ── photos: multipart, in a scope of their own (platform/uploads.ts) ──
  await app.register(async (uploads) => {
    await registerUploads(uploads);
    uploads.post(
      '/reviews/review-photo',
      {
        config: { access: 'token', uploads: true },
        schema: {
          tags,
          summary: `Add photos to one's review (multipart: image_url files, review_id; at most ${REVIEW_PHOTO_LIMITS.count} per review)`,
          description:
            'JPEG, PNG or WebP (HEIC where the server can read it), at most 10 MB each; re-encoded as WebP ' +
            'without EXIF or GPS. The first photo lifts the review credit to the photo tier.',
          consumes: ['multipart/form-data'],
          response: {
            200: ReviewCreatedBody,
            400: ErrorBody,
            ...E401,
            403: ErrorBody,
            ...E404,
            413: ErrorBody,
            415: ErrorBody,
          },
        },
      },
      async (req) => {
        const userId = member(req);
        const { files, fields } = await readImageParts(req, {
          maxFiles: REVIEW_PHOTO_LIMITS.count,
          maxFields: 3,
          member: { id: userId, kv: ctx.kv, clock: ctx.clock },
        });
        const { id, credit } = await addReviewPhotos(ctx, userId, parseId(fields.review_id ?? ''), files);
        return { review: await reviewDetail(ctx.db, id, userId), credit_paid: credit };
      },
    );
  });

  app.delete(
    '/reviews/review-photo/:id',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'Remove one of one’s review photos',
        params: IdParams,
        response: {
          200: z.object({ deleted: z.boolean() }),
          400: ErrorBody,
          ...E401,
          403: ErrorBody,
          ...E404,
        },
      },
    },
    async (req) => deleteReviewPhoto(ctx, member(req), parseId(req.params.id)),
  );

  // ── size reviews ──
  app.post(
    '/reviews/size-review',
    {
      config: TOKEN,
      schema: {
        tags,
        summary:
          'A size review of a delivered order item: overall fit and chest, waist, length, shoulder, sleeve, thigh',
        body: SizeReviewRequest,
        response: { 201: SizeReviewItem, 400: ErrorBody, ...E401, ...E404, 409: ErrorBody },
      },
    },
    async (req, reply) => {
      const out = await createSizeReview(ctx, member(req), req.body);
      reply.code(201);
      return out;
    },
  );

  app.put(
    '/reviews/size-review',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'Change one’s size review',
        body: SizeReviewUpdateRequest,
        response: { 200: SizeReviewItem, 400: ErrorBody, ...E401, 403: ErrorBody, ...E404 },
      },
    },
    async (req) => updateSizeReview(ctx, member(req), req.body),
  );

  app.get(
    '/reviews/size-review-list',
    {
      config: TOKEN,
      schema: { tags, summary: 'The member’s size reviews', response: { 200: SizeReviewListBody, ...E401 } },
    },
    async (req) => sizeReviewList(ctx.db, member(req)),
  );

  app.get(
    '/reviews/size-review/:id',
    {
      config: TOKEN,
      schema: {
        tags,
        summary: 'One of the member’s size reviews',
        params: IdParams,
        response: { 200: SizeReviewItem, ...E401, ...E404 },
      },
    },
    async (req) => sizeReview(ctx.db, member(req), parseId(req.params.id)),
  );

  // ── size recommendation ──
  app.get(
    '/products/recommended-size/:id',
    {
      config: PUBLIC,
      schema: {
        tags: ['products'],
        summary:
          'The recommended size: body from height and weight (or the member’s size info), sheet and size reviews',
        description:
          'For anyone with ?height=&weight= (cm, kg; optional fit=slim|regular|loose); for a signed-in member ' +
          'from their size info when the query has no body. Answers the probability of small / fits / large per ' +
          'size, the confidence of the recommended size, the basis and a one-line Korean explanation.',
        params: IdParams,
        querystring: RecommendedSizeQuery,
        response: { 200: RecommendedSizeBody, 400: ErrorBody, 401: ErrorBody, ...E404 },
      },
    },
    async (req) => {
      const { height, weight } = req.query;
      if ((height === undefined) !== (weight === undefined))
        throw badRequest('키와 몸무게를 함께 입력해주세요.');
      return recommendedSize(ctx, parseId(req.params.id), req.query, await optionalMemberId(ctx, req));
    },
  );

  // ── operators ──
  app.post(
    '/admin/reviews/import',
    {
      config: { access: 'admin', roles: ['MD'] },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: `Import size reviews from another shop: JSON Lines, one review a line (at most ${IMPORT_LIMITS.lines})`,
        description:
          'Content-Type application/x-ndjson. Fields: external_id, product_display_id, size_name, height, weight, ' +
          'fit (SMALL, FIT, LARGE), optional rating, content, created_at. Idempotent by external_id.',
        response: {
          200: ReviewImportBody,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
        },
      },
    },
    async (req) => {
      // A JSON body (or none) is not JSON Lines: refused, not answered as an empty import.
      if (typeof req.body !== 'string')
        throw new HttpError(415, 'Send JSON Lines: Content-Type application/x-ndjson, one review a line');
      const text = req.body;
      const lines = text.split('\n').length;
      if (lines > IMPORT_LIMITS.lines + 1)
        throw badRequest(`at most ${IMPORT_LIMITS.lines} lines per import`);
      const out = await importReviews(ctx.db, text, ctx.clock.now());
      if (out.imported + out.updated > 0) await invalidate(ctx, 'reviews.changed');
      return out;
    },
  );

  await app.register(reviewAdminRoutes, { ctx });
};
