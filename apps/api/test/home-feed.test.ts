import { fixedClock } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartLines, carts, likes, productDisplays, productItems } from '../src/db/schema.ts';
import { seed } from '../src/seed/index.ts';
import { createMember, createTestApp, guestHeader, guestIdOf, type TestApp } from './helpers.ts';

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
  const res = await t.app.inject({
    url: '/api/contents/home-feed',
    headers: guestHeader(t.ctx, 'home-guest-new'),
  });
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

it('home-feed needs a guest id or a token (API-CATALOGUE.md: guest)', async () => {
  const res = await t.app.inject({ url: '/api/contents/home-feed' });
  expect(res.statusCode).toBe(401);
  expect(typeof res.json().detail).toBe('string');
});

it('a guest with likes and a member with a cart get a personal section first, without what they have', async () => {
  const [liked] = await t.ctx.db
    .select()
    .from(productDisplays)
    .where(eq(productDisplays.is_active, true))
    .limit(1);
  if (!liked) throw new Error('no product');
  await t.ctx.db
    .insert(likes)
    .values({ guest_id: guestIdOf(t.ctx, 'home-guest-liker'), like_type: 'PRODUCT', like_id: liked.id });
  const guest = (
    await t.app.inject({ url: '/api/contents/home-feed', headers: guestHeader(t.ctx, 'home-guest-liker') })
  ).json();
  expect(guest.sections[0].key).toBe('for_you');
  const mine = guest.sections[0].products as { id: number; brand_id: number }[];
  expect(mine.length).toBeGreaterThan(0);
  expect(mine.map((p) => p.id)).not.toContain(liked.id);
  expect(mine[0]?.brand_id).toBe(liked.brand_id);
  expect(guest.sections.slice(1).map((s: { key: string }) => s.key)).toEqual(['popular', 'newest', 'deals']);

  const member = await createMember(t.ctx);
  const [cart] = await t.ctx.db.insert(carts).values({ user_id: member.user.id }).returning();
  const [item] = await t.ctx.db
    .select()
    .from(productItems)
    .where(eq(productItems.product_display_id, liked.id))
    .limit(1);
  await t.ctx.db.insert(cartLines).values({
    cart_id: cart?.id as number,
    product_item_id: item?.id as number,
    product_display_id: liked.id,
    quantity: 1,
  });
  const m = (await t.app.inject({ url: '/api/contents/home-feed', headers: member.headers })).json();
  expect(m.sections[0].key).toBe('for_you');
  expect(m.sections[0].products.map((p: { id: number }) => p.id)).not.toContain(liked.id);
});
