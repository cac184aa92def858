import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { type KeyValueStore, MemoryStore, RedisStore } from '../src/platform/kv.ts';

function contract(name: string, make: (now: () => number) => KeyValueStore, realTime: boolean) {
  describe(`${name} key-value store`, () => {
    it('sets, gets and deletes', async () => {
      const kv = make(Date.now);
      const k = `t:${randomUUID()}`;
      expect(await kv.get(k)).toBeNull();
      await kv.set(k, 'v');
      expect(await kv.get(k)).toBe('v');
      await kv.del(k);
      expect(await kv.get(k)).toBeNull();
      await kv.close();
    });
    it('counts atomically and keeps the first TTL', async () => {
      const kv = make(Date.now);
      const k = `c:${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => kv.incr(k, 60)));
      expect(results.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      await kv.close();
    });
    it('backoff: free hits, then a gate that doubles up to its cap; a refused hit counts nothing', async () => {
      const kv = make(Date.now);
      const k = `b:${randomUUID()}`;
      const rule = { free: 3, firstDelayMs: 1000, maxDelayMs: 5000, ttlSeconds: 60, sliding: true };
      let now = 1_700_000_000_000;
      const hit = () => kv.backoff([{ key: k, rule }], now);
      expect(await hit()).toEqual({ allowed: true, counts: [1] });
      expect(await hit()).toEqual({ allowed: true, counts: [2] });
      // The third hit is let through and closes the gate for 1 s.
      expect(await hit()).toEqual({ allowed: true, counts: [3] });
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        const refused = await hit();
        expect(refused.allowed).toBe(false);
        const wait = refused.allowed ? 0 : refused.retryAfterMs;
        waits.push(wait);
        now += wait - 1;
        expect((await hit()).allowed).toBe(false);
        now += 1;
        expect((await hit()).allowed).toBe(true);
      }
      expect(waits).toEqual([1000, 2000, 4000, 5000, 5000]);
      expect(await kv.backoff([{ key: k, rule }], now)).toEqual({ allowed: false, retryAfterMs: 5000 });
      await kv.del(k);
      expect(await hit()).toEqual({ allowed: true, counts: [1] });
      await kv.close();
    });
    it('backoff over several keys is all or nothing, and undo takes one hit back', async () => {
      const kv = make(Date.now);
      const a = `ba:${randomUUID()}`;
      const b = `bb:${randomUUID()}`;
      const now = 1_700_000_000_000;
      const closesAtOnce = { free: 1, firstDelayMs: 3000, maxDelayMs: 3000, ttlSeconds: 60, sliding: false };
      const generous = { free: 100, firstDelayMs: 1000, maxDelayMs: 1000, ttlSeconds: 60, sliding: false };
      expect(await kv.backoff([{ key: a, rule: closesAtOnce }], now)).toEqual({ allowed: true, counts: [1] });
      // a's gate is closed: b is not counted either.
      expect(
        await kv.backoff(
          [
            { key: b, rule: generous },
            { key: a, rule: closesAtOnce },
          ],
          now + 1000,
        ),
      ).toEqual({
        allowed: false,
        retryAfterMs: 2000,
      });
      expect(await kv.backoff([{ key: b, rule: generous }], now)).toEqual({ allowed: true, counts: [1] });
      await kv.backoffUndo(b);
      await kv.backoffUndo(b);
      await kv.backoffUndo(`missing:${randomUUID()}`);
      expect(await kv.backoff([{ key: b, rule: generous }], now)).toEqual({ allowed: true, counts: [1] });
      await kv.close();
    });
    it('backoff counts parallel hits atomically: only `free` get through before the gate', async () => {
      const kv = make(Date.now);
      const k = `bp:${randomUUID()}`;
      const rule = { free: 5, firstDelayMs: 1000, maxDelayMs: 1000, ttlSeconds: 60, sliding: true };
      const results = await Promise.all(
        Array.from({ length: 30 }, () => kv.backoff([{ key: k, rule }], 1_000)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      await kv.close();
    });
    it.runIf(!realTime)('expires keys after their TTL', async () => {
      let now = 1_000_000;
      const kv = make(() => now);
      await kv.set('a', '1', 10);
      await kv.incr('n', 5);
      now += 5_000;
      expect(await kv.get('n')).toBeNull();
      expect(await kv.get('a')).toBe('1');
      now += 5_000;
      expect(await kv.get('a')).toBeNull();
    });
    it.runIf(!realTime)(
      'a fixed backoff window ends with its TTL, a sliding one lives from its last hit',
      async () => {
        let now = 1_000_000;
        const kv = make(() => now);
        const fixed = { free: 100, firstDelayMs: 1000, maxDelayMs: 1000, ttlSeconds: 10, sliding: false };
        const sliding = { ...fixed, sliding: true };
        await kv.backoff(
          [
            { key: 'f', rule: fixed },
            { key: 's', rule: sliding },
          ],
          now,
        );
        now += 6_000;
        expect(
          await kv.backoff(
            [
              { key: 'f', rule: fixed },
              { key: 's', rule: sliding },
            ],
            now,
          ),
        ).toEqual({
          allowed: true,
          counts: [2, 2],
        });
        now += 6_000;
        expect(
          await kv.backoff(
            [
              { key: 'f', rule: fixed },
              { key: 's', rule: sliding },
            ],
            now,
          ),
        ).toEqual({
          allowed: true,
          counts: [1, 3],
        });
      },
    );
    it.runIf(!realTime)('a closed gate outlives the window', async () => {
      let now = 1_000_000;
      const kv = make(() => now);
      const rule = { free: 1, firstDelayMs: 30_000, maxDelayMs: 30_000, ttlSeconds: 10, sliding: false };
      await kv.backoff([{ key: 'g', rule }], now);
      now += 20_000;
      expect(await kv.backoff([{ key: 'g', rule }], now)).toEqual({ allowed: false, retryAfterMs: 10_000 });
    });
  });
}

contract('memory', (now) => new MemoryStore(now), false);
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) contract('redis', () => new RedisStore(redisUrl, `codiroom-test:${randomUUID()}:`), true);

describe.runIf(redisUrl)('redis store TTLs', () => {
  it('incr gives a new counter its TTL in the same step, and repairs a counter left without one', async () => {
    const prefix = `codiroom-test:${randomUUID()}:`;
    const kv = new RedisStore(redisUrl as string, prefix);
    const raw = new Redis(redisUrl as string);
    try {
      await kv.incr('n', 60);
      const ttl = await raw.ttl(`${prefix}n`);
      expect(ttl).toBeGreaterThan(55);
      expect(ttl).toBeLessThanOrEqual(60);
      // A counter that lost its TTL (a process that died between INCR and EXPIRE) would limit forever.
      await raw.set(`${prefix}stuck`, '7');
      expect(await kv.incr('stuck', 60)).toBe(8);
      expect(await raw.ttl(`${prefix}stuck`)).toBeGreaterThan(55);
      // Backoff records expire too (fixed window from the first hit, or the closed gate if longer).
      const rule = { free: 1, firstDelayMs: 120_000, maxDelayMs: 120_000, ttlSeconds: 60, sliding: false };
      await kv.backoff([{ key: 'b', rule }], Date.now());
      expect(await raw.pttl(`${prefix}b`)).toBeGreaterThan(110_000);
    } finally {
      await kv.close();
      await raw.quit();
    }
  });
});
