import { type Clock, systemClock } from '@codiroom/shared';
import type { Config } from '../config.ts';
import { type Database, type DatabaseEvent, openDatabase } from '../db/client.ts';
import { CacheRegistry } from './cache.ts';
import type { AppContext } from './context.ts';
import type { ImageStore } from './image-store.ts';
import { type KeyValueStore, openKeyValueStore } from './kv.ts';
import { TokenService } from './tokens.ts';
import { openImageStore } from './uploads.ts';

/** `onEvent`: the embedded database's fatal-error and reopen events (PGlite only; logged by server.ts). */
export async function openConfiguredDatabase(
  config: Config,
  onEvent?: (event: DatabaseEvent) => void,
): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgresql', url: config.DATABASE_URL, max: config.DATABASE_POOL_MAX })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR, onEvent });
}

export function createContext(
  config: Config,
  database: Database,
  overrides: { clock?: Clock; kv?: KeyValueStore; images?: ImageStore } = {},
): AppContext {
  const kv = overrides.kv ?? openKeyValueStore(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  // With Redis, cache events reach every node through its pub/sub channel. The app's clock is read
  // at each use (tests may swap it).
  const caches = new CacheRegistry({ config, kv, appNow: () => ctx.clock.now().getTime() });
  // Revoked sessions are listed in the same store, shared by every node with Redis; the other
  // nodes also hear of them at once through `session.revoked`.
  const tokens = new TokenService(config.jwtSecret, kv, {
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
  };
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
