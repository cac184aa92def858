/**
 * Contents in the back office (docs/ARCHITECTURE.md, "Back office"): banners with KST windows reach
 * the storefront's banner call as they are switched; time sales are scheduled below the sale price,
 * show on the product page while they run and end early on request; MDs only.
 */

import { BANNER_PLACEMENT_LABELS, BANNER_PLACEMENTS, kstParts } from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeSales } from '../src/db/schema.ts';
import { mutableClock } from './auth-helpers.ts';
import { createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { makeShop } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

describe('banners', () => {
  it('a banner shows in its window, can be switched off, and refuses a link out of the shop', async () => {
    const md = await operatorSession(t, ['MD']);
    const cs = await operatorSession(t, ['CS']);
    const banner = {
      placement: 'home_middle',
      title: '겨울 아우터 기획전',
      subtitle: '코트·패딩 최대 40%',
      link_url: '/promotion/1',
      starts_at: '2026-11-20T12:00:00+09:00',
      ends_at: '2026-11-30T00:00:00+09:00',
    };
    const post = (body: object, headers = md.headers) =>
      t.app.inject({ method: 'POST', url: '/api/admin/banners', headers, payload: body });
    expect((await post(banner, cs.headers)).statusCode).toBe(403);
    for (const link_url of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'http://plain.example',
    ]) {
      const bad = await post({ ...banner, link_url });
      expect(bad.statusCode, link_url).toBe(400);
      expect(bad.json().detail).toContain('링크는');
    }
    const made = await post(banner);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as number;
    expect(made.json()).toMatchObject({ state: 'SHOWN', image_url: `/api/images/banner/${id}.webp` });
    const shop = async () =>
      (
        (await t.app.inject({ url: '/api/contents/banners?placement=home_middle' })).json() as {
          result: { id: number }[];
        }
      ).result.map((b) => b.id);
    expect(await shop()).toContain(id);
    // SPEC.md §9: a banner gated to weekdays (Mon–Thu KST) is not shown on this Friday; one gated
    // to weekends is.
    const days = (d: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/banners/${id}`,
        headers: md.headers,
        payload: { days: d },
      });
    expect(kstParts(t.ctx.clock.now()).weekday).toBe(5);
    expect((await days('WEEKDAY')).json()).toMatchObject({ days: 'WEEKDAY' });
    expect(await shop()).not.toContain(id);
    expect((await days('WEEKEND')).statusCode).toBe(200);
    expect(await shop()).toContain(id);
    expect((await days('SUNDAY')).statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/banners/${id}`,
      headers: md.headers,
      payload: { is_active: false },
    });
    expect(off.json()).toMatchObject({ state: 'OFF' });
    expect(await shop()).not.toContain(id);
    const backwards = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/banners/${id}`,
      headers: md.headers,
      payload: { is_active: true, starts_at: '2026-12-01T00:00:00+09:00' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().detail).toContain('종료 시각');
  });
});

describe('banner placements', () => {
  it('every placement the back office offers is answered to the page that shows it', async () => {
    const md = await operatorSession(t, ['MD']);
    for (const placement of BANNER_PLACEMENTS) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/admin/banners',
        headers: md.headers,
        payload: {
          placement,
          title: `${placement} 배너`,
          subtitle: '',
          link_url: '/timeSale',
          starts_at: '2026-11-01T00:00:00+09:00',
          ends_at: '2027-01-01T00:00:00+09:00',
        },
      });
      expect(made.statusCode, made.body).toBe(200);
      expect(BANNER_PLACEMENT_LABELS[placement]).toMatch(/[가-힣]/);
      const shop = (await t.app.inject({ url: `/api/contents/banners?placement=${placement}` })).json() as {
        result: { id: number }[];
      };
      expect(shop.result.map((b) => b.id)).toContain(made.json().id);
    }
  });
});

describe('time sales', () => {
  it('schedules a sale below the sale price; the product page shows it while it runs; it ends early', async () => {
    const s = await makeShop(t.ctx, { stock: 10 });
    let md = await operatorSession(t, ['MD']);
    const sale = {
      title: '점심 특가',
      starts_at: '2026-11-20T13:00:00+09:00',
      ends_at: '2026-11-20T15:00:00+09:00',
      items: [{ product_display_id: s.displayId, sale_price: 19900, stock_limit: 5 }],
    };
    const post = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/time-sales', headers: md.headers, payload: body });
    const page = async () =>
      (await t.app.inject({ url: `/api/products/detail/${s.displayId}` })).json() as {
        price_discount: number;
        time_sale?: { sale_price: number; remaining: number } | null;
      };
    const before = (await page()).price_discount;
    const tooHigh = await post({ ...sale, items: [{ ...sale.items[0], sale_price: before }] });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().detail).toContain('지금 판매가');
    expect((await post({ ...sale, ends_at: '2026-11-20T12:00:00+09:00' })).statusCode).toBe(400);
    expect((await post({ ...sale, items: [...sale.items, ...sale.items] })).statusCode).toBe(400);
    const made = await post(sale);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as number;
    const list = async () =>
      (
        (await t.app.inject({ url: '/api/admin/time-sales', headers: md.headers })).json() as {
          result: { id: number; state: string; items: number }[];
        }
      ).result.find((r) => r.id === id);
    expect(await list()).toMatchObject({ state: 'SCHEDULED', items: 1 });
    // 12:00 KST: not yet. 13:30 KST: the sale price.
    expect((await page()).time_sale ?? null).toBeNull();
    clock.advance(90 * 60);
    // The operator's session idled out meanwhile (30 minutes): sign in again.
    md = await operatorSession(t, ['MD']);
    expect((await page()).time_sale).toMatchObject({ sale_price: 19900, remaining: 5 });
    expect(await list()).toMatchObject({ state: 'RUNNING' });
    const end = await t.app.inject({
      method: 'POST',
      url: `/api/admin/time-sales/${id}/end`,
      headers: md.headers,
    });
    expect(end.statusCode, end.body).toBe(200);
    expect((await page()).time_sale ?? null).toBeNull();
    expect(await list()).toMatchObject({ state: 'ENDED' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/time-sales/${id}/end`, headers: md.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('one time sale at a time: an overlapping window is refused (409, Korean), and the back office labels what the shop shows', async () => {
    const s = await makeShop(t.ctx, { stock: 10 });
    const other = await makeShop(t.ctx, { stock: 10 });
    const md = await operatorSession(t, ['MD']);
    const post = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/time-sales', headers: md.headers, payload: body });
    const now = clock.now().getTime();
    const iso = (h: number) => new Date(now + h * 3_600_000).toISOString();
    const first = await post({
      title: '첫 번째 특가',
      starts_at: iso(1),
      ends_at: iso(5),
      items: [{ product_display_id: s.displayId, sale_price: 19900, stock_limit: 5 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    // Another product, a window that shares an hour: refused, naming the sale it meets.
    for (const [from, to] of [
      [4, 8],
      [0, 2],
      [2, 3],
      [0, 9],
    ] as const) {
      const clash = await post({
        title: '두 번째 특가',
        starts_at: iso(from),
        ends_at: iso(to),
        items: [{ product_display_id: other.displayId, sale_price: 19900, stock_limit: 5 }],
      });
      expect(clash.statusCode, `${from}-${to}`).toBe(409);
      expect(clash.json().detail).toContain('첫 번째 특가');
      expect(clash.json().detail).toContain('겹칩니다');
    }
    // Touching ends are fine.
    const next = await post({
      title: '이어지는 특가',
      starts_at: iso(5),
      ends_at: iso(7),
      items: [{ product_display_id: other.displayId, sale_price: 19900, stock_limit: 5 }],
    });
    expect(next.statusCode, next.body).toBe(200);
    // Old rows that overlap (made before the rule): the back office shows RUNNING only for the sale
    // the shop's /timeSale shows, HIDDEN for the other.
    const [a, b] = await t.ctx.db
      .insert(timeSales)
      .values([
        {
          title: '옛 특가 A',
          starts_at: new Date(now + 20 * 3_600_000),
          ends_at: new Date(now + 30 * 3_600_000),
          created_at: clock.now(),
        },
        {
          title: '옛 특가 B',
          starts_at: new Date(now + 21 * 3_600_000),
          ends_at: new Date(now + 30 * 3_600_000),
          created_at: clock.now(),
        },
      ])
      .returning({ id: timeSales.id });
    clock.advance(22 * 3600);
    const md2 = await operatorSession(t, ['MD']);
    const list = (
      (await t.app.inject({ url: '/api/admin/time-sales', headers: md2.headers })).json() as {
        result: { id: number; state: string }[];
      }
    ).result;
    const shop = (await t.app.inject({ url: '/api/contents/time-sale' })).json() as {
      running: { id: number } | null;
    };
    const running = list.filter((r) => r.state === 'RUNNING').map((r) => r.id);
    expect(running).toEqual([shop.running?.id]);
    expect(shop.running?.id).toBe(b?.id);
    expect(list.find((r) => r.id === a?.id)?.state).toBe('HIDDEN');
  });

  it('a sale ended early does not block a new one starting in the same minute', async () => {
    clock.advance(3 * 24 * 3600 + 17);
    const s = await makeShop(t.ctx, { stock: 10 });
    const other = await makeShop(t.ctx, { stock: 10 });
    const md = await operatorSession(t, ['MD']);
    const post = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/time-sales', headers: md.headers, payload: body });
    const at = (ms: number) => new Date(ms).toISOString();
    const first = await post({
      title: '곧 끝낼 특가',
      starts_at: at(clock.now().getTime() + 30 * 60_000),
      ends_at: at(clock.now().getTime() + 3 * 3_600_000),
      items: [{ product_display_id: s.displayId, sale_price: 19900, stock_limit: 5 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    clock.advance(40 * 60);
    const md2 = await operatorSession(t, ['MD']);
    const end = await t.app.inject({
      method: 'POST',
      url: `/api/admin/time-sales/${first.json().id}/end`,
      headers: md2.headers,
    });
    expect(end.statusCode, end.body).toBe(200);
    // The form works in minutes: the new sale starts at the current minute, before the instant the
    // first one ended.
    const minute = Math.floor(clock.now().getTime() / 60_000) * 60_000;
    expect(clock.now().getTime()).toBeGreaterThan(minute);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/admin/time-sales',
      headers: md2.headers,
      payload: {
        title: '바로 여는 특가',
        starts_at: at(minute),
        ends_at: at(minute + 2 * 3_600_000),
        items: [{ product_display_id: other.displayId, sale_price: 19900, stock_limit: 5 }],
      },
    });
    expect(next.statusCode, next.body).toBe(200);
    // A sale still to come still blocks its window.
    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/admin/time-sales',
      headers: md2.headers,
      payload: {
        title: '겹치는 특가',
        starts_at: at(minute),
        ends_at: at(minute + 3_600_000),
        items: [{ product_display_id: s.displayId, sale_price: 19900, stock_limit: 5 }],
      },
    });
    expect(clash.statusCode).toBe(409);
  });
});

describe('brands and magazine posts', () => {
  it('an MD creates a brand (its page and search follow) and changes its shipping fee', async () => {
    const md = await operatorSession(t, ['MD']);
    const brand = {
      name: '노르드웍스',
      name_en: 'Nordworks',
      slug: 'nordworks',
      description: '오래 입는 울 니트와 코트를 만드는 서울 브랜드',
      shipping_fee: 3000,
      free_shipping_min: 70000,
      fast_shipping_cutoff: 12,
    };
    const post = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/brands', headers: md.headers, payload: body });
    expect((await post({ ...brand, slug: 'Nord Works' })).statusCode).toBe(400);
    expect((await post({ ...brand, fast_shipping_cutoff: 15 })).statusCode).toBe(400);
    const made = await post(brand);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as number;
    expect((await post(brand)).statusCode).toBe(409);
    const page = await t.app.inject({ url: `/api/brands/${id}/contents` });
    expect(page.statusCode, page.body).toBe(200);
    expect(JSON.stringify(page.json())).toContain('노르드웍스');
    const found = await t.app.inject({
      url: `/api/v1/search/brand?query=${encodeURIComponent('노르드웍스')}`,
    });
    expect(JSON.stringify(found.json())).toContain(`"id":${id}`);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/brands/${id}`,
      headers: md.headers,
      payload: { shipping_fee: 2500 },
    });
    expect(patched.json()).toMatchObject({ id, shipping_fee: 2500, products: 0 });
  });

  it('an MD publishes a post with products, the storefront reads it, ending it hides it', async () => {
    const s = await makeShop(t.ctx);
    const md = await operatorSession(t, ['MD']);
    const body = [
      '## 출근룩의 기본, 옥스포드 셔츠',
      '',
      '면 100% 옥스포드 셔츠는 니트와 겹쳐 입기 좋아요. <script>alert(1)</script> 같은 글자는 그대로 글자로 보여요.',
    ].join('\n');
    const input = {
      title: '옥스포드 셔츠 한 장으로 일주일',
      subtitle: '셔츠 하나로 5가지 출근룩',
      body,
      category: '코디 추천',
      author: '코디룸 에디터',
      product_display_ids: [s.displayId],
    };
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/posts', headers: md.headers, payload });
    expect((await post({ ...input, category: '연예' })).statusCode).toBe(400);
    expect((await post({ ...input, product_display_ids: [99999999] })).statusCode).toBe(400);
    const made = await post(input);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as number;
    const read = await t.app.inject({ url: `/api/contents/post-detail/${id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).toContain('옥스포드 셔츠 한 장으로 일주일');
    expect(read.body).toContain(`${s.displayId}`);
    const ended = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/posts/${id}`,
      headers: md.headers,
      payload: { status: 'ENDED' },
    });
    expect(ended.json()).toMatchObject({ status: 'ENDED' });
    expect((await t.app.inject({ url: `/api/contents/post-detail/${id}` })).statusCode).toBe(404);
  });
});

describe('promotions and outfits', () => {
  it('an MD opens a promotion with products and an outfit the product page lists; both switch off', async () => {
    const s = await makeShop(t.ctx);
    const other = await makeShop(t.ctx);
    const md = await operatorSession(t, ['MD']);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: md.headers, payload });
    const promo = {
      title: '출근룩 셔츠 기획전',
      benefit_label: '최대 30% 할인',
      starts_at: '2026-11-19T00:00:00+09:00',
      ends_at: '2026-12-01T00:00:00+09:00',
      product_display_ids: [s.displayId, other.displayId],
    };
    expect((await post('/api/admin/promotions', { ...promo, coupon_policy_id: 99999999 })).statusCode).toBe(
      400,
    );
    expect((await post('/api/admin/promotions', { ...promo, product_display_ids: [] })).statusCode).toBe(400);
    const made = await post('/api/admin/promotions', promo);
    expect(made.statusCode, made.body).toBe(200);
    const pid = made.json().id as number;
    const detail = await t.app.inject({ url: `/api/contents/promotion-detail/${pid}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toContain('출근룩 셔츠 기획전');
    const listed = await t.app.inject({ url: '/api/admin/promotions', headers: md.headers });
    expect(listed.json().result.find((r: { id: number }) => r.id === pid)).toMatchObject({
      running: true,
      products: 2,
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promotions/${pid}`,
      headers: md.headers,
      payload: { is_active: false },
    });
    expect((await t.app.inject({ url: `/api/contents/promotion-detail/${pid}` })).statusCode).toBe(404);

    const codi = {
      title: '옥스포드 셔츠와 슬랙스, 깔끔한 월요일',
      curator_name: '에디터 민',
      product_display_ids: [s.displayId, other.displayId],
    };
    expect((await post('/api/admin/codis', { ...codi, product_display_ids: [s.displayId] })).statusCode).toBe(
      400,
    );
    // An id past PostgreSQL's integer is a 400, not a database error.
    const huge = await post('/api/admin/codis', {
      ...codi,
      product_display_ids: [9007199254740991, s.displayId],
    });
    expect(huge.statusCode).toBe(400);
    const outfit = await post('/api/admin/codis', codi);
    expect(outfit.statusCode, outfit.body).toBe(200);
    const cid = outfit.json().id as number;
    const byProduct = async () =>
      (await t.app.inject({ url: `/api/curations/codi-by-product/${s.displayId}` })).body;
    expect(await byProduct()).toContain(`"id":${cid}`);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/codis/${cid}`,
      headers: md.headers,
      payload: { is_active: false },
    });
    expect(await byProduct()).not.toContain(`"id":${cid}`);
  });
});
