/**
 * The in-process reads of the storefront's other pages (apps/api/src/web/reads-*.ts, packages/shared
 * storefront-page-reads.ts): each answers exactly what its API route answers (deep-equal to
 * JSON.parse of the route's body) for the same request, and a request the route refuses is the
 * route's error. The cached category listing is never stale past a change's event or a time sale's
 * start; a member's feed checks the token as the route does; a search counts its shopper in the
 * realtime keywords as the route does.
 */
import { type Clock, REVIEW_SORTS, trendKeywordOf } from '@codiroom/shared';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, likes, productDisplays, themes, timeSaleItems, timeSales } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { invalidate } from '../src/platform/cache.ts';
import { isIssuedGuestId } from '../src/platform/guest-id.ts';
import { storefrontReads } from '../src/web/reads.ts';
import { ADMIN_KEY_HEADERS, createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
let nowMs = Date.parse('2026-11-20T03:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: 120, now: SEED_NOW });
});
afterAll(async () => {
  await t?.close();
});

async function api(url: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') {
  const res = await t.app.inject({ method, url, headers });
  return { status: res.statusCode, body: res.json() };
}

const reads = () => storefrontReads(t.ctx, '127.0.0.1');

/** `inProcess` equals the route's 200 body for `url`, and is plain JSON (what React Router serialises). */
async function expectSame(inProcess: unknown, url: string, headers: Record<string, string> = {}) {
  const res = await api(url, headers);
  expect(res.status, url).toBe(200);
  expect(inProcess, url).toEqual(res.body);
  expect(JSON.parse(JSON.stringify(inProcess)), url).toEqual(inProcess);
}

describe('every page: web status and banners', () => {
  it('the web status is the route answer, before and after an operator switches it', async () => {
    await expectSame(await reads().site.webStatus(), '/api/web-status');
    expect((await reads().site.webStatus()).result).toBe(false);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: ADMIN_KEY_HEADERS,
      payload: {
        result: true,
        variant: 'overload',
        start_at: '2026-11-20T01:00:00Z',
        end_at: '2026-11-20T05:00:00Z',
      },
    });
    expect(put.statusCode).toBe(200);
    const switched = await reads().site.webStatus();
    expect(switched).toMatchObject({ result: true, variant: 'overload' });
    await expectSame(switched, '/api/web-status');
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: ADMIN_KEY_HEADERS,
      payload: { result: false },
    });
    expect((await reads().site.webStatus()).result).toBe(false);
  });

  it("a placement's banners are the route answer; a placement that is no code is its 400", async () => {
    for (const placement of ['home_top', 'home_middle', 'category', 'nowhere']) {
      await expectSame(await reads().site.banners(placement), `/api/contents/banners?placement=${placement}`);
    }
    expect((await reads().site.banners('home_top')).result.length).toBeGreaterThan(0);
    expect((await api('/api/contents/banners?placement=Not%20A%20Code')).status).toBe(400);
    await expect(reads().site.banners('Not A Code')).rejects.toMatchObject({ statusCode: 400 });
  });
});

/** A time sale on `id` from `startsMs` for an hour at 10,000 won, announced as the admin route does. */
async function timeSaleOn(id: number, startsMs: number) {
  const [ts] = await t.ctx.db
    .insert(timeSales)
    .values({
      title: '테스트 타임세일',
      starts_at: new Date(startsMs),
      ends_at: new Date(startsMs + 3_600_000),
    })
    .returning();
  await t.ctx.db
    .insert(timeSaleItems)
    .values({ time_sale_id: ts!.id, product_display_id: id, sale_price: 10_000, stock_limit: 50 });
  await invalidate(t.ctx, 'prices.changed');
}

