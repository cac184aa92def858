/**
 * Caches, counters and rate limits. Redis when REDIS_URL is set (shared by every API node),
 * otherwise an in-process map, so the default set-up needs no server.
 */
import { Redis } from 'ioredis';

export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Increments and returns the new value; the TTL is set when the key is created. */
  incr(key: string, ttlSeconds?: number): Promise<number>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

type Entry = { value: string; expiresAt: number | null };

export class MemoryStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, Entry>();
  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): Entry | undefined {
    const e = this.map.get(key);
    if (e && e.expiresAt !== null && e.expiresAt <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    this.map.set(key, { value, expiresAt: ttlSeconds ? this.now() + ttlSeconds * 1000 : null });
  }
  async incr(key: string, ttlSeconds?: number) {
    const e = this.live(key);
    const next = (e ? Number(e.value) : 0) + 1;
    this.map.set(key, {
      value: String(next),
      expiresAt: e ? e.expiresAt : ttlSeconds ? this.now() + ttlSeconds * 1000 : null,
    });
    return next;
  }
  async del(key: string) {
    this.map.delete(key);
  }
  async close() {
    this.map.clear();
  }
}

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'codiroom:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }
  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    if (ttlSeconds) await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
    else await this.redis.set(this.prefix + key, value);
  }
  async incr(key: string, ttlSeconds?: number) {
    const k = this.prefix + key;
    const [[, n]] = (await this.redis.multi().incr(k).exec()) as [[Error | null, number]];
    if (n === 1 && ttlSeconds) await this.redis.expire(k, ttlSeconds);
    return n;
  }
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async close() {
    await this.redis.quit();
  }
}

export function openKeyValueStore(redisUrl: string | undefined, prefix?: string): KeyValueStore {
  return redisUrl ? new RedisStore(redisUrl, prefix) : new MemoryStore();
}
