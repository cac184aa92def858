/**
 * Contents in the back office, for MDs: banners (admin-banners.ts), magazine posts
 * (admin-posts.ts), promotions and outfits (admin-editorial.ts).
 */
import {
  ActiveUpdate,
  BANNER_PLACEMENTS,
  BannerInput,
  BannerUpdate,
  CodiInput,
  DAY_GATES,
  ErrorBody,
  PostInput,
  PostUpdate,
  PromotionInput,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { IdParams, pathId } from '../../platform/params.ts';
import { readImageParts, registerUploads } from '../../platform/uploads.ts';
import { createBanner, listBanners, setBannerImage, updateBanner } from './admin-banners.ts';
import {
  ADMIN_EDITORIAL_PAGE,
  createCodi,
  createPromotion,
  listCodis,
  listPromotions,
  setCodiActive,
  setPromotionActive,
} from './admin-editorial.ts';
import { ADMIN_POSTS_PAGE, createPost, listPosts, setPostCover, updatePost } from './admin-posts.ts';

const tags = ['admin'];
const md = { access: 'admin', roles: ['MD'] } as const;
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const Int = z.number().int();
const BannerView = z.looseObject({
  id: Int,
  placement: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image_url: z.string(),
  link_url: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  sort_order: Int,
  is_active: z.boolean(),
  days: z.enum(DAY_GATES),
  state: z.enum(['SHOWN', 'SCHEDULED', 'ENDED', 'OFF']),
});
const PostView = z.looseObject({
  id: Int,
  title: z.string(),
  category: z.string(),
  status: z.string(),
  cover_image_url: z.string(),
  published_at: z.string(),
});

export const contentsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/banners',
    {
      config: md,
      schema: {
        tags,
        summary: 'Banners by placement and order, with their state now (shown, scheduled, ended, off)',
        querystring: z.object({ placement: z.enum(BANNER_PLACEMENTS).optional() }),
        response: { 200: z.object({ result: z.array(BannerView) }), ...E },
      },
    },
    async (req) => listBanners(ctx, req.query.placement),
  );

  app.post(
    '/admin/banners',
    {
      config: md,
      schema: {
        tags,
        summary: 'Create a banner (placement, text, link, KST window, order)',
        body: BannerInput,
        response: { 200: BannerView, ...E },
      },
    },
    async (req) => {
      const out = await createBanner(ctx, req.body);
      noteAudit(req, { action: 'banner.create', target_type: 'banner', target_id: out.id });
      return out;
    },
  );

  app.patch(
    '/admin/banners/:id',
    {
      config: md,
      schema: {
        tags,
        summary: "Change a banner's text, link, window, order, or switch it off",
        params: IdParams,
        body: BannerUpdate,
        response: { 200: BannerView, ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '배너가 없습니다.');
      const { before, after } = await updateBanner(ctx, id, req.body);
      noteAudit(req, { action: 'banner.update', target_type: 'banner', target_id: id, before, after });
      return after;
    },
  );

  app.get(
    '/admin/posts',
    {
      config: md,
      schema: {
        tags,
        summary: `Magazine posts, latest first, ${ADMIN_POSTS_PAGE} a page`,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: { 200: z.object({ total: Int, page: Int, result: z.array(PostView) }), ...E },
      },
    },
    async (req) => listPosts(ctx, req.query.page),
  );

  app.post(
    '/admin/posts',
    {
      config: md,
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: 'Publish a magazine post (markdown body, category, author, the products it shows)',
        body: PostInput,
        response: { 200: PostView, ...E, 413: ErrorBody },
      },
    },
    async (req) => {
      const out = await createPost(ctx, req.body);
      noteAudit(req, { action: 'post.create', target_type: 'post', target_id: out.id });
      return out;
    },
  );

  app.patch(
    '/admin/posts/:id',
    {
      config: md,
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: "A post's text, or ending it (ENDED posts are no longer readable)",
        params: IdParams,
        body: PostUpdate,
        response: { 200: PostView, ...E, 413: ErrorBody },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '매거진 글이 없습니다.');
      const { before, after } = await updatePost(ctx, id, req.body);
      noteAudit(req, { action: 'post.update', target_type: 'post', target_id: id, before, after });
      return after;
    },
  );

  const Page = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
  app.get(
    '/admin/promotions',
    {
      config: md,
      schema: {
        tags,
        summary: `Promotions (기획전), latest start first, ${ADMIN_EDITORIAL_PAGE} a page`,
        querystring: Page,
        response: {
          200: z.object({
            total: Int,
            page: Int,
            result: z.array(
              z.object({
                id: Int,
                title: z.string(),
                promotion_type: z.string(),
                benefit_label: z.string().nullable(),
                starts_at: z.string(),
                ends_at: z.string(),
                is_active: z.boolean(),
                running: z.boolean(),
                products: Int,
              }),
            ),
          }),
          ...E,
        },
      },
    },
    async (req) => listPromotions(ctx, req.query.page),
  );

  app.post(
    '/admin/promotions',
    {
      config: md,
      schema: {
        tags,
        summary: 'Create a promotion: a KST window, its products, a benefit label and an optional coupon',
        body: PromotionInput,
        response: { 200: z.object({ id: Int }), ...E },
      },
    },
    async (req) => {
      const out = await createPromotion(ctx, req.body);
      noteAudit(req, { action: 'promotion.create', target_type: 'promotion', target_id: out.id });
      return out;
    },
  );

  app.get(
    '/admin/codis',
    {
      config: md,
      schema: {
        tags,
        summary: `Outfits (코디), newest first, ${ADMIN_EDITORIAL_PAGE} a page, with the styles to file them under`,
        querystring: Page,
        response: {
          200: z.object({
            total: Int,
            page: Int,
            styles: z.array(z.object({ id: Int, name: z.string() })),
            result: z.array(
              z.object({
                id: Int,
                title: z.string(),
                style_id: Int.nullable(),
                style_name: z.string().nullable(),
                curator_name: z.string().nullable(),
                image_url: z.string(),
                is_active: z.boolean(),
                like_count: Int,
                products: Int,
              }),
            ),
          }),
          ...E,
        },
      },
    },
    async (req) => listCodis(ctx, req.query.page),
  );

  app.post(
    '/admin/codis',
    {
      config: md,
      schema: {
        tags,
        summary: 'Create an outfit: two to six products of a style, with the curator’s name',
        body: CodiInput,
        response: { 200: z.object({ id: Int }), ...E },
      },
    },
    async (req) => {
      const out = await createCodi(ctx, req.body);
      noteAudit(req, { action: 'codi.create', target_type: 'codi', target_id: out.id });
      return out;
    },
  );

  // Switching a promotion or an outfit off or on.
  for (const [path, what, target, missing, set] of [
    ['/admin/promotions/:id', 'a promotion', 'promotion', '기획전이 없습니다.', setPromotionActive],
    ['/admin/codis/:id', 'an outfit', 'codi', '코디가 없습니다.', setCodiActive],
  ] as const) {
    app.patch(
      path,
      {
        config: md,
        schema: {
          tags,
          summary: `Switch ${what} off or on`,
          params: IdParams,
          body: ActiveUpdate,
          response: { 200: z.object({ id: Int, is_active: z.boolean() }), ...E },
        },
      },
      async (req) => {
        const id = pathId(req.params.id, missing);
        noteAudit(req, { action: `${target}.update`, target_type: target, target_id: id, after: req.body });
        return set(ctx, id, req.body.is_active);
      },
    );
  }

  await app.register(async (uploads) => {
    await registerUploads(uploads);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/admin/banners/:id/image',
      {
        config: { ...md, uploads: true },
        schema: {
          tags,
          summary: "Replace a banner's picture (multipart `image`: JPEG, PNG or WebP, re-encoded as WebP)",
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: {
            200: z.object({ id: Int, image_url: z.string() }),
            ...E,
            413: ErrorBody,
            415: ErrorBody,
          },
        },
      },
      async (req) => {
        const id = pathId(req.params.id, '배너가 없습니다.');
        const { files } = await readImageParts(req, { maxFiles: 1, maxFields: 0 });
        const file = files[0];
        if (!file) throw badRequest('사진을 올려주세요.');
        const out = await setBannerImage(ctx, id, file);
        noteAudit(req, { action: 'banner.image', target_type: 'banner', target_id: id, after: out });
        return out;
      },
    );
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/admin/posts/:id/cover',
      {
        config: { ...md, uploads: true },
        schema: {
          tags,
          summary: "Replace a post's cover (multipart `image`: JPEG, PNG or WebP, re-encoded as WebP)",
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: {
            200: z.object({ id: Int, cover_image_url: z.string() }),
            ...E,
            413: ErrorBody,
            415: ErrorBody,
          },
        },
      },
      async (req) => {
        const id = pathId(req.params.id, '매거진 글이 없습니다.');
        const { files } = await readImageParts(req, { maxFiles: 1, maxFields: 0 });
        const file = files[0];
        if (!file) throw badRequest('사진을 올려주세요.');
        const out = await setPostCover(ctx, id, file);
        noteAudit(req, { action: 'post.cover', target_type: 'post', target_id: id, after: out });
        return out;
      },
    );
  });
};