describe('the home page', () => {
  it('the feed of a new guest, of a guest with likes and without a guest id is the route answer', async () => {
    const fresh = guestIdOf(t.ctx, 'home-new');
    await expectSame(await reads().home.feed(fresh), '/api/contents/home-feed', { 'x-guest-user-id': fresh });
    const liker = guestIdOf(t.ctx, 'home-liker');
    const [liked] = await t.ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .orderBy(asc(productDisplays.id))
      .limit(1);
    await t.ctx.db.insert(likes).values({ guest_id: liker, like_type: 'PRODUCT', like_id: liked!.id });
    const mine = await reads().home.feed(liker);
    expect(mine.sections[0]?.key).toBe('for_you');
    await expectSame(mine, '/api/contents/home-feed', { 'x-guest-user-id': liker });
    // Without an issued guest id the route refuses; the read is the curated feed (no personal section).
    const curated = await reads().home.feed('not-an-issued-id');
    expect(curated.sections.map((x) => x.key)).not.toContain('for_you');
    expect(await reads().home.feed(null)).toEqual(curated);
    await expectSame(curated, '/api/contents/home-feed', { 'x-guest-user-id': fresh });
  });

  it('a popular product on time sale shows its sale price in the feed, as on the route', async () => {
    const guest = guestIdOf(t.ctx, 'home-sale');
    const before = await reads().home.feed(guest);
    const popular = before.sections.find((x) => x.key === 'popular');
    const card = popular?.products[0];
    if (!card) throw new Error('no popular product');
    await timeSaleOn(card.id, nowMs - 60_000);
    const after = await reads().home.feed(guest);
    const onSale = after.sections.find((x) => x.key === 'popular')!.products.find((p) => p.id === card.id);
    expect(onSale?.time_sale_price).toBe(10_000);
    await expectSame(after, '/api/contents/home-feed', { 'x-guest-user-id': guest });
  });

  it('the look of the day is the route answer', async () => {
    await expectSame(await reads().home.dailyLook(), '/api/contents/daily-look');
  });
});

