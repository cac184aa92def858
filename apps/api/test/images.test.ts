/**
 * Generated images (catalog/images-routes.ts): immutable SVGs addressed by their parameters; a
 * review photo drawn for the reviewed product's type and colour shows that colour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('generated images', () => {
  it('a review photo of a product shows its colour; the same URL draws the same picture', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const navy = await get('/api/images/review/TOP/1F2A44/7.svg');
    expect(navy.statusCode).toBe(200);
    expect(navy.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(String(navy.headers['cache-control'])).toContain('immutable');
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
      expect(String(res.headers['cache-control'])).toContain('immutable');
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
});
