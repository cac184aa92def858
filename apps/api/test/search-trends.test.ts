/**
 * Realtime keywords on both key-value stores: the in-memory one, and Redis when TEST_REDIS_URL is
 * set (every API node counts into the same Redis buckets). Concurrent searches are all counted.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { realtimeKeywords, recordSearch } from '../src/domains/search/trends.ts';
import type { AppContext } from '../src/platform/context.ts';
import { type KeyValueStore, MemoryStore, RedisStore } from '../src/platform/kv.ts';
import { mutableClock } from './auth-helpers.ts';

function contextWith(kv: KeyValueStore, clock: ReturnType<typeof mutableClock>): AppContext {
  return { kv, clock } as unknown as AppContext;
}

function trends(name: string, make: () => KeyValueStore) {
  describe(`realtime keywords on the ${name} store`, () => {
    it('counts concurrent searches from several nodes without losing any', async () => {
      const kv = make();
      const clock = mutableClock('2026-11-20T06:00:00Z');
      // Two "nodes" share the store.
      const a = contextWith(kv, clock);
      const b = contextWith(kv, clock);
      await Promise.all([
        ...Array.from({ length: 30 }, (_, i) => recordSearch(i % 2 ? a : b, '슬랙스')),
        ...Array.from({ length: 20 }, (_, i) => recordSearch(i % 2 ? a : b, '셔츠')),
        ...Array.from({ length: 10 }, (_, i) => recordSearch(i % 2 ? a : b, `키워드${i}`)),
      ]);
      const body = await realtimeKeywords(a);
      expect(body.result.slice(0, 2)).toEqual([
        { rank: 1, keyword: '슬랙스', count: 30, status: 'new', rank_change: null },
        { rank: 2, keyword: '셔츠', count: 20, status: 'new', rank_change: null },
      ]);
      expect(body.result).toHaveLength(10); // top 10 of 12 keywords
      await kv.close();
    });

    it('trims and collapses spaces and caps the length of a keyword', async () => {
      const kv = make();
      const clock = mutableClock('2026-11-20T07:00:00Z');
      const ctx = contextWith(kv, clock);
      await recordSearch(ctx, '  와이드   슬랙스 ');
      await recordSearch(ctx, '와이드 슬랙스');
      await recordSearch(ctx, '가'.repeat(40));
      const body = await realtimeKeywords(ctx);
      expect(body.result[0]).toMatchObject({ keyword: '와이드 슬랙스', count: 2 });
      expect(body.result[1]?.keyword).toBe('가'.repeat(30));
      await kv.close();
    });
  });
}

trends('memory', () => new MemoryStore());
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) trends('redis', () => new RedisStore(redisUrl, `codiroom-test:${randomUUID()}:`));
