import { fixedClock, OUTLET_LIMIT } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cartLines,
  carts,
  likes,
  productDisplays,
  productItems,
  themeProducts,
  themes,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
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

it('GET /api/contents/home-feed: active top banners, three product sections and the outlet strip, each in its order', async () => {
  const res = await t.app.inject({
    url: '/api/contents/home-feed',
    headers: guestHeader(t.ctx, 'home-guest-new'),
  });
  expect(res.statusCode).toBe(200);
  const feed = res.json();
  expect(feed.banners.length).toBeGreaterThan(0);
  expect(feed.sections.map((s: { key: string }) => s.key)).toEqual(['popular', 'outlet', 'newest', 'deals']);
  const [popular, outlet, , deals] = feed.sections;
  for (const s of [popular, feed.sections[2], deals]) expect(s.products).toHaveLength(12);
  expect(outlet.products).toHaveLength(OUTLET_LIMIT);
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
  expect(guest.sections.slice(1).map((s: { key: string }) => s.key)).toEqual([
    'popular',
    'outlet',
    'newest',
    'deals',
  ]);

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

it('the outlet strip (SPEC.md §9 outlet limit 10): the first ten of the outlet collection, in its order; none while it is off', async () => {
  const [outlet] = await t.ctx.db.select().from(themes).where(eq(themes.slug, 'outlet'));
  if (!outlet) throw new Error('no outlet collection');
  const linked = await t.ctx.db
    .select({ id: themeProducts.product_display_id })
    .from(themeProducts)
    .innerJoin(productDisplays, eq(productDisplays.id, themeProducts.product_display_id))
    .where(eq(themeProducts.theme_id, outlet.id));
  expect(linked.length).toBeGreaterThan(OUTLET_LIMIT);
  const headers = guestHeader(t.ctx, 'home-guest-outlet');
  const feed = (await t.app.inject({ url: '/api/contents/home-feed', headers })).json();
  const strip = feed.sections.find((s: { key: string }) => s.key === 'outlet');
  expect(strip).toMatchObject({ link: '/collection/outlet' });
  const collection = (
    await t.app.inject({ url: `/api/contents/collection/outlet?limit=${OUTLET_LIMIT}` })
  ).json();
  expect(strip.products.map((p: { id: number }) => p.id)).toEqual(
    collection.products.result.map((p: { id: number }) => p.id),
  );
  for (const p of strip.products) expect(p.price_discount).toBeLessThanOrEqual(p.price * 0.7);

  await t.ctx.db.update(themes).set({ is_active: false }).where(eq(themes.id, outlet.id));
  try {
    const off = (await t.app.inject({ url: '/api/contents/home-feed', headers })).json();
    expect(off.sections.map((s: { key: string }) => s.key)).not.toContain('outlet');
  } finally {
    await t.ctx.db.update(themes).set({ is_active: true }).where(eq(themes.id, outlet.id));
  }
});
