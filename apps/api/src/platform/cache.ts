/**
 * Named caches with time-to-live and explicit invalidation events, one registry per AppContext
 * (`ctx.caches`). A cache is declared once with `defineCache` and reached through the context
 * (`cache(ctx, def)`); a change that makes cached answers wrong sends an event with
 * `invalidate(ctx, event, key?)`, which clears (or, with a key, deletes from) every cache that
 * declared the event.
 *
 * Where the values live, per cache:
 *   - `local` (default): in this process's memory. With REDIS_URL, invalidation events are
 *     published on a Redis channel and every process applies them to its own copy, so an event
 *     sent on one node clears the cache on all of them (within the channel's delivery delay).
 *   - `shared`: JSON in the key-value store (Redis when configured, shared by every node). A keyed
 *     event deletes the key; an unkeyed one moves the cache to a new generation (a counter in the
 *     store), which every node re-reads once the event reaches it.
 *
 * A load that an invalidation overtook (the cache was invalidated while the loader ran) answers its
 * caller but is not stored: what it read may be from before the change.
 *
 * Redis may drop events (down, restarted, unreachable from this process): when the events channel
 * connects again, every local cache is cleared and every shared cache re-reads its generation, as
 * if every event had been sent; when the store answers again, shared caches re-read their
 * generation (a restarted Redis is empty). Nothing missed is served past the reconnection.
 */
import type { Config } from '../config.ts';
import { type BusMessage, type InvalidationBus, RedisBus } from './cache-bus.ts';
import type { KeyValueStore } from './kv.ts';

/**
 * What can make cached answers wrong. `member.changed` (key: the user id): a member's status
 * (is_active, is_admin) or existence; `catalog.changed`: products, brands, categories, stock or
 * anything else a catalogue answer shows; `popularity.changed`: the products' popularity and rankings
 * were recomputed (the order of listings, not what a product is); `site.changed`: site-wide text the
 * pages show (the interest-free notice); `prices.changed`: a price, time sale or event coupon;
 * `session.revoked` (key: the refresh-token family): a session was ended (platform/tokens.ts);
 * `display.changed` (key: the product display id): what moves with every order, cancel or like
 * without being a catalogue change — the stock of the display's sizes, its time-sale units sold,
 * its like count (catalog `displaysChanged`).
 */
export type CacheEvent =
  | 'member.changed'
  | 'catalog.changed'
  | 'prices.changed'
  | 'session.revoked'
  | 'reviews.changed'
  | 'popularity.changed'
  | 'site.changed'
  | 'display.changed';
export const CACHE_EVENTS: readonly CacheEvent[] = [
  'member.changed',
  'catalog.changed',
  'prices.changed',
  'session.revoked',
  'reviews.changed',
  'popularity.changed',
  'site.changed',
  'display.changed',
];

export type CacheKey = string | number;

export type CacheDef<V> = {
  readonly name: string;
  /** Time to live of an entry in ms (0: the cache is off, every read loads); may depend on config. */
  readonly ttlMs: number | ((config: Config) => number);
  /** Entries kept at most (local caches); the oldest goes first. */
  readonly maxEntries: number;
  readonly invalidatedBy: readonly CacheEvent[];
  readonly mode: 'local' | 'shared';
  /** Whose clock measures the TTL: the system's (default) or the app's injectable clock. */
  readonly clock: 'system' | 'app';
  /** Type marker only. */
  readonly __value?: V;
};

const definitions = new Map<string, CacheDef<unknown>>();

/** Declares a cache (module level, once per name). */
export function defineCache<V>(
  name: string,
  opts: {
    ttlMs: CacheDef<V>['ttlMs'];
    maxEntries?: number;
    invalidatedBy: readonly CacheEvent[];
    mode?: 'local' | 'shared';
    clock?: 'system' | 'app';
  },
): CacheDef<V> {
  if (definitions.has(name)) throw new Error(`cache ${name} is defined twice`);
  const def: CacheDef<V> = {
    name,
    ttlMs: opts.ttlMs,
    maxEntries: opts.maxEntries ?? 10_000,
    invalidatedBy: opts.invalidatedBy,
    mode: opts.mode ?? 'local',
    clock: opts.clock ?? 'system',
  };
  definitions.set(name, def as CacheDef<unknown>);
  return def;
}

