/**
 * Search calls: paging, sorts, filters and facets, available types, realtime keywords from
 * recorded traffic (injected clock), recommended keywords, autocomplete, contents/search, bad
 * input, and keeping the stored search forms in sync with catalogue writes.
 */
import type {
  AvailableTypesBody,
  BrandSearchBody,
  ContentsSearchBody,
  KeywordsBody,
  ProductSearchBody,
  RealtimeKeywordsBody,
  RecommendedKeywordsBody,
  SearchFiltersBody,
  StyleSearchBody,
} from '@codiroom/shared';
import { OFFICE_WEAR_KEYWORD } from '@codiroom/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productDisplays, productItems, searchDocuments } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { rebuildSearchIndex, reindexProducts } from '../src/domains/search/documents.ts';
import { mutableClock } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
const clock = mutableClock('2026-11-20T03:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: 300, now: SEED_NOW });
});

afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string, status = 200): Promise<T> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

const q = encodeURIComponent;

describe('GET /api/v1/search/product', () => {
  it('pages through every hit once, with SPEC.md pagination fields', async () => {
    const first = await get<ProductSearchBody>(`/api/v1/search/product?query=${q('셔츠')}&page_size=20`);
    expect(first.total_count).toBeGreaterThan(40);
    expect(first.page).toBe(1);
    expect(first.count).toBe(20);
    expect(first.total_page).toBe(Math.ceil(first.total_count / 20));
    const seen = new Set<number>();
    for (let page = 1; page <= first.total_page; page++) {
      const body = await get<ProductSearchBody>(
        `/api/v1/search/product?query=${q('셔츠')}&page_size=20&page=${page}`,
      );
      expect(body.total_count).toBe(first.total_count);
      for (const p of body.result) seen.add(p.id);
    }
    expect(seen.size).toBe(first.total_count);
    const beyond = await get<ProductSearchBody>(
      `/api/v1/search/product?query=${q('셔츠')}&page_size=20&page=${first.total_page + 1}`,
    );
    expect(beyond.result).toEqual([]);
    expect(beyond.count).toBe(0);
  });

  it('echoes how the query was read (English-mode typing as Hangul)', async () => {
    const body = await get<ProductSearchBody>('/api/v1/search/product?query=tmffortm');
    expect(body.query).toBe('tmffortm');
    expect(body.interpreted_query).toBe('슬랙스');
  });

  it.each([
    ['price_asc', (a: number, b: number) => a <= b],
    ['price_desc', (a: number, b: number) => a >= b],
  ] as const)('sorts by %s', async (sort, ordered) => {
    const body = await get<ProductSearchBody>(
      `/api/v1/search/product?query=${q('셔츠')}&sort=${sort}&page_size=60`,
    );
    const prices = body.result.map((p) => p.price_discount);
    for (let i = 1; i < prices.length; i++)
      expect(ordered(prices[i - 1] as number, prices[i] as number)).toBe(true);
  });

  it('sorts by newest', async () => {
    const body = await get<ProductSearchBody>(
      `/api/v1/search/product?query=${q('슬랙스')}&sort=newest&page_size=60`,
    );
    const rows = await t.ctx.db
      .select({ id: productDisplays.id, at: productDisplays.created_at })
      .from(productDisplays)
      .where(
        inArray(
          productDisplays.id,
          body.result.map((p) => p.id),
        ),
      );
    const at = new Map(rows.map((r) => [r.id, r.at.getTime()]));
    const times = body.result.map((p) => at.get(p.id) ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by price range, brand, category, size and colour', async () => {
    const all = await get<ProductSearchBody>(`/api/v1/search/product?query=${q('셔츠')}&page_size=60`);
    const priced = await get<ProductSearchBody>(
      `/api/v1/search/product?query=${q('셔츠')}&price_min=30000&price_max=60000&page_size=60`,
    );
    expect(priced.total_count).toBeGreaterThan(0);
    expect(priced.total_count).toBeLessThan(all.total_count);
    for (const p of priced.result) {
      expect(p.price_discount).toBeGreaterThanOrEqual(30000);
      expect(p.price_discount).toBeLessThanOrEqual(60000);
    }

    const brandId = all.result[0]?.brand_id as number;
    const byBrand = await get<ProductSearchBody>(
      `/api/v1/search/product?query=${q('셔츠')}&brand_ids=${brandId}`,
    );
    expect(byBrand.total_count).toBeGreaterThan(0);
    for (const p of byBrand.result) expect(p.brand_id).toBe(brandId);

    const inTop = await get<ProductSearchBody>(
      `/api/v1/search/product?query=${q('셔츠')}&category=top&page_size=60`,
    );
    const tops = await t.ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .innerJoin(categories, eq(categories.id, productDisplays.category_id))
      .where(eq(categories.main, 'top'));
    const topIds = new Set(tops.map((r) => r.id));
    expect(inTop.total_count).toBeGreaterThan(0);
    for (const p of inTop.result) expect(topIds.has(p.id)).toBe(true);

    const unknown = await get<ProductSearchBody>(`/api/v1/search/product?query=${q('셔츠')}&category=nope`);
    expect(unknown.total_count).toBe(0);

    const facets = await get<SearchFiltersBody>(`/api/v1/search/filters?query=${q('셔츠')}`);
    const colour = facets.colors[0];
    const size = facets.sizes[0];
    if (!colour || !size) throw new Error('no facets');
    const byColour = await get<ProductSearchBody>(
      `/api/v1/search/product?query=${q('셔츠')}&colors=${q(colour.color_name)}&page_size=60`,
    );
    expect(byColour.total_count).toBe(colour.count);
    const colours = await t.ctx.db
      .select({ c: productDisplays.color_name })
      .from(productDisplays)
      .where(
        inArray(
          productDisplays.id,
          byColour.result.map((p) => p.id),
        ),
      );
    for (const c of colours) expect(c.c).toBe(colour.color_name);

    const bySize = await get<ProductSearchBody>(
      `/api/v1/search/product?query=${q('셔츠')}&sizes=${q(size.size_name)}&page_size=60`,
    );
    expect(bySize.total_count).toBe(size.count);
    for (const p of bySize.result) {
      const items = await t.ctx.db
        .select({ size: productItems.size_name, stock: productItems.stock })
        .from(productItems)
        .where(eq(productItems.product_display_id, p.id));
      expect(items.some((i) => i.size === size.size_name && i.stock > 0)).toBe(true);
    }
  });

  it.each([
    ['', 'query'],
    ['?query=', 'query'],
    ['?query=%20%20', 'query'],
    [`?query=${'가'.repeat(51)}`, 'query'],
    ['?query=!!!', 'query'],
    ['?query=a&page=0', 'page'],
    ['?query=a&page=abc', 'page'],
    ['?query=a&page_size=61', 'page_size'],
    ['?query=a&sort=best', 'sort'],
    ['?query=a&brand_ids=x', 'brand_ids'],
    ['?query=a&price_min=-1', 'price_min'],
    ['?query=a&price_min=50000&price_max=10000', 'price_min'],
    ['?query=a&category=TOP!', 'category'],
  ])('answers 400 with a detail for %s', async (qs, field) => {
    const body = await get<{ detail: string }>(`/api/v1/search/product${qs}`, 400);
    expect(body.detail).toContain(field);
  });
});

describe('GET /api/v1/search/style and /brand', () => {
  it('pages styles', async () => {
    const one = await get<StyleSearchBody>(`/api/v1/search/style?query=${q('룩')}&page_size=2`);
    expect(one.total_count).toBeGreaterThan(2);
    expect(one.result).toHaveLength(2);
    const two = await get<StyleSearchBody>(`/api/v1/search/style?query=${q('룩')}&page_size=2&page=2`);
    expect(two.result.map((s) => s.id)).not.toEqual(one.result.map((s) => s.id));
    expect(one.result[0]).toMatchObject({ codi_count: expect.any(Number), tags: expect.any(Array) });
  });

  it('pages brands and counts their products', async () => {
    const body = await get<BrandSearchBody>(`/api/v1/search/brand?query=${q('어반테일러')}`);
    expect(body.result[0]).toMatchObject({ name: '어반테일러', name_en: 'URBAN TAILOR' });
    const [n] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productDisplays)
      .where(eq(productDisplays.brand_id, body.result[0]?.id as number));
    expect(body.result[0]?.product_count).toBe(Number(n?.n));
  });

  it.each([
    '/api/v1/search/style',
    '/api/v1/search/brand',
    '/api/v1/search/style?query=a&page=0',
  ])('answers 400 for %s', async (url) => {
    const body = await get<{ detail: string }>(url, 400);
    expect(body.detail).toMatch(/query|page/);
  });
});

