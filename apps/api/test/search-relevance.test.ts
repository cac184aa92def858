/**
 * Korean search relevance on the deterministic seed (300 product displays): a table of queries —
 * full words, partial syllables, 초성, English-keyboard typing, misspellings and variants,
 * synonyms, brand names in Korean and English, spacing — with what the top results must be.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { fixedClock, type ProductCard, toChoseong } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productDisplays } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
const TOP = 3;

let t: TestApp;
let colorOf: Map<number, string>;
let categoryOf: Map<number, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00Z') });
  await seed(t.ctx.db, { products: 300, now: SEED_NOW });
  const rows = await t.ctx.db
    .select({ id: productDisplays.id, color: productDisplays.color_name, category: categories.name })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id));
  colorOf = new Map(rows.map((r) => [r.id, r.color]));
  categoryOf = new Map(rows.map((r) => [r.id, r.category]));
});

afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const words = (name: string) => name.split(' ');

type Expect =
  | { word: string } // a whole word of the name
  | { name: string } // inside the name
  | { names: string[] } // every one inside the name
  | { brand: string }
  | { category: string } // the leaf category's name
  | { color: string; name?: string };
/** How many of the first results must satisfy it (default 3, fewer when the seed has fewer). */
type Case = [query: string, expected: Expect, top?: number];

function check(p: ProductCard, e: Expect): boolean {
  if ('word' in e) return words(p.name).includes(e.word);
  if ('names' in e) return e.names.every((n) => p.name.includes(n));
  if ('brand' in e) return p.brand_name === e.brand;
  if ('category' in e) return categoryOf.get(p.id) === e.category;
  if ('color' in e) return colorOf.get(p.id) === e.color && (!e.name || p.name.includes(e.name));
  return p.name.includes(e.name);
}

/** [query, what each of the top 3 product results must satisfy] */
const PRODUCT_CASES: Case[] = [
  // full words
  ['슬랙스', { word: '슬랙스' }],
  ['셔츠', { word: '셔츠' }],
  ['코트', { word: '코트' }],
  ['패딩', { name: '패딩' }],
  ['니트', { word: '니트' }],
  ['로퍼', { name: '로퍼' }, 2],
  ['백팩', { word: '백팩' }],
  ['넥타이', { word: '넥타이' }],
  ['후드', { word: '후드' }],
  ['맨투맨', { word: '맨투맨' }],
  ['가디건', { name: '가디건' }],
  ['블레이저', { name: '블레이저' }],
  ['헨리넥', { name: '헨리넥' }],
  ['오픈카라', { name: '오픈카라' }],
  ['러닝화', { name: '러닝화' }],
  // partial syllables while typing
  ['맨투ㅁ', { name: '맨투맨' }],
  ['슬랙ㅅ', { name: '슬랙스' }],
  ['넥타ㅇ', { name: '넥타이' }],
  ['가디ㄱ', { name: '가디건' }],
  // 초성
  ['ㅅㄹㅅ', { name: '슬랙스' }],
  ['ㄴㅌㅇ', { name: '넥타이' }],
  ['ㅂㅍ', { name: '백팩' }],
  ['ㅎㄹㄴ', { name: '헨리넥' }],
  // typed with the keyboard in English mode
  ['tmffortm', { word: '슬랙스' }],
  ['tucm', { word: '셔츠' }],
  ['aosxnaos', { word: '맨투맨' }],
  ['rkelrjs', { name: '가디건' }],
  // misspellings and variants
  ['슬렉스', { word: '슬랙스' }],
  ['슬랙쓰', { word: '슬랙스' }],
  ['슬랙수', { word: '슬랙스' }],
  ['샤쓰', { word: '셔츠' }],
  ['셔쓰', { word: '셔츠' }],
  ['멘투맨', { word: '맨투맨' }],
  ['가디간', { name: '가디건' }],
  ['블레이져', { name: '블레이저' }],
  ['닛트', { word: '니트' }],
  ['빠딩', { name: '패딩' }],
  ['로우퍼', { name: '로퍼' }, 2],
  ['오픈칼라', { name: '오픈카라' }],
  // synonyms
  ['청바지', { name: '데님' }],
  ['운동화', { category: '스니커즈' }],
  ['면바지', { category: '치노·면바지' }],
  ['스웻셔츠', { category: '맨투맨' }],
  // spacing
  ['와이드슬랙스', { names: ['와이드', '슬랙스'] }],
  ['와이드 슬랙스', { names: ['와이드', '슬랙스'] }],
  ['오픈 카라 셔츠', { names: ['오픈카라', '셔츠'] }],
  // brands, Korean and English, both ways
  ['어반테일러', { brand: '어반테일러' }],
  ['어반 테일러', { brand: '어반테일러' }],
  ['urban tailor', { brand: '어반테일러' }],
  ['URBAN TAILOR', { brand: '어반테일러' }],
  ['urbantailor', { brand: '어반테일러' }],
  ['ㅇㅂㅌㅇㄹ', { brand: '어반테일러' }],
  ['djqksxpdlffj', { brand: '어반테일러' }],
  ['아카이브넘버', { brand: '아카이브넘버' }],
  ['archive number', { brand: '아카이브넘버' }],
  ['dkzkdlqmsjaqj', { brand: '아카이브넘버' }],
  ['먼데이 랩', { brand: '먼데이랩' }],
  ['monday lab', { brand: '먼데이랩' }],
  // several words: every word somewhere (name, colour, brand …)
  ['네이비 슬랙스', { color: '네이비', name: '슬랙스' }],
  ['블랙 슬랙스', { color: '블랙', name: '슬랙스' }],
];

