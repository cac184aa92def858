/**
 * Query words that are not Korean catalogue words (packages/shared/src/search-vocabulary.ts):
 * English and romanised names, stop words, "did you mean" for a query without results, and
 * autocomplete of 초성 without raw initials. Both product engines — SQL only, and the in-memory
 * replicas — answer alike; also through the HTTP calls. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import {
  analyseQuery,
  type ContentsSearchBody,
  type KeywordsBody,
  type ProductSearchBody,
} from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/demo/seed.ts';
import { PgSearchEngine } from '../src/domains/search/pg-engine.ts';
import { mutableClock } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let sqlEngine: PgSearchEngine;
let memEngine: PgSearchEngine;

beforeAll(async () => {
  t = await createTestApp({ clock: mutableClock('2026-11-20T03:00:00Z') });
  await seed(t.ctx.db, { products: 300, now: new Date('2026-11-20T00:00:00+09:00') });
  sqlEngine = new PgSearchEngine(t.ctx.db, undefined, { memory: false });
  await sqlEngine.ready();
  memEngine = new PgSearchEngine(t.ctx.db, undefined, { checkMs: 0 });
  await memEngine.warm();
});

afterAll(async () => {
  await t?.close();
});

const q = encodeURIComponent;

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const engines = () =>
  [
    ['sql', sqlEngine],
    ['memory', memEngine],
  ] as const;

const page = { limit: 20, offset: 0, sort: 'relevance' as const };

describe('English, romanised and stop-word queries', () => {
  it.each([
    ['slacks', '슬랙스'],
    ['SLACKS', '슬랙스'],
    ['Polo', '폴로'],
    ['knits', '니트'],
    ['cardigan', '가디건'],
    ['LOAFERS', '로퍼'],
    ['hoodie', '후드'],
    ['seullaekseu', '슬랙스'],
    ['niteu', '니트'],
    ['남자 니트', '니트'],
    ['니트 남자', '니트'],
    ['남자니트', '니트'],
    ['남성 슬랙스', '슬랙스'],
    ["men's knit", '니트'],
    ['mens slacks', '슬랙스'],
    ['wide slacks', '와이드 슬랙스'],
  ])('%s finds what %s finds, on both engines', async (query, korean) => {
    for (const [name, engine] of engines()) {
      const got = await engine.products(analyseQuery(query), page);
      const want = await engine.products(analyseQuery(korean), page);
      expect(want.total, `${name}: ${korean}`).toBeGreaterThan(0);
      expect({ name, total: got.total, ids: got.ids, fuzzy: got.fuzzy }).toEqual({
        name,
        total: want.total,
        ids: want.ids,
        fuzzy: false,
      });
    }
  });

  it('finds jeans and t-shirts by their Korean names', async () => {
    for (const [, engine] of engines()) {
      expect((await engine.products(analyseQuery('jeans'), page)).total).toBeGreaterThan(0);
      expect((await engine.products(analyseQuery('t-shirt'), page)).total).toBeGreaterThan(0);
    }
  });

  it('echoes how the query was read over HTTP', async () => {
    const slacks = await get<ProductSearchBody>(`/api/v1/search/product?query=slacks`);
    expect(slacks).toMatchObject({ query: 'slacks', interpreted_query: '슬랙스', did_you_mean: null });
    expect(slacks.total_count).toBeGreaterThan(0);
    const knit = await get<ProductSearchBody>(`/api/v1/search/product?query=${q('남자 니트')}`);
    expect(knit).toMatchObject({ query: '남자 니트', interpreted_query: '니트' });
    expect(knit.total_count).toBeGreaterThan(0);
    // A stop word alone is searched as it is (magazine posts and styles mention 남자).
    const alone = await get<ContentsSearchBody>(`/api/contents/search?query=${q('남자')}`);
    expect(alone.interpreted_query).toBe('남자');
    expect(alone.counts.post + alone.counts.style).toBeGreaterThan(0);
  });
});

describe('did you mean', () => {
  it.each([
    ['slaks', '슬랙스'], // misspelt English
    ['cardigun', '가디건'],
    ['가디검', '가디건'], // one keystroke off
    ['tmffortn', '슬랙스'], // English-mode typing with a typo (슬랙수)
  ])('%s → %s, the same on both engines', async (query, correction) => {
    for (const [name, engine] of engines()) {
      expect({ name, got: await engine.didYouMean(analyseQuery(query)) }).toEqual({ name, got: correction });
    }
    const body = await get<ProductSearchBody>(`/api/v1/search/product?query=${q(query)}`);
    expect(body.did_you_mean).toBe(correction);
    const fixed = await get<ProductSearchBody>(`/api/v1/search/product?query=${q(correction)}`);
    expect(fixed.total_count).toBeGreaterThan(0);
  });

  it('offers nothing when the query has results, or nothing is near', async () => {
    for (const query of ['슬랙스', 'slacks', '남자 니트']) {
      const body = await get<ProductSearchBody>(`/api/v1/search/product?query=${q(query)}`);
      expect(body.did_you_mean, query).toBeNull();
    }
    const none = await get<ProductSearchBody>('/api/v1/search/product?query=zzqqxx');
    expect(none).toMatchObject({ total_count: 0, did_you_mean: null });
    for (const [, engine] of engines()) expect(await engine.didYouMean(analyseQuery('zzqqxx'))).toBeNull();
  });

  it('is part of contents/search too, and not of filtered or later pages', async () => {
    const contents = await get<ContentsSearchBody>(`/api/contents/search?query=slaks`);
    expect(contents.did_you_mean).toBe('슬랙스');
    const filtered = await get<ProductSearchBody>(`/api/v1/search/product?query=slaks&price_min=1`);
    expect(filtered.did_you_mean).toBeNull();
    const later = await get<ProductSearchBody>(`/api/v1/search/product?query=slaks&page=2`);
    expect(later.did_you_mean).toBeNull();
  });
});

describe('autocomplete', () => {
  it('suggests 니트 for ㄴㅌ, never the raw initials', async () => {
    const body = await get<KeywordsBody>(`/api/contents/keywords?query=${q('ㄴㅌ')}&limit=10`);
    const words = body.result.map((r) => r.keyword);
    expect(words.some((w) => w.includes('니트'))).toBe(true);
    expect(words.some((w) => /[ㄱ-ㅎ]/.test(w))).toBe(false);
  });

  it('suggests Korean keywords for English and stop-word queries', async () => {
    for (const query of ['slacks', '남자 슬랙스']) {
      const body = await get<KeywordsBody>(`/api/contents/keywords?query=${q(query)}&limit=10`);
      expect(
        body.result.some((r) => r.keyword.includes('슬랙스')),
        query,
      ).toBe(true);
    }
  });
});
