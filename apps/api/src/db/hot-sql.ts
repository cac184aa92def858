/**
 * Hot statements (order create and confirm, bench/orders.mjs; the member check of every token
 * request, platform/access.ts; cart adds use their own batch statement), run so that each costs one
 * round trip on postgres.js: Drizzle's `execute` and query builders send a statement with
 * parameters unprepared, which postgres.js does in two round trips (Parse/Describe, then
 * Bind/Execute) with a fresh parse on the server every time. Here they run as postgres.js named
 * prepared statements (fixed texts: parsed once per connection). PGlite: Drizzle's `execute`.
 */
import { Param, Placeholder, type SQL, sql } from 'drizzle-orm';
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

/** What a fixed statement's builder gets for a value: the value itself, or its placeholder. */
export type ValueOf<V> = <K extends keyof V & string>(name: K) => V[K] | Placeholder<K>;

type Fixed = { text: string; params: ({ name: string } | { value: unknown })[] };

/**
 * A hot statement whose text depends only on its shape: `build` writes it with `v(name)` wherever a
 * value goes. On postgres.js it is built and turned into text once per shape (`shape`, e.g. the
 * number of order lines), then each run only binds the values — no Drizzle SQL built or walked
 * per call, which the order bench measured as a large share of an order's CPU. On PGlite it is
 * built with the values each time and run by Drizzle's `execute`, as runHot does.
 */
export function fixedStatement<V extends Record<string, unknown>>(
  build: (v: ValueOf<V>, shape: string) => SQL,
): (db: Conn, values: V, shape?: string) => Promise<Record<string, unknown>[]> {
  const texts = new Map<string, Fixed>();
  const asPlaceholder = ((name: string) => sql.placeholder(name)) as ValueOf<V>;
  return async (db, values, shape = '') => {
    const client = pgJsOf(db);
    if (!client)
      return rowsOf(await db.execute(build(((name: string) => values[name]) as ValueOf<V>, shape)));
    let fixed = texts.get(shape);
    if (!fixed) {
      const q = dialect.sqlToQuery(build(asPlaceholder, shape));
      fixed = {
        text: q.sql,
        params: q.params.map((p) => {
          if (p instanceof Placeholder) return { name: p.name };
          // A value through a column's encoder (eq(column, v(…))): the encoder would be skipped.
          if (p instanceof Param && p.value instanceof Placeholder)
            throw new Error('fixedStatement: put v(…) in sql templates, not in column conditions');
          return { value: p };
        }),
      };
      texts.set(shape, fixed);
    }
    const args = fixed.params.map((p) => ('name' in p ? values[p.name] : p.value));
    return rowsOf(await client.unsafe(fixed.text, args, { prepare: true }));
  };
}