describe('the listing pages', () => {
  const listings: [Record<string, string | number | undefined>, string][] = [
    [{}, ''],
    [{ category_main: 'all', sort: 'popular', page: 1 }, 'category_main=all&sort=popular&page=1'],
    [{ category_main: 'top', sort: 'newest', page: 2 }, 'category_main=top&sort=newest&page=2'],
    [
      { sort: 'price_asc', price_min: '10000', price_max: '90000' },
      'sort=price_asc&price_min=10000&price_max=90000',
    ],
    [{ sort: 'discount', size: 'L, XL', brand_id: '1,2,3' }, 'sort=discount&size=L,%20XL&brand_id=1,2,3'],
    [
      { sort: 'reviews', color: '블랙', page: 99 },
      `sort=reviews&color=${encodeURIComponent('블랙')}&page=99`,
    ],
  ];

  it('category listings, the tree and the facets are the route answers', async () => {
    for (const [query, qs] of listings) {
      await expectSame(
        await reads().listing.categoryProducts(query),
        `/api/products/category-products?${qs}`,
      );
    }
    await expectSame(await reads().listing.categories(), '/api/products/categories');
    await expectSame(
      await reads().listing.categoryFilters('all', undefined),
      '/api/products/category-filters',
    );
    const tree = await reads().listing.categories();
    const tab = tree.result.find((x) => x.subs.length > 0)!;
    const sub = tab.subs[0]!.code;
    await expectSame(
      await reads().listing.categoryFilters(tab.main, sub),
      `/api/products/category-filters?category_main=${tab.main}&category_sub=${sub}`,
    );
  });

  it('a query the route refuses is its 400', async () => {
    for (const [query, qs] of [
      [{ brand_id: 'x' }, 'brand_id=x'],
      [{ category_main: 'nothing' }, 'category_main=nothing'],
      [{ sort: 'cheapest' }, 'sort=cheapest'],
    ] as const) {
      expect((await api(`/api/products/category-products?${qs}`)).status, qs).toBe(400);
      await expect(reads().listing.categoryProducts(query)).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(reads().listing.categoryFilters('nothing', undefined)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('a sold-out product and one on time sale are listed as on the route', async () => {
    let soldOut: { id: number } | undefined;
    for (let page = 1; page < 10 && !soldOut; page++) {
      const body = await reads().listing.categoryProducts({ sort: 'newest', page });
      soldOut = body.result.find((p) => p.quantity === 0);
      if (soldOut) await expectSame(body, `/api/products/category-products?sort=newest&page=${page}`);
      if (body.page >= body.total_page) break;
    }
    expect(soldOut).toBeDefined();
    const first = (await reads().listing.categoryProducts({ sort: 'price_desc' })).result[0]!;
    await timeSaleOn(first.id, nowMs - 60_000);
    const listed = await reads().listing.categoryProducts({ sort: 'price_desc' });
    expect(listed.result.find((p) => p.id === first.id)?.time_sale_price).toBe(10_000);
    await expectSame(listed, '/api/products/category-products?sort=price_desc');
  });

  it('the cached listing shows a change at its event and a time sale from its first second', async () => {
    const q = { category_main: 'all', sort: 'newest' };
    const card = (await reads().listing.categoryProducts(q)).result[0]!;
    await t.ctx.db
      .update(productDisplays)
      .set({ name: `${card.name} 변경` })
      .where(eq(productDisplays.id, card.id));
    expect((await reads().listing.categoryProducts(q)).result[0]?.name).toBe(card.name); // cached
    await invalidate(t.ctx, 'catalog.changed');
    expect((await reads().listing.categoryProducts(q)).result[0]?.name).toBe(`${card.name} 변경`);

    const starts = nowMs + 60_000;
    await timeSaleOn(card.id, starts);
    const before = await reads().listing.categoryProducts(q);
    expect(before.result[0]?.time_sale_price ?? null).toBeNull();
    nowMs = starts + 1;
    const after = await reads().listing.categoryProducts(q);
    expect(after.result[0]?.time_sale_price).toBe(10_000);
    await expectSame(after, '/api/products/category-products?category_main=all&sort=newest');
  });

  it('a collection and a theme page are the route answers; a missing one is its 404', async () => {
    await expectSame(await reads().listing.collection('outlet', 1), '/api/contents/collection/outlet?page=1');
    const [theme] = await t.ctx.db.select({ id: themes.id }).from(themes).orderBy(asc(themes.id)).limit(1);
    expect(theme).toBeDefined();
    await expectSame(
      await reads().listing.theme(String(theme!.id), 1),
      `/api/contents/theme/${theme!.id}?page=1`,
    );
    await expectSame(
      await reads().listing.theme(String(theme!.id), 2),
      `/api/contents/theme/${theme!.id}?page=2`,
    );
    for (const [read, url] of [
      [
        () => reads().listing.collection('no-such-collection', 1),
        '/api/contents/collection/no-such-collection',
      ],
      [() => reads().listing.theme('999999999', 1), '/api/contents/theme/999999999'],
      [() => reads().listing.theme('0', 1), '/api/contents/theme/0'],
    ] as const) {
      const res = await api(url);
      expect(res.status, url).toBe(404);
      await expect(read()).rejects.toMatchObject({ statusCode: 404, detail: res.body.detail });
    }
  });
});

describe('the ranking page', () => {
  it('ranking tabs and the brands tab are the route answers; a refused query is its 400', async () => {
    for (const [query, qs] of [
      [{}, ''],
      [{ page: 1, category_main: 'all', period: 'realtime' }, 'page=1&category_main=all&period=realtime'],
      [{ page: 1, category_main: 'top', period: 'daily' }, 'page=1&category_main=top&period=daily'],
      [{ page: 2, category_main: 'all', period: 'weekly' }, 'page=2&category_main=all&period=weekly'],
      [{ page: 1, category_main: 'rising' }, 'page=1&category_main=rising'],
    ] as const) {
      await expectSame(await reads().ranking.items(query), `/api/products/ranking-items?${qs}`);
    }
    await expectSame(await reads().ranking.brands(), '/api/products/ranking-brands');
    expect((await api('/api/products/ranking-items?category_main=nothing')).status).toBe(400);
    await expect(reads().ranking.items({ category_main: 'nothing' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('a ranked product on time sale shows its sale price, as on the route', async () => {
    const first = (await reads().ranking.items({ category_main: 'bottom' })).result[0];
    if (!first) throw new Error('no ranked product');
    await timeSaleOn(first.id, nowMs - 60_000);
    const after = await reads().ranking.items({ category_main: 'bottom' });
    expect(after.result.find((p) => p.id === first.id)?.time_sale_price).toBe(10_000);
    await expectSame(after, '/api/products/ranking-items?category_main=bottom');
  });
});

describe("the visitor's guest id", () => {
  it('an issued id comes back as on the route; none, an old UUID or an altered id get a new one', async () => {
    const issued = guestIdOf(t.ctx, 'visitor');
    const same = await reads().visitor.guestId(issued);
    expect(same).toEqual({ guest_id: issued });
    expect((await api('/api/users/guest-id', { 'x-guest-user-id': issued }, 'POST')).body).toEqual(same);
    const altered = `${issued.slice(0, -2)}${issued.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const presented of [null, '', '8f14e45f-ceea-467a-9575-9f4b8a0c5d21', altered]) {
      const got = await reads().visitor.guestId(presented);
      const headers: Record<string, string> = presented ? { 'x-guest-user-id': presented } : {};
      const res = await api('/api/users/guest-id', headers, 'POST');
      expect(res.status).toBe(200);
      for (const body of [got, res.body as { guest_id: string }]) {
        expect(Object.keys(body)).toEqual(['guest_id']);
        expect(body.guest_id).not.toBe(presented);
        expect(isIssuedGuestId(t.ctx.config, body.guest_id)).toBe(true);
      }
      // A new id each time, never a shared one.
      expect(got.guest_id).not.toBe(res.body.guest_id);
    }
  });
});

describe("a member's home feed", () => {
  it("is the route's answer for the member's token, with and without a guest id", async () => {
    const member = await createMember(t.ctx);
    const [liked] = await t.ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .orderBy(asc(productDisplays.id))
      .limit(1);
    await t.ctx.db
      .insert(likes)
      .values({ user_id: member.user.id, like_type: 'PRODUCT', like_id: liked!.id });
    const mine = await reads().home.memberFeed(member.token, null);
    expect(mine.sections[0]?.key).toBe('for_you');
    await expectSame(mine, '/api/contents/home-feed', member.headers);
    const guest = guestIdOf(t.ctx, 'member-feed');
    await expectSame(await reads().home.memberFeed(member.token, guest), '/api/contents/home-feed', {
      ...member.headers,
      'x-guest-user-id': guest,
    });
  });

  it("a token or guest id the route refuses is the route's error", async () => {
    const member = await createMember(t.ctx);
    const gone = await t.ctx.tokens.signAccess(
      999_999_999,
      '6f7a2f61-9f1e-4b7d-8f0e-3b2c1a0d9e8f',
      t.ctx.clock.now(),
    );
    for (const [token, guest] of [
      ['not-a-token', null],
      [gone, null],
      [member.token, 'not-an-issued-id'],
    ] as const) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (guest) headers['x-guest-user-id'] = guest;
      const res = await api('/api/contents/home-feed', headers);
      expect([400, 401]).toContain(res.status);
      await expect(reads().home.memberFeed(token, guest)).rejects.toMatchObject({
        statusCode: res.status,
        detail: res.body.detail,
      });
    }
  });
});

describe('the brand page', () => {
  it("a brand's facets and pages of its products are the route answers", async () => {
    const [brand] = await t.ctx.db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id)).limit(1);
    const id = String(brand!.id);
    const filters = await reads().brand.filters(id);
    await expectSame(filters, `/api/brands/${id}/filters`);
    const category = filters.categories[0]?.code;
    expect(category).toBeDefined();
    for (const [query, qs] of [
      [{}, ''],
      [{ sort: 'popular', page: 1 }, 'sort=popular&page=1'],
      [{ sort: 'newest', page: 2 }, 'sort=newest&page=2'],
      [{ sort: 'price_asc', page: 1, category }, `sort=price_asc&page=1&category=${category}`],
      [{ sort: 'discount', page: 1, category: 'no-such-code' }, 'sort=discount&page=1&category=no-such-code'],
    ] as const) {
      await expectSame(await reads().brand.contents(id, query), `/api/brands/${id}/contents?${qs}`);
    }
  });

  it('a brand on time sale shows the sale price, as on the route', async () => {
    const [brand] = await t.ctx.db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id)).limit(1);
    const id = String(brand!.id);
    const first = (await reads().brand.contents(id, { sort: 'price_desc' })).products.result[0];
    if (!first) throw new Error('no brand product');
    await timeSaleOn(first.id, nowMs - 60_000);
    const after = await reads().brand.contents(id, { sort: 'price_desc' });
    expect(after.products.result.find((p) => p.id === first.id)?.time_sale_price).toBe(10_000);
    await expectSame(after, `/api/brands/${id}/contents?sort=price_desc`);
  });

  it("every brand (the category page's brand search) is the route answer", async () => {
    const all = await reads().brand.all();
    expect(all.result.length).toBeGreaterThan(0);
    await expectSame(all, '/api/brands/simple-brand-data');
  });

  it("a missing brand is the route's 404, a refused query its 400", async () => {
    for (const id of ['999999999', '0', 'abc']) {
      for (const [read, url] of [
        [() => reads().brand.filters(id), `/api/brands/${id}/filters`],
        [() => reads().brand.contents(id, {}), `/api/brands/${id}/contents`],
      ] as const) {
        const res = await api(url);
        expect(res.status, url).toBe(404);
        await expect(read()).rejects.toMatchObject({ statusCode: 404, detail: res.body.detail });
      }
    }
    const [brand] = await t.ctx.db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id)).limit(1);
    expect((await api(`/api/brands/${brand!.id}/contents?sort=cheapest`)).status).toBe(400);
    await expect(reads().brand.contents(String(brand!.id), { sort: 'cheapest' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('the search page', () => {
  /** A word with product, style or brand hits: the first active product's brand name. */
  async function hitWord(): Promise<string> {
    const [row] = await t.ctx.db
      .select({ name: brands.name })
      .from(brands)
      .innerJoin(productDisplays, eq(productDisplays.brand_id, brands.id))
      .where(eq(productDisplays.is_active, true))
      .orderBy(asc(productDisplays.id))
      .limit(1);
    return row!.name;
  }

  it('the keyword lists, result types, products, facets, styles and brands are the route answers', async () => {
    await expectSame(await reads().search.realtimeKeywords(), '/api/v1/search/realtime-keywords');
    await expectSame(await reads().search.recommendedKeywords(), '/api/v1/search/recommended-keywords');
    const guest = guestIdOf(t.ctx, 'searcher');
    const asGuest = { 'x-guest-user-id': guest };
    for (const word of [await hitWord(), '니트', '셔츠', 'slacks', 'ㅅㄹㅅ', '찾을수없는검색어']) {
      const q = encodeURIComponent(word);
      const types = await reads().search.availableTypes(word);
      await expectSame(types, `/api/v1/search/available-types?query=${q}`);
      for (const [query, qs] of [
        [{ query: word, page: 1, sort: 'relevance' }, `query=${q}&page=1&sort=relevance`],
        [{ query: word, page: 2, sort: 'newest' }, `query=${q}&page=2&sort=newest`],
        [
          { query: word, page: 1, sort: 'price_asc', price_min: '10000', price_max: '200000' },
          `query=${q}&page=1&sort=price_asc&price_min=10000&price_max=200000`,
        ],
      ] as const) {
        await expectSame(
          await reads().search.products(query, guest),
          `/api/v1/search/product?${qs}`,
          asGuest,
        );
      }
      await expectSame(await reads().search.filters(word), `/api/v1/search/filters?query=${q}`);
      await expectSame(await reads().search.styles(word, 1), `/api/v1/search/style?query=${q}&page=1`);
      await expectSame(await reads().search.brands(word, 1), `/api/v1/search/brand?query=${q}&page=1`);
    }
  });

  it('a query the route refuses is its 400', async () => {
    for (const [read, url] of [
      [() => reads().search.availableTypes(' '), '/api/v1/search/available-types?query=%20'],
      [
        () => reads().search.products({ query: '니트', sort: 'cheapest' }, null),
        '/api/v1/search/product?query=%EB%8B%88%ED%8A%B8&sort=cheapest',
      ],
      [
        () => reads().search.products({ query: '니트', price_min: '9000', price_max: '1000' }, null),
        '/api/v1/search/product?query=%EB%8B%88%ED%8A%B8&price_min=9000&price_max=1000',
      ],
      [() => reads().search.filters(''), '/api/v1/search/filters?query='],
      [() => reads().search.styles('니트', 0), '/api/v1/search/style?query=%EB%8B%88%ED%8A%B8&page=0'],
    ] as const) {
      expect((await api(url)).status, url).toBe(400);
      await expect(read()).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('a search counts its shopper in the realtime keywords once, as the route does', async () => {
    const word = await hitWord();
    const q = encodeURIComponent(word);
    // The keyword it counts under: the query as the shop read it (a second page is not counted).
    const read = await reads().search.products({ query: word, page: 2 }, null);
    expect(read.total_count).toBeGreaterThan(0);
    const keyword = trendKeywordOf(read.interpreted_query);
    const count = async () => {
      nowMs += 60_000; // the realtime keywords are kept a minute
      const body = await reads().search.realtimeKeywords();
      await expectSame(body, '/api/v1/search/realtime-keywords');
      return body.result.find((k) => k.keyword === keyword)?.count ?? 0;
    };
    const before = await count();
    const guest = guestIdOf(t.ctx, 'trend-shopper');
    await reads().search.products({ query: word }, guest);
    expect(await count()).toBe(before + 1);
    // The same guest through the route: one shopper counts once.
    expect((await api(`/api/v1/search/product?query=${q}`, { 'x-guest-user-id': guest })).status).toBe(200);
    expect(await count()).toBe(before + 1);
    // Another guest through the route, then that guest in process: one more.
    const other = guestIdOf(t.ctx, 'trend-shopper-2');
    expect((await api(`/api/v1/search/product?query=${q}`, { 'x-guest-user-id': other })).status).toBe(200);
    await reads().search.products({ query: word }, other);
    expect(await count()).toBe(before + 2);
    // Without a guest id (or with one the server did not issue) the shopper is the client address,
    // 127.0.0.1 for both.
    await reads().search.products({ query: word }, 'not-an-issued-id');
    expect((await api(`/api/v1/search/product?query=${q}`)).status).toBe(200);
    expect(await count()).toBe(before + 3);
  });
});

describe('the editorial pages: time sale, magazine, styles, promotions, an outfit', () => {
  it('each page is the route answer', async () => {
    const content = reads().content;
    await expectSame(await content.timeSale(), '/api/contents/time-sale');
    const posts = await content.posts(1);
    await expectSame(posts, '/api/contents/post-list?page=1');
    await expectSame(await content.posts(2), '/api/contents/post-list?page=2');
    expect(posts.result.length).toBeGreaterThan(0);
    const post = posts.result[0]!;
    await expectSame(await content.post(String(post.id)), `/api/contents/post-detail/${post.id}`);
    const styles = await content.styles(1);
    await expectSame(styles, '/api/contents/style-list?page=1');
    expect(styles.result.length).toBeGreaterThan(0);
    let codi: { id: number } | undefined;
    for (const s of styles.result) {
      const style = await content.style(String(s.id));
      await expectSame(style, `/api/contents/style-detail/${s.id}`);
      codi ??= style.codis.result[0];
    }
    expect(codi).toBeDefined();
    await expectSame(await content.codi(String(codi!.id)), `/api/curations/codi-detail/${codi!.id}`);
    const promotions = await content.promotions();
    await expectSame(promotions, '/api/contents/promotion-list');
    for (const p of promotions.result.slice(0, 2)) {
      await expectSame(
        await content.promotion(String(p.id), 1),
        `/api/contents/promotion-detail/${p.id}?page=1`,
      );
    }
    // The sitemap's ids and, for a guest, today's style question.
    const sitemap = await content.sitemapEntries();
    expect(sitemap.products.length).toBeGreaterThan(0);
    await expectSame(sitemap, '/api/contents/sitemap-entries');
    const guest = guestIdOf(t.ctx, 'daily-quiz');
    const quiz = await content.dailyQuiz(guest);
    expect(quiz.answered).toBeNull();
    await expectSame(quiz, '/api/curations/daily-quiz-today', { 'x-guest-user-id': guest });
  });

  it("a missing post, style, promotion or outfit is the route's 404", async () => {
    const content = reads().content;
    for (const id of ['999999999', '0', 'abc']) {
      for (const [read, url] of [
        [() => content.post(id), `/api/contents/post-detail/${id}`],
        [() => content.style(id), `/api/contents/style-detail/${id}`],
        [() => content.promotion(id, 1), `/api/contents/promotion-detail/${id}`],
        [() => content.codi(id), `/api/curations/codi-detail/${id}`],
      ] as const) {
        const res = await api(url);
        expect(res.status, url).toBe(404);
        await expect(read()).rejects.toMatchObject({ statusCode: 404, detail: res.body.detail });
      }
    }
  });
});

describe('the reviews page', () => {
  it('the list by each sort and filter, the photo strip, a review and the card are the route answers', async () => {
    const [d] = await t.ctx.db
      .select({ id: productDisplays.id, reviews: productDisplays.review_count })
      .from(productDisplays)
      .orderBy(desc(productDisplays.review_count))
      .limit(1);
    const id = String(d!.id);
    const r = reads().reviews;
    for (const sort of REVIEW_SORTS) {
      const q = new URLSearchParams({ page: '1', count: '10' });
      await expectSame(
        await r.list(id, sort, { page: 1, count: 10 }),
        `/api/reviews/product-reviews/${id}/${sort}?${q}`,
      );
    }
    const filtered = { page: 1, count: 10, height_min: 170, height_max: 180, weight_min: 60, weight_max: 80 };
    const fq = new URLSearchParams(
      Object.fromEntries(Object.entries(filtered).map(([k, v]) => [k, String(v)])),
    );
    await expectSame(await r.list(id, 'best', filtered), `/api/reviews/product-reviews/${id}/best?${fq}`);
    await expectSame(await r.photos(id, 12), `/api/reviews/product-review-photo/${id}?count=12`);
    const list = await r.list(id, 'newest', { page: 1, count: 10 });
    expect(list.result.length).toBeGreaterThan(0);
    const review = list.result[0]!;
    await expectSame(await r.review(review.id), `/api/reviews/review-detail/${review.id}`);
    const cards = (await api(`/api/products/product-display-list?product_display_list=${id}`)).body;
    expect(await r.card(id)).toEqual(cards.result[0]);
  });

  it("a missing product or review is the route's 404, a refused query its 400", async () => {
    const r = reads().reviews;
    const res = await api('/api/reviews/product-reviews/999999999/best');
    expect(res.status).toBe(404);
    await expect(r.list('999999999', 'best', {})).rejects.toMatchObject({
      statusCode: 404,
      detail: res.body.detail,
    });
    const missing = await api('/api/reviews/review-detail/999999999');
    expect(missing.status).toBe(404);
    await expect(r.review(999_999_999)).rejects.toMatchObject({
      statusCode: 404,
      detail: missing.body.detail,
    });
    const [d] = await t.ctx.db.select({ id: productDisplays.id }).from(productDisplays).limit(1);
    expect((await api(`/api/reviews/product-reviews/${d!.id}/best?count=500`)).status).toBe(400);
    await expect(r.list(String(d!.id), 'best', { count: 500 })).rejects.toMatchObject({ statusCode: 400 });
    expect(await r.card('999999999')).toBeNull();
  });
});
