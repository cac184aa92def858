import { randomUUID } from 'node:crypto';
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
  });
}

contract('memory', (now) => new MemoryStore(now), false);
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) contract('redis', () => new RedisStore(redisUrl, `codiroom-test:${randomUUID()}:`), true);