describe('GET /api/v1/search/filters', () => {
  it('counts brands, categories, price ranges, sizes and colours of the result set', async () => {
    const f = await get<SearchFiltersBody>(`/api/v1/search/filters?query=${q('슬랙스')}`);
    const hits = await get<ProductSearchBody>(`/api/v1/search/product?query=${q('슬랙스')}`);
    expect(f.total_count).toBe(hits.total_count);
    const sum = (xs: { count: number }[]) => xs.reduce((a, x) => a + x.count, 0);
    expect(sum(f.brands)).toBe(f.total_count);
    expect(sum(f.categories)).toBe(f.total_count);
    expect(sum(f.price_ranges)).toBe(f.total_count);
    expect(sum(f.colors)).toBe(f.total_count);
    expect(f.sizes.length).toBeGreaterThan(0);
    expect(f.categories.map((c) => c.name)).toContain('슬랙스');
    expect(f.price.min).toBeLessThanOrEqual(f.price.max as number);
    // Every price range count matches the product search with that range.
    for (const r of f.price_ranges.filter((x) => x.count > 0)) {
      const max = r.max === null ? '' : `&price_max=${r.max - 1}`;
      const body = await get<ProductSearchBody>(
        `/api/v1/search/product?query=${q('슬랙스')}&price_min=${r.min}${max}`,
      );
      expect(body.total_count).toBe(r.count);
    }
  });

  it('is empty for a query without hits and 400 without a query', async () => {
    const f = await get<SearchFiltersBody>(`/api/v1/search/filters?query=${q('qqqqqqqq')}`);
    expect(f).toMatchObject({ total_count: 0, brands: [], categories: [], price: { min: null, max: null } });
    await get('/api/v1/search/filters', 400);
  });
});

