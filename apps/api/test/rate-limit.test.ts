import { fixedClock } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/platform/errors.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { countHit, enforceRateLimit, type RateLimit } from '../src/platform/rate-limit.ts';

const limit: RateLimit = {
  name: 'test:ip',
  max: 3,
  windowSeconds: 10,
  detail: '잠시 후 다시 시도해 주세요.',
};

describe('fixed-window rate limit', () => {
  it('allows max hits per window, then answers the seconds to the window end', async () => {
    let now = Date.parse('2026-11-28T00:00:02Z');
    const kv = new MemoryStore(() => now);
    for (let i = 1; i <= 3; i++)
      expect(await countHit(kv, limit, '1.2.3.4', now)).toEqual({ allowed: true, count: i });
    expect(await countHit(kv, limit, '1.2.3.4', now)).toEqual({ allowed: false, retryAfterSeconds: 8 });
    // another subject has its own count
    expect((await countHit(kv, limit, '5.6.7.8', now)).allowed).toBe(true);
    // the next window starts afresh
    now += 8_000;
    expect((await countHit(kv, limit, '1.2.3.4', now)).allowed).toBe(true);
  });

  it('enforceRateLimit throws a 429 with the detail and Retry-After', async () => {
    const clock = fixedClock('2026-11-28T00:00:00Z');
    const kv = new MemoryStore(() => clock.now().getTime());
    for (let i = 0; i < 3; i++) await enforceRateLimit({ kv, clock }, limit, 7);
    const err = await enforceRateLimit({ kv, clock }, limit, 7).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(429);
    expect((err as HttpError).detail).toBe(limit.detail);
    expect((err as HttpError).headers).toEqual({ 'retry-after': '10' });
  });
});