type Entry<V> = { value: V; expiresAt: number };

/** The operations of one named cache. */
export interface Cache<V> {
  readonly name: string;
  readonly ttlMs: number;
  get(key: CacheKey): Promise<V | undefined>;
  /** `ttlMs` overrides the cache's TTL for this entry (counted from now). */
  set(key: CacheKey, value: V, ttlMs?: number): Promise<void>;
  /**
   * The cached value, or the loader's (one load per key at a time: concurrent callers share it).
   * `ttlMs(value)` may shorten an entry's life; the TTL counts from the load's start.
   */
  load(key: CacheKey, loader: () => Promise<V>, opts?: { ttlMs?: (value: V) => number }): Promise<V>;
  delete(key: CacheKey): Promise<void>;
  clear(): Promise<void>;
}

/** A cache in this process's memory. */
export class LocalCache<V> implements Cache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loads = new Map<string, Promise<V>>();
  /** Deletes and clears so far: a load that one overtook is not stored. */
  private generation = 0;
  /** Clears so far, and deletes of each key since the last clear (`changesOf`). */
  private wipes = 0;
  private readonly drops = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live entry (synchronous: local caches only). */
  peek(key: CacheKey): V | undefined {
    const k = String(key);
    const e = this.entries.get(k);
    if (!e) return undefined;
    if (e.expiresAt <= this.now()) {
      this.entries.delete(k);
      return undefined;
    }
    return e.value;
  }

  async get(key: CacheKey): Promise<V | undefined> {
    return this.peek(key);
  }

  /** Stores synchronously (local caches only). */
  put(key: CacheKey, value: V, ttlMs = this.ttlMs, from = this.now()): void {
    if (ttlMs <= 0 || this.ttlMs <= 0) return;
    const k = String(key);
    this.entries.delete(k);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(k, { value, expiresAt: from + ttlMs });
  }

  async set(key: CacheKey, value: V, ttlMs?: number): Promise<void> {
    this.put(key, value, ttlMs);
  }

  load(key: CacheKey, loader: () => Promise<V>, opts: { ttlMs?: (value: V) => number } = {}): Promise<V> {
    if (this.ttlMs <= 0) return loader();
    const k = String(key);
    const hit = this.peek(k);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = this.loads.get(k);
    if (running) return running;
    const startedAt = this.now();
    const before = this.generation;
    const p = (async () => {
      const value = await loader();
      // A delete or clear since the start (which also forgot this load) keeps it out.
      if (this.generation === before) {
        this.put(k, value, Math.min(this.ttlMs, opts.ttlMs?.(value) ?? this.ttlMs), startedAt);
      }
      return value;
    })().finally(() => {
      if (this.loads.get(k) === p) this.loads.delete(k);
    });
    this.loads.set(k, p);
    return p;
  }

  /** Synchronous delete (local caches only). */
  drop(key: CacheKey): void {
    const k = String(key);
    this.generation += 1;
    this.drops.set(k, (this.drops.get(k) ?? 0) + 1);
    // Bounded: past it, every key counts as changed (a load under way is not stored).
    if (this.drops.size > this.maxEntries) {
      this.drops.clear();
      this.wipes += 1;
    }
    this.entries.delete(k);
    // A load under way may have read from before the change: later callers start a new one.
    this.loads.delete(k);
  }

  async delete(key: CacheKey): Promise<void> {
    this.drop(key);
  }

  /** Synchronous clear (local caches only). */
  wipe(): void {
    this.generation += 1;
    this.wipes += 1;
    this.drops.clear();
    this.entries.clear();
    this.loads.clear();
  }

  async clear(): Promise<void> {
    this.wipe();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Deletes and clears so far (a caller's own load compares it before storing). */
  get changes(): number {
    return this.generation;
  }

  /**
   * Clears so far and deletes of `key` (a load of one key compares it before storing): a keyed
   * event for another key (`display.changed` on every order) does not keep this key's load out.
   */
  changesOf(key: CacheKey): string {
    return `${this.wipes}:${this.drops.get(String(key)) ?? 0}`;
  }
}

/** A cache whose values are JSON in the key-value store (Redis when configured). */
class SharedCache<V> implements Cache<V> {
  private readonly loads = new Map<string, Promise<V>>();
  /** The generation this process last read from the store (null: read it again). */
  private knownGeneration: number | null = null;
  private invalidations = 0;

  constructor(
    readonly name: string,
    readonly ttlMs: number,
    private readonly kv: KeyValueStore,
  ) {}

  private genKey(): string {
    return `cachegen:${this.name}`;
  }

  private async storeKey(key: CacheKey): Promise<string> {
    if (this.knownGeneration === null) {
      const raw = await this.kv.get(this.genKey());
      this.knownGeneration = raw === null ? 0 : Number(raw);
    }
    return `cache:v1:${this.name}:${this.knownGeneration}:${key}`;
  }

  async get(key: CacheKey): Promise<V | undefined> {
    try {
      const hit = await this.kv.get(await this.storeKey(key));
      return hit === null ? undefined : (JSON.parse(hit) as V);
    } catch {
      // Store unavailable or a corrupt entry: a miss.
      return undefined;
    }
  }

  async set(key: CacheKey, value: V, ttlMs = this.ttlMs): Promise<void> {
    if (ttlMs <= 0 || this.ttlMs <= 0) return;
    try {
      await this.kv.set(
        await this.storeKey(key),
        JSON.stringify(value),
        Math.max(1, Math.ceil(ttlMs / 1000)),
      );
    } catch {
      // Best effort.
    }
  }

  load(key: CacheKey, loader: () => Promise<V>, opts: { ttlMs?: (value: V) => number } = {}): Promise<V> {
    if (this.ttlMs <= 0) return loader();
    const k = String(key);
    const running = this.loads.get(k);
    if (running) return running;
    const before = this.invalidations;
    const p = (async () => {
      const hit = await this.get(k);
      if (hit !== undefined) return hit;
      const value = await loader();
      if (this.invalidations === before) {
        await this.set(k, value, Math.min(this.ttlMs, opts.ttlMs?.(value) ?? this.ttlMs));
      }
      return value;
    })().finally(() => {
      if (this.loads.get(k) === p) this.loads.delete(k);
    });
    this.loads.set(k, p);
    return p;
  }

  async delete(key: CacheKey): Promise<void> {
    this.invalidations += 1;
    this.loads.delete(String(key));
    try {
      await this.kv.del(await this.storeKey(key));
    } catch {
      // Best effort: the entry ends with its TTL.
    }
  }

  async clear(): Promise<void> {
    this.invalidations += 1;
    this.loads.clear();
    this.knownGeneration = null;
    try {
      await this.kv.incr(this.genKey());
    } catch {
      // Best effort: the entries end with their TTL.
    }
  }

  /** Another process cleared the cache: read the generation again. */
  forgetGeneration(): void {
    this.invalidations += 1;
    this.loads.clear();
    this.knownGeneration = null;
  }
}

type Message = BusMessage<CacheEvent>;

/** The caches of one AppContext. */
export class CacheRegistry {
  private readonly caches = new Map<string, Cache<unknown>>();
  private readonly singletons = new Map<string, unknown>();
  private readonly listeners: { event: CacheEvent; fn: (key?: CacheKey) => void }[] = [];
  private readonly senders: { event: CacheEvent; fn: (event: CacheEvent) => Promise<void> }[] = [];
  private readonly id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  private readonly bus: InvalidationBus<Message> | null;

  constructor(
    private readonly deps: {
      config: Config;
      kv: KeyValueStore;
      /** The app's clock, in ms (caches defined with clock 'app'). */
      appNow: () => number;
    },
  ) {
    const url = deps.config.REDIS_URL;
    this.bus = url
      ? new RedisBus<Message>(
          url,
          `${deps.config.REDIS_KEY_PREFIX}cache-events`,
          (m) => {
            if (m.from !== this.id && CACHE_EVENTS.includes(m.event)) this.applyRemote(m.event, m.key);
          },
          () => this.resync(true),
        )
      : null;
    deps.kv.onRecovered(() => this.resync(false));
  }

  /**
   * After events may have been lost: shared caches re-read their generation, and with
   * `local` every local cache is cleared (the events channel was down).
   */
  resync(local: boolean): void {
    for (const c of this.caches.values()) {
      if (c instanceof SharedCache) c.forgetGeneration();
      else if (local && c instanceof LocalCache) c.wipe();
    }
  }

  /** The cache of `def` in this context. */
  get<V>(def: CacheDef<V>): Cache<V> {
    let c = this.caches.get(def.name) as Cache<V> | undefined;
    if (!c) {
      const ttl = typeof def.ttlMs === 'function' ? def.ttlMs(this.deps.config) : def.ttlMs;
      c =
        def.mode === 'shared'
          ? new SharedCache<V>(def.name, ttl, this.deps.kv)
          : new LocalCache<V>(
              def.name,
              ttl,
              def.maxEntries,
              def.clock === 'app' ? this.deps.appNow : Date.now,
            );
      this.caches.set(def.name, c as Cache<unknown>);
    }
    return c;
  }

  /** The local cache of `def` (synchronous operations); throws for a shared cache. */
  local<V>(def: CacheDef<V>): LocalCache<V> {
    const c = this.get(def);
    if (!(c instanceof LocalCache)) throw new Error(`cache ${def.name} is not local`);
    return c as LocalCache<V>;
  }

  /** One object per context and name, made on first use (e.g. a cache with its own policy around a LocalCache). */
  singleton<T>(name: string, make: () => T): T {
    if (!this.singletons.has(name)) this.singletons.set(name, make());
    return this.singletons.get(name) as T;
  }

  private targets(event: CacheEvent): CacheDef<unknown>[] {
    return [...definitions.values()].filter((d) => d.invalidatedBy.includes(event));
  }

  /**
   * Calls `fn` for each `event` that another process sends (memos that are not named caches, e.g.
   * the session revocation memo of platform/tokens.ts, which applies its own events itself).
   */
  onRemote(event: CacheEvent, fn: (key?: CacheKey) => void): void {
    this.listeners.push({ event, fn });
  }

  /**
   * Calls `fn` in the process that sends `event` (once per event, not on every node): for stores
   * every process shares, such as the page documents in the database (platform/page-documents.ts).
   */
  onSend(event: CacheEvent, fn: (event: CacheEvent) => Promise<void>): void {
    this.senders.push({ event, fn });
  }

  /** Applies an event here, then publishes it to the other processes. */
  async invalidate(event: CacheEvent, key?: CacheKey): Promise<void> {
    // Shared stores first: a local load that starts after the clear below must not read them old.
    await Promise.all(this.senders.filter((s) => s.event === event).map((s) => s.fn(event)));
    await Promise.all(
      this.targets(event).map((def) => {
        const c = this.get(def);
        return key === undefined ? c.clear() : c.delete(key);
      }),
    );
    await this.bus
      ?.publish({ from: this.id, event, ...(key === undefined ? {} : { key }) })
      .catch(() => undefined);
  }

  /** An event from another process: the shared store was already changed by its sender. */
  private applyRemote(event: CacheEvent, key?: CacheKey): void {
    for (const def of this.targets(event)) {
      const c = this.caches.get(def.name);
      if (c instanceof LocalCache) {
        if (key === undefined) c.wipe();
        else c.drop(key);
      } else if (c instanceof SharedCache && key === undefined) c.forgetGeneration();
    }
    for (const l of this.listeners) if (l.event === event) l.fn(key);
  }

  /** Resolves once this context receives the events of other processes. */
  async ready(): Promise<void> {
    await this.bus?.ready();
  }

  async close(): Promise<void> {
    await this.bus?.close();
    for (const c of this.caches.values()) if (c instanceof LocalCache) c.wipe();
  }
}

/** The cache of `def` in the context. */
export function cache<V>(ctx: { caches: CacheRegistry }, def: CacheDef<V>): Cache<V> {
  return ctx.caches.get(def);
}

/** Sends a cache event: applied in this process at once, in the others through Redis. */
export function invalidate(ctx: { caches: CacheRegistry }, event: CacheEvent, key?: CacheKey): Promise<void> {
  return ctx.caches.invalidate(event, key);
}
