/**
 * Serves stored uploads (docs/ARCHITECTURE.md, "Uploads"): `GET /api/uploads/{key}` answers the
 * image of the configured ImageStore. Keys are random and an image under a key never changes, so
 * answers are cached for a year (`immutable`) — but an hour for scopes whose images can be withheld
 * (a hidden review's photos, withheld-images.ts), which then answer 404; `nosniff` keeps a browser from reading the bytes as
 * anything but the declared image type. A private image (private-images.ts) needs its signed URL's
 * `exp` and `sig`; without a valid pair it is the same 404 as a missing one, cached privately.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { isImageKey, MAX_KEY_LENGTH } from './image-store.ts';
import { isPrivateImageKey, signedSecondsLeft } from './private-images.ts';
import { publicCacheControl } from './withheld-images.ts';

export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/uploads/*',
    {
      schema: {
        tags: ['platform'],
        summary:
          'A stored upload (e.g. a review photo) by its key: WebP, cached as immutable (review photos, which can be hidden, an hour)',
        params: z.object({
          '*': z.string().meta({
            description: `The image key, \`{scope}/{yyyy}/{mm}/{random}.webp\` (at most ${MAX_KEY_LENGTH} characters)`,
          }),
        }),
        querystring: z.object({
          exp: z
            .string()
            .max(20)
            .optional()
            .meta({ description: 'A private image: the signed URL’s expiry' }),
          sig: z
            .string()
            .max(64)
            .optional()
            .meta({ description: 'A private image: the signed URL’s signature' }),
        }),
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      if (!isImageKey(key)) throw badRequest('Invalid image key');
      let cache = publicCacheControl(key);
      if (isPrivateImageKey(key)) {
        const left = signedSecondsLeft(ctx.config, key, req.query.exp, req.query.sig, ctx.clock.now());
        if (left <= 0) throw notFound('이미지가 존재하지 않습니다');
        cache = `private, max-age=${left}`;
      }
      const image = await ctx.images.get(key);
      if (!image) throw notFound('이미지가 존재하지 않습니다');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
};
