/**
 * Realtime keywords on both key-value stores: the in-memory one, and Redis when TEST_REDIS_URL is
 * set (every API node counts into the same Redis buckets). Concurrent searches are all counted;
 * keywords rank by distinct shoppers with decay (injected clock); junk is never shown.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rankBuckets, realtimeKeywords, recordSearch } from '../src/domains/search/trends.ts';
import type { AppContext } from '../src/platform/context.ts';
import { type KeyValueStore, MemoryStore, RedisStore } from '../src/platform/kv.ts';
import { mutableClock } from './auth-helpers.ts';

function contextWith(kv: KeyValueStore, clock: ReturnType<typeof mutableClock>): AppContext {
  return { kv, clock } as unknown as AppContext;
}

const keywordsOf = async (ctx: AppContext) => (await realtimeKeywords(ctx)).result.map((r) => r.keyword);

function trends(name: string, make: () => KeyValueStore) {
  describe(`realtime keywords on the ${name} store`, () => {
    it('counts concurrent searches from several nodes without losing any', async () => {
      const kv = make();
      const clock = mutableClock('2026-11-20T06:00:00Z');
      // Two "nodes" share the store.
      const a = contextWith(kv, clock);
      const b = contextWith(kv, clock);
      await Promise.all([
        ...Array.from({ length: 30 }, (_, i) => recordSearch(i % 2 ? a : b, '슬랙스', `g${i}`)),
        ...Array.from({ length: 20 }, (_, i) => recordSearch(i % 2 ? a : b, '셔츠', `g${i}`)),
        ...Array.from({ length: 10 }, (_, i) => recordSearch(i % 2 ? a : b, `키워드${i}`, `g${i}`)),
      ]);
      const body = await realtimeKeywords(a);
      expect(body.result.slice(0, 2)).toEqual([
        { rank: 1, keyword: '슬랙스', count: 30, status: 'new', rank_change: null },
        { rank: 2, keyword: '셔츠', count: 20, status: 'new', rank_change: null },
      ]);
      expect(body.result).toHaveLength(10); // top 10 of 12 keywords
      await kv.close();
    });

    it('trims and collapses spaces; over-long keywords are not counted', async () => {
      const kv = make();
      const clock = mutableClock('2026-11-20T07:00:00Z');
      const ctx = contextWith(kv, clock);
      await recordSearch(ctx, '  와이드   슬랙스 ', 'g1');
      await recordSearch(ctx, '와이드 슬랙스', 'g2');
      await recordSearch(ctx, '가'.repeat(40), 'g3');
      const body = await realtimeKeywords(ctx);
      expect(body.result).toEqual([
        { rank: 1, keyword: '와이드 슬랙스', count: 2, status: 'new', rank_change: null },
      ]);
      await kv.close();
    });

    it('ranks by distinct shoppers: one shopper repeating a query 50 times is one', async () => {
      const kv = make();
      const clock = mutableClock('2026-11-20T08:00:00Z');
      const ctx = contextWith(kv, clock);
      for (let i = 0; i < 50; i++) {
        await recordSearch(ctx, '한정판 로퍼', 'g-bot');
        clock.advance(30); // over 25 minutes, several buckets
      }
      for (let i = 0; i < 5; i++) await recordSearch(ctx, '코트', `g${i}`);
      const body = await realtimeKeywords(ctx);
      expect(body.result.map((r) => [r.keyword, r.count])).toEqual([
        ['코트', 5],
        ['한정판 로퍼', 1],
      ]);
      await kv.close();
    });

    it('lets older searches weigh less (half-life), and drops them after the hour', async () => {
      const kv = make();
      const clock = mutableClock('2026-11-20T09:00:00Z');
      const ctx = contextWith(kv, clock);
      // Four shoppers searched 셔츠 40 minutes ago; three search 니트 now.
      for (let i = 0; i < 4; i++) await recordSearch(ctx, '셔츠', `g${i}`);
      clock.advance(40 * 60);
      for (let i = 0; i < 3; i++) await recordSearch(ctx, '니트', `g${i}`);
      const body = await realtimeKeywords(ctx);
      // 셔츠 weighs 4 × 0.5^2 = 1 now, 니트 3: the recent keyword leads, counts stay shoppers.
      expect(body.result.map((r) => [r.keyword, r.count])).toEqual([
        ['니트', 3],
        ['셔츠', 4],
      ]);
      clock.advance(25 * 60);
      expect(await keywordsOf(ctx)).toEqual(['니트']);
      await kv.close();
    });

    it('never counts nor shows raw 초성, half-typed jamo or junk strings', async () => {
      const kv = make();
      const clock = mutableClock('2026-11-20T10:00:00Z');
      const ctx = contextWith(kv, clock);
      const junk = ['ㄴㅌ', 'ㅅㄹㅅ', '맨투ㅁ', 'ㅋㅋㅋㅋ', '1234', '!!!', 'a', 'zzqqxx', '가'.repeat(31)];
      for (const k of junk) for (let i = 0; i < 10; i++) await recordSearch(ctx, k, `g${i}`);
      await recordSearch(ctx, '니트', 'g1');
      expect(await keywordsOf(ctx)).toEqual(['니트']);
      await kv.close();
    });
  });
}

describe('rankBuckets', () => {
  it('weighs a bucket by its age: 20 minutes (4 buckets) halve it', () => {
    const old = new Map([['셔츠', 4]]);
    const empty = () => new Map<string, number>();
    const now = new Map([['니트', 2]]);
    // 셔츠 4 × 0.5 = 2 ties 니트 2: more shoppers first.
    expect(rankBuckets([old, empty(), empty(), empty(), now]).map((r) => r.keyword)).toEqual([
      '셔츠',
      '니트',
    ]);
    expect(rankBuckets([old, empty(), empty(), empty(), empty(), now]).map((r) => r.keyword)).toEqual([
      '니트',
      '셔츠',
    ]);
  });
});

trends('memory', () => new MemoryStore());
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) trends('redis', () => new RedisStore(redisUrl, `codiroom-test:${randomUUID()}:`));
