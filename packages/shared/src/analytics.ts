/**
 * First-party analytics (SPEC.md §7 "Loggers", §9 "Error reporting"): the storefront queues its
 * page views, sections seen, errors and visits and sends them in batches (POST
 * /api/loggers/batch, flushed on page hide with sendBeacon); the server checks every batch with
 * the schemas of analytics-schemas.ts and writes them off the request path. Events are flat: properties are scalars
 * only, so no payload can nest (a deeply nested jsonb crashes the embedded database).
 */

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
