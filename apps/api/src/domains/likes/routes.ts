/** API-CATALOGUE.md Likes: /api/likes/*. Guest access except count-likes (public). */
import {
  ErrorBody,
  LatestLikeTypeBody,
  LikeCountBody,
  LikePayload,
  LikeStatusBody,
  LikesListBody,
  LikeTypeEnum,
  UnlikeBody,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { IdParams, PageQuery } from '../../platform/params.ts';
import { addToWishlistEvent, fireRequestAdEvents } from '../ads/index.ts';
import {
  countLikes,
  LIKES_PAGE_SIZE,
  latestLikeType,
  like,
  likeCountMoved,
  likedItems,
  likedProducts,
  likeStatus,
  productForAd,
  unlikeById,
  unlikeTarget,
} from './service.ts';

const PageSizeQuery = z.coerce.number().int().min(1).max(100).default(LIKES_PAGE_SIZE);
const guest = { access: 'guest' } as const;
const tags = ['likes'];

export const likeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const list = (
    owner: { userId: number | null; guestId: string | null },
    type: z.infer<typeof LikeTypeEnum>,
    page: number,
    pageSize: number,
  ) =>
    type === 'PRODUCT'
      ? likedProducts(ctx, ctx.clock.now(), owner, page, pageSize)
      : likedItems(ctx.db, owner, type, page, pageSize);

  app.post(
    '/likes/post-like',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Like a product, brand, style, codi set or content (idempotent)',
        body: LikePayload,
        response: { 200: LikeStatusBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const { like_type, like_id } = req.body;
      const { created, ...status } = await like(ctx.db, req.principal, like_type, like_id);
      if (created) await likeCountMoved(ctx, status);
      if (created && like_type === 'PRODUCT') {
        // After the answer: it never waits for (or fails because of) the ad service.
        void fireRequestAdEvents(ctx, req, { userId: req.principal.userId }, async (info) => {
          const p = await productForAd(ctx.db, like_id);
          return p ? [addToWishlistEvent(p, ctx.clock.now(), info)] : [];
        });
      }
      return status;
    },
  );

  app.get(
    '/likes/get-like',
    {
      config: guest,
      schema: {
        tags,
        summary: "Whether the caller likes a target, with the target's like count",
        querystring: LikePayload,
        response: { 200: LikeStatusBody, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => likeStatus(ctx.db, req.principal, req.query.like_type, req.query.like_id),
  );

  app.get(
    '/likes/likes',
    {
      config: guest,
      schema: {
        tags,
        summary: "The caller's likes of a type: product cards, or {id, name, image_url} items",
        querystring: z.object({ like_type: LikeTypeEnum, page: PageQuery, page_size: PageSizeQuery }),
        response: { 200: LikesListBody, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => list(req.principal, req.query.like_type, req.query.page, req.query.page_size),
  );

  app.get(
    '/likes/count-likes',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A target's like count",
        querystring: LikePayload,
        response: { 200: LikeCountBody, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => ({ count: await countLikes(ctx.db, req.query.like_type, req.query.like_id) }),
  );

  app.get(
    '/likes/product-like-list',
    {
      config: guest,
      schema: {
        tags,
        summary: "The caller's liked products (or another like type when like_type is given)",
        querystring: z.object({
          page: PageQuery,
          page_size: PageSizeQuery,
          like_type: LikeTypeEnum.default('PRODUCT'),
        }),
        response: { 200: LikesListBody, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => list(req.principal, req.query.like_type, req.query.page, req.query.page_size),
  );

  app.get(
    '/likes/latest-like-type',
    {
      config: guest,
      schema: {
        tags,
        summary: "The type of the caller's most recent like",
        response: { 200: LatestLikeTypeBody, 401: ErrorBody },
      },
    },
    async (req) => latestLikeType(ctx.db, req.principal),
  );

  app.delete(
    '/likes',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Unlike a target (idempotent)',
        body: UnlikeBody,
        response: { 200: LikeStatusBody, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => {
      const status = await unlikeTarget(ctx.db, req.principal, req.body.like_type, req.body.id);
      await likeCountMoved(ctx, status);
      return status;
    },
  );

  app.delete(
    '/likes/:id',
    {
      config: guest,
      schema: {
        tags,
        summary: "Remove one of the caller's likes by its id",
        params: IdParams,
        response: { 200: LikeStatusBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
      if (id <= 0) throw notFound('좋아요를 찾을 수 없습니다.');
      const status = await unlikeById(ctx.db, req.principal, id);
      await likeCountMoved(ctx, status);
      return status;
    },
  );
};