describe('GET /api/v1/search/available-types', () => {
  it('lists the result types with hits', async () => {
    const brand = await get<AvailableTypesBody>(`/api/v1/search/available-types?query=${q('어반테일러')}`);
    expect(brand.available).toEqual(['product', 'brand']);
    expect(brand.counts.brand).toBe(1);
    const style = await get<AvailableTypesBody>(`/api/v1/search/available-types?query=${q('하객룩')}`);
    expect(style.available).toContain('style');
    const none = await get<AvailableTypesBody>(`/api/v1/search/available-types?query=${q('qqqqqqqq')}`);
    expect(none).toMatchObject({ available: [], counts: { product: 0, style: 0, brand: 0 } });
    await get('/api/v1/search/available-types', 400);
  });
});

describe('GET /api/contents/search and /api/contents/keywords', () => {
  it('returns the first products, brands, styles and posts with counts', async () => {
    const body = await get<ContentsSearchBody>(`/api/contents/search?query=${q('슬랙스')}`);
    expect(body.counts.product).toBeGreaterThan(6);
    expect(body.products).toHaveLength(6);
    expect(body.counts.post).toBeGreaterThan(0);
    expect(body.posts[0]?.title).toContain('슬랙스');
    expect(body.counts.style).toBe(body.styles.length);
    await get('/api/contents/search', 400);
  });

  it('suggests keywords, brands and styles for what is typed, or the recommended keywords', async () => {
    const typed = await get<KeywordsBody>(`/api/contents/keywords?query=${q('어반')}&limit=5`);
    expect(typed.result[0]).toMatchObject({ keyword: '어반테일러', type: 'brand', id: expect.any(Number) });
    expect(typed.result.length).toBeLessThanOrEqual(5);
    const none = await get<KeywordsBody>('/api/contents/keywords');
    expect(none.query).toBeNull();
    expect(none.result[0]).toEqual({ keyword: OFFICE_WEAR_KEYWORD, type: 'keyword', id: null });
    await get(`/api/contents/keywords?query=${'가'.repeat(51)}`, 400);
    await get('/api/contents/keywords?limit=0', 400);
  });
});

