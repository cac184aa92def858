/**
 * A short-lived, in-process cache of serialised catalogue responses (product detail, category
 * listing, rankings): the hot read paths answer a stored JSON string instead of querying,
 * validating and serialising again. Entries live a few seconds, so stock and prices shown are at
 * most that stale (cart adds and orders check stock in their own transactions); each API node keeps
 * its own copy, so nothing needs invalidating across nodes. Errors (404s) are never cached.
 * After its time to live an entry is still answered for a while (stale-while-revalidate) while
 * one background load refreshes it, so a busy page never waits for a refill. Responses with prices
 * (issue 9) are never answered past the next scheduled price change (a time sale or event coupon
 * window starting or ending, `msToNextPriceChange`), not even stale, so a sale is shown from its
 * first second; a time sale whose limit runs out early is shown at most TTL (+ STALE_MS on a key
 * nobody asked for meanwhile) late, and orders always recompute.
 * Off in NODE_ENV=test unless a test turns it on.
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';

export const DETAIL_TTL_MS = 5_000;
export const LISTING_TTL_MS = 10_000;
/** How long past its time to live an entry may still be answered while it is refreshed. */
export const STALE_MS = 30_000;
const MAX_ENTRIES = 20_000;

export class ResponseCache {
  enabled: boolean;
  private readonly map = new Map<string, { body: string; expires: number; hard: number }>();
  private readonly refreshing = new Set<string>();
  constructor(
    enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.enabled = enabled;
  }

  get(key: string): string | null {
    const e = this.lookup(key);
    return e?.fresh ? e.body : null;
  }

  /** The entry with its freshness; null when missing or stale for longer than STALE_MS. */
  lookup(key: string): { body: string; fresh: boolean } | null {
    const e = this.map.get(key);
    if (!e) return null;
    const now = this.now();
    if (e.expires + STALE_MS <= now || e.hard <= now) {
      this.map.delete(key);
      return null;
    }
    return { body: e.body, fresh: e.expires > now };
  }

  /** Runs `refresh` for `key` unless one is already running (single flight). */
  revalidate(key: string, refresh: () => Promise<void>): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    refresh()
      .catch(() => this.map.delete(key))
      .finally(() => this.refreshing.delete(key));
  }

  /** `hardMs`: past it the entry is never answered, not even stale (e.g. a time sale starts or ends). */
  set(key: string, body: string, ttlMs: number, hardMs = Number.POSITIVE_INFINITY): void {
    if (this.map.size >= MAX_ENTRIES) {
      // Drop the oldest tenth (Map keeps insertion order).
      let n = Math.ceil(MAX_ENTRIES / 10);
      for (const k of this.map.keys()) {
        this.map.delete(k);
        if (--n <= 0) break;
      }
    }
    const now = this.now();
    this.map.set(key, { body, expires: now + Math.min(ttlMs, hardMs), hard: now + hardMs });
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

const caches = new WeakMap<AppContext, ResponseCache>();

export function responseCache(ctx: AppContext): ResponseCache {
  let c = caches.get(ctx);
  if (!c) {
    // The app's clock (injectable): entries end at instants (the next price change) of that clock.
    c = new ResponseCache(ctx.config.NODE_ENV !== 'test', () => ctx.clock.now().getTime());
    caches.set(ctx, c);
  }
  return c;
}

/**
 * Answers `key` from the cache, or loads, validates with `schema` (as the route's serializer
 * would) and stores it. Returns the JSON string to send (Fastify sends strings as they are), typed
 * as the body so routes keep their response types; the value itself when caching is off.
 */
export async function sendCached<S extends z.ZodType>(
  ctx: AppContext,
  reply: FastifyReply,
  key: string,
  ttlMs: number,
  schema: S,
  load: () => Promise<z.infer<S>>,
  /** Milliseconds the body stays true at most (null: no bound), e.g. until the next price change. */
  validFor?: () => Promise<number | null>,
): Promise<z.infer<S>> {
  const cache = responseCache(ctx);
  if (!cache.enabled) return load();
  const fill = async () => {
    // The bound counts from when the load read its prices, not from when the body is stored.
    const started = ctx.clock.now().getTime();
    const [loaded, bound] = await Promise.all([load(), validFor ? validFor() : null]);
    const body = JSON.stringify(schema.parse(loaded));
    const left = bound === null ? Number.POSITIVE_INFINITY : bound - (ctx.clock.now().getTime() - started);
    cache.set(key, body, ttlMs, left);
    return body;
  };
  const hit = cache.lookup(key);
  reply.type('application/json; charset=utf-8');
  if (hit) {
    // A stale entry is answered at once; a failed refresh (e.g. now a 404) drops it.
    if (!hit.fresh) cache.revalidate(key, async () => void (await fill()));
    return hit.body as z.infer<S>;
  }
  return (await fill()) as z.infer<S>;
}
