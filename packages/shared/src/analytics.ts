/**
 * First-party analytics (SPEC.md §7 "Loggers", §9 "Error reporting"): the storefront queues its
 * page views, sections seen, errors and visits and sends them in batches (POST
 * /api/loggers/batch, flushed on page hide with sendBeacon); the server checks every batch with
 * these schemas and writes them off the request path. Events are flat: properties are scalars
 * only, so no payload can nest (a deeply nested jsonb crashes the embedded database).
 */
import { z } from 'zod';

/** Events per batch; the storefront flushes at this size and the server refuses bigger batches. */
export const ANALYTICS_BATCH_MAX = 50;
/** Properties per event and their bounds. */
export const ANALYTICS_PROPS_MAX = 20;
/** SPEC.md §9: error-report sampling. */
export const ERROR_REPORT_SAMPLE_RATE = 0.08;

/** The event kinds of the batch and the event_logs kind each is stored as. */
export const ANALYTICS_KINDS = {
  page_view: 'PAGE',
  section: 'SECTION',
  error: 'ERROR',
  active_user: 'ACTIVE_USER',
  /** A login with the member's attributes (SPEC.md §4 "Session": analytics attributes). */
  login: 'EVENT',
} as const;
export type AnalyticsKind = keyof typeof ANALYTICS_KINDS;

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

/**
 * Errors that are noise, not faults (SPEC.md §9): the browser's ResizeObserver loop warning and
 * requests aborted on purpose (page changes cancel pending calls).
 */
export function isErrorNoise(message: string | null | undefined, name?: string | null): boolean {
  const m = `${name ?? ''} ${message ?? ''}`;
  return (
    /ResizeObserver loop/i.test(m) ||
    /\bAbortError\b/.test(m) ||
    /(?:operation|request|signal) (?:is|was) aborted/i.test(m) ||
    /aborted without reason/i.test(m)
  );
}

/** Whether to report an error: never noise; otherwise with probability `rate` (random in [0, 1)). */
export function shouldReportError(
  message: string | null | undefined,
  random: number,
  rate: number = ERROR_REPORT_SAMPLE_RATE,
  name?: string | null,
): boolean {
  if (isErrorNoise(message, name)) return false;
  return random < rate;
}
