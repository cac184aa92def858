/**
 * A short-lived, in-process cache of serialised catalogue responses (product detail, category
 * listing, rankings): the hot read paths answer a stored JSON string instead of querying,
 * validating and serialising again. Entries live a few seconds, so stock and prices shown are at
 * most that stale (cart adds and orders check stock in their own transactions); each API node keeps
 * its own copy, cleared on every node by the cache events below. Errors (404s) are never cached.
 * After its time to live an entry is still answered for a while (stale-while-revalidate) while
 * one background load refreshes it, so a busy page never waits for a refill. Responses with prices
 * (docs/ARCHITECTURE.md, 'Prices') are never answered past the next scheduled price change (a time
 * sale or event coupon window starting or ending, `msToNextPriceChange`), not even stale, so a
 * sale is shown from its first second; a time sale whose limit runs out early is shown at most TTL
 * (+ STALE_MS on a key nobody asked for meanwhile) late, and orders always recompute.
 * Caching is on unless RESPONSE_CACHE=off. Any change to what these responses show sends
 * `catalog.changed` or `prices.changed` (platform/cache.ts), which clears the cache on every node.
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { defineCache, LocalCache } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';

export const DETAIL_TTL_MS = 5_000;
export const LISTING_TTL_MS = 10_000;
/** How long past its time to live an entry may still be answered while it is refreshed. */
export const STALE_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Stored<B = string> = { body: B; expires: number; hard: number };

/** The entries (on the app's clock: they end at instants such as the next price change). */
export const RESPONSE_CACHE = defineCache<Stored>('catalog-responses', {
  // Each entry carries its own life (TTL + STALE_MS, never past its hard bound).
  ttlMs: Number.POSITIVE_INFINITY,
  maxEntries: MAX_ENTRIES,
  invalidatedBy: ['catalog.changed', 'popularity.changed', 'prices.changed'],
  clock: 'app',
});

/** `B`: what an entry holds (a JSON string here; the storefront's in-process reads keep objects). */
export class ResponseCache<B = string> {
  enabled: boolean;
  private readonly store: LocalCache<Stored<B>>;
  private readonly refreshing = new Set<string>();
  constructor(
    enabled: boolean,
    private readonly now: () => number = Date.now,
    store?: LocalCache<Stored<B>>,
  ) {
    this.enabled = enabled;
    this.store =
      store ?? new LocalCache<Stored<B>>(RESPONSE_CACHE.name, Number.POSITIVE_INFINITY, MAX_ENTRIES, now);
  }

  get(key: string): B | null {
    const e = this.lookup(key);
    return e?.fresh ? e.body : null;
  }

  /** The entry with its freshness; null when missing or stale for longer than STALE_MS. */
  lookup(key: string): { body: B; fresh: boolean } | null {
    const e = this.store.peek(key);
    if (!e) return null;
    const now = this.now();
    if (e.expires + STALE_MS <= now || e.hard <= now) {
      this.store.drop(key);
      return null;
    }
    return { body: e.body, fresh: e.expires > now };
  }

  /** Runs `refresh` for `key` unless one is already running (single flight). */
  revalidate(key: string, refresh: () => Promise<void>): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    refresh()
      .catch(() => this.store.drop(key))
      .finally(() => this.refreshing.delete(key));
  }

  /** `hardMs`: past it the entry is never answered, not even stale (e.g. a time sale starts or ends). */
  set(key: string, body: B, ttlMs: number, hardMs = Number.POSITIVE_INFINITY): void {
    const now = this.now();
    const expires = now + Math.min(ttlMs, hardMs);
    const hard = now + hardMs;
    this.store.put(key, { body, expires, hard }, Math.min(expires + STALE_MS, hard) - now, now);
  }

  /**
   * A load that started at generation `since` (`generation()`) and that an invalidation overtook
   * is not stored: it may have read from before the change.
   */
  generation(): number {
    return this.store.changes;
  }

  /** As `generation`, for a load of `key` only: other keys' deletes do not count. */
  changesOf(key: string): string {
    return this.store.changesOf(key);
  }

  clear(): void {
    this.store.wipe();
  }

  get size(): number {
    return this.store.size;
  }
}

export function responseCache(ctx: AppContext): ResponseCache {
  return ctx.caches.singleton(
    RESPONSE_CACHE.name,
    () =>
      new ResponseCache(
        ctx.config.RESPONSE_CACHE === 'on',
        () => ctx.clock.now().getTime(),
        ctx.caches.local(RESPONSE_CACHE),
      ),
  );
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
    const since = cache.generation();
    const [loaded, bound] = await Promise.all([load(), validFor ? validFor() : null]);
    const body = JSON.stringify(schema.parse(loaded));
    const left = bound === null ? Number.POSITIVE_INFINITY : bound - (ctx.clock.now().getTime() - started);
    if (cache.generation() === since) cache.set(key, body, ttlMs, left);
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
