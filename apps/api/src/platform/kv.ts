/**
 * Caches, counters and rate limits. Redis when REDIS_URL is set (shared by every API node),
 * otherwise an in-process map, so the default set-up needs no server.
 *
 * Redis is a cache, never the truth (docs/ARCHITECTURE.md, "Sessions and Redis as a cache"): when it
 * cannot answer, every call fails at once with KeyValueUnavailable (no command waits in a queue for a
 * dead server). Caches treat that as a miss; counters and limits let it through to the error
 * handler, which answers 503 with Retry-After (platform/errors.ts): a limit that cannot count
 * refuses, it never opens.
 */
import { Redis, ReplyError } from 'ioredis';

const OUTAGE_REPLY = /^(OOM|READONLY|LOADING|MASTERDOWN|BUSY|TRYAGAIN|CLUSTERDOWN)\b/;
/**
 * Whether a failed call is an outage: anything but a reply error, or a reply of a Redis that cannot
 * serve now (out of memory, a read-only replica after a failover, loading its data, no master). Any
 * other reply error is a bug in the call.
 */
export function isKeyValueOutage(err: unknown): boolean {
  return !(err instanceof ReplyError) || OUTAGE_REPLY.test((err as Error).message);
}

/** The store could not answer (Redis down, unreachable or too slow); the call may not have run. */
export class KeyValueUnavailable extends Error {
  constructor(cause: unknown) {
    super(`key-value store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'KeyValueUnavailable';
  }
}

/**
 * `p`'s value, or `fallback` when the store is unavailable: for what may go without Redis (a cache
 * that misses, a best-effort write). Any other error is passed on.
 */
export async function orWhenUnavailable<T>(p: Promise<T>, fallback: T): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof KeyValueUnavailable) return fallback;
    throw err;
  }
}

/** The store's health, for readiness and metrics: `lastErrorAt` is the latest failure (epoch ms). */
export type KeyValueState = { state: 'ok' | 'degraded'; lastErrorAt: number | null };

/**
 * A growing-delay rule for `KeyValueStore.backoff` (sign-in limits, domains/users/sign-in-limits.ts).
 * The hit that brings a record's count to `free` closes its gate for `firstDelayMs`; every further
 * hit closes it for twice as long, up to `maxDelayMs`.
 */
export type BackoffRule = {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long the record lives: from its first hit, or from its latest when `sliding`; never less than its closed gate. */
  ttlSeconds: number;
  sliding: boolean;
};
export type BackoffOutcome = { allowed: true; counts: number[] } | { allowed: false; retryAfterMs: number };

export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Increments and returns the new value; the TTL is set when the key is created (in the same step). */
  incr(key: string, ttlSeconds?: number): Promise<number>;
  /**
   * One atomic step over several backoff records: when any record's gate is closed at `nowMs`,
   * nothing is counted and the longest wait is answered; otherwise every record counts one hit and
   * closes its gate as its rule says (`nowMs` is the caller's clock; TTLs run on the store's).
   */
  backoff(records: { key: string; rule: BackoffRule }[], nowMs: number): Promise<BackoffOutcome>;
  /** Takes one hit back from a backoff record (never below 0); a closed gate stays closed. */
  backoffUndo(key: string): Promise<void>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
  /** 'degraded' from a failed call or a lost connection until the store answers again. */
  state(): KeyValueState;
  /** Calls `fn` each time the store answers again after being degraded (it may have lost data). */
  onRecovered(fn: () => void): void;
}

/** How long a hit that brings the count to `count` closes the gate (0: not at all). */
export function backoffGateMs(rule: BackoffRule, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(rule.firstDelayMs * 2 ** (count - rule.free), rule.maxDelayMs);
}

type Entry = { value: string; expiresAt: number | null };
type BackoffRecord = { n: number; until: number };

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
    const fresh = ttlSeconds ? this.now() + ttlSeconds * 1000 : null;
    this.map.set(key, { value: String(next), expiresAt: e?.expiresAt ?? fresh });
    return next;
  }
  private record(key: string): BackoffRecord | null {
    const e = this.live(key);
    return e ? (JSON.parse(e.value) as BackoffRecord) : null;
  }
  async backoff(records: { key: string; rule: BackoffRule }[], nowMs: number): Promise<BackoffOutcome> {
    const states = records.map(({ key }) => this.record(key));
    const wait = Math.max(0, ...states.map((r) => (r ? r.until - nowMs : 0)));
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    const counts = records.map(({ key, rule }, i) => {
      const n = (states[i]?.n ?? 0) + 1;
      const gate = backoffGateMs(rule, n);
      const previous = this.map.get(key)?.expiresAt ?? null;
      const ttlEnd = this.now() + rule.ttlSeconds * 1000;
      const windowEnd = rule.sliding || previous === null || !states[i] ? ttlEnd : previous;
      this.map.set(key, {
        value: JSON.stringify({ n, until: gate ? nowMs + gate : 0 }),
        expiresAt: Math.max(windowEnd, this.now() + gate),
      });
      return n;
    });
    return { allowed: true, counts };
  }
  async backoffUndo(key: string) {
    const e = this.live(key);
    if (!e) return;
    const r = JSON.parse(e.value) as BackoffRecord;
    e.value = JSON.stringify({ n: Math.max(0, r.n - 1), until: r.until });
  }
  async del(key: string) {
    this.map.delete(key);
  }
  async close() {
    this.map.clear();
  }
  state(): KeyValueState {
    return { state: 'ok', lastErrorAt: null };
  }
  onRecovered(): void {}
}

/**
 * Counters get their TTL in the same step (a process dying between INCR and EXPIRE would leave a
 * limit that never ends); a counter found without one gets it on its next increment.
 */
const INCR_LUA = `
local n = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if ttl > 0 and redis.call('TTL', KEYS[1]) == -1 then redis.call('EXPIRE', KEYS[1], ttl) end
return n`;

/** KeyValueStore.backoff: records are hashes {n: count, u: gate closed until, ms}. ARGV: now, then per key free, first, max, ttl ms, sliding. */
const BACKOFF_LUA = `
local now = tonumber(ARGV[1])
local wait = 0
for i = 1, #KEYS do
  local u = tonumber(redis.call('HGET', KEYS[i], 'u') or '0')
  if u - now > wait then wait = u - now end
end
if wait > 0 then return {0, math.ceil(wait)} end
local out = {1}
for i = 1, #KEYS do
  local a = 1 + (i - 1) * 5
  local free, first, max = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3])
  local ttl, sliding = tonumber(ARGV[a + 4]), ARGV[a + 5] == '1'
  local fresh = redis.call('EXISTS', KEYS[i]) == 0
  local n = redis.call('HINCRBY', KEYS[i], 'n', 1)
  local gate = 0
  if n >= free then gate = math.min(first * 2 ^ (n - free), max) end
  local u = 0
  if gate > 0 then u = now + gate end
  redis.call('HSET', KEYS[i], 'u', string.format('%.0f', u))
  local left = redis.call('PTTL', KEYS[i])
  local want = left
  if sliding or fresh or left < 0 then want = ttl end
  if gate > want then want = gate end
  if want ~= left then redis.call('PEXPIRE', KEYS[i], string.format('%.0f', want)) end
  out[#out + 1] = n
end
return out`;

const BACKOFF_UNDO_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 and redis.call('HINCRBY', KEYS[1], 'n', -1) < 0 then
  redis.call('HSET', KEYS[1], 'n', 0)
end
return 0`;

type Scripts = {
  codiroomIncr(key: string, ttlSeconds: number): Promise<number>;
  codiroomBackoff(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]>;
  codiroomBackoffUndo(key: string): Promise<number>;
};

/**
 * ioredis options for a Redis that is a cache: a call never waits long for a dead or hung server.
 * `commandTimeout` bounds every call (also one waiting for the first connection), nothing is
 * retried on another connection (`maxRetriesPerRequest: 0`), and reconnection is tried every
 * 50 ms … 1 s for ever, so the store comes back by itself when Redis does. Shared with the cache
 * events connections (platform/cache.ts).
 */
export const REDIS_CACHE_OPTIONS = {
  connectTimeout: 1_000,
  commandTimeout: 250,
  maxRetriesPerRequest: 0,
  retryStrategy: (times: number) => Math.min(50 * 2 ** times, 1_000),
} as const;

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis & Scripts;
  /** Epoch ms of the failure that made the store degraded; null while it answers. */
  private degradedSince: number | null = null;
  private lastErrorAt: number | null = null;
  private readonly recovered: (() => void)[] = [];
  constructor(
    url: string,
    private readonly prefix = 'codiroom:',
  ) {
    const redis = new Redis(url, { ...REDIS_CACHE_OPTIONS, lazyConnect: false });
    redis.defineCommand('codiroomIncr', { numberOfKeys: 1, lua: INCR_LUA });
    redis.defineCommand('codiroomBackoff', { lua: BACKOFF_LUA });
    redis.defineCommand('codiroomBackoffUndo', { numberOfKeys: 1, lua: BACKOFF_UNDO_LUA });
    redis.on('error', () => this.failed());
    redis.on('close', () => this.failed());
    redis.on('ready', () => this.answered());
    this.redis = redis as Redis & Scripts;
  }

  private failed(): void {
    this.lastErrorAt = Date.now();
    this.degradedSince ??= this.lastErrorAt;
  }

  private answered(): void {
    if (this.degradedSince === null) return;
    this.degradedSince = null;
    for (const fn of this.recovered) fn();
  }

  /**
   * One call: refused at once while the connection is down after a failure (no queueing), and any
   * failure but a reply error that is a bug in the call turned into KeyValueUnavailable.
   */
  private async call<T>(op: () => Promise<T>): Promise<T> {
    if (this.degradedSince !== null && this.redis.status !== 'ready') {
      throw new KeyValueUnavailable(new Error(`redis ${this.redis.status}`));
    }
    try {
      const value = await op();
      this.answered();
      return value;
    } catch (err) {
      if (!isKeyValueOutage(err)) throw err;
      this.failed();
      throw new KeyValueUnavailable(err);
    }
  }

  state(): KeyValueState {
    return { state: this.degradedSince === null ? 'ok' : 'degraded', lastErrorAt: this.lastErrorAt };
  }
  onRecovered(fn: () => void): void {
    this.recovered.push(fn);
  }

  async get(key: string) {
    return this.call(() => this.redis.get(this.prefix + key));
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    await this.call(() =>
      ttlSeconds
        ? this.redis.set(this.prefix + key, value, 'EX', ttlSeconds)
        : this.redis.set(this.prefix + key, value),
    );
  }
  async incr(key: string, ttlSeconds?: number) {
    return this.call(() => this.redis.codiroomIncr(this.prefix + key, ttlSeconds ?? 0));
  }
  async backoff(records: { key: string; rule: BackoffRule }[], nowMs: number): Promise<BackoffOutcome> {
    const keys = records.map(({ key }) => this.prefix + key);
    const args = records.flatMap(({ rule }) => [
      rule.free,
      rule.firstDelayMs,
      rule.maxDelayMs,
      rule.ttlSeconds * 1000,
      rule.sliding ? 1 : 0,
    ]);
    const [allowed, ...rest] = await this.call(() =>
      this.redis.codiroomBackoff(keys.length, ...keys, Math.floor(nowMs), ...args),
    );
    return allowed === 1 ? { allowed: true, counts: rest } : { allowed: false, retryAfterMs: rest[0] ?? 0 };
  }
  async backoffUndo(key: string) {
    await this.call(() => this.redis.codiroomBackoffUndo(this.prefix + key));
  }
  async del(key: string) {
    await this.call(() => this.redis.del(this.prefix + key));
  }
  async close() {
    this.recovered.length = 0;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function openKeyValueStore(redisUrl: string | undefined, prefix?: string): KeyValueStore {
  return redisUrl ? new RedisStore(redisUrl, prefix) : new MemoryStore();
}
