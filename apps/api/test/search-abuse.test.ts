/**
 * Bounded work of searches without an exact hit (docs/ARCHITECTURE.md, "Security": bounded
 * search typo work): "did you mean" compares at most a fixed number of vocabulary words and
 * remembers a typed word's look-up, its candidates are checked without the typo-tolerant fallback, the
 * fallback skips long key forms, and each client address has a limit of such searches.
 */
import {
  analyseQuery,
  type ContentsSearchBody,
  MAX_QUERY_LENGTH,
  type ProductSearchBody,
} from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/demo/seed.ts';
import {
  type CorrectionStats,
  corrections,
  MAX_COMPARISONS,
  vocabularyOf,
} from '../src/domains/search/did-you-mean.ts';
import type { ProductQuery } from '../src/domains/search/engine.ts';
import { PgSearchEngine } from '../src/domains/search/pg-engine.ts';
import { fuzzyCondition } from '../src/domains/search/sql-conditions.ts';
import { mutableClock } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** A vocabulary as large as a big catalogue's (≈3,500 suggest rows), of 1–4 syllable titles. */
function bigVocabulary() {
  const syllables = '가나다라마바사아자차카타파하거너더러머버서어저처커터퍼허고노도로모보소오조초코토포호';
  let seedValue = 7;
  const next = () => {
    seedValue = (seedValue * 48271) % 2147483647;
    return seedValue;
  };
  const rows = Array.from({ length: 4000 }, (_, i) => {
    const len = 1 + (next() % 4);
    let title = '';
    for (let j = 0; j < len; j++) title += syllables[next() % syllables.length];
    return { title: `${title} ${syllables[i % syllables.length]}${title}`, name_keys: '', popularity: i };
  });
  return vocabularyOf(rows);
}

/** The worst query a shopper can send: MAX_QUERY_LENGTH characters of short misspelt words. */
const worstQuery = () => {
  const words = ['셔측', '니르', '코툰', '오벼핏', '슬렉스', '가디겐', '데닌', '트렌취', '맨투멘', '후디즈'];
  let s = '';
  for (let i = 0; s.length < MAX_QUERY_LENGTH; i++) s += `${words[i % words.length]}${i} `;
  return s.slice(0, MAX_QUERY_LENGTH).trim();
};

describe('did you mean: bounded work', () => {
  it('compares at most MAX_COMPARISONS vocabulary words for the worst query', () => {
    const v = bigVocabulary();
    const stats: CorrectionStats = { comparisons: 0 };
    corrections(analyseQuery(worstQuery()), v, stats);
    expect(stats.comparisons).toBeGreaterThan(0);
    expect(stats.comparisons).toBeLessThanOrEqual(MAX_COMPARISONS);
  });

  it('remembers a typed word: the same words in another query compare nothing again', () => {
    const v = bigVocabulary();
    const first: CorrectionStats = { comparisons: 0 };
    const offered = corrections(analyseQuery('가디겐'), v, first);
    expect(first.comparisons).toBeGreaterThan(0);
    const again: CorrectionStats = { comparisons: 0 };
    expect(corrections(analyseQuery('가디겐'), v, again)).toEqual(offered);
    expect(again.comparisons).toBe(0);
  });

  it('the typo-tolerant fallback skips long key forms (a typo there is corrected word by word)', () => {
    expect(fuzzyCondition(analyseQuery('가디겐'))).not.toBeNull();
    expect(fuzzyCondition(analyseQuery('셔측 니르 코툰 오벼핏'))).toBeNull();
  });
});

describe('searches without an exact hit', () => {
  let t: TestApp;
  const q = encodeURIComponent;

  beforeAll(async () => {
    t = await createTestApp({
      clock: mutableClock('2026-11-20T03:00:00Z'),
      env: { SEARCH_TYPO_LIMIT: '3', TRUST_PROXY: 'loopback' },
    });
    await seed(t.ctx.db, { products: 300, now: new Date('2026-11-20T00:00:00+09:00') });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('did you mean checks its candidates without the typo-tolerant fallback', async () => {
    const engine = new PgSearchEngine(t.ctx.db, undefined, { checkMs: 0 });
    await engine.warm();
    const asked: ProductQuery[] = [];
    const products = engine.products.bind(engine);
    engine.products = (query, opts) => {
      asked.push(opts);
      return products(query, opts);
    };
    expect(await engine.didYouMean(analyseQuery('가디검'))).toBe('가디건');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((o) => o.exact === true)).toBe(true);
  });

  it('are limited per client address (429, Retry-After, Korean detail); exact hits are not', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const search = (url: string, ip: string) => t.app.inject({ url, headers: from(ip) });
    for (let i = 0; i < 3; i++) {
      const res = await search(`/api/v1/search/product?query=${q(`가디겐${i}`)}`, '203.0.113.7');
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ProductSearchBody).total_count).toBe(0);
    }
    for (const url of [
      `/api/v1/search/product?query=${q('셔측 니르')}`,
      `/api/contents/search?query=${q('코툰 데닌')}`,
    ]) {
      const limited = await search(url, '203.0.113.7');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((limited.json() as { detail: string }).detail).toMatch(/[가-힣]/);
    }
    // A search with exact hits from the same address, and another address, still answer.
    const exact = await search(`/api/v1/search/product?query=${q('슬랙스')}`, '203.0.113.7');
    expect(exact.statusCode).toBe(200);
    expect((exact.json() as ProductSearchBody).total_count).toBeGreaterThan(0);
    const other = await search(`/api/contents/search?query=${q('코툰 데닌')}`, '203.0.113.8');
    expect(other.statusCode, other.body).toBe(200);
    expect((other.json() as ContentsSearchBody).counts.product).toBe(0);
  });
});
