/**
 * Database connection and transaction types shared by every domain, and unique-violation detection.
 * A service that takes `Conn` works both on the pool and inside a caller's transaction (`Tx`).
 */
import type { Db } from '../db/client.ts';

/** The transaction handle Drizzle passes to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the pool or an open transaction. */
export type Conn = Db | Tx;

/** PostgreSQL unique_violation (23505), as thrown by postgres-js, PGlite or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const o = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };
    if (o.code === '23505') {
      if (!constraint) return true;
      const name = o.constraint_name ?? o.constraint;
      return name === undefined || name === constraint;
    }
    e = o.cause;
  }
  return false;
}
