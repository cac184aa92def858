/**
 * Named caches and their invalidation events (platform/cache.ts): a value is served until its event
 * and then reloaded, a load that an event overtakes is not stored, loads are single-flight, and
 * with Redis an event sent in one context clears the cache in another.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { CacheRegistry, cache, defineCache, invalidate, LocalCache } from '../src/platform/cache.ts';
import { type KeyValueStore, MemoryStore, RedisStore } from '../src/platform/kv.ts';

const redisUrl = process.env.TEST_REDIS_URL;

const LOCAL = defineCache<string>('test-local', { ttlMs: 60_000, invalidatedBy: ['prices.changed'] });
const SHARED = defineCache<{ n: number }>('test-shared', {
  ttlMs: 60_000,
  invalidatedBy: ['catalog.changed'],
  mode: 'shared',
});
const SHORT = defineCache<number>('test-short', {
  ttlMs: (config) => config.MEMBER_STATUS_MS,
  invalidatedBy: ['member.changed'],
  clock: 'app',
});

function context(env: Record<string, string> = {}, kv: KeyValueStore = new MemoryStore(), now = () => 0) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  return { caches: new CacheRegistry({ config, kv, appNow: now }), kv };
}

function counter() {
  let n = 0;
  return { load: async () => `v${++n}`, calls: () => n };
}

describe('local caches', () => {
  it('serve a value until its event, then load it again; other events leave it', async () => {
    const ctx = context();
    const c = counter();
    expect(await cache(ctx, LOCAL).load('k', c.load)).toBe('v1');
    expect(await cache(ctx, LOCAL).load('k', c.load)).toBe('v1');
    await invalidate(ctx, 'catalog.changed');
    expect(await cache(ctx, LOCAL).load('k', c.load)).toBe('v1');
    await invalidate(ctx, 'prices.changed');
    expect(await cache(ctx, LOCAL).load('k', c.load)).toBe('v2');
    expect(c.calls()).toBe(2);
    await ctx.caches.close();
  });

  it('a keyed event drops that key only', async () => {
    const ctx = context();
    await cache(ctx, SHORT).set(1, 10);
    await cache(ctx, SHORT).set(2, 20);
    await invalidate(ctx, 'member.changed', 1);
    expect(await cache(ctx, SHORT).get(1)).toBeUndefined();
    expect(await cache(ctx, SHORT).get(2)).toBe(20);
  });

  it('one load per key at a time; a failed load is not kept', async () => {
    const ctx = context();
    let calls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = async () => {
      calls += 1;
      await gate;
      return 'slow';
    };
    const a = cache(ctx, LOCAL).load('sf', slow);
    const b = cache(ctx, LOCAL).load('sf', slow);
    release();
    expect(await Promise.all([a, b])).toEqual(['slow', 'slow']);
    expect(calls).toBe(1);
    await expect(
      cache(ctx, LOCAL).load('bad', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await cache(ctx, LOCAL).load('bad', async () => 'ok')).toBe('ok');
  });

  it('an event during a load is not lost: the load answers but is not stored', async () => {
    const ctx = context();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const loading = cache(ctx, LOCAL).load('race', async () => {
      await gate;
      return 'before the change';
    });
    await invalidate(ctx, 'prices.changed');
    release();
    expect(await loading).toBe('before the change');
    expect(await cache(ctx, LOCAL).get('race')).toBeUndefined();
    expect(await cache(ctx, LOCAL).load('race', async () => 'after')).toBe('after');
  });

  it('entries end with their TTL (from config, on the app clock when asked); TTL 0 is off', async () => {
    let now = 1_000;
    const on = context({ MEMBER_STATUS_MS: '150' }, new MemoryStore(), () => now);
    const c = counter();
    const load = () => cache(on, SHORT).load(7, async () => Number((await c.load()).slice(1)));
    expect(await load()).toBe(1);
    now = 1_149;
    expect(await load()).toBe(1);
    now = 1_150;
    expect(await load()).toBe(2);
    const off = context({ MEMBER_STATUS_MS: '0' });
    await off.caches.get(SHORT).set(7, 1);
    expect(await off.caches.get(SHORT).get(7)).toBeUndefined();
  });

  it("a key's changes count its own deletes and every clear, not other keys' deletes", () => {
    const c = new LocalCache<number>('per-key', 60_000, 2);
    const a0 = c.changesOf('a');
    const b0 = c.changesOf('b');
    c.drop('b');
    // A load of `a` that started before another key's delete may still be stored.
    expect(c.changesOf('a')).toBe(a0);
    expect(c.changesOf('b')).not.toBe(b0);
    const a1 = c.changesOf('a');
    c.wipe();
    expect(c.changesOf('a')).not.toBe(a1);
    // Past maxEntries keys dropped, every key counts as changed (the bound on what is tracked).
    const a2 = c.changesOf('a');
    c.drop('x');
    c.drop('y');
    expect(c.changesOf('a')).toBe(a2);
    c.drop('z');
    expect(c.changesOf('a')).not.toBe(a2);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const c = new LocalCache<number>('bounded', 60_000, 2);
    c.put('a', 1);
    c.put('b', 2);
    c.put('c', 3);
    expect([c.peek('a'), c.peek('b'), c.peek('c')]).toEqual([undefined, 2, 3]);
  });
});

describe('shared caches (values in the key-value store)', () => {
  it('serve a value until its event; a keyed event deletes the key', async () => {
    const ctx = context();
    let n = 0;
    const load = () => cache(ctx, SHARED).load('agg', async () => ({ n: ++n }));
    expect(await load()).toEqual({ n: 1 });
    expect(await load()).toEqual({ n: 1 });
    await invalidate(ctx, 'catalog.changed');
    expect(await load()).toEqual({ n: 2 });
    await invalidate(ctx, 'catalog.changed', 'agg');
    expect(await load()).toEqual({ n: 3 });
  });
});

describe.runIf(redisUrl)('with Redis: events cross contexts', () => {
  const prefix = `codiroom:t${randomUUID().slice(0, 8)}:`;
  const env = { REDIS_URL: redisUrl as string, REDIS_KEY_PREFIX: prefix };
  const stores: RedisStore[] = [];
  const store = () => {
    const s = new RedisStore(redisUrl as string, prefix);
    stores.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });

  it('an event sent in one context clears the cache in another', async () => {
    const a = context(env, store());
    const b = context(env, store());
    await Promise.all([a.caches.ready(), b.caches.ready()]);
    try {
      await cache(b, LOCAL).set('x', 'old');
      expect(await cache(b, LOCAL).get('x')).toBe('old');
      await invalidate(a, 'prices.changed');
      const until = Date.now() + 2_000;
      while ((await cache(b, LOCAL).get('x')) !== undefined && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await cache(b, LOCAL).get('x')).toBeUndefined();

      // A shared value: both contexts read the one entry; an event from either ends it for both.
      let n = 0;
      const load = async () => ({ n: ++n });
      expect(await cache(a, SHARED).load('s', load)).toEqual({ n: 1 });
      expect(await cache(b, SHARED).load('s', load)).toEqual({ n: 1 });
      await invalidate(a, 'catalog.changed');
      await new Promise((r) => setTimeout(r, 100));
      expect(await cache(b, SHARED).load('s', load)).toEqual({ n: 2 });
      expect(await cache(a, SHARED).load('s', load)).toEqual({ n: 2 });
    } finally {
      await Promise.all([a.caches.close(), b.caches.close()]);
    }
  });
});

describe('configuration of caches and background jobs', () => {
  it('has production defaults, read once in config.ts', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.BACKGROUND_JOBS).toBe('on');
    expect(c.MEMBER_STATUS_MS).toBe(5_000);
    expect(c.RESPONSE_CACHE).toBe('on');
    expect(c.CARD_PRICE_SNAPSHOT_MS).toBe(1_000);
    expect(c.SEARCH_CACHE_TTL_S).toBe(30);
    expect(c.SEARCH_MEMORY_INDEX).toBe(true);
    const d = loadConfig({ NODE_ENV: 'test', SEARCH_CACHE_TTL_S: 'x', SEARCH_MEMORY_INDEX: '0' });
    expect(d.SEARCH_CACHE_TTL_S).toBe(30);
    expect(d.SEARCH_MEMORY_INDEX).toBe(false);
    expect(loadConfig({ SEARCH_CACHE_TTL_S: '0' }).SEARCH_CACHE_TTL_S).toBe(0);
  });
});
