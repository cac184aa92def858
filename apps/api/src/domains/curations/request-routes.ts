/**
 * API-CATALOGUE.md Curations, the member's side beyond the curation itself: quiz photos (multipart,
 * in a scope of their own), styling requests, the member's styles, the payment type and the styles
 * of a curation.
 */
import {
  CurationPaymentType,
  CurationStylesBody,
  ErrorBody,
  STYLE_TAGS,
  StyleQuizPhoto,
  StylingRequestList,
  UserStyleBody,
  UserStyleRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { readImageParts, registerUploads } from '../../platform/uploads.ts';
import { parseId } from '../catalog/index.ts';
import { curationStyles } from './curation-styles.ts';
import { addQuizPhoto, deleteQuizPhoto } from './photos.ts';
import { paymentType, saveUserStyle, serveWaitingList, stylingRequests } from './requests.ts';
import { memberId, tags, token } from './route-common.ts';

export const curationRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(async (uploads) => {
    await registerUploads(uploads);
    uploads.post(
      '/curations/style-quiz-photo',
      {
        config: { access: 'token', uploads: true },
        schema: {
          tags,
          summary:
            'Add a FACE or BODY photo for the curator (multipart: photo file, photo_type); replaces the earlier one',
          description:
            'JPEG, PNG or WebP, at most 10 MB; re-encoded as WebP without EXIF or GPS and kept private: the ' +
            'answer’s image_url is signed and works for an hour, for the member (and curators) only.',
          consumes: ['multipart/form-data'],
          response: { 200: StyleQuizPhoto, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (req) => {
        const userId = memberId(req);
        const { files, fields } = await readImageParts(req, {
          maxFiles: 1,
          maxFields: 1,
          member: { id: userId, kv: ctx.kv, clock: ctx.clock },
        });
        return addQuizPhoto(ctx, userId, fields.photo_type, files);
      },
    );
  });

  app.delete(
    '/curations/style-quiz-photo/:id',
    {
      config: token,
      schema: {
        tags,
        summary: 'Delete one of one’s style-quiz photos (the file goes too)',
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({ id: z.number().int(), deleted: z.boolean() }),
          401: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (req) => deleteQuizPhoto(ctx, memberId(req), parseId(req.params.id)),
  );

  app.get(
    '/curations/get-styling-request',
    {
      config: token,
      schema: {
        tags,
        summary:
          'The member’s curation requests not yet published: waiting (with the queue ahead) or being prepared',
        response: { 200: StylingRequestList, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = memberId(req);
      await serveWaitingList(ctx, userId);
      return { result: await stylingRequests(ctx, userId) };
    },
  );

  app.post(
    '/curations/user-style',
    {
      config: token,
      schema: {
        tags,
        summary: 'Set the styles one wants now; with request: true, ask for a new curation in them',
        description:
          'Styles are STYLE_TAGS (1–5). A request spends one of the month’s AI curations (409 when none is ' +
          'left or one is still open); it is drafted at once while curators have capacity, else it waits.',
        body: UserStyleRequest,
        response: { 200: UserStyleBody, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => saveUserStyle(ctx, memberId(req), req.body, STYLE_TAGS),
  );

  app.get(
    '/curations/payment-type',
    {
      config: token,
      schema: {
        tags,
        summary: 'How MY큐레이션 is paid: free, with the month’s AI curations left',
        response: { 200: CurationPaymentType, 401: ErrorBody },
      },
    },
    async (req) => paymentType(ctx, memberId(req)),
  );

  app.get(
    '/curations/get-curation-styles/:id',
    {
      config: token,
      schema: {
        tags,
        summary: 'The styles of one of one’s published curations: asked for, of the picks, per outfit',
        params: z.object({ id: z.string() }),
        response: { 200: CurationStylesBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => curationStyles(ctx, memberId(req), parseId(req.params.id)),
  );
};