describe('realtime and recommended keywords', () => {
  // Every search by another shopper (address): keywords rank by distinct shoppers (trends.ts).
  let shopper = 0;
  const search = (query: string, page = 1) =>
    t.app.inject({
      url: `/api/v1/search/product?query=${q(query)}&page=${page}`,
      remoteAddress: `10.0.${Math.floor(++shopper / 250)}.${shopper % 250}`,
    });
  const realtime = () => get<RealtimeKeywordsBody>('/api/v1/search/realtime-keywords');

  beforeAll(() => {
    // Two hours after the searches of the tests above, at a 5-minute bucket boundary (05:00 UTC).
    clock.advance(2 * 3600);
  });

  it('ranks the last hour of searches with rank-change arrows', async () => {
    // All searches of this block happen at 05:00 UTC (a bucket boundary).
    for (let i = 0; i < 3; i++) await search('슬랙스');
    await search('tmffortm'); // counted as 슬랙스
    await search('셔츠');
    await search('셔츠');
    await search('코트');
    await search('qqqqqqqq'); // no hit: not counted
    await search('셔츠', 2); // a later page: not counted
    const first = await realtime();
    expect(first.updated_at).toBe(clock.now().toISOString());
    expect(first.result).toEqual([
      { rank: 1, keyword: '슬랙스', count: 4, status: 'new', rank_change: null },
      { rank: 2, keyword: '셔츠', count: 2, status: 'new', rank_change: null },
      { rank: 3, keyword: '코트', count: 1, status: 'new', rank_change: null },
    ]);

    clock.advance(5 * 60); // next 5-minute bucket
    for (let i = 0; i < 4; i++) await search('코트');
    await search('니트');
    const second = await realtime();
    expect(second.result).toEqual([
      { rank: 1, keyword: '코트', count: 5, status: 'up', rank_change: 2 },
      { rank: 2, keyword: '슬랙스', count: 4, status: 'down', rank_change: -1 },
      { rank: 3, keyword: '셔츠', count: 2, status: 'down', rank_change: -1 },
      { rank: 4, keyword: '니트', count: 1, status: 'new', rank_change: null },
    ]);

    // An hour after the first bucket, its searches no longer count.
    clock.advance(57 * 60);
    const later = await realtime();
    expect(later.result).toEqual([
      { rank: 1, keyword: '코트', count: 4, status: 'same', rank_change: 0 },
      { rank: 2, keyword: '니트', count: 1, status: 'up', rank_change: 2 },
    ]);
  });

  it('recommends the curated keywords first, then trending ones', async () => {
    const body = await get<RecommendedKeywordsBody>('/api/v1/search/recommended-keywords');
    expect(body.result[0]).toEqual({ keyword: OFFICE_WEAR_KEYWORD, source: 'curated' });
    const curated = body.result.filter((r) => r.source === 'curated').map((r) => r.keyword);
    expect(curated).toContain('슬랙스');
    const trending = body.result.filter((r) => r.source === 'trending').map((r) => r.keyword);
    // 코트 and 니트 are curated too; trending only lists what is not curated already.
    for (const k of trending) expect(curated).not.toContain(k);
    expect(body.result.findIndex((r) => r.source === 'trending')).not.toBe(0);
  });

  it('adds a trending keyword that is not curated', async () => {
    clock.advance(60);
    await search('헨리넥');
    clock.advance(60);
    const body = await get<RecommendedKeywordsBody>('/api/v1/search/recommended-keywords');
    expect(body.result).toContainEqual({ keyword: '헨리넥', source: 'trending' });
    const sources = body.result.map((r) => r.source);
    expect(sources).toEqual([...sources].sort()); // every curated keyword before the trending ones
  });

  it('counts a typo under its correction, and a search the shop did not understand not at all', async () => {
    clock.advance(2 * 3600); // a fresh hour
    await search('셔쯔'); // a spelling variant the search reads as 셔츠
    await search('슬렉스'); // … as 슬랙스
    await search('와이드 슬렉스');
    const misspelt = await get<ProductSearchBody>(`/api/v1/search/product?query=${q('셔즈')}`);
    expect(misspelt.total_count).toBe(0);
    expect(misspelt.did_you_mean).toBe('셔츠');
    await search('셔즈'); // no hit, corrected to 셔츠
    await search('qqqqqqq'); // no hit, no correction
    clock.advance(60);
    const words = (await realtime()).result.map((r) => [r.keyword, r.count]);
    // 셔쯔, and 셔즈 by two shoppers (the check above and the search), all count as 셔츠.
    expect(words).toContainEqual(['셔츠', 3]);
    expect(words).toContainEqual(['슬랙스', 1]);
    expect(words).toContainEqual(['와이드 슬랙스', 1]);
    const shown = words.map(([k]) => k);
    for (const typo of ['셔쯔', '슬렉스', '와이드 슬렉스', '셔즈', 'qqqqqqq'])
      expect(shown).not.toContain(typo);
    const recommended = await get<RecommendedKeywordsBody>('/api/v1/search/recommended-keywords');
    for (const typo of ['셔쯔', '슬렉스', '셔즈']) {
      expect(recommended.result.map((r) => r.keyword)).not.toContain(typo);
    }
  });
});

