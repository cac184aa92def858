/**
 * Generated product, style, review and banner images (SVG, no network, no files), also as WebP
 * (`.webp`: the same drawing rasterised, which phones decode off their main thread, where each SVG
 * is a document of its own to parse, style and lay out; the seed links the pictures so). Banners
 * draw their wordmark as strokes, so their WebP needs no font on the server; brand logos and brand
 * banners, which carry lettering, stay SVG, drawn by the browser's fonts. URLs name the drawing's
 * parameters but not the drawing code (apps/api/art), which can change under the same URL: cached a
 * day, then refreshed in the background (DEMO_ART_CACHE), never as immutable. A product or review
 * picture is drawn only in a colourway the catalogue has (colourways.ts), a product picture only
 * for one of its PRODUCT_VARIANTS drawings: any other URL is a 404 drawn by nothing. A picture named
 * by a bare id (style, review, banner) is one of ID_DRAWINGS drawings (the id modulo it; a review
 * picture of a colourway one of PRODUCT_VARIANTS), kept under that drawing's key: random ids draw
 * nothing new once those are cached, so random URLs can neither keep the renderer busy nor push
 * real pictures out of its cache.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_VARIANTS,
  renderBannerSvg,
  renderBrandBannerSvg,
  renderBrandLogoSvg,
  renderProductSvg,
  renderReviewSvg,
  renderStyleSvg,
} from '../../../art/svg.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { rasterizeSvg } from '../../platform/image-processing.ts';
import { isKnownColourway } from './colourways.ts';
import { brands } from './schema.ts';

const svgFile = z
  .string()
  .regex(/^\d{1,9}\.(svg|webp)$/, 'expected {number}.svg or {number}.webp')
  .transform((s) => ({ id: Number.parseInt(s, 10), webp: s.endsWith('.webp') }));

/** A day fresh, a week more while a refresh runs: a changed drawing reaches every browser in a day. */
export const DEMO_ART_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** Distinct drawings of a picture named by a bare id; below the raster cache's size per kind. */
export const ID_DRAWINGS = 1_000;

export const imageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const send = async (
    reply: import('fastify').FastifyReply,
    svg: string,
    raster?: { webp: boolean; key: string },
  ) => {
    reply.header('cache-control', DEMO_ART_CACHE);
    if (!raster?.webp) return reply.header('content-type', 'image/svg+xml; charset=utf-8').send(svg);
    return reply.header('content-type', 'image/webp').send(await rasterizeSvg(raster.key, svg));
  };

  const NO_IMAGE = '이미지가 존재하지 않습니다';
  /** 404 unless the catalogue has the colourway (and, for a product picture, the drawing). */
  const assertDrawable = async (type: string, hex: string, variant?: number) => {
    if (variant !== undefined && variant >= PRODUCT_VARIANTS) throw notFound(NO_IMAGE);
    if (!(await isKnownColourway(ctx, type, hex))) throw notFound(NO_IMAGE);
  };

  app.get(
    '/images/product/:type/:hex/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'Product illustration by product type, colour and design variant',
        params: z.object({
          type: z.enum(['TOP', 'BOTTOM', 'OUTER', 'ETC', 'SHOES', 'BAG']),
          hex: z.string().regex(/^[0-9a-fA-F]{6}$/, 'expected 6 hex digits'),
          file: svgFile,
        }),
      },
    },
    async (req, reply) => {
      await assertDrawable(req.params.type, req.params.hex, req.params.file.id);
      return send(reply, renderProductSvg(req.params.type, req.params.hex, req.params.file.id), {
        webp: req.params.file.webp,
        key: `product/${req.params.type}/${req.params.hex.toLowerCase()}/${req.params.file.id}`,
      });
    },
  );

  app.get(
    '/images/review/:type/:hex/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'Review photo of a product of this type and colour',
        params: z.object({
          type: z.enum(['TOP', 'BOTTOM', 'OUTER', 'ETC', 'SHOES', 'BAG']),
          hex: z.string().regex(/^[0-9a-fA-F]{6}$/, 'expected 6 hex digits'),
          file: svgFile,
        }),
      },
    },
    async (req, reply) => {
      await assertDrawable(req.params.type, req.params.hex);
      const drawing = req.params.file.id % PRODUCT_VARIANTS;
      return send(
        reply,
        renderReviewSvg(drawing, { type: req.params.type, hex: req.params.hex.toLowerCase() }),
        {
          webp: req.params.file.webp,
          key: `review/${req.params.type}/${req.params.hex.toLowerCase()}/${drawing}`,
        },
      );
    },
  );

  for (const [kind, render] of [
    ['style', renderStyleSvg],
    ['review', (id: number) => renderReviewSvg(id)],
    ['banner', (id: number) => renderBannerSvg(id)],
  ] as const) {
    app.get(
      `/images/${kind}/:file`,
      {
        schema: {
          tags: ['images'],
          summary: `Generated ${kind} image`,
          params: z.object({ file: svgFile }),
        },
      },
      async (req, reply) => {
        const drawing = req.params.file.id % ID_DRAWINGS;
        return send(reply, render(drawing), { webp: req.params.file.webp, key: `${kind}/${drawing}` });
      },
    );
  }

  const brandBySlug = async (file: string) => {
    const [brand] = await ctx.db
      .select({ name: brands.name, name_en: brands.name_en })
      .from(brands)
      .where(eq(brands.slug, file.slice(0, -4)))
      .limit(1);
    if (!brand) throw notFound('브랜드가 존재하지 않습니다');
    return brand;
  };
  const SlugFile = z.object({
    file: z.string().regex(/^[a-z0-9-]{1,100}\.svg$/, 'expected {slug}.svg'),
  });

  app.get(
    '/images/brand/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'Brand logo (text mark) by brand slug',
        params: SlugFile,
      },
    },
    async (req, reply) => send(reply, renderBrandLogoSvg((await brandBySlug(req.params.file)).name_en)),
  );

  app.get(
    '/images/brand-banner/:file',
    {
      schema: {
        tags: ['images'],
        summary:
          "[addition, not in API-CATALOGUE.md] The brand page's banner (logo colours, names, outfit art) by brand slug",
        params: SlugFile,
      },
    },
    async (req, reply) => {
      const brand = await brandBySlug(req.params.file);
      return send(reply, renderBrandBannerSvg(brand.name_en, brand.name));
    },
  );
};
