/**
 * Fixed-window rate limits (docs/ARCHITECTURE.md, "Security"): a counter per (limit, subject,
 * window) in the KeyValueStore, so every API process sharing Redis counts together. Past `max`
 * hits in one window the call is a 429 with the limit's Korean `detail` and `Retry-After` up to
 * the window's end. Subjects are whatever the caller limits by: a client address
 * (`request.ip`, which honours TRUST_PROXY), a member id, or both through two limits.
 */
import type { Clock } from '@codiroom/shared';
import { tooManyRequests } from './errors.ts';
import type { KeyValueStore } from './kv.ts';

export type RateLimit = {
  /** Key namespace, unique per limit (`search:fuzzy:ip`). */
  name: string;
  /** Hits allowed per window. */
  max: number;
  windowSeconds: number;
  /** The 429's detail, in Korean where a shopper can meet it. */
  detail: string;
};

export type RateLimitOutcome =
  | { allowed: true; count: number }
  | { allowed: false; retryAfterSeconds: number };

/** Counts one hit of `subject` against `limit` at `nowMs` and says whether it is within the limit. */
export async function countHit(
  kv: KeyValueStore,
  limit: RateLimit,
  subject: string | number,
  nowMs: number,
): Promise<RateLimitOutcome> {
  const windowMs = limit.windowSeconds * 1000;
  const window = Math.floor(nowMs / windowMs);
  // The TTL outlives the window so a slow clock between processes never reopens a closed one early.
  const count = await kv.incr(`rl:${limit.name}:${subject}:${window}`, limit.windowSeconds * 2);
  if (count <= limit.max) return { allowed: true, count };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - nowMs) / 1000)),
  };
}

/** `countHit`, throwing the 429 (detail and Retry-After) when the limit is passed. */
export async function enforceRateLimit(
  deps: { kv: KeyValueStore; clock: Clock },
  limit: RateLimit,
  subject: string | number,
): Promise<void> {
  const outcome = await countHit(deps.kv, limit, subject, deps.clock.now().getTime());
  if (!outcome.allowed) throw tooManyRequests(limit.detail, outcome.retryAfterSeconds);
}
