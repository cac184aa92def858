import { type Clock, systemClock } from '@codiroom/shared';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import type { AppContext } from './context.ts';
import { type KeyValueStore, openKeyValueStore } from './kv.ts';
import { TokenService } from './tokens.ts';

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgresql', url: config.DATABASE_URL, max: config.DATABASE_POOL_MAX })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
}

export function createContext(
  config: Config,
  database: Database,
  overrides: { clock?: Clock; kv?: KeyValueStore } = {},
): AppContext {
  return {
    config,
    database,
    db: database.db,
    kv: overrides.kv ?? openKeyValueStore(config.REDIS_URL),
    clock: overrides.clock ?? systemClock,
    tokens: new TokenService(config.jwtSecret),
  };
}
