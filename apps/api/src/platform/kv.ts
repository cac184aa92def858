/**
 * Caches, counters and rate limits. Redis when REDIS_URL is set (shared by every API node),
 * otherwise an in-process map, so the default set-up needs no server.
 */
import { Redis } from 'ioredis';

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

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis & Scripts;
  constructor(
    url: string,
    private readonly prefix = 'codiroom:',
  ) {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    redis.defineCommand('codiroomIncr', { numberOfKeys: 1, lua: INCR_LUA });
    redis.defineCommand('codiroomBackoff', { lua: BACKOFF_LUA });
    redis.defineCommand('codiroomBackoffUndo', { numberOfKeys: 1, lua: BACKOFF_UNDO_LUA });
    this.redis = redis as Redis & Scripts;
  }
  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    if (ttlSeconds) await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
    else await this.redis.set(this.prefix + key, value);
  }
  async incr(key: string, ttlSeconds?: number) {
    return this.redis.codiroomIncr(this.prefix + key, ttlSeconds ?? 0);
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
    const [allowed, ...rest] = await this.redis.codiroomBackoff(
      keys.length,
      ...keys,
      Math.floor(nowMs),
      ...args,
    );
    return allowed === 1 ? { allowed: true, counts: rest } : { allowed: false, retryAfterMs: rest[0] ?? 0 };
  }
  async backoffUndo(key: string) {
    await this.redis.codiroomBackoffUndo(this.prefix + key);
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
