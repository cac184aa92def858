/**
 * Server error reporting (SPEC.md §9 "Error reporting"): every unexpected server error is recorded
 * as an ERROR analytics event named `server_error` with the route, status and message (never the
 * request body), beside the pino log line it gets. SPEC.md's 0.08 is the *trace* sampling rate
 * (TRACE_SAMPLE_RATE), not an error rate. Noise (aborted requests) is never reported.
 */
import { isErrorNoise } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { writeEvents } from './event-log.ts';

export type ReportedRequest = { method: string; url: string; routeOptions?: { url?: string | undefined } };

/**
 * Writes the error's event; resolves whether it was written (a database that is down, maybe the
 * error's cause, loses the event, never the answer: the log line has it).
 */
export async function reportServerError(
  ctx: AppContext,
  error: { name?: string; message?: string; code?: string | undefined },
  req: ReportedRequest,
  status: number,
): Promise<boolean> {
  if (isErrorNoise(error.message, error.name)) return false;
  return writeEvents(ctx, [
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
  ]).then(
    () => true,
    () => false,
  );
}
