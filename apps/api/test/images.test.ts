/**
 * Generated images (catalog/images-routes.ts): SVGs addressed by their parameters, cached a day; a
 * review photo drawn for the reviewed product's type and colour shows that colour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_VARIANTS } from '../art/svg.ts';
import { brands, categories, productDisplays, products } from '../src/db/schema.ts';
import { ID_DRAWINGS } from '../src/domains/catalog/images-routes.ts';
import { invalidate } from '../src/platform/cache.ts';
import { RENDER_BUDGET, UPLOAD_BUDGET } from '../src/platform/image-processing.ts';
import { fillBudget } from './budget-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

/** A product of `type` with one display per colour (`#rrggbb`): the colourways pictures are drawn in. */
async function colourways(type: 'TOP' | 'BOTTOM', hexes: string[]) {
  const slug = `img-${type}-${hexes.join('-').replaceAll('#', '')}`.toLowerCase();
  const [b] = await t.ctx.db.insert(brands).values({ name: slug, name_en: slug, slug }).returning();
  const [c] = await t.ctx.db
    .insert(categories)
    .values({ code: slug, name: '셔츠', main: 'top', product_type: type })
    .returning();
  if (!b || !c) throw new Error('fixture insert failed');
  const [p] = await t.ctx.db
    .insert(products)
    .values({ brand_id: b.id, category_id: c.id, name: '셔츠', product_type: type })
    .returning();
  if (!p) throw new Error('fixture insert failed');
  await t.ctx.db.insert(productDisplays).values(
    hexes.map((hex) => ({
      product_id: p.id,
      brand_id: b.id,
      category_id: c.id,
      name: '셔츠',
      product_type: type,
      price: 30000,
      price_discount: 30000,
      color_name: hex,
      color_hex: hex,
      image_url: '/img/x.webp',
    })),
  );
  await invalidate(t.ctx, 'catalog.changed');
}

beforeAll(async () => {
  t = await createTestApp();
  await colourways('TOP', ['#1F2A44', '#b3282d']);
  await colourways('BOTTOM', ['#b3282d']);
});
afterAll(() => t?.close());

describe('generated images', () => {
  it('a review photo of a product shows its colour; the same URL draws the same picture', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const navy = await get('/api/images/review/TOP/1F2A44/7.svg');
    expect(navy.statusCode).toBe(200);
    expect(navy.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    // The drawing code can change under one URL: a day, never immutable.
    expect(navy.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(navy.body).toContain('1f2a44');
    expect((await get('/api/images/review/TOP/1F2A44/7.svg')).body).toBe(navy.body);
    const red = await get('/api/images/review/TOP/b3282d/7.svg');
    expect(red.body).toContain('b3282d');
    expect(red.body).not.toBe(navy.body);
    // The older id-only form still answers.
    expect((await get('/api/images/review/7.svg')).statusCode).toBe(200);
    expect((await get('/api/images/review/HAT/1f2a44/7.svg')).statusCode).toBe(400);
    expect((await get('/api/images/review/TOP/zzzzzz/7.svg')).statusCode).toBe(400);
    expect((await get('/api/images/review/TOP/1f2a44/x.svg')).statusCode).toBe(400);
  });

  it('the product, style, review and banner pictures also come as WebP of the same drawing', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    for (const url of [
      '/api/images/product/TOP/1f2a44/3.webp',
      '/api/images/style/2.webp',
      '/api/images/review/BOTTOM/b3282d/5.webp',
      '/api/images/banner/1.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      // The drawing code can change under one URL: a day, never immutable.
      expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
      const bytes = res.rawPayload;
      // RIFF....WEBP, at the drawing's own size.
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const sharp = (await import('sharp')).default;
      const meta = await sharp(bytes).metadata();
      const svg = (await get(url.replace(/\.webp$/, '.svg'))).body;
      const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
      expect([meta.width, meta.height]).toEqual([Number(w), Number(h)]);
      // The same URL answers the same bytes (kept, not drawn again).
      expect((await get(url)).rawPayload.equals(bytes)).toBe(true);
    }
    // Another colour is another picture.
    expect(
      (await get('/api/images/product/TOP/b3282d/3.webp')).rawPayload.equals(
        (await get('/api/images/product/TOP/1f2a44/3.webp')).rawPayload,
      ),
    ).toBe(false);
    // A banner carries no lettering that needs a font (its wordmark is drawn as strokes), so a
    // server without fonts rasterises it as the browser draws the SVG.
    for (const id of [1, 2, 201, 301])
      expect((await get(`/api/images/banner/${id}.svg`)).body).not.toContain('<text');
    expect((await get('/api/images/product/TOP/1f2a44/3.png')).statusCode).toBe(400);
  });

  it('draws product and review pictures only in colourways the catalogue has; the rest is a 404', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const drawn = RENDER_BUDGET.load;
    for (const url of [
      '/api/images/product/TOP/0a1b2c/3.webp', // a colour no product has
      '/api/images/product/BOTTOM/1f2a44/3.webp', // a colour of another type
      '/api/images/product/TOP/1f2a44/40.webp', // past the type's drawings (a random variant)
      '/api/images/product/TOP/1f2a44/999999999.svg',
      '/api/images/review/TOP/0a1b2c/7.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toBe('이미지가 존재하지 않습니다');
    }
    // Nothing was queued for rendering.
    expect(RENDER_BUDGET.load).toEqual(drawn);
    expect((await get('/api/images/product/TOP/1f2a44/39.webp')).statusCode).toBe(200);
    // A new colourway is drawn as soon as the catalogue has it.
    await colourways('TOP', ['#0a1b2c']);
    expect((await get('/api/images/product/TOP/0a1b2c/3.webp')).statusCode).toBe(200);
    expect((await get('/api/images/review/TOP/0A1B2C/7.webp')).statusCode).toBe(200);
  });

  it('a picture named by a bare id is one of ID_DRAWINGS drawings, so random ids draw nothing new', async () => {
    const body = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    for (const kind of ['style', 'review', 'banner']) {
      expect(await body(`/api/images/${kind}/${ID_DRAWINGS + 7}.svg`), kind).toBe(
        await body(`/api/images/${kind}/7.svg`),
      );
      expect(await body(`/api/images/${kind}/8.svg`), kind).not.toBe(await body(`/api/images/${kind}/7.svg`));
    }
    // A review picture of a colourway: one of the type's drawings.
    expect(await body(`/api/images/review/TOP/1f2a44/${PRODUCT_VARIANTS + 3}.svg`)).toBe(
      await body('/api/images/review/TOP/1f2a44/3.svg'),
    );
  });

  it('renders have their own budget: a full line of photo decodes never delays a product picture', async () => {
    // Every upload slot taken and the whole line waiting, each job held until the end.
    const full = fillBudget(UPLOAD_BUDGET);
    try {
      const res = await Promise.race([
        t.app.inject({ method: 'GET', url: '/api/images/product/BOTTOM/b3282d/12.webp' }),
        new Promise<'stalled'>((r) => setTimeout(() => r('stalled'), 5_000)),
      ]);
      expect(res === 'stalled' ? res : res.statusCode).toBe(200);
    } finally {
      await full.release();
    }
  });
});
