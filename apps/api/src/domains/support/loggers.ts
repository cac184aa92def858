/**
 * The loggers (SPEC.md §7 "Loggers"; docs/ARCHITECTURE.md, "Analytics"):
 *   - POST /api/loggers/batch (an addition): the storefront's queued events, at most
 *     ANALYTICS_BATCH_MAX per call, flat and validated (packages/shared/src/analytics.ts); sent with
 *     fetch or, on page hide, with sendBeacon — which cannot set headers, so the body may carry the
 *     guest id and the access-token cookie names the member;
 *   - POST /api/loggers/{active-user-log, page-log, error-log, section-log}: one event each, as the
 *     catalogue lists them (a bounded JSON object).
 * Every call writes its events before it answers (event-log.ts: accepted means written; 503 when
 * they cannot be). A product page view also becomes a ranking view signal, in the same statement.
 * The storefront ignores failures (SPEC.md §8).
 */
import {
  ANALYTICS_KINDS,
  AnalyticsAck,
  AnalyticsBatch,
  type AnalyticsEvent,
  campaignUtm,
  type DeviceKind,
  deviceKind,
  ErrorBody,
  EventIdSchema,
  WEBVIEW_COOKIE,
} from '@codiroom/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, issuedGuestIdOf } from '../../platform/access.ts';
import { requestCampaignCode } from '../../platform/campaign.ts';
import type { AppContext } from '../../platform/context.ts';
import { requestCookie } from '../../platform/cookies.ts';
import { HttpError } from '../../platform/errors.ts';
import { isIssuedGuestId } from '../../platform/guest-id.ts';
import { limitsOf, parseBoundedJson } from '../../platform/input-limits.ts';
import { fireRequestAdEvents, pageViewEvent, viewContentEvent } from '../ads/index.ts';
import { readCardsByIds } from '../catalog/index.ts';
import { type EventRow, writeEvents } from './event-log.ts';

const KINDS = {
  'active-user-log': 'ACTIVE_USER',
  'page-log': 'PAGE',
  'error-log': 'ERROR',
  'section-log': 'SECTION',
} as const;

const LogBody = z
  .record(z.string().max(64), z.unknown())
  .refine((v) => Object.keys(v).length <= 50, 'at most 50 fields')
  .refine((v) => JSON.stringify(v).length <= 8_192, 'at most 8 KB');

const BEACON_BODY_LIMIT = 64 * 1024;

/**
 * Who sent the batch, without a database read: the member of a well-signed access token (the
 * Authorization header, or the accessToken cookie that sendBeacon carries), else a guest id this
 * server issued (the header, or the body's for sendBeacon), else nobody. Analytics only: a token
 * is not checked for revocation here.
 */
async function senderOf(ctx: AppContext, req: FastifyRequest, bodyGuest: string | undefined) {
  const token = bearerToken(req) ?? requestCookie(req.headers, 'accessToken');
  const claims = token ? await ctx.tokens.readAccess(token, ctx.clock.now()) : null;
  if (claims) return { user_id: claims.userId, guest_id: null };
  const guest =
    issuedGuestIdOf(req) ?? (bodyGuest && isIssuedGuestId(ctx.config, bodyGuest) ? bodyGuest : null);
  return { user_id: null, guest_id: guest };
}

