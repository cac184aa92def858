/**
 * Database handle: PGlite (embedded, default, on disk under DATA_DIR or in memory) or a real
 * PostgreSQL server when DATABASE_URL is set. Both run the same Drizzle schema and migrations.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { type ConstructorOptions, fromPglite, type PGliteLike } from 'pg-boss';
import postgres from 'postgres';
import {
  type DatabaseEvent,
  isDatabaseUnavailable,
  logDatabaseEvent,
  RecoveringPGlite,
} from './pglite-recovery.ts';
import * as schema from './schema.ts';

export { type DatabaseEvent, DatabaseUnavailableError, isDatabaseUnavailable } from './pglite-recovery.ts';

export type Schema = typeof schema;

/**
 * Watches every statement the app sends (metrics and traces, docs/ARCHITECTURE.md "Observability"):
 * called when a statement is issued, with its text (placeholders, never values); the function it
 * returns is called once the statement has settled, with the error if it failed.
 */
export type QueryObserver = (statement: string) => (error?: unknown) => void;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgresql';
export type JobQueueConnection = Pick<ConstructorOptions, 'db' | 'connectionString' | 'max' | 'backend'>;

/**
 * pg-boss's own connections on PostgreSQL (docs/ARCHITECTURE.md, "Background jobs"): a small
 * node-postgres pool, the driver pg-boss is built and tested on. The app's postgres.js client is
 * not shared: Drizzle makes it pass dates and JSON through as text, which pg-boss does not expect,
 * and job polling then never waits behind the shop's queries for a connection.
 */
const JOB_POOL_MAX = 2;

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * Applies pending migrations (idempotent), under the start-up lock: processes starting together
   * against one PostgreSQL server migrate one after the other.
   */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the start-up lock (docs/ARCHITECTURE.md, "Data"). On PostgreSQL it is a
   * session advisory lock on a connection of its own, released when `fn` settles or the process
   * dies; the embedded database belongs to one process, so there it just runs `fn`.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Cheap liveness probe used by /api/health (on PGlite, it waits for a recovery in progress). */
  ping(): Promise<boolean>;
  /** How pg-boss, the background job queue (platform/jobs.ts), reaches this database. */
  jobQueue: JobQueueConnection;
  close(): Promise<void>;
  /** Sets (or with null removes) the one observer of every statement; none by default (no cost). */
  observe(observer: QueryObserver | null): void;
}

type Slot = { observer: QueryObserver | null };

/** Runs a statement under the slot's observer, if any. */
function watch<T>(slot: Slot, statement: string, run: () => Promise<T>): Promise<T> {
  const observer = slot.observer;
  if (!observer) return run();
  const done = observer(statement);
  return run().then(
    (value) => {
      done();
      return value;
    },
    (err) => {
      done(err);
      throw err;
    },
  );
}

/**
 * PGlite under an observer: `query` and `exec`, of the client and of the transactions it opens.
 * Methods are bound to the real objects (RecoveringPGlite keeps private fields).
 */
function observedPglite<T extends object>(target: T, slot: Slot): T {
  return new Proxy(target, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj);
      if (typeof value !== 'function') return value;
      if (prop === 'query' || prop === 'exec') {
        return (statement: string, ...rest: unknown[]) =>
          watch(slot, statement, () => value.call(obj, statement, ...rest));
      }
      if (prop === 'transaction') {
        return (callback: (tx: object) => Promise<unknown>) =>
          value.call(obj, (tx: object) => callback(observedPglite(tx, slot)));
      }
      return value.bind(obj);
    },
  });
}

/**
 * A postgres.js `sql` under an observer: `unsafe` (what Drizzle and db/hot-sql.ts send), of the
 * pool and of the transactions and savepoints it opens. A postgres.js query runs when first
 * awaited; the observer sees it settle through that first `then`.
 */
function observedPostgres<T extends object>(target: T, slot: Slot): T {
  return new Proxy(target, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj);
      if (prop === 'unsafe' && typeof value === 'function') {
        return (statement: string, ...rest: unknown[]) => {
          const query = value.call(obj, statement, ...rest) as PromiseLike<unknown>;
          const observer = slot.observer;
          if (!observer) return query;
          const done = observer(statement);
          const then = query.then;
          let seen = false;
          Object.defineProperty(query, 'then', {
            configurable: true,
            value(onValue?: (v: unknown) => unknown, onError?: (e: unknown) => unknown) {
              if (!seen) {
                seen = true;
                then.call(
                  query,
                  () => done(),
                  (err: unknown) => done(err),
                );
              }
              return then.call(query, onValue, onError);
            },
          });
          return query;
        };
      }
      if ((prop === 'begin' || prop === 'savepoint') && typeof value === 'function') {
        return (...args: unknown[]) => {
          const callback = args.pop() as (tx: object) => unknown;
          return value.call(obj, ...args, (tx: object) => callback(observedPostgres(tx, slot)));
        };
      }
      return value;
    },
  });
}

