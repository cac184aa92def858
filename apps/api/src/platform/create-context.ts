import { type Clock, systemClock } from '@codiroom/shared';
import type { Config } from '../config.ts';
import { type Database, type DatabaseEvent, openDatabase } from '../db/client.ts';
import type { AppContext } from './context.ts';
import { type KeyValueStore, openKeyValueStore } from './kv.ts';
import { TokenService } from './tokens.ts';

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
  overrides: { clock?: Clock; kv?: KeyValueStore } = {},
): AppContext {
  const kv = overrides.kv ?? openKeyValueStore(config.REDIS_URL);
  return {
    config,
    database,
    db: database.db,
    kv,
    clock: overrides.clock ?? systemClock,
    // Revoked sessions are listed in the same store, shared by every node with Redis.
    tokens: new TokenService(config.jwtSecret, kv),
  };
}
