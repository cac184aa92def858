/**
 * Read-only content calls: magazine posts, styles and codi sets, promotions, time sales (with an
 * injected clock), banners, themes / collections and the sitemap source.
 */
import { fixedClock, type ProductCard } from '@codiroom/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banners,
  codiItems,
  codiSets,
  postProducts,
  posts,
  productDisplays,
  promotionProducts,
  promotions,
  styles,
  themeProducts,
  themes,
  timeSaleItems,
  timeSales,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** The seed's clock and the test clock, one hour later. */
const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const after = (ms: number) => new Date(SEED_NOW.getTime() + ms);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(after(HOUR)) });
  await seed(t.ctx.db, { products: 150, now: SEED_NOW });
});
afterAll(async () => {
  await t?.close();
});

function setClock(at: Date) {
  t.ctx.clock = fixedClock(at);
}

async function get(url: string) {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() };
}

const ids = (xs: { id: number }[]) => xs.map((x) => x.id);

describe('magazine posts', () => {
  it('post-list pages RUNNING posts newest first', async () => {
    const all = await t.ctx.db.select().from(posts);
    const running = all
      .filter((p) => p.status === 'RUNNING')
      .sort((a, b) => b.published_at.getTime() - a.published_at.getTime() || b.id - a.id);
    expect(all.length).toBeGreaterThan(running.length); // the seed has ended posts too

    const first = await get('/api/contents/post-list');
    expect(first.status).toBe(200);
    const size = first.body.result.length;
    expect(first.body).toMatchObject({
      page: 1,
      count: size,
      total_count: running.length,
      total_page: Math.ceil(running.length / size),
    });
    expect(ids(first.body.result)).toEqual(ids(running.slice(0, size)));
    const second = await get('/api/contents/post-list?page=2');
    expect(ids(second.body.result)).toEqual(ids(running.slice(size, 2 * size)));
    expect(second.body.count).toBe(Math.min(size, running.length - size));

    const category = (running[0] as (typeof running)[number]).category;
    const byCategory = await get(`/api/contents/post-list?category=${encodeURIComponent(category)}`);
    expect(byCategory.body.total_count).toBe(running.filter((p) => p.category === category).length);
    expect(byCategory.body.result.every((p: { category: string }) => p.category === category)).toBe(true);
    expect((await get('/api/contents/post-list?page=zero')).status).toBe(400);
  });

  it('post-detail answers the body as stored and its products in order', async () => {
    const [post] = await t.ctx.db.select().from(posts).where(eq(posts.status, 'RUNNING')).limit(1);
    if (!post) throw new Error('no running post');
    const links = await t.ctx.db
      .select()
      .from(postProducts)
      .where(eq(postProducts.post_id, post.id))
      .orderBy(asc(postProducts.sort_order));
    const { status, body } = await get(`/api/contents/post-detail/${post.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: post.id,
      title: post.title,
      subtitle: post.subtitle,
      body: post.body,
      cover_image_url: post.cover_image_url,
      category: post.category,
      author: post.author,
      published_at: post.published_at.toISOString(),
      view_count: post.view_count,
      like_count: post.like_count,
    });
    expect(body.body).toContain('## ');
    expect(ids(body.products)).toEqual(links.map((l) => l.product_display_id));

    const info = await get(`/api/contents/post-info/${post.id}`);
    expect(info.body).toEqual({
      id: post.id,
      title: post.title,
      subtitle: post.subtitle,
      cover_image_url: post.cover_image_url,
      published_at: post.published_at.toISOString(),
    });
    // Reading counts nothing.
    const [again] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(again?.view_count).toBe(post.view_count);
  });

  it("a post that is not RUNNING, missing or non-numeric answers 404 '현재 진행중인 컨텐츠가 아닙니다.'", async () => {
    const [ended] = await t.ctx.db.select().from(posts).where(eq(posts.status, 'ENDED')).limit(1);
    if (!ended) throw new Error('the seed has no ended post');
    for (const id of [String(ended.id), '99999', 'abc', '0']) {
      for (const path of ['post-detail', 'post-info']) {
        const { status, body } = await get(`/api/contents/${path}/${id}`);
        expect(status, `${path}/${id}`).toBe(404);
        expect(body).toEqual({ detail: '현재 진행중인 컨텐츠가 아닙니다.' });
      }
    }
    expect(ids((await get('/api/contents/post-list?page=1')).body.result)).not.toContain(ended.id);
  });
});

describe('styles', () => {
  it('style-list pages active styles, most liked first, with codi counts', async () => {
    const all = await t.ctx.db.select().from(styles);
    const sets = await t.ctx.db.select().from(codiSets);
    const { status, body } = await get('/api/contents/style-list');
    expect(status).toBe(200);
    expect(body.total_count).toBe(all.length);
    expect(body.total_page).toBe(Math.ceil(all.length / body.result.length));
    for (let i = 1; i < body.result.length; i++) {
      expect(body.result[i - 1].like_count).toBeGreaterThanOrEqual(body.result[i].like_count);
    }
    for (const s of body.result) expect(s.codi_count).toBe(sets.filter((c) => c.style_id === s.id).length);
  });

  it('style-detail answers codi sets with their product cards and totals', async () => {
    const sets = await t.ctx.db.select().from(codiSets);
    const styleId = sets[0]?.style_id as number;
    const mine = sets.filter((c) => c.style_id === styleId);
    const { status, body } = await get(`/api/contents/style-detail/${styleId}`);
    expect(status).toBe(200);
    expect(body.id).toBe(styleId);
    expect(body.codi_count).toBe(mine.length);
    expect(body.codis.total_count).toBe(mine.length);
    expect(body.codis.result.length).toBeGreaterThan(0);
    const items = await t.ctx.db.select().from(codiItems).orderBy(asc(codiItems.sort_order));
    for (const codi of body.codis.result) {
      expect(ids(codi.products)).toEqual(
        items.filter((i) => i.codi_id === codi.id).map((i) => i.product_display_id),
      );
      expect(codi.total_price).toBe(codi.products.reduce((s: number, p: ProductCard) => s + p.price, 0));
      expect(codi.total_price_discount).toBe(
        codi.products.reduce((s: number, p: ProductCard) => s + p.price_discount, 0),
      );
    }
  });

  it("missing or non-numeric styles answer 404 '스타일이 없습니다.'", async () => {
    for (const id of ['99999', 'x', '-3']) {
      expect(await get(`/api/contents/style-detail/${id}`)).toEqual({
        status: 404,
        body: { detail: '스타일이 없습니다.' },
      });
    }
  });
});

describe('promotions', () => {
  it('promotion-list lists only running promotions; promotion-info tells running from upcoming', async () => {
    const all = await t.ctx.db.select().from(promotions);
    const now = after(HOUR);
    const running = all.filter((p) => p.starts_at <= now && now < p.ends_at);
    const upcoming = all.find((p) => p.starts_at > now);
    expect(running.length).toBeGreaterThan(0);
    if (!upcoming) throw new Error('the seed has no upcoming promotion');

    const list = await get('/api/contents/promotion-list');
    expect(ids(list.body.result).sort((a, b) => a - b)).toEqual(ids(running).sort((a, b) => a - b));
    expect(list.body.result.every((p: { is_running: boolean }) => p.is_running)).toBe(true);

    const info = await get(`/api/contents/promotion-info/${upcoming.id}`);
    expect(info.body).toMatchObject({
      id: upcoming.id,
      title: upcoming.title,
      subtitle: upcoming.subtitle,
      benefit_label: upcoming.benefit_label,
      image_url: upcoming.image_url,
      starts_at: upcoming.starts_at.toISOString(),
      ends_at: upcoming.ends_at.toISOString(),
      is_running: false,
    });
    expect(
      (await get(`/api/contents/promotion-info/${(running[0] as (typeof running)[0]).id}`)).body.is_running,
    ).toBe(true);
  });

  it('promotion-detail pages its products in the promotion order', async () => {
    const id = 2050; // SPEC.md §9 special promotion
    const links = await t.ctx.db
      .select()
      .from(promotionProducts)
      .where(eq(promotionProducts.promotion_id, id))
      .orderBy(asc(promotionProducts.sort_order));
    const { status, body } = await get(`/api/contents/promotion-detail/${id}`);
    expect(status).toBe(200);
    expect(body.promotion.id).toBe(id);
    expect(body.products.total_count).toBe(links.length);
    expect(ids(body.products.result)).toEqual(links.slice(0, 30).map((l) => l.product_display_id));
    for (const bad of ['99999', 'abc']) {
      expect((await get(`/api/contents/promotion-detail/${bad}`)).status).toBe(404);
      expect((await get(`/api/contents/promotion-info/${bad}`)).status).toBe(404);
    }
  });
});

describe('time sale', () => {
  it('the running sale and the next one, decided by the injected clock', async () => {
    const sales = await t.ctx.db.select().from(timeSales).orderBy(asc(timeSales.starts_at));
    const [today, tomorrow] = sales as [(typeof sales)[0], (typeof sales)[0]];
    const items = await t.ctx.db.select().from(timeSaleItems);
    const prices = new Map(
      (await t.ctx.db.select().from(productDisplays)).map((p) => [
        p.id,
        { price: p.price, pd: p.price_discount },
      ]),
    );
    try {
      // During today's sale.
      setClock(after(HOUR));
      let { status, body } = await get('/api/contents/time-sale');
      expect(status).toBe(200);
      expect(body.now).toBe(after(HOUR).toISOString());
      expect(body.running).toMatchObject({
        id: today.id,
        title: today.title,
        starts_at: today.starts_at.toISOString(),
        ends_at: today.ends_at.toISOString(),
      });
      expect(body.upcoming.id).toBe(tomorrow.id);
      const mine = items.filter((i) => i.time_sale_id === today.id);
      expect(body.running.items.length).toBe(mine.length);
      for (const item of body.running.items) {
        const row = mine.find((i) => i.product_display_id === item.id);
        if (!row) throw new Error(`unexpected item ${item.id}`);
        const p = prices.get(item.id) as { price: number; pd: number };
        expect(item).toMatchObject({
          sale_price: row.sale_price,
          stock_limit: row.stock_limit,
          sold_count: row.sold_count,
          remaining: row.stock_limit - row.sold_count,
          sale_rate: Math.floor(((p.price - row.sale_price) * 100) / p.price),
        });
        expect(item.sale_price).toBeLessThan(p.pd);
      }

      // After today's sale ended, before tomorrow's starts: nothing running.
      setClock(new Date(today.ends_at.getTime() + 1000));
      ({ body } = await get('/api/contents/time-sale'));
      expect(body.running).toBeNull();
      expect(body.upcoming.id).toBe(tomorrow.id);
      expect(body.upcoming.items.every((i: { sold_count: number }) => i.sold_count === 0)).toBe(true);

      // Exactly at tomorrow's start it is running (start inclusive, end exclusive).
      setClock(tomorrow.starts_at);
      ({ body } = await get('/api/contents/time-sale'));
      expect(body.running.id).toBe(tomorrow.id);
      expect(body.upcoming).toBeNull();
      setClock(tomorrow.ends_at);
      ({ body } = await get('/api/contents/time-sale'));
      expect(body.running).toBeNull();

      // Before everything: only the earliest is upcoming.
      setClock(new Date(today.starts_at.getTime() - DAY));
      ({ body } = await get('/api/contents/time-sale'));
      expect(body.running).toBeNull();
      expect(body.upcoming.id).toBe(today.id);
    } finally {
      setClock(after(HOUR));
    }
  });
});

describe('banners', () => {
  it('answers active banners of the placement within their window, in order', async () => {
    const all = await t.ctx.db.select().from(banners).orderBy(asc(banners.sort_order), asc(banners.id));
    const live = (at: Date, placement: string) =>
      all.filter(
        (b) =>
          b.placement === placement &&
          b.is_active &&
          (!b.starts_at || b.starts_at <= at) &&
          (!b.ends_at || at < b.ends_at),
      );
    try {
      const now = after(HOUR);
      const top = await get('/api/contents/banners?placement=home_top');
      expect(top.status).toBe(200);
      expect(ids(top.body.result)).toEqual(ids(live(now, 'home_top')));
      expect(top.body.result.length).toBeGreaterThan(0);
      expect(ids((await get('/api/contents/banners')).body.result)).toEqual(ids(live(now, 'home_top')));
      expect(ids((await get('/api/contents/banners?placement=home_middle')).body.result)).toEqual(
        ids(live(now, 'home_middle')),
      );
      // Later, the banners whose window ended drop out.
      const ending = all.find((b) => b.placement === 'home_top' && b.ends_at);
      if (!ending?.ends_at) throw new Error('the seed has no ending banner');
      setClock(ending.ends_at);
      const later = await get('/api/contents/banners?placement=home_top');
      expect(ids(later.body.result)).not.toContain(ending.id);
      expect(ids(later.body.result)).toEqual(ids(live(ending.ends_at, 'home_top')));
      expect((await get('/api/contents/banners?placement=Home%20Top')).status).toBe(400);
    } finally {
      setClock(after(HOUR));
    }
  });
});

describe('banners by day (SPEC.md §9: KST; weekday Mon–Thu, weekend Fri–Sun)', () => {
  it('a WEEKDAY banner shows Mon–Thu only, a WEEKEND one Fri–Sun only, on the injected clock', async () => {
    const made = await t.ctx.db
      .insert(banners)
      .values(
        (['WEEKDAY', 'WEEKEND', 'ALL'] as const).map((days, i) => ({
          placement: 'home_middle',
          title: `요일 배너 ${days}`,
          image_url: '/x.webp',
          link_url: '/',
          days,
          sort_order: 900 + i,
        })),
      )
      .returning({ id: banners.id, days: banners.days });
    const idOf = (d: string) => made.find((b) => b.days === d)?.id;
    const shown = async (at: Date) => {
      setClock(at);
      return ids((await get('/api/contents/banners?placement=home_middle')).body.result);
    };
    try {
      // Thursday 23:59 KST (a weekday) and Friday 00:00 KST (the weekend, Thursday in UTC).
      const thu = await shown(new Date('2026-11-19T23:59:00+09:00'));
      expect(thu).toContain(idOf('WEEKDAY'));
      expect(thu).not.toContain(idOf('WEEKEND'));
      expect(thu).toContain(idOf('ALL'));
      const fri = await shown(new Date('2026-11-20T00:00:00+09:00'));
      expect(fri).not.toContain(idOf('WEEKDAY'));
      expect(fri).toContain(idOf('WEEKEND'));
      expect(fri).toContain(idOf('ALL'));
      const sunNight = await shown(new Date('2026-11-22T23:59:00+09:00'));
      expect(sunNight).toContain(idOf('WEEKEND'));
      const mon = await shown(new Date('2026-11-23T00:00:00+09:00'));
      expect(mon).toContain(idOf('WEEKDAY'));
      expect(mon).not.toContain(idOf('WEEKEND'));
    } finally {
      setClock(after(HOUR));
      for (const b of made) await t.ctx.db.delete(banners).where(eq(banners.id, b.id));
    }
  });
});

describe('themes and collections (additions)', () => {
  it('collection/{slug} and theme/{id} page their products in theme order', async () => {
    const [outlet] = await t.ctx.db.select().from(themes).where(eq(themes.slug, 'outlet'));
    if (!outlet) throw new Error('no outlet collection');
    const links = await t.ctx.db
      .select()
      .from(themeProducts)
      .where(eq(themeProducts.theme_id, outlet.id))
      .orderBy(asc(themeProducts.sort_order));
    const { status, body } = await get('/api/contents/collection/outlet?limit=10&page=2');
    expect(status).toBe(200);
    expect(body.theme).toMatchObject({
      id: outlet.id,
      slug: 'outlet',
      kind: 'collection',
      title: outlet.title,
    });
    expect(body.products).toMatchObject({
      page: 2,
      total_count: links.length,
      total_page: Math.ceil(links.length / 10),
    });
    expect(ids(body.products.result)).toEqual(links.slice(10, 20).map((l) => l.product_display_id));

    const byId = await get(`/api/contents/theme/${outlet.id}`);
    expect(byId.body.theme.slug).toBe('outlet');
    expect(ids(byId.body.products.result)).toEqual(links.slice(0, 30).map((l) => l.product_display_id));

    for (const url of [
      '/api/contents/collection/nope',
      '/api/contents/collection/OUTLET',
      '/api/contents/theme/x',
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
    expect((await get('/api/contents/collection/outlet?limit=1000')).status).toBe(400);
  });
});

describe('sitemap source (addition)', () => {
  it('lists the ids of active products, brands, running posts and styles', async () => {
    const { status, body } = await get('/api/contents/sitemap-entries');
    expect(status).toBe(200);
    const active = await t.ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .orderBy(asc(productDisplays.id));
    expect(ids(body.products)).toEqual(ids(active));
    const running = await t.ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.status, 'RUNNING'));
    expect(body.posts.length).toBe(running.length);
    expect(body.brands.length).toBeGreaterThan(0);
    expect(body.styles.length).toBeGreaterThan(0);
    expect(Object.keys(body.products[0]).sort()).toEqual(['id', 'updated_at']);
    expect(Number.isNaN(Date.parse(body.products[0].updated_at))).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('lists the content paths, with the additions marked', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const paths = [
      '/api/contents/post-list',
      '/api/contents/post-detail/{id}',
      '/api/contents/post-info/{id}',
      '/api/contents/style-list',
      '/api/contents/style-detail/{id}',
      '/api/contents/promotion-info/{id}',
      '/api/contents/promotion-detail/{id}',
      '/api/contents/promotion-list',
      '/api/contents/time-sale',
      '/api/contents/banners',
      '/api/contents/collection/{slug}',
      '/api/contents/theme/{id}',
      '/api/contents/sitemap-entries',
    ];
    for (const p of paths) expect(doc.paths[p]?.get?.responses?.['200'], p).toBeDefined();
    for (const p of [
      '/api/contents/promotion-list',
      '/api/contents/collection/{slug}',
      '/api/contents/theme/{id}',
      '/api/contents/sitemap-entries',
    ]) {
      expect(doc.paths[p].get.summary, p).toMatch(/addition/);
    }
  });
});
