/**
 * Products in the back office (docs/ARCHITECTURE.md, "Back office"): an MD creates a product with
 * two colourways, their sizes and stock and a size table; the storefront's (cached) listing, product
 * page and search show it at once; prices, sale state and stock change; photos are sniffed and
 * re-encoded; bad forms are 400s; other roles cannot.
 */

import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASUREMENT_SETS } from '../seed/data.ts';
import { auditLogs, categories, sizeMeasurementSets } from '../src/db/schema.ts';
import { createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { makeShop } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function topCategory() {
  await t.ctx.db
    .insert(sizeMeasurementSets)
    .values(MEASUREMENT_SETS.map((m) => ({ ...m })))
    .onConflictDoNothing();
  const [c] = await t.ctx.db
    .insert(categories)
    .values({
      code: `md-knit-${Math.random().toString(36).slice(2, 8)}`,
      name: '니트',
      main: 'top',
      sub: 'knit',
      product_type: 'TOP',
      measurement_set: 'TOP',
    })
    .returning();
  if (!c) throw new Error('category insert failed');
  return c;
}

const form = (brandId: number, categoryId: number) => ({
  brand_id: brandId,
  category_id: categoryId,
  name: '램스울 크루넥 니트',
  description: '램스울 100% 크루넥 니트. 출근룩에 셔츠와 레이어드하기 좋아요.',
  material: '울 100%',
  fit: '레귤러',
  season: '가을/겨울',
  style_tags: ['미니멀', '비즈니스캐주얼'],
  price: 89000,
  price_discount: 69000,
  is_active: true,
  colors: [
    {
      color_name: '차콜',
      color_hex: '#36454f',
      sizes: [
        { size_name: 'M', stock: 7 },
        { size_name: 'L', stock: 0 },
        { size_name: 'XL', stock: 3, extra_price: 2000 },
      ],
    },
    { color_name: '오트밀', color_hex: '#D8CBB5', sizes: [{ size_name: 'L', stock: 4 }] },
  ],
  measurements: [
    { size_name: 'M', values: { length: 66, shoulder: 46, chest: 54, sleeve: 61 } },
    { size_name: 'L', values: { length: 68, shoulder: 48, chest: 56, sleeve: 62 } },
  ],
});

describe('products in the back office', () => {
  it('an MD creates a product; the storefront lists, shows and finds it at once', async () => {
    const shop = await makeShop(t.ctx);
    const cat = await topCategory();
    const md = await operatorSession(t, ['MD']);
    const cs = await operatorSession(t, ['CS']);
    const post = (headers: Record<string, string>, body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/admin/products', headers, payload: body as object });

    const options = await t.app.inject({ url: '/api/admin/catalog/options', headers: md.headers });
    expect(options.statusCode).toBe(200);
    const knit = (
      options.json() as { categories: { id: number; fields: { key: string }[] }[] }
    ).categories.find((c) => c.id === cat.id);
    expect(knit?.fields.map((f) => f.key)).toEqual(['length', 'shoulder', 'chest', 'sleeve']);

    // The storefront's listing is cached before the product exists.
    const listing = async () =>
      (
        await t.app.inject({ url: '/api/products/category-products?category_main=top&sort=newest' })
      ).json() as { result: { id: number }[] };
    await listing();

    expect((await post(cs.headers, form(shop.brandId, cat.id))).statusCode).toBe(403);
    const created = await post(md.headers, form(shop.brandId, cat.id));
    expect(created.statusCode, created.body).toBe(200);
    const { product_id, display_ids } = created.json() as { product_id: number; display_ids: number[] };
    expect(display_ids).toHaveLength(2);
    const charcoal = display_ids[0] as number;

    expect((await listing()).result.map((r) => r.id)).toContain(charcoal);
    const page = await t.app.inject({ url: `/api/products/detail/${charcoal}` });
    expect(page.statusCode, page.body).toBe(200);
    const detail = page.json() as {
      name: string;
      price: number;
      price_discount: number;
      items: { size_name: string; stock: number; is_sold_out: boolean }[];
    };
    expect(detail).toMatchObject({ name: '램스울 크루넥 니트', price: 89000, price_discount: 69000 });
    expect(detail.items.map((i) => [i.size_name, i.stock, i.is_sold_out])).toEqual([
      ['M', 7, false],
      ['L', 0, true],
      ['XL', 3, false],
    ]);
    const found = await t.app.inject({
      url: `/api/v1/search/product?query=${encodeURIComponent('램스울 니트')}`,
    });
    expect((found.json() as { result: { id: number }[] }).result.map((r) => r.id)).toContain(charcoal);

    const back = await t.app.inject({ url: `/api/admin/products/${product_id}`, headers: md.headers });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      name: '램스울 크루넥 니트',
      style_tags: ['미니멀', '비즈니스캐주얼'],
      displays: [{ color_hex: '#36454F' }, { color_name: '오트밀' }],
      measurements: expect.arrayContaining([
        { size_name: 'M', values: { length: 66, shoulder: 46, chest: 54, sleeve: 61 } },
      ]),
    });
    const list = await t.app.inject({ url: '/api/admin/products?q=램스울', headers: md.headers });
    expect((list.json() as { result: { display_id: number; stock: number }[] }).result).toEqual(
      expect.arrayContaining([expect.objectContaining({ display_id: charcoal, stock: 10 })]),
    );
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operator_id, md.id), eq(auditLogs.status_code, 200)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ target_type: 'product', target_id: String(product_id) });
    expect(audit?.action).toContain('product.create');

    // Price, sale state and stock reach the (cached) product page at once.
    const patch = (url: string, body: object) =>
      t.app.inject({ method: 'PATCH', url, headers: md.headers, payload: body });
    expect(
      (await patch(`/api/admin/products/displays/${charcoal}`, { price_discount: 99000 })).statusCode,
    ).toBe(400);
    expect(
      (await patch(`/api/admin/products/displays/${charcoal}`, { price_discount: 59000 })).statusCode,
    ).toBe(200);
    const lId = (
      (await t.app.inject({ url: `/api/admin/products/${product_id}`, headers: md.headers })).json() as {
        displays: { items: { id: number; size_name: string }[] }[];
      }
    ).displays[0]?.items.find((i) => i.size_name === 'L')?.id;
    expect((await patch(`/api/admin/products/items/${lId}`, { stock: 5 })).statusCode).toBe(200);
    const after = (await t.app.inject({ url: `/api/products/detail/${charcoal}` })).json() as typeof detail;
    expect(after.price_discount).toBe(59000);
    expect(after.items.find((i) => i.size_name === 'L')).toMatchObject({ stock: 5, is_sold_out: false });
    expect((await patch(`/api/admin/products/displays/${charcoal}`, { is_active: false })).statusCode).toBe(
      200,
    );
    expect((await listing()).result.map((r) => r.id)).not.toContain(charcoal);
    expect((await patch('/api/admin/products/items/99999999', { stock: 1 })).statusCode).toBe(404);
  });

  it("a curator reads the product list (the curation swap's product search) but changes nothing", async () => {
    const shop = await makeShop(t.ctx);
    const cat = await topCategory();
    const md = await operatorSession(t, ['MD']);
    const curator = await operatorSession(t, ['CURATOR']);
    const cs = await operatorSession(t, ['CS']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: md.headers,
      payload: { ...form(shop.brandId, cat.id), name: '큐레이터 검색 니트' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { product_id, display_ids } = created.json() as { product_id: number; display_ids: number[] };

    const list = await t.app.inject({
      url: `/api/admin/products?active=true&q=${encodeURIComponent('큐레이터 검색')}`,
      headers: curator.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { result: { display_id: number }[] }).result.map((r) => r.display_id)).toEqual(
      expect.arrayContaining(display_ids),
    );
    expect((await t.app.inject({ url: '/api/admin/products', headers: cs.headers })).statusCode).toBe(403);

    // Everything else in the catalogue stays with MDs.
    const writes = [
      { method: 'POST', url: '/api/admin/products', payload: form(shop.brandId, cat.id) },
      {
        method: 'PATCH',
        url: `/api/admin/products/displays/${display_ids[0]}`,
        payload: { price_discount: 1000 },
      },
      { method: 'PUT', url: `/api/admin/products/${product_id}/measurements`, payload: { measurements: [] } },
    ] as const;
    for (const w of writes) {
      const res = await t.app.inject({ ...w, headers: curator.headers, payload: w.payload as object });
      expect(res.statusCode, `${w.method} ${w.url}`).toBe(403);
    }
    expect(
      (await t.app.inject({ url: `/api/admin/products/${product_id}`, headers: curator.headers })).statusCode,
    ).toBe(403);
  });

  it('a new product is a draft unless published; its size table can be added and edited after saving', async () => {
    const shop = await makeShop(t.ctx);
    const cat = await topCategory();
    const md = await operatorSession(t, ['MD']);
    const cs = await operatorSession(t, ['CS']);
    const { is_active: _published, measurements: _table, ...draft } = form(shop.brandId, cat.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: md.headers,
      payload: { ...draft, name: '초안 울 니트' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { product_id, display_ids } = created.json() as { product_id: number; display_ids: number[] };
    // Not on sale: the storefront does not show it.
    expect((await t.app.inject({ url: `/api/products/detail/${display_ids[0]}` })).statusCode).toBe(404);
    const read = async () =>
      (await t.app.inject({ url: `/api/admin/products/${product_id}`, headers: md.headers })).json() as {
        displays: { is_active: boolean }[];
        measurements: { size_name: string; values: Record<string, number> }[];
      };
    expect((await read()).displays.map((d) => d.is_active)).toEqual([false, false]);
    expect((await read()).measurements).toEqual([]);
    const put = (body: unknown, headers = md.headers, id = product_id) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${id}/measurements`,
        headers,
        payload: body as object,
      });
    const table = { measurements: [{ size_name: 'M', values: { length: 66, chest: 54 } }] };
    expect((await put(table, cs.headers)).statusCode).toBe(403);
    expect((await put(table, md.headers, 999_999)).statusCode).toBe(404);
    const added = await put(table);
    expect(added.statusCode, added.body).toBe(200);
    expect((await read()).measurements).toEqual([{ size_name: 'M', values: { length: 66, chest: 54 } }]);
    const edited = await put({
      measurements: [
        { size_name: 'M', values: { length: 67, chest: 55 } },
        { size_name: 'XL', values: { length: 71 } },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read()).measurements).toEqual(
      expect.arrayContaining([
        { size_name: 'M', values: { length: 67, chest: 55 } },
        { size_name: 'XL', values: { length: 71 } },
      ]),
    );
    for (const [body, detail] of [
      [{ measurements: [{ size_name: 'XXL', values: { length: 70 } }] }, '사이즈가 색상별 사이즈에 없어요'],
      [{ measurements: [{ size_name: 'M', values: { waist: 40 } }] }, '실측 항목이 아닙니다: waist'],
      [{ measurements: [{ size_name: 'M', values: { sleeve: -1 } }] }, '실측값은 0보다 커야 해요.'],
    ] as const) {
      const bad = await put(body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toContain(detail);
    }
    expect((await put({ measurements: [] })).statusCode).toBe(200);
    expect((await read()).measurements).toEqual([]);
  });

  it('refuses bad forms with a clear detail', async () => {
    const shop = await makeShop(t.ctx);
    const cat = await topCategory();
    const md = await operatorSession(t, ['MD']);
    const post = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: md.headers,
        payload: body as object,
      });
    const ok = form(shop.brandId, cat.id);
    const cases: [unknown, string][] = [
      [{ ...ok, price_discount: 99000 }, '판매가는 정가보다 클 수 없어요'],
      [{ ...ok, brand_id: 99999999 }, '없는 브랜드입니다'],
      [{ ...ok, category_id: 99999999 }, '없는 카테고리입니다'],
      [{ ...ok, colors: [] }, '색상을 하나 이상'],
      [
        {
          ...ok,
          colors: [
            {
              color_name: '차콜',
              color_hex: '#36454f',
              sizes: [
                { size_name: 'M', stock: 1 },
                { size_name: 'm', stock: 1 },
              ],
            },
          ],
        },
        '같은 사이즈가 두 번',
      ],
      [{ ...ok, colors: [{ ...ok.colors[1], color_hex: 'navy' }] }, '#RRGGBB'],
      [
        { ...ok, measurements: [{ size_name: 'XXL', values: { length: 70 } }] },
        'XXL 사이즈가 색상별 사이즈에 없어요',
      ],
      [{ ...ok, measurements: [{ size_name: 'M', values: { waist: 40 } }] }, '실측 항목이 아닙니다: waist'],
      [{ ...ok, style_tags: ['<script>'] }, 'style_tags'],
      [
        {
          ...ok,
          colors: [
            {
              ...ok.colors[1],
              sizes: [
                { size_name: 'M', stock: 1 },
                { size_name: 'm ', stock: 1 },
              ],
            },
          ],
        },
        '같은 사이즈가 두 번',
      ],
      [{ ...ok, colors: [{ ...ok.colors[1], sizes: [{ size_name: 'L', stock: -1 }] }] }, 'stock'],
    ];
    for (const [body, detail] of cases) {
      const res = await post(body);
      expect(res.statusCode, `${detail}: ${res.body}`).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
  });

  it('photos: sniffed, re-encoded into a card and a detail variant; anything else refused', async () => {
    const shop = await makeShop(t.ctx);
    const md = await operatorSession(t, ['MD']);
    const png = await sharp({ create: { width: 1800, height: 2400, channels: 3, background: '#36454f' } })
      .png()
      .toBuffer();
    const upload = (name: string, bytes: Buffer, headers = md.headers) => {
      const boundary = '----codiroom-md';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/products/displays/${shop.displayId}/images`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const cs = await operatorSession(t, ['CS']);
    expect((await upload('a.png', png, cs.headers)).statusCode).toBe(403);
    expect((await upload('fake.png', Buffer.from('<svg onload=alert(1)>'))).statusCode).toBe(415);
    const res = await upload('knit.png', png);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as { image_url: string; images: string[] };
    const card = await t.app.inject({ url: out.image_url });
    const big = await t.app.inject({ url: out.images[0] as string });
    expect(card.headers['content-type']).toBe('image/webp');
    expect((await sharp(card.rawPayload).metadata()).width).toBe(600);
    expect((await sharp(big.rawPayload).metadata()).width).toBe(1200);
    const page = (await t.app.inject({ url: `/api/products/detail/${shop.displayId}` })).json() as {
      image_url: string;
    };
    expect(page.image_url).toBe(out.image_url);
  });
});

describe('SKUs', () => {
  it('sizes whose letters and digits look alike still get distinct SKUs', async () => {
    const shop = await makeShop(t.ctx);
    const cat = await topCategory();
    const md = await operatorSession(t, ['MD']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: md.headers,
      payload: {
        ...form(shop.brandId, cat.id),
        measurements: [],
        colors: [
          {
            color_name: '블랙',
            color_hex: '#111111',
            sizes: [
              { size_name: '9.5', stock: 1 },
              { size_name: '95', stock: 1 },
              { size_name: '프리', stock: 1 },
              { size_name: '1', stock: 1 },
            ],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.app.inject({
      url: `/api/admin/products/${res.json().product_id}`,
      headers: md.headers,
    });
    const display = (detail.json() as { displays: { image_url: string; items: { sku: string }[] }[] })
      .displays[0];
    expect(new Set(display?.items.map((i) => i.sku)).size).toBe(4);
    // Until photos are uploaded the colourway shows the generated picture in its colour.
    expect(display?.image_url).toMatch(/\.webp$/);
    const picture = await t.app.inject({ url: display?.image_url as string });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    // The same drawing as SVG shows the colourway's colour.
    const drawing = await t.app.inject({ url: (display?.image_url as string).replace(/\.webp$/, '.svg') });
    expect(drawing.body.toLowerCase()).toContain('#111111');
  });
});
