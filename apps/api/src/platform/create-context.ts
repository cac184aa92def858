import { type Clock, systemClock } from '@codiroom/shared';
import type { Config } from '../config.ts';
import { type Database, type DatabaseEvent, openDatabase } from '../db/client.ts';
import { CacheRegistry } from './cache.ts';
import type { AppContext } from './context.ts';
import { readinessCollector } from './health.ts';
import type { ImageStore } from './image-store.ts';
import { jobsCollector } from './jobs.ts';
import { type KeyValueStore, openKeyValueStore } from './kv.ts';
import { Metrics } from './metrics.ts';
import { outboxCollector } from './outbox.ts';
import { dropDocumentsOnEvents, pageDocumentsCollector } from './page-documents.ts';
import { revocationMemoMs, TokenService } from './tokens.ts';
import { tracedKeyValueStore, tracingQueryObserver } from './tracing.ts';
import { openImageStore } from './uploads.ts';

/** `onEvent`: the embedded database's fatal-error and reopen events (PGlite only; logged by server.ts). */
export async function openConfiguredDatabase(
  config: Config,
  onEvent?: (event: DatabaseEvent) => void,
): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({
        kind: 'postgresql',
        url: config.DATABASE_URL,
        max: config.DATABASE_POOL_MAX,
        statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
        lockTimeoutMs: config.DATABASE_LOCK_TIMEOUT_MS,
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR, onEvent });
}

export function createContext(
  config: Config,
  database: Database,
  overrides: { clock?: Clock; kv?: KeyValueStore; images?: ImageStore } = {},
): AppContext {
  const kv = tracedKeyValueStore(
    overrides.kv ?? openKeyValueStore(config.REDIS_URL, config.REDIS_KEY_PREFIX),
  );
  // Every statement is measured, and traced while tracing is on (docs/ARCHITECTURE.md "Observability").
  const metrics = new Metrics();
  database.observe(metrics.queryObserver(tracingQueryObserver()));
  // With Redis, cache events reach every node through its pub/sub channel. The app's clock is read
  // at each use (tests may swap it).
  const caches = new CacheRegistry({ config, kv, appNow: () => ctx.clock.now().getTime() });
  // Revoked sessions are in the database (platform/tokens.ts); the other processes hear of them at
  // once through `session.revoked`, and read the database within REVOCATION_MEMO_MS otherwise. The
  // embedded database has no other process (checkRoleDatabase): every revocation is made here and
  // applied at once, so "not revoked" is read with the member's status, as often (MEMBER_STATUS_MS).
  const tokens = new TokenService(config.jwtSecret, {
    revocationMemoMs: revocationMemoMs(config),
    announceRevoked: async (families) => {
      await Promise.all(families.map((f) => caches.invalidate('session.revoked', f)));
    },
  });
  caches.onRemote('session.revoked', (family) => {
    if (family !== undefined) tokens.noteRevoked(String(family));
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    kv,
    clock: overrides.clock ?? systemClock,
    tokens,
    caches,
    images: overrides.images ?? openImageStore(config),
    metrics,
  };
  // Page documents live in the shared database: the process that sends an event drops them.
  dropDocumentsOnEvents(
    caches,
    () => ctx.db,
    (err) =>
      process.stderr.write(
        `${JSON.stringify({ level: 50, msg: 'page documents: drop after an event failed', err: String(err) })}\n`,
      ),
  );
  metrics.addCollector(readinessCollector(ctx));
  metrics.addCollector(outboxCollector(ctx));
  metrics.addCollector(jobsCollector(ctx));
  metrics.addCollector(pageDocumentsCollector(() => ctx.db));
  return ctx;
}

/**
 * Ends what the context opened besides the database: the cache events subscriber and the
 * key-value store (the database is closed by its opener).
 */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.caches.close();
  await ctx.kv.close();
}
