/**
 * Generated product, style, review and banner images (SVG, no network, no files).
 * URLs are content-addressed by their parameters, so they are cached as immutable.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderBannerSvg, renderProductSvg, renderReviewSvg, renderStyleSvg } from '../../images/svg.ts';

const svgFile = z
  .string()
  .regex(/^\d{1,9}\.svg$/, 'expected {number}.svg')
  .transform((s) => Number.parseInt(s, 10));

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = (reply: import('fastify').FastifyReply, svg: string) =>
    reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', IMMUTABLE).send(svg);

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
    async (req, reply) => send(reply, renderProductSvg(req.params.type, req.params.hex, req.params.file)),
  );

  for (const [kind, render] of [
    ['style', renderStyleSvg],
    ['review', renderReviewSvg],
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
      async (req, reply) => send(reply, render(req.params.file)),
    );
  }
};
