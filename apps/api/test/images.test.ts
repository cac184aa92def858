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
});
