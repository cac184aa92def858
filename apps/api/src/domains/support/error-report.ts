/**
 * Server error reporting (SPEC.md §9 "Error reporting"): a share of unexpected server errors
 * (ERROR_REPORT_SAMPLE_RATE, 0.08) is recorded as an ERROR analytics event named `server_error`
 * with the route, status and message (never the request body), beside the pino log line every
 * error gets. Noise (aborted requests) is never reported.
 */
import { shouldReportError } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { eventBufferFor } from './event-buffer.ts';

export type ReportedRequest = { method: string; url: string; routeOptions?: { url?: string | undefined } };

/** Returns whether the error was queued for the events table. */
export function reportServerError(
  ctx: AppContext,
  error: { name?: string; message?: string; code?: string | undefined },
  req: ReportedRequest,
  status: number,
  random: number = Math.random(),
): boolean {
  if (!shouldReportError(error.message, random, ctx.config.ERROR_REPORT_SAMPLE_RATE, error.name))
    return false;
  return eventBufferFor(ctx).offer([
    {
      kind: 'ERROR',
      name: 'server_error',
      path: req.url.split('?')[0]?.slice(0, 300) ?? null,
      payload: {
        method: req.method,
        route: req.routeOptions?.url ?? null,
        status,
        error: (error.name ?? 'Error').slice(0, 100),
        code: error.code?.slice(0, 100) ?? null,
        message: (error.message ?? '').slice(0, 300),
      },
      created_at: ctx.clock.now(),
    },
  ]);
}
