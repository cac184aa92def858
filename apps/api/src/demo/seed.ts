/**
 * The server's door to the demo seed (apps/api/seed, outside the server's source). The seed
 * imports no domain: the search index it needs after writing the rows comes from here.
 */
import { type SeedOptions, type SeedSummary, seed as seedShop } from '../../seed/index.ts';
import type { Db } from '../db/client.ts';
import { rebuildSearchIndex } from '../domains/search/index.ts';

export * from '../../seed/index.ts';

/** Seeds a freshly migrated, empty database (apps/api/seed) and builds its search index. */
export function seed(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  return seedShop(db, { indexSearch: rebuildSearchIndex, ...opts });
}
