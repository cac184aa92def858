/** Banners in the back office, for MDs (admin-banners.ts). */
import { BANNER_PLACEMENTS, BannerInput, BannerUpdate, ErrorBody } from '@codiroom/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { IdParams } from '../../platform/params.ts';
import { readImageParts, registerUploads } from '../../platform/uploads.ts';
import { createBanner, listBanners, setBannerImage, updateBanner } from './admin-banners.ts';

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
  state: z.enum(['SHOWN', 'SCHEDULED', 'ENDED', 'OFF']),
});
const idOf = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound('배너가 없습니다.');
  return Number(raw);
};

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
      const id = idOf(req.params.id);
      const { before, after } = await updateBanner(ctx, id, req.body);
      noteAudit(req, { action: 'banner.update', target_type: 'banner', target_id: id, before, after });
      return after;
    },
  );

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
        const id = idOf(req.params.id);
        const { files } = await readImageParts(req, { maxFiles: 1, maxFields: 0 });
        const file = files[0];
        if (!file) throw badRequest('사진을 올려주세요.');
        const out = await setBannerImage(ctx, id, file.bytes);
        noteAudit(req, { action: 'banner.image', target_type: 'banner', target_id: id, after: out });
        return out;
      },
    );
  });
};
