import type { Clock } from '@codiroom/shared';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { CacheRegistry } from './cache.ts';
import type { ImageStore } from './image-store.ts';
import type { KeyValueStore } from './kv.ts';
import type { Metrics } from './metrics.ts';
import type { TokenService } from './tokens.ts';

/** Everything a domain service needs, created once per process and injected (tests swap parts). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Database['db'];
  kv: KeyValueStore;
  clock: Clock;
  tokens: TokenService;
  /** Named caches and their invalidation events (platform/cache.ts). */
  caches: CacheRegistry;
  /** Uploaded images (platform/uploads.ts): local files under DATA_DIR or an S3 bucket. */
  images: ImageStore;
  /** Prometheus metrics of this app (platform/metrics.ts): `metrics.count(...)` business events. */
  metrics: Metrics;
}