describe('stored search forms stay in sync', () => {
  it('re-indexes a renamed or deactivated product', async () => {
    const [row] = await t.ctx.db.select().from(productDisplays).limit(1);
    if (!row) throw new Error('no product');
    await t.ctx.db
      .update(productDisplays)
      .set({ name: '코디룸 테스트 블루종' })
      .where(eq(productDisplays.id, row.id));
    await reindexProducts(t.ctx.db, [row.id]);
    const found = await get<ProductSearchBody>(`/api/v1/search/product?query=${q('ㅂㄹㅈ')}`);
    expect(found.result.map((p) => p.id)).toContain(row.id);
    const suggested = await get<KeywordsBody>(`/api/contents/keywords?query=${q('블루조')}`);
    expect(suggested.result.map((s) => s.keyword)).toContain('코디룸 테스트 블루종');

    await t.ctx.db.update(productDisplays).set({ is_active: false }).where(eq(productDisplays.id, row.id));
    await reindexProducts(t.ctx.db, [row.id]);
    const gone = await get<ProductSearchBody>(`/api/v1/search/product?query=${q('블루종')}`);
    expect(gone.result.map((p) => p.id)).not.toContain(row.id);
  });

  it('rebuilds the whole index with one document per product, brand, style and post', async () => {
    const n = await rebuildSearchIndex(t.ctx.db);
    const kinds = await t.ctx.db
      .select({ kind: searchDocuments.kind, n: sql<number>`count(*)::int` })
      .from(searchDocuments)
      .groupBy(searchDocuments.kind);
    const by = Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)]));
    const [displays] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(productDisplays);
    expect(by.product).toBe(Number(displays?.n));
    expect(by.brand).toBe(52);
    expect(by.term).toBeGreaterThan(0);
    expect(n).toBe(Object.values(by).reduce((a, b) => a + b, 0));
  });
});

describe('OpenAPI', () => {
  it('documents every search call with its query fields', async () => {
    const doc = await get<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>(
      '/api/openapi.json',
    );
    for (const path of [
      '/api/v1/search/product',
      '/api/v1/search/style',
      '/api/v1/search/brand',
      '/api/v1/search/filters',
      '/api/v1/search/available-types',
      '/api/v1/search/realtime-keywords',
      '/api/v1/search/recommended-keywords',
      '/api/contents/search',
      '/api/contents/keywords',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const names = doc.paths['/api/v1/search/product']?.get?.parameters?.map((p) => p.name) ?? [];
    expect(names).toEqual(
      expect.arrayContaining(['query', 'sort', 'page', 'price_min', 'price_max', 'brand_ids']),
    );
  });
});
