/**
 * Serves stored uploads (docs/ARCHITECTURE.md, "Uploads"): `GET /api/uploads/{key}` answers the
 * image of the configured ImageStore. Keys are random and an image under a key never changes, so
 * answers are cached for a year (`immutable`); `nosniff` keeps a browser from reading the bytes as
 * anything but the declared image type.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { isImageKey, MAX_KEY_LENGTH } from './image-store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/uploads/*',
    {
      schema: {
        tags: ['platform'],
        summary: 'A stored upload (e.g. a review photo) by its key: WebP, cached as immutable',
        params: z.object({
          '*': z.string().meta({
            description: `The image key, \`{scope}/{yyyy}/{mm}/{random}.webp\` (at most ${MAX_KEY_LENGTH} characters)`,
          }),
        }),
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      if (!isImageKey(key)) throw badRequest('Invalid image key');
      const image = await ctx.images.get(key);
      if (!image) throw notFound('이미지가 존재하지 않습니다');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
};
