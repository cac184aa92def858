/**
 * Hot statements (order create and confirm, bench/orders.mjs; the member check of every token
 * request, platform/access.ts; cart adds use their own batch statement), run so that each costs one
 * round trip on postgres.js: Drizzle's `execute` and query builders send a statement with
 * parameters unprepared, which postgres.js does in two round trips (Parse/Describe, then
 * Bind/Execute) with a fresh parse on the server every time. Here they run as postgres.js named
 * prepared statements (fixed texts: parsed once per connection). PGlite: Drizzle's `execute`.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/** A database handle or a transaction of one. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The part of a postgres.js `sql` (root or a transaction's) the hot statements use. */
export type PgJs = {
  unsafe(query: string, args: unknown[], options: { prepare: boolean }): Promise<unknown>;
};
export type Run = (query: SQL) => Promise<Record<string, unknown>[]>;

const dialect = new PgDialect();

/**
 * The postgres.js client under a Drizzle handle, or under a transaction the connection that
 * transaction holds (its session's `sql`, so the statement runs inside it), for a statement run
 * as a named prepared statement; null on PGlite. The one place that looks under Drizzle's handles.
 */
export function pgJsOf(db: Conn): PgJs | null {
  const h = db as unknown as { $client?: Partial<PgJs>; session?: { client?: Partial<PgJs> } };
  const c = h.$client ?? h.session?.client;
  return c && typeof c.unsafe === 'function' ? (c as PgJs) : null;
}

/** Runs statements as named prepared statements on a postgres.js `sql` (unnamed when !prepare). */
const preparedOn =
  (client: PgJs, prepare = true): Run =>
  async (query) => {
    const q = dialect.sqlToQuery(query);
    return rowsOf(await client.unsafe(q.sql, q.params, { prepare }));
  };

/**
 * One hot statement (its own transaction unless `db` is one). `prepare: false` for a statement
 * whose text varies with the input (e.g. one VALUES row per order line): every distinct text would
 * stay prepared on its connection, on the server and in postgres.js, for the connection's life.
 */
export function runHot(db: Conn, prepare = true): Run {
  const client = pgJsOf(db);
  return client ? preparedOn(client, prepare) : async (query) => rowsOf(await db.execute(query));
}
