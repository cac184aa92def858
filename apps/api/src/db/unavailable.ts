/**
 * Errors that say the database cannot serve right now — not a fault of the request, and not a bug:
 * answered 503 with Retry-After (platform/errors.ts; docs/ARCHITECTURE.md, 'Data'). PostgreSQL
 * refusing or dropping connections, shutting down or starting up, out of connection slots, a
 * statement cancelled by statement_timeout or lock_timeout (config.ts DATABASE_*_TIMEOUT_MS), a
 * connection postgres.js could not open or lost; on PGlite, an instance being reopened
 * (pglite-recovery.ts).
 */
import { isDatabaseUnavailable } from './pglite-recovery.ts';

/** SQLSTATEs of a server that cannot serve now (PostgreSQL, Appendix A). */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
  '57P01', // admin_shutdown (the server is stopping, or terminated the backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
]);

/** Connection failures as postgres.js and Node report them. */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** True when `err` (or a cause of it: Drizzle wraps driver errors) is a database outage. */
export function isDatabaseOutage(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code))) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