describe('product search: top results', () => {
  it('has at least 40 cases', () => {
    expect(PRODUCT_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PRODUCT_CASES)('%s', async (query, expected, n = TOP) => {
    const body = await get<{ total_count: number; result: ProductCard[] }>(
      `/api/v1/search/product?query=${encodeURIComponent(query)}&page_size=${TOP}`,
    );
    expect(body.result.length, `no result for ${query}`).toBeGreaterThan(0);
    const top = body.result.slice(0, n);
    for (const p of top) {
      expect(
        check(p, expected),
        `${query}: ${p.name} / ${p.brand_name} does not satisfy ${JSON.stringify(expected)}`,
      ).toBe(true);
    }
  });
});

describe('ranking', () => {
  it('puts whole-word matches before matches inside a longer word (셔츠 before 티셔츠, 코트 before 코튼)', async () => {
    for (const [query, longer] of [
      ['셔츠', '티셔츠'],
      ['코트', '코튼'],
    ] as const) {
      const body = await get<{ result: ProductCard[] }>(
        `/api/v1/search/product?query=${encodeURIComponent(query)}&page_size=60`,
      );
      const lastWhole = body.result.findLastIndex((p) => words(p.name).includes(query));
      const firstInside = body.result.findIndex(
        (p) => p.name.includes(longer) && !words(p.name).includes(query),
      );
      expect(lastWhole).toBeGreaterThanOrEqual(0);
      if (firstInside >= 0) expect(lastWhole).toBeLessThan(firstInside);
    }
  });

  it('does not match a longer syllable for a submitted whole word (코트 is not 코튼), but does while typing', async () => {
    const coat = await get<{ result: ProductCard[]; total_count: number }>(
      `/api/v1/search/product?query=${encodeURIComponent('코트')}&page_size=60`,
    );
    expect(coat.total_count).toBeGreaterThan(0);
    for (const p of coat.result) expect(p.name.includes('코튼') && !p.name.includes('코트')).toBe(false);
    const cotton = await get<{ total_count: number }>(
      `/api/v1/search/product?query=${encodeURIComponent('코튼')}`,
    );
    expect(cotton.total_count).toBeGreaterThan(0);
    const typing = await get<{ result: ProductCard[] }>(
      `/api/v1/search/product?query=${encodeURIComponent('코ㅌ')}&page_size=60`,
    );
    expect(typing.result.some((p) => p.name.includes('코튼'))).toBe(true);
    expect(typing.result.some((p) => words(p.name).includes('코트'))).toBe(true);
  });

  it('orders by popularity within a tier (a brand query lists the brand by popularity)', async () => {
    const body = await get<{ result: ProductCard[] }>(
      `/api/v1/search/product?query=${encodeURIComponent('아카이브넘버')}&page_size=60`,
    );
    const ids = body.result.map((p) => p.id);
    const pops = await t.ctx.db
      .select({ id: productDisplays.id, p: productDisplays.popularity })
      .from(productDisplays);
    const pop = new Map(pops.map((r) => [r.id, r.p]));
    const values = ids.map((id) => pop.get(id) ?? 0);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('ranks an exact product name first', async () => {
    const body = await get<{ result: ProductCard[] }>(
      `/api/v1/search/product?query=${encodeURIComponent('워커 부츠')}&page_size=5`,
    );
    expect(body.result[0]?.name).toBe('워커 부츠');
  });
});

/** [query, first brand of the brand search] */
const BRAND_CASES: [string, string][] = [
  ['어반', '어반테일러'],
  ['tailor', '어반테일러'],
  ['ㅂㅊㄹㄷ', '북촌레더'],
  ['bukchon', '북촌레더'],
  ['북촌 레더', '북촌레더'],
  ['qnrchsfpej', '북촌레더'],
];

describe('brand search', () => {
  it.each(BRAND_CASES)('%s → %s', async (query, brand) => {
    const body = await get<{ result: { name: string }[] }>(
      `/api/v1/search/brand?query=${encodeURIComponent(query)}`,
    );
    expect(body.result[0]?.name).toBe(brand);
  });
});

/** [query, first style of the style search] */
const STYLE_CASES: [string, string][] = [
  ['하객룩', '세미포멀 하객룩'],
  ['ㅎㄱㄹ', '세미포멀 하객룩'],
  ['오피스룩', '미니멀 오피스룩'],
  ['데님 온 데님', '데님 온 데님'],
  ['gkrorfnr', '세미포멀 하객룩'],
];

describe('style search', () => {
  it.each(STYLE_CASES)('%s → %s', async (query, style) => {
    const body = await get<{ result: { name: string }[] }>(
      `/api/v1/search/style?query=${encodeURIComponent(query)}`,
    );
    expect(body.result[0]?.name).toBe(style);
  });
});

/** [typed, first autocomplete suggestion] */
const SUGGEST_CASES: [string, string][] = [
  ['맨투ㅁ', '맨투맨'],
  ['ㅅㄹㅅ', '슬랙스'],
  ['tmffort', '슬랙스'],
  ['슬렉스', '슬랙스'],
  ['어반', '어반테일러'],
  ['urb', '어반테일러'],
  ['ㄴㅌㅇ', '넥타이'],
];

describe('autocomplete', () => {
  it.each(SUGGEST_CASES)('%s → %s', async (query, first) => {
    const body = await get<{ result: { keyword: string }[] }>(
      `/api/contents/keywords?query=${encodeURIComponent(query)}`,
    );
    expect(body.result[0]?.keyword).toBe(first);
  });

  it('suggests only what matches the 초성', async () => {
    const body = await get<{ result: { keyword: string }[] }>(
      `/api/contents/keywords?query=${encodeURIComponent('ㅅㄹㅅ')}`,
    );
    expect(body.result.length).toBeGreaterThan(1);
    for (const s of body.result) expect(toChoseong(s.keyword)).toContain('ㅅㄹㅅ');
  });
});
