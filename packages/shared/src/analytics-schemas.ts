/**
 * The wire schemas of first-party analytics (SPEC.md §7 "Loggers"): the server checks every batch
 * with them. Apart from analytics.ts (its constants and rules) so the storefront's first load, which
 * uses the constants, carries no zod.
 */
import { z } from 'zod';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_KINDS,
  ANALYTICS_PROPS_MAX,
  type AnalyticsKind,
} from './analytics.ts';

const Scalar = z.union([z.string().max(300), z.number().finite(), z.boolean(), z.null()]);

export const AnalyticsProps = z
  .record(z.string().min(1).max(40), Scalar)
  .refine((p) => Object.keys(p).length <= ANALYTICS_PROPS_MAX, `at most ${ANALYTICS_PROPS_MAX} properties`);

/** An id the browser pixel shares with the server event (ad de-duplication). */
export const EventIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected 1–64 of A–Z a–z 0–9 _ -');

export const AnalyticsEvent = z.object({
  kind: z.enum(Object.keys(ANALYTICS_KINDS) as [AnalyticsKind, ...AnalyticsKind[]]),
  /** Page name, section name or error name. */
  name: z.string().trim().max(100).optional(),
  /** The page's path (no query string). */
  path: z.string().max(300).optional(),
  /** The product of a product page view. */
  product_display_id: z.number().int().positive().max(2_147_483_647).optional(),
  event_id: EventIdSchema.optional(),
  props: AnalyticsProps.optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

export const AnalyticsBatch = z.object({
  /** One storefront visit (a browser session): random, made by the storefront. */
  session_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected 8–64 of A–Z a–z 0–9 _ -'),
  /** The guest id cookie, for sendBeacon, which cannot send the x-guest-user-id header. */
  guest_id: z.string().max(200).optional(),
  /** abType + subAbType (SPEC.md §4 "Session"), e.g. AC. */
  ab_group: z
    .string()
    .regex(/^[AB][A-D]$/, 'expected A or B then A–D')
    .optional(),
  events: z.array(AnalyticsEvent).min(1).max(ANALYTICS_BATCH_MAX),
});
export type AnalyticsBatch = z.infer<typeof AnalyticsBatch>;

export const AnalyticsAck = z.object({ result: z.literal('ok'), accepted: z.number().int() });