export type OpenOptions =
  | {
      kind: 'pglite';
      dataDir?: string | undefined; // no dataDir → in memory (not reopened after a fatal error)
      /** Fatal WASM error and reopen events (pglite-recovery.ts); the console by default. */
      onEvent?: ((event: DatabaseEvent) => void) | undefined;
      /** How long calls wait for a reopen in progress (default 30 s). */
      reopenWaitMs?: number | undefined;
    }
  | {
      kind: 'postgresql';
      url: string;
      max?: number;
      /**
       * Every pooled connection's statement_timeout and lock_timeout (ms, 0 = none) and how long
       * opening one may take (config.ts DATABASE_*_TIMEOUT_MS): a statement past them is cancelled
       * and a database that is gone fails fast, both answered 503 (db/unavailable.ts).
       */
      statementTimeoutMs?: number;
      lockTimeoutMs?: number;
      connectTimeoutMs?: number;
    };

/** Key of the start-up advisory lock (any constant of this application's own). */
export const STARTUP_LOCK_KEY = 0x636f6469; // "codi"

/** Finds apps/api/drizzle both from src/db (tests, dev) and from dist (built server). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('migrations folder (apps/api/drizzle) not found');
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.kind === 'pglite') {
    let dataDir: string | undefined;
    if (opts.dataDir) {
      dataDir = resolve(opts.dataDir, 'pglite');
      mkdirSync(dataDir, { recursive: true });
    }
    // A stable client over the current WASM instance, which it reopens from disk (same data
    // directory and extensions) after a fatal error: Drizzle and everything holding `db` keep
    // working across the reopen (docs/ARCHITECTURE.md, "Data"). Extensions must go in the options
    // object: the two-argument form drops them.
    const client = await RecoveringPGlite.open({
      open: () => PGlite.create({ dataDir, extensions: { pg_trgm } }),
      canReopen: dataDir !== undefined,
      onEvent: opts.onEvent ?? ((event) => logDatabaseEvent(undefined, event)),
      reopenWaitMs: opts.reopenWaitMs,
    });
    const slot: Slot = { observer: null };
    const db = drizzlePglite(observedPglite(client, slot) as unknown as PGlite, { schema }) as unknown as Db;
    const probe = async () => (await client.query('select 1 as ok')).rows.length === 1;
    return {
      db,
      kind: 'pglite',
      withStartupLock: (fn) => fn(),
      // pg-boss's own PGlite adapter over the stable client, so jobs follow a reopen too: a
      // statement with values goes to query(), one without to exec() (pg-boss sends
      // multi-statement blocks), whose statements' rows it concatenates.
      jobQueue: { db: fromPglite(client as unknown as PGliteLike), backend: 'pglite' },
      migrate: async () => {
        await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migratePglite(db as never, { migrationsFolder: folder });
      },
      ping: async () => {
        try {
          return await probe();
        } catch (err) {
          // The probe met the fatal error itself: the second one waits (bounded) for the reopen.
          if (!isDatabaseUnavailable(err)) throw err;
          return await probe();
        }
      },
      close: async () => {
        if (!client.closed) await client.close();
      },
      observe: (observer) => {
        slot.observer = observer;
      },
    };
  }
  const connectTimeout = Math.ceil((opts.connectTimeoutMs ?? 3_000) / 1000);
  const sql = postgres(opts.url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    connect_timeout: connectTimeout,
    connection: {
      TimeZone: 'UTC',
      statement_timeout: opts.statementTimeoutMs ?? 5_000,
      lock_timeout: opts.lockTimeoutMs ?? 2_000,
    },
  });
  const slot: Slot = { observer: null };
  const db = drizzlePostgres(observedPostgres(sql, slot), { schema }) as unknown as Db;
  // Drizzle's migrator reads the last applied migration before its transaction, so two processes
  // starting on one server would both apply the same migrations (and both seed an empty shop).
  // The lock lives on a connection of its own so that `fn` can use the whole pool, whatever its size.
  const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lock = postgres(opts.url, { max: 1, onnotice: () => {} });
    try {
      await lock`select pg_advisory_lock(${STARTUP_LOCK_KEY})`;
      return await fn();
    } finally {
      await lock.end({ timeout: 5 });
    }
  };
  return {
    db,
    kind: 'postgresql',
    withStartupLock,
    jobQueue: { connectionString: opts.url, max: JOB_POOL_MAX, backend: 'postgres' },
    migrate: () =>
      withStartupLock(async () => {
        // Migrations build indexes and rewrite tables: their own connection, without the timeouts
        // meant for requests.
        const admin = postgres(opts.url, {
          max: 1,
          onnotice: () => {},
          connect_timeout: connectTimeout,
          connection: { TimeZone: 'UTC' },
        });
        try {
          await admin`CREATE EXTENSION IF NOT EXISTS pg_trgm`;
          await migratePostgres(drizzlePostgres(admin, { schema }) as never, { migrationsFolder: folder });
        } finally {
          await admin.end({ timeout: 5 });
        }
      }),
    ping: async () => (await sql`select 1 as ok`).length === 1,
    close: async () => {
      await sql.end({ timeout: 5 });
    },
    observe: (observer) => {
      slot.observer = observer;
    },
  };
}
