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
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgresql';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** Cheap liveness probe used by /api/health (on PGlite, it waits for a recovery in progress). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
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
  | { kind: 'postgresql'; url: string; max?: number };

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
    const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
    const probe = async () => (await client.query('select 1 as ok')).rows.length === 1;
    return {
      db,
      kind: 'pglite',
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
    };
  }
  const sql = postgres(opts.url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    connection: { TimeZone: 'UTC' },
  });
  const db = drizzlePostgres(sql, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgresql',
    migrate: async () => {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`;
      await migratePostgres(db as never, { migrationsFolder: folder });
    },
    ping: async () => (await sql`select 1 as ok`).length === 1,
    close: async () => {
      await sql.end({ timeout: 5 });
    },
  };
}