const pathOnly = (p: string | undefined) => (p ? p.split(/[?#]/)[0]?.slice(0, 300) || null : null);

/** The event_logs row of a batch event. */
export function rowOfEvent(
  e: AnalyticsEvent,
  batch: { session_id: string; ab_group?: string | undefined },
  who: { user_id: number | null; guest_id: string | null },
  now: Date,
  device?: DeviceKind,
  campaignCode: number | null = null,
): EventRow {
  // A page view records its device (the back office splits page views by it).
  // The campaign keys are the server's (from the visit's cookie), never the event's own.
  const { campaign_code: _code, ...own } = e.props ?? {};
  const props = e.kind === 'page_view' && device ? { ...own, device } : own;
  return {
    kind: ANALYTICS_KINDS[e.kind],
    user_id: who.user_id,
    guest_id: who.guest_id,
    name: e.name?.slice(0, 100) || null,
    session_id: batch.session_id,
    ab_group: batch.ab_group ?? null,
    path: pathOnly(e.path),
    product_display_id: e.product_display_id ?? null,
    event_id: e.event_id ?? null,
    payload: { ...props, ...campaignProps(campaignCode) },
    created_at: now,
  };
}

/**
 * SPEC.md §3 "Campaign codes": every event of a visit that came by a campaign link carries the
 * code and its utm values (the server's, whatever the event's own properties say).
 */
function campaignProps(code: number | null): Record<string, string | number> {
  const utm = code === null ? null : campaignUtm(code);
  return utm && code !== null ? { ...utm, campaign_code: code } : {};
}

/** The page of an event as a URL on the referer's origin (the page that sent the batch), or null. */
function pageUrl(referer: string | null | undefined, path: string | undefined): string | null {
  if (!referer) return null;
  try {
    const u = new URL(referer);
    return path ? `${u.origin}${pathOnly(path)}` : `${u.origin}${u.pathname}`;
  } catch {
    return null;
  }
}

/**
 * PageView, and ViewContent for a product page, as ad-conversion events (SPEC.md §3) with the
 * browser's event id, so the service counts each once with the pixel. Sent after the answer; the
 * product's price is read then (em is a list holding null for both).
 */
function firePageAdEvents(ctx: AppContext, req: FastifyRequest, views: AnalyticsEvent[]) {
  return fireRequestAdEvents(ctx, req, { email: null }, async (info) => {
    const now = ctx.clock.now();
    const ids = [...new Set(views.flatMap((e) => (e.product_display_id ? [e.product_display_id] : [])))];
    const cards = ids.length ? await readCardsByIds(ctx, now, ids) : [];
    return views.flatMap((e) => {
      const at = { ...info, sourceUrl: pageUrl(info.sourceUrl, e.path) };
      const card = cards.find((c) => c.id === e.product_display_id);
      const page = pageViewEvent(now, at, e.event_id);
      return card ? [page, viewContentEvent(card, now, at, e.event_id)] : [page];
    });
  });
}

export const loggerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // sendBeacon's body: a text/plain Blob holding the JSON batch (no CORS preflight, same shape).
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT },
    (req, body, done) => {
      if (req.url.split('?')[0] !== '/api/loggers/batch') {
        done(new HttpError(415, 'Unsupported content type: text/plain'));
        return;
      }
      try {
        // The same bounded parser as JSON bodies (depth, width, length, lone surrogates, __proto__).
        done(null, parseBoundedJson(body as string, limitsOf(req)));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );

  app.post(
    '/loggers/batch',
    {
      bodyLimit: BEACON_BODY_LIMIT,
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary: 'Record a batch of storefront analytics events [addition, not in API-CATALOGUE.md]',
        description:
          'JSON or text/plain (sendBeacon). Written before the answer (accepted means written); 503 with ' +
          'Retry-After when the events cannot be written (nothing of the batch was accepted).',
        body: AnalyticsBatch,
        response: { 200: AnalyticsAck, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const batch = req.body;
      const who = await senderOf(ctx, req, batch.guest_id);
      const now = ctx.clock.now();
      const device = deviceKind({
        userAgent: req.headers['user-agent'],
        webviewCookie: requestCookie(req.headers, WEBVIEW_COOKIE),
        pcCookie: requestCookie(req.headers, 'isPC'),
      });
      const campaign = requestCampaignCode(req.headers);
      const rows = batch.events.map((e) => rowOfEvent(e, batch, who, now, device, campaign));
      const views = batch.events.filter((e) => e.kind === 'page_view');
      // A product page the shopper saw (not the API call, which server rendering, prefetching and
      // crawlers also make) is the rankings' view signal, written with the events.
      await writeEvents(
        ctx,
        rows,
        views.flatMap((e) => (e.product_display_id !== undefined ? [e.product_display_id] : [])),
      );
      if (views.length) void firePageAdEvents(ctx, req, views);
      return { result: 'ok' as const, accepted: rows.length };
    },
  );

  for (const [path, kind] of Object.entries(KINDS)) {
    app.post(
      `/loggers/${path}`,
      {
        config: { access: 'guest' },
        schema: {
          tags: ['support'],
          summary: `Record a ${kind.toLowerCase().replace('_', ' ')} log entry`,
          body: LogBody,
          response: {
            200: z.object({ result: z.literal('ok') }),
            400: ErrorBody,
            401: ErrorBody,
            503: ErrorBody,
          },
        },
      },
      async (req) => {
        const body = req.body;
        const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
        const name = str('section') ?? str('name');
        const productId = body.product_display_id;
        const eventId = EventIdSchema.safeParse(body.event_id);
        const row: EventRow = {
          kind,
          user_id: req.principal.userId,
          guest_id: req.principal.userId === null ? req.principal.guestId : null,
          name: name?.slice(0, 100) ?? null,
          path: pathOnly(str('path')),
          product_display_id:
            Number.isSafeInteger(productId) &&
            (productId as number) > 0 &&
            (productId as number) <= 2_147_483_647
              ? (productId as number)
              : null,
          event_id: eventId.success ? eventId.data : null,
          payload: { ...body, campaign_code: undefined, ...campaignProps(requestCampaignCode(req.headers)) },
          created_at: ctx.clock.now(),
        };
        await writeEvents(ctx, [row]);
        return { result: 'ok' as const };
      },
    );
  }
};
