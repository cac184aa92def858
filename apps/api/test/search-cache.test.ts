/** The per-node answer cache in front of a search engine: hits, TTL, invalidation by re-index. */
import { analyseQuery } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import { CachedSearchEngine } from '../src/domains/search/cached-engine.ts';
import { indexGeneration, rebuildSearchIndex } from '../src/domains/search/documents.ts';
import type { Hits, SearchEngine } from '../src/domains/search/engine.ts';
import { openTestDatabase } from './helpers.ts';

function fakeEngine() {
  let calls = 0;
  const hits = (): Promise<Hits> => {
    calls += 1;
    return Promise.resolve({ total: calls, ids: [calls], fuzzy: false });
  };
  const engine: SearchEngine = {
    name: 'fake',
    products: hits,
    styles: hits,
    brands: hits,
    posts: hits,
    suggest: async () => [],
    filters: async () => {
      throw new Error('boom');
    },
    counts: async () => ({ product: 0, style: 0, brand: 0, post: 0 }),
    didYouMean: async () => null,
    ready: async () => undefined,
    warm: async () => undefined,
  };
  return { engine, calls: () => calls };
}

const page = { limit: 20, offset: 0, sort: 'relevance' as const };

describe('CachedSearchEngine', () => {
  it('answers the same query from the cache until the TTL passes', async () => {
    let now = 0;
    const f = fakeEngine();
    const cached = new CachedSearchEngine(f.engine, 1000, () => now);
    const q = analyseQuery('슬랙스');
    expect((await cached.products(q, page)).total).toBe(1);
    now = 500;
    expect((await cached.products(q, page)).total).toBe(1);
    expect((await cached.products(q, { ...page, offset: 20 })).total).toBeGreaterThan(1); // another page
    now = 1500;
    const fresh = await cached.products(q, page);
    expect(fresh.total).toBe(f.calls());
  });

  it('does not cache with a TTL of 0, nor keep failures', async () => {
    const f = fakeEngine();
    const off = new CachedSearchEngine(f.engine, 0);
    const q = analyseQuery('셔츠');
    await off.products(q, page);
    await off.products(q, page);
    expect(f.calls()).toBe(2);
    const on = new CachedSearchEngine(f.engine, 60_000);
    await expect(on.filters(q)).rejects.toThrow('boom');
    await expect(on.filters(q)).rejects.toThrow('boom');
  });

  it('misses after a re-index in this process', async () => {
    const f = fakeEngine();
    const cached = new CachedSearchEngine(f.engine, 60_000);
    const q = analyseQuery('코트');
    await cached.brands(q, page);
    await cached.brands(q, page);
    expect(f.calls()).toBe(1);
    const database = await openTestDatabase();
    try {
      const before = indexGeneration();
      await rebuildSearchIndex(database.db);
      expect(indexGeneration()).toBeGreaterThan(before);
    } finally {
      await database.close();
    }
    await cached.brands(q, page);
    expect(f.calls()).toBe(2);
  });
});
