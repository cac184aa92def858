/**
 * A short-lived in-process cache in front of any SearchEngine (a decorator with the same
 * interface). Search traffic is head-heavy (the same keywords over and over), so answers — ids and
 * counts — are kept for a few seconds per node. (The product page of a search, cards included, is
 * cached separately for 5 s by service.ts; the live price is put on those cards at every answer.)
 * Any re-index in this process (documents.ts) bumps the index generation, which is part of every
 * key, so this node never serves hits from before its own writes; other nodes catch up within the
 * TTL.
 */
import type { AnalysedQuery, Suggestion } from '@codiroom/shared';
import type { FacetCounts, Hits, Paging, ProductQuery, SearchEngine, TypeCounts } from './engine.ts';
import { indexGeneration } from './generation.ts';

export const DEFAULT_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

/**
 * Promises by key for `ttlMs` (concurrent callers of the same key share one load; failures are
 * dropped at once). Keys include the index generation. At most 5,000 entries, oldest dropped first.
 */
export class TtlCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  remember<T>(parts: unknown[], load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const key = JSON.stringify([indexGeneration(), ...parts]);
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > MAX_ENTRIES) {
      // Oldest first (insertion order): drop a tenth.
      let drop = Math.ceil(MAX_ENTRIES / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--drop === 0) break;
      }
    }
    return value;
  }
}

export class CachedSearchEngine implements SearchEngine {
  readonly name: string;
  private readonly cache: TtlCache;

  constructor(
    private readonly inner: SearchEngine,
    ttlMs = DEFAULT_CACHE_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.name = `${inner.name}+cache`;
    this.cache = new TtlCache(ttlMs, now);
  }

  private remember<T>(parts: unknown[], load: () => Promise<T>): Promise<T> {
    return this.cache.remember(parts, load);
  }

  ready(): Promise<void> {
    return this.inner.ready();
  }

  warm(): Promise<void> {
    return this.inner.warm();
  }

  products(q: AnalysedQuery, opts: ProductQuery): Promise<Hits> {
    return this.remember(['p', q.readings, q.initials, opts], () => this.inner.products(q, opts));
  }

  styles(q: AnalysedQuery, page: Paging): Promise<Hits> {
    return this.remember(['s', q.readings, q.initials, page], () => this.inner.styles(q, page));
  }

  brands(q: AnalysedQuery, page: Paging): Promise<Hits> {
    return this.remember(['b', q.readings, q.initials, page], () => this.inner.brands(q, page));
  }

  posts(q: AnalysedQuery, page: Paging): Promise<Hits> {
    return this.remember(['o', q.readings, q.initials, page], () => this.inner.posts(q, page));
  }

  suggest(q: AnalysedQuery, limit: number): Promise<Suggestion[]> {
    return this.remember(['g', q.readings, q.initials, limit], () => this.inner.suggest(q, limit));
  }

  filters(q: AnalysedQuery): Promise<FacetCounts> {
    return this.remember(['f', q.readings, q.initials], () => this.inner.filters(q));
  }

  counts(q: AnalysedQuery): Promise<TypeCounts> {
    return this.remember(['c', q.readings, q.initials], () => this.inner.counts(q));
  }

  didYouMean(q: AnalysedQuery): Promise<string | null> {
    return this.remember(['d', q.readings, q.meaningful], () => this.inner.didYouMean(q));
  }
}
