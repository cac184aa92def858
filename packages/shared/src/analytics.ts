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
/**
 * SPEC.md §9 "Lists and sizes": error-report *trace* sampling 0.08 and replay sampling 0. Errors
 * themselves are never sampled: every one (but noise) is recorded. The shop records no traces or
 * replays today; any it adds are kept at these rates.
 */
export const TRACE_SAMPLE_RATE = 0.08;
export const REPLAY_SAMPLE_RATE = 0;
/** Browser errors recorded per page load at most (one faulty loop must not flood the buffer). */
export const ERRORS_PER_PAGE_MAX = 20;

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

/**
 * Whether to record an error: every error that is not noise, until `reported` (this page load's
 * count so far) reaches ERRORS_PER_PAGE_MAX. Never sampled (TRACE_SAMPLE_RATE is for traces).
 */
export function shouldReportError(
  message: string | null | undefined,
  name?: string | null,
  reported = 0,
): boolean {
  if (isErrorNoise(message, name)) return false;
  return reported < ERRORS_PER_PAGE_MAX;
}
