/**
 * A validated body kept as an object in one of the storefront's in-process read caches (a
 * ResponseCache of objects, catalog/response-cache.ts): answered while fresh, answered and refreshed
 * once (single flight) while stale, never past its hard bound (the next scheduled price change for
 * bodies with prices), and not stored when an invalidation overtook the load. The same policy as
 * the API routes' `sendCached`, without the JSON string (the product page's reads and the listings).
 */
import type { z } from 'zod';
import { msToNextPriceChange } from '../domains/catalog/index.ts';
import { ResponseCache } from '../domains/catalog/response-cache.ts';
import type { CacheDef } from '../platform/cache.ts';
import type { AppContext } from '../platform/context.ts';

/** An entry of a storefront read cache: a body with its own life (ResponseCache). */
export type StorefrontEntry = { body: unknown; expires: number; hard: number };

/**
 * The process's ResponseCache of objects over the cache `def` (on unless RESPONSE_CACHE=off, on the
 * app's clock): one per definition, shared by every request.
 */
export function storefrontCache(ctx: AppContext, def: CacheDef<StorefrontEntry>): ResponseCache<unknown> {
  return ctx.caches.singleton(
    def.name,
    () =>
      new ResponseCache<unknown>(
        ctx.config.RESPONSE_CACHE === 'on',
        () => ctx.clock.now().getTime(),
        ctx.caches.local(def),
      ),
  );
}

export async function cachedBody<S extends z.ZodType>(
  ctx: AppContext,
  cache: ResponseCache<unknown>,
  key: string,
  ttlMs: number,
  priced: boolean,
  schema: S,
  load: () => Promise<unknown>,
): Promise<z.output<S>> {
  const fill = async () => {
    const started = ctx.clock.now().getTime();
    const since = cache.changesOf(key);
    const [loaded, bound] = await Promise.all([
      load(),
      priced ? msToNextPriceChange(ctx, ctx.clock.now()) : null,
    ]);
    const body = schema.parse(loaded);
    if (cache.enabled && cache.changesOf(key) === since) {
      const left = bound === null ? Number.POSITIVE_INFINITY : bound - (ctx.clock.now().getTime() - started);
      cache.set(key, body, ttlMs, left);
    }
    return body;
  };
  if (!cache.enabled) return fill();
  const hit = cache.lookup(key);
  if (hit) {
    if (!hit.fresh) cache.revalidate(key, async () => void (await fill()));
    return hit.body as z.output<S>;
  }
  return fill();
}
