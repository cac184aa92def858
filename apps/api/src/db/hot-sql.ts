/**
 * The hot statements of order create and confirm (bench/orders.mjs), run so that each costs one
 * round trip on postgres.js: Drizzle's `execute` and query builders send a statement with
 * parameters unprepared, which postgres.js does in two round trips (Parse/Describe, then
 * Bind/Execute) with a fresh parse on the server every time. Here they run as postgres.js named
 * prepared statements (fixed texts: parsed once per connection). PGlite: Drizzle's `execute`.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Conn } from '../users/member-db.ts';

/** The part of a postgres.js `sql` (root or a transaction's) the hot statements use. */
type PgJs = {
  unsafe(query: string, args: unknown[], options: { prepare: boolean }): Promise<unknown>;
  begin(fn: (sql: PgJs) => Promise<unknown>): Promise<unknown>;
};
export type Run = (query: SQL) => Promise<Record<string, unknown>[]>;

const dialect = new PgDialect();

function pgJsOf(db: Conn): PgJs | null {
  const c = (db as unknown as { $client?: Partial<PgJs> }).$client;
  return c && typeof c.unsafe === 'function' && typeof c.begin === 'function' ? (c as PgJs) : null;
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

/**
 * Hot statements as one transaction on postgres.js: `BEGIN`, the statements pipelined (sent at
 * once; the server still runs them one after the other, each with its own snapshot), `COMMIT` —
 * or a rollback and the first error when one failed. PGlite: a Drizzle transaction running them
 * in order. Returns each statement's rows.
 */
export async function pipelinedTransaction(db: Db, statements: SQL[]): Promise<Record<string, unknown>[][]> {
  const client = pgJsOf(db);
  if (client) {
    return (await client.begin(async (tx) => {
      const run = preparedOn(tx);
      // Every statement settles before the transaction ends; the first failure rolls it back.
      const settled = await Promise.allSettled(statements.map((s) => run(s)));
      for (const r of settled) if (r.status === 'rejected') throw r.reason;
      return settled.map((r) => (r as PromiseFulfilledResult<Record<string, unknown>[]>).value);
    })) as Record<string, unknown>[][];
  }
  return db.transaction(async (tx) => {
    const out: Record<string, unknown>[][] = [];
    for (const s of statements) out.push(rowsOf(await tx.execute(s)));
    return out;
  });
}
