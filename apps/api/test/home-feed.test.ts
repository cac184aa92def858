import { fixedClock } from '@codiroom/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-01T00:00:00+09:00');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-02T03:00:00Z') });
  await seed(t.ctx.db, { products: 80, now: SEED_NOW });
});
afterAll(async () => {
  await t.close();
});

it('GET /api/contents/home-feed: active top banners and three product sections, each in its order', async () => {
  const res = await t.app.inject({ url: '/api/contents/home-feed' });
  expect(res.statusCode).toBe(200);
  const feed = res.json();
  expect(feed.banners.length).toBeGreaterThan(0);
  expect(feed.sections.map((s: { key: string }) => s.key)).toEqual(['popular', 'newest', 'deals']);
  for (const s of feed.sections) expect(s.products).toHaveLength(12);
  const [popular, , deals] = feed.sections;
  const ranks = popular.products.map((p: { id: number }) => p.id);
  expect(new Set(ranks).size).toBe(12);
  const rates = deals.products.map(
    (p: { price: number; price_discount: number }) => (p.price - p.price_discount) / p.price,
  );
  expect(rates).toEqual([...rates].sort((a, b) => b - a));
  for (const p of deals.products) {
    expect(Number.isInteger(p.price_discount)).toBe(true);
    expect(p.price_discount).toBeLessThanOrEqual(p.price);
  }
});
