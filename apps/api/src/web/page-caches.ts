/**
 * The product page's two shared in-process caches (docs/ARCHITECTURE.md, "The page read path"):
 *
 * - PRODUCT_DOCUMENT_CACHE keeps each product's page document (web/product-document.ts) as read
 *   from the database, without live cards, for DOCUMENT_TTL_MS; it ends on every node with the
 *   events that outdate documents (`catalog.changed`, `reviews.changed`), so a page reads the
 *   document row again only after a change or a few minutes. A kept document also carries the
 *   documents' epoch it was read under (platform/page-documents.ts), and is used only while the
 *   epoch is still that one, checked once per EPOCH_CHECK_MS for the whole process: a change whose
 *   process died between its commit and its event (no event) ends it within that.
 * - LIVE_CARD_CACHE keeps each product's live card (price, stock, likes, rating) for
 *   LIVE_CARD_TTL_MS, never past the next scheduled price change, and ends on every node with the
 *   events that change cards. A card sits on many product pages (similar, matchup, outfits), so a
 *   page whose document is kept finds most of its cards kept too, and reads only the missing ones,
 *   in one query.
 *
 * Both follow RESPONSE_CACHE (off: every page reads both live).
 */
import type { ProductCard } from '@codiroom/shared';
import { msToNextPriceChange, readCardsByIds } from '../domains/catalog/index.ts';
import { defineCache } from '../platform/cache.ts';
import type { AppContext } from '../platform/context.ts';
import { documentEpoch } from '../platform/page-documents.ts';
import { type StorefrontEntry, storefrontCache } from './read-cache.ts';

/** How long a live card is kept: what changes without an event (stock, likes) is this late at most. */
export const LIVE_CARD_TTL_MS = 60_000;
/**
 * How long a page document is kept in a process beside its stored row; the slow signals a document
 * carries (product-document.ts) are then at most PRODUCT_DOCUMENT_MAX_AGE_MS plus this old.
 */
export const DOCUMENT_TTL_MS = 300_000;

export const PRODUCT_DOCUMENT_CACHE = defineCache<StorefrontEntry>('storefront-product-documents', {
  ttlMs: Number.POSITIVE_INFINITY,
  maxEntries: 30_000,
  invalidatedBy: ['catalog.changed', 'reviews.changed'],
  clock: 'app',
});

export const LIVE_CARD_CACHE = defineCache<StorefrontEntry>('storefront-live-cards', {
  ttlMs: Number.POSITIVE_INFINITY,
  maxEntries: 50_000,
  invalidatedBy: ['catalog.changed', 'prices.changed', 'reviews.changed'],
  clock: 'app',
});

/** How often a process reads the documents' epoch, at most, while it serves kept documents. */
export const EPOCH_CHECK_MS = 1_000;

type EpochReading = { value: number; at: number; pending: Promise<number> | null };

/** The documents' epoch, read at most once per EPOCH_CHECK_MS for the process (single flight). */
async function currentEpoch(ctx: AppContext): Promise<number> {
  const r = ctx.caches.singleton<EpochReading>('page-document-epoch', () => ({
    value: -1,
    at: Number.NEGATIVE_INFINITY,
    pending: null,
  }));
  const now = ctx.clock.now().getTime();
  if (now - r.at < EPOCH_CHECK_MS && now >= r.at) return r.value;
  r.pending ??= documentEpoch(ctx.db)
    .then((value) => {
      r.value = value;
      r.at = now;
      return value;
    })
    .finally(() => {
      r.pending = null;
    });
  return r.pending;
}

type KeptDocument<D> = { document: D; epoch: number };

/**
 * The page document of `key`: the kept one while fresh and its epoch current, else `load()`'s,
 * kept with the epoch read before it (an epoch can only grow, so a change during the load ends it
 * at the next check), unless an event overtook the load.
 */
export async function keptDocument<D>(ctx: AppContext, key: string, load: () => Promise<D>): Promise<D> {
  const cache = storefrontCache(ctx, PRODUCT_DOCUMENT_CACHE);
  if (!cache.enabled) return load();
  const epoch = await currentEpoch(ctx);
  const hit = cache.lookup(key);
  const kept = hit?.fresh ? (hit.body as KeptDocument<D>) : null;
  if (kept && kept.epoch === epoch) return kept.document;
  const since = cache.generation();
  const document = await load();
  if (cache.generation() === since)
    cache.set(key, { document, epoch } satisfies KeptDocument<D>, DOCUMENT_TTL_MS);
  return document;
}

/**
 * The live cards of `ids`: the kept fresh ones, and the others read in one query and kept (unless
 * an event overtook the read). A card of a product no longer on sale is simply absent, as from
 * `readCardsByIds`.
 */
export async function keptLiveCards(ctx: AppContext, now: Date, ids: number[]): Promise<ProductCard[]> {
  const cache = storefrontCache(ctx, LIVE_CARD_CACHE);
  if (!cache.enabled) return readCardsByIds(ctx, now, ids);
  const found: ProductCard[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cache.lookup(`card:${id}`);
    if (hit?.fresh) found.push(hit.body as ProductCard);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const since = cache.generation();
  const started = ctx.clock.now().getTime();
  const [read, bound] = await Promise.all([readCardsByIds(ctx, now, missing), msToNextPriceChange(ctx, now)]);
  if (cache.generation() === since) {
    const left = bound === null ? Number.POSITIVE_INFINITY : bound - (ctx.clock.now().getTime() - started);
    for (const c of read) cache.set(`card:${c.product_display_id}`, c, LIVE_CARD_TTL_MS, left);
  }
  return [...found, ...read];
}
