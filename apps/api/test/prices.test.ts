/**
 * Prices everywhere agree (docs/ARCHITECTURE.md, 'Prices'): a time-sale product, a slacks event product and a
 * normal product show and are charged one price on the card, the product page (price block and benefits), the
 * cart, checkout (calculate-price, order form) and POST /api/orders; time-sale units count against the sale's
 * limit (exactly k of N concurrent buyers get the sale price) and come back on payment failure, expiry and
 * cancel.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.ts';
import {
  brands,
  codiItems,
  codiSets,
  couponPolicies,
  coupons,
  orderItems,
  postProducts,
  posts,
  productDisplays,
  styles,
  timeSaleItems,
  timeSales,
} from '../src/db/schema.ts';
import { ResponseCache, responseCache, sendCached } from '../src/domains/catalog/response-cache.ts';
import { expireOrders } from '../src/domains/orders/settle.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { reindexProducts } from '../src/domains/search/documents.ts';
import { CacheRegistry, invalidate } from '../src/platform/cache.ts';
import type { AppContext } from '../src/platform/context.ts';
import { closeContext } from '../src/platform/create-context.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { mutableClock } from './auth-helpers.ts';
import {
  ADMIN_KEY_HEADERS,
  createMember,
  createTestApp,
  guestHeader,
  refreshedHeaders,
  type TestApp,
} from './helpers.ts';
import { ADDRESS, call, makeShop, type Shop } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
const HOUR = 3_600_000;
let GUEST: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  GUEST = guestHeader(t.ctx, 'guest-prices-0001');
}, 60_000);
afterAll(() => t?.close());

/** A time sale running at the clock's instant for the display (sale 25,000 against 30,000). */
async function timeSale(displayId: number, limit: number, salePrice = 25_000) {
  const now = clock.now().getTime();
  const [s] = await t.ctx.db
    .insert(timeSales)
    .values({ title: '오늘의 타임특가', starts_at: new Date(now - HOUR), ends_at: new Date(now + 5 * HOUR) })
    .returning();
  const [i] = await t.ctx.db
    .insert(timeSaleItems)
    .values({
      time_sale_id: s?.id as number,
      product_display_id: displayId,
      sale_price: salePrice,
      stock_limit: limit,
    })
    .returning();
  // The event the product code sends when prices change (platform/cache.ts): card snapshots drop.
  await invalidate(t.ctx, 'prices.changed');
  return i?.id as number;
}

const soldCount = async (id: number) =>
  (
    await t.ctx.db.select({ n: timeSaleItems.sold_count }).from(timeSaleItems).where(eq(timeSaleItems.id, id))
  )[0]?.n;

type Seen = {
  card: { price_discount: number; time_sale_price?: number | null; event_coupon_price?: number | null };
  detail: {
    price_discount: number;
    time_sale?: { sale_price: number; remaining: number } | null;
    event_coupon_price?: number | null;
  };
  benefits: { best_coupon_price: number; first_discount_price: number | null };
  cart: { price: number; is_time_sale?: boolean };
  calc: { price: number };
  form: { price: number };
};

/** Every surface's price of one unit of item `itemId` (display `displayId`) for a fresh member. */
async function surfaces(displayId: number, itemId: number, headers: Record<string, string>): Promise<Seen> {
  const list = await call(
    t.app,
    'GET',
    `/api/products/product-display-list?product_display_list=${displayId}`,
    {},
  );
  const detail = await call(t.app, 'GET', `/api/products/detail/${displayId}`, GUEST);
  const benefits = await call(t.app, 'GET', `/api/products/${displayId}/benefits`, GUEST);
  const add = await call(t.app, 'POST', '/api/carts', headers, { product_item_id: itemId, quantity: 1 });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const cart = await call(t.app, 'GET', '/api/carts', headers);
  const calc = await call(
    t.app,
    'POST',
    `/api/products/product-displays/${displayId}/calculate-price`,
    headers,
    {
      items: [{ product_item_id: itemId, quantity: 1 }],
    },
  );
  const form = await call(t.app, 'GET', `/api/orders/data?product_item_ids=${itemId}&quantities=1`, headers);
  for (const r of [list, detail, benefits, cart, calc, form])
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  const entries = cart.body.result as { product_list: Seen['cart'][] }[];
  return {
    card: (list.body.result as Seen['card'][])[0] as Seen['card'],
    detail: detail.body as unknown as Seen['detail'],
    benefits: benefits.body as unknown as Seen['benefits'],
    cart: entries[0]?.product_list[0] as Seen['cart'],
    calc: (calc.body.lines as Seen['calc'][])[0] as Seen['calc'],
    form: (form.body.lines as Seen['form'][])[0] as Seen['form'],
  };
}

async function order(headers: Record<string, string>, itemId: number, quantity = 1, couponIds?: number[]) {
  return call(t.app, 'POST', '/api/orders', headers, {
    items: [{ product_item_id: itemId, quantity }],
    address: ADDRESS,
    ...(couponIds ? { coupon_ids: couponIds } : {}),
  });
}

async function itemOf(orderId: number) {
  const [row] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, orderId));
  return row as typeof orderItems.$inferSelect;
}

describe('prices everywhere agree', () => {
  it('a time-sale product: card, detail, benefits, cart, checkout and the order all take the sale price', async () => {
    const shop = await makeShop(t.ctx, { stock: 20 });
    const saleId = await timeSale(shop.displayId, 10);
    const { headers } = await createMember(t.ctx);
    const s = await surfaces(shop.displayId, shop.m, headers);
    expect(s.card).toMatchObject({
      price_discount: 30_000,
      time_sale_price: 25_000,
      event_coupon_price: null,
    });
    expect(s.detail.time_sale).toMatchObject({ sale_price: 25_000, remaining: 10 });
    expect(s.benefits.best_coupon_price).toBe(25_000);
    // No first-purchase price is promised here: this shop has no first-purchase coupon to give.
    expect(s.detail).not.toHaveProperty('first_discount_price');
    expect(s.benefits.first_discount_price).toBeNull();
    expect(s.cart).toMatchObject({ price: 25_000, is_time_sale: true });
    expect(s.calc.price).toBe(25_000);
    expect(s.form.price).toBe(25_000);
    // Listing cards (category listing, filtered to the brand) carry the same live price.
    const listing = await call(
      t.app,
      'GET',
      `/api/products/category-products?brand_id=${shop.brandId}`,
      GUEST,
    );
    expect(listing.status, JSON.stringify(listing.body)).toBe(200);
    expect((listing.body.result as Seen['card'][])[0]).toMatchObject({ time_sale_price: 25_000 });
    const o = await order(headers, shop.m, 2);
    expect(o.status, JSON.stringify(o.body)).toBe(200);
    expect(o.body).toMatchObject({ total_price: 80_000, product_discount: 30_000, amount: 50_000 });
    const item = await itemOf(o.body.id as number);
    expect(item).toMatchObject({ price_discount: 25_000, time_sale_item_id: saleId, paid_amount: 50_000 });
    expect(await soldCount(saleId)).toBe(2);
    // The size with an extra price pays sale price + extra, as unitPrice says.
    const xl = await order(headers, shop.other, 1);
    expect((await itemOf(xl.body.id as number)).price_discount).toBe(27_000);
  });

  it('brand page and home feed cards carry the running time sale price', async () => {
    const shop = await makeShop(t.ctx);
    const brandPage = async () => {
      const r = await call(t.app, 'GET', `/api/brands/${shop.brandId}/contents`, GUEST);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return ((r.body.products as { result: Seen['card'][] }).result[0] as Seen['card']).time_sale_price;
    };
    expect(await brandPage()).toBeNull();
    await timeSale(shop.displayId, 5, 24_000);
    expect(await brandPage()).toBe(24_000);
    // Home feed: every card of every section goes through the same live-price fill.
    const feed = await call(t.app, 'GET', '/api/contents/home-feed', GUEST);
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
    const cards = (
      feed.body.sections as { products: (Seen['card'] & { product_display_id: number })[] }[]
    ).flatMap((x) => x.products);
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) expect(c.time_sale_price, `card ${c.product_display_id}`).not.toBeUndefined();
    const mine = cards.find((c) => c.product_display_id === shop.displayId);
    if (mine) expect(mine.time_sale_price).toBe(24_000);
  });

  it('a normal product shows and charges its discount price everywhere', async () => {
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const s = await surfaces(shop.displayId, shop.m, headers);
    expect(s.card).toMatchObject({ price_discount: 30_000, time_sale_price: null, event_coupon_price: null });
    expect(s.detail.time_sale).toBeNull();
    expect(s.detail.event_coupon_price).toBeNull();
    expect(s.benefits.best_coupon_price).toBe(30_000);
    expect(s.cart).toMatchObject({ price: 30_000, is_time_sale: false });
    expect([s.calc.price, s.form.price]).toEqual([30_000, 30_000]);
    const o = await order(headers, shop.m);
    expect((await itemOf(o.body.id as number)).price_discount).toBe(30_000);
  });

  it('a slacks event product: the card and detail show the 50% event coupon price checkout charges with it', async () => {
    const shop = await makeShop(t.ctx);
    // SPEC.md §9: event price 19,900 = 50% of a 39,800 discount price.
    await t.ctx.db
      .update(productDisplays)
      .set({ price: 49_000, price_discount: 39_800 })
      .where(eq(productDisplays.id, shop.displayId));
    await invalidate(t.ctx, 'prices.changed');
    const now = clock.now().getTime();
    const [policy] = await t.ctx.db
      .insert(couponPolicies)
      .values({
        name: '출근룩 슬랙스 이벤트 50% 쿠폰',
        coupon_type: 'PRODUCT',
        discount_kind: 'PERCENT',
        discount_value: 50,
        scope: 'PRODUCT_DISPLAY',
        scope_ids: [shop.displayId],
        starts_at: new Date(now - 24 * HOUR),
        ends_at: new Date(now + 72 * HOUR),
      })
      .returning();
    await invalidate(t.ctx, 'prices.changed');
    const { headers, user } = await createMember(t.ctx);
    const s = await surfaces(shop.displayId, shop.m, headers);
    expect(s.card).toMatchObject({
      price_discount: 39_800,
      time_sale_price: null,
      event_coupon_price: 19_900,
    });
    expect(s.detail.event_coupon_price).toBe(19_900);
    expect(s.benefits.best_coupon_price).toBe(19_900);
    expect([s.cart.price, s.calc.price, s.form.price]).toEqual([39_800, 39_800, 39_800]);
    const [coupon] = await t.ctx.db
      .insert(coupons)
      .values({
        coupon_policy_id: policy?.id as number,
        user_id: user.id,
        expires_at: new Date(now + 72 * HOUR),
      })
      .returning();
    const o = await order(headers, shop.m, 1, [coupon?.id as number]);
    expect(o.status, JSON.stringify(o.body)).toBe(200);
    expect(o.body).toMatchObject({ coupon_discount: 19_900, shipping_fee: 3000, amount: 19_900 + 3000 });
    // A display outside the event's list shows no event price.
    const other = await makeShop(t.ctx);
    const list = await call(
      t.app,
      'GET',
      `/api/products/product-display-list?product_display_list=${other.displayId}`,
      {},
    );
    expect((list.body.result as Seen['card'][])[0]?.event_coupon_price).toBeNull();
    await t.ctx.db
      .update(couponPolicies)
      .set({ is_active: false })
      .where(eq(couponPolicies.id, policy?.id as number));
    await invalidate(t.ctx, 'prices.changed');
  });

  it('an event coupon does not lower a time-sale price unless it allows time sales', async () => {
    const shop = await makeShop(t.ctx);
    await timeSale(shop.displayId, 10);
    const now = clock.now().getTime();
    const [policy] = await t.ctx.db
      .insert(couponPolicies)
      .values({
        name: '이벤트 50%',
        coupon_type: 'PRODUCT',
        discount_kind: 'PERCENT',
        discount_value: 50,
        scope: 'PRODUCT_DISPLAY',
        scope_ids: [shop.displayId],
        starts_at: new Date(now - HOUR),
        ends_at: new Date(now + HOUR),
      })
      .returning();
    await invalidate(t.ctx, 'prices.changed');
    const card = async () =>
      (
        (
          await call(
            t.app,
            'GET',
            `/api/products/product-display-list?product_display_list=${shop.displayId}`,
            {},
          )
        ).body.result as Seen['card'][]
      )[0];
    expect(await card()).toMatchObject({ time_sale_price: 25_000, event_coupon_price: null });
    await t.ctx.db
      .update(couponPolicies)
      .set({ allow_time_sale: true })
      .where(eq(couponPolicies.id, policy?.id as number));
    await invalidate(t.ctx, 'prices.changed');
    expect(await card()).toMatchObject({ time_sale_price: 25_000, event_coupon_price: 12_500 });
    await t.ctx.db
      .update(couponPolicies)
      .set({ is_active: false })
      .where(eq(couponPolicies.id, policy?.id as number));
    await invalidate(t.ctx, 'prices.changed');
  });
});

/**
 * A running slacks-style event coupon (SPEC.md §9: 50% off a list of displays) on the display, its
 * discount price set to 39,800 so the event price is 19,900; returns the policy id.
 */
async function slacksEvent(displayId: number): Promise<number> {
  await t.ctx.db
    .update(productDisplays)
    .set({ price: 49_000, price_discount: 39_800 })
    .where(eq(productDisplays.id, displayId));
  await invalidate(t.ctx, 'prices.changed');
  const now = clock.now().getTime();
  const [policy] = await t.ctx.db
    .insert(couponPolicies)
    .values({
      name: '출근룩 슬랙스 이벤트 50% 쿠폰',
      coupon_type: 'PRODUCT',
      discount_kind: 'PERCENT',
      discount_value: 50,
      scope: 'PRODUCT_DISPLAY',
      scope_ids: [displayId],
      starts_at: new Date(now - 24 * HOUR),
      ends_at: new Date(now + 72 * HOUR),
    })
    .returning();
  await invalidate(t.ctx, 'prices.changed');
  return policy?.id as number;
}

/** Another display of the shop's product (same brand and category), priced 40,000 → 30,000. */
async function siblingDisplay(shop: Shop): Promise<number> {
  const [row] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, shop.displayId));
  const { id: _id, ...copy } = row as typeof productDisplays.$inferSelect;
  const [d] = await t.ctx.db.insert(productDisplays).values(copy).returning({ id: productDisplays.id });
  return d?.id as number;
}

type LiveCard = {
  product_display_id: number;
  time_sale_price?: number | null;
  event_coupon_price?: number | null;
};

/**
 * A display in a running time sale (25,000 against 30,000) and one in a running slacks event
 * (19,900), and `agree(cards)`: both are among the cards, and each card's live price is the one
 * its product page shows. `displays` are made with `make` (a fresh shop's display by default).
 */
async function saleAndEvent(make: () => Promise<number> = async () => (await makeShop(t.ctx)).displayId) {
  const sale = await make();
  await timeSale(sale, 10);
  const event = await make();
  const policy = await slacksEvent(event);
  const page = async (id: number) => {
    const r = await call(t.app, 'GET', `/api/products/detail/${id}`, GUEST);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body as unknown as Seen['detail'];
    return { time_sale_price: d.time_sale?.sale_price ?? null, event_coupon_price: d.event_coupon_price };
  };
  const agree = async (cards: LiveCard[]) => {
    const card = (id: number) => {
      const c = cards.find((x) => x.product_display_id === id);
      expect(c, `card of display ${id}`).toBeDefined();
      return { time_sale_price: c?.time_sale_price, event_coupon_price: c?.event_coupon_price };
    };
    expect(card(sale)).toEqual({ time_sale_price: 25_000, event_coupon_price: null });
    expect(card(event)).toEqual({ time_sale_price: null, event_coupon_price: 19_900 });
    expect(card(sale)).toEqual(await page(sale));
    expect(card(event)).toEqual(await page(event));
  };
  const done = () =>
    t.ctx.db.update(couponPolicies).set({ is_active: false }).where(eq(couponPolicies.id, policy));
  await invalidate(t.ctx, 'prices.changed');
  return { sale, event, agree, done };
}

describe('live prices on likes, preferred products, posts, styles and the daily look', () => {
  it('liked product lists (likes, product-like-list behind /keepProducts) carry the product page price', async () => {
    const p = await saleAndEvent();
    try {
      const guest = guestHeader(t.ctx, 'guest-prices-likes-01');
      for (const id of [p.sale, p.event]) {
        const r = await call(t.app, 'POST', '/api/likes/post-like', guest, {
          like_type: 'PRODUCT',
          like_id: id,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      for (const url of ['/api/likes/likes?like_type=PRODUCT', '/api/likes/product-like-list']) {
        const r = await call(t.app, 'GET', url, guest);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        await p.agree(r.body.result as LiveCard[]);
      }
    } finally {
      await p.done();
    }
  });

  it("the caller's preferred products carry the product page price", async () => {
    const liked = await makeShop(t.ctx);
    // Preferred products come from the brand of what the caller liked: two more displays of it.
    const p = await saleAndEvent(() => siblingDisplay(liked));
    try {
      const guest = guestHeader(t.ctx, 'guest-prices-preferred-01');
      const like = await call(t.app, 'POST', '/api/likes/post-like', guest, {
        like_type: 'PRODUCT',
        like_id: liked.displayId,
      });
      expect(like.status, JSON.stringify(like.body)).toBe(200);
      const r = await call(t.app, 'GET', '/api/products/user-preferred-product-displays?limit=50', guest);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await p.agree(r.body.result as LiveCard[]);
    } finally {
      await p.done();
    }
  });

  it("a magazine post's products carry the product page price", async () => {
    const p = await saleAndEvent();
    try {
      const [post] = await t.ctx.db
        .insert(posts)
        .values({
          title: '출근룩 가이드',
          body: '# 출근룩',
          cover_image_url: '/img/post.webp',
          category: 'guide',
          author: '에디터',
          published_at: new Date(clock.now().getTime() - HOUR),
        })
        .returning({ id: posts.id });
      await t.ctx.db.insert(postProducts).values([
        { post_id: post?.id as number, product_display_id: p.sale, sort_order: 1 },
        { post_id: post?.id as number, product_display_id: p.event, sort_order: 2 },
      ]);
      const r = await call(t.app, 'GET', `/api/contents/post-detail/${post?.id}`, {});
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await p.agree(r.body.products as LiveCard[]);
    } finally {
      await p.done();
    }
  });

  it("a style's codi sets carry the product page price on their products", async () => {
    const p = await saleAndEvent();
    try {
      const [style] = await t.ctx.db
        .insert(styles)
        .values({ name: '미니멀', image_url: '/img/style.webp' })
        .returning({ id: styles.id });
      const [codi] = await t.ctx.db
        .insert(codiSets)
        .values({ style_id: style?.id as number, title: '셔츠 코디', image_url: '/img/codi.webp' })
        .returning({ id: codiSets.id });
      await t.ctx.db.insert(codiItems).values([
        { codi_id: codi?.id as number, product_display_id: p.sale, sort_order: 1 },
        { codi_id: codi?.id as number, product_display_id: p.event, sort_order: 2 },
      ]);
      const r = await call(t.app, 'GET', `/api/contents/style-detail/${style?.id}`, {});
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const codis = (r.body.codis as { result: { products: LiveCard[] }[] }).result;
      await p.agree(codis.flatMap((c) => c.products));
    } finally {
      await p.done();
    }
  });

  it("the daily look's products carry the product page price", async () => {
    const p = await saleAndEvent();
    try {
      // At least one active codi set; the look of the day is one of them (the same all day).
      await t.ctx.db.insert(codiSets).values({ title: '오늘의 코디', image_url: '/img/codi.webp' });
      const look = async () => {
        const r = await call(t.app, 'GET', '/api/contents/daily-look', {});
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.codi as { id: number; products: LiveCard[] };
      };
      const codiId = (await look()).id;
      await t.ctx.db.insert(codiItems).values([
        { codi_id: codiId, product_display_id: p.sale, sort_order: 101 },
        { codi_id: codiId, product_display_id: p.event, sort_order: 102 },
      ]);
      const codi = await look();
      expect(codi.id).toBe(codiId);
      await p.agree(codi.products);
    } finally {
      await p.done();
    }
  });
});

describe('live prices on the brand ranking and the search landing', () => {
  it("the brand ranking's top products and contents/search's products carry the product page price", async () => {
    const shop = await makeShop(t.ctx);
    // Two more displays of the shop's brand: one in a time sale, one in the slacks event.
    const p = await saleAndEvent(() => siblingDisplay(shop));
    try {
      // The most popular brand of all (its top products are the two), ranked afresh.
      await t.ctx.db
        .update(productDisplays)
        .set({ popularity: 1_000_000_000 })
        .where(inArray(productDisplays.id, [p.sale, p.event]));
      await invalidate(t.ctx, 'prices.changed');
      await t.ctx.kv.del('ranking:brands');
      const ranking = await call(t.app, 'GET', '/api/products/ranking-brands', GUEST);
      expect(ranking.status, JSON.stringify(ranking.body)).toBe(200);
      const brand = (ranking.body.result as { id: number; products: LiveCard[] }[]).find(
        (b) => b.id === shop.brandId,
      );
      await p.agree(brand?.products ?? []);

      // The search landing by the brand's own name: its products first.
      await reindexProducts(t.ctx.db, [p.sale, p.event]);
      const [b] = await t.ctx.db
        .select({ name: brands.name })
        .from(brands)
        .where(eq(brands.id, shop.brandId));
      const search = await call(
        t.app,
        'GET',
        `/api/contents/search?query=${encodeURIComponent(b?.name ?? '')}`,
        GUEST,
      );
      expect(search.status, JSON.stringify(search.body)).toBe(200);
      await p.agree(search.body.products as LiveCard[]);
    } finally {
      await t.ctx.db
        .update(productDisplays)
        .set({ popularity: 0 })
        .where(inArray(productDisplays.id, [p.sale, p.event]));
      await invalidate(t.ctx, 'prices.changed');
      await t.ctx.kv.del('ranking:brands');
      await p.done();
    }
  });
});

describe("live prices on the product page's other cards", () => {
  it('matchup products, recommended codi sets, the product box and AI-similar products carry the product page price', async () => {
    const shown = await makeShop(t.ctx); // the product whose page is open (a top)
    const p = await saleAndEvent();
    try {
      // Both go with it: bottoms in one of its codi sets, liked together with it by one shopper.
      await t.ctx.db
        .update(productDisplays)
        .set({ product_type: 'BOTTOM', popularity: 1e9 })
        .where(inArray(productDisplays.id, [p.sale, p.event]));
      await invalidate(t.ctx, 'prices.changed');
      const [codi] = await t.ctx.db
        .insert(codiSets)
        .values({ title: '셔츠와 슬랙스', image_url: '/img/codi.webp' })
        .returning({ id: codiSets.id });
      await t.ctx.db.insert(codiItems).values(
        [shown.displayId, p.sale, p.event].map((id, i) => ({
          codi_id: codi?.id as number,
          product_display_id: id,
          sort_order: i,
        })),
      );
      const guest = guestHeader(t.ctx, 'guest-prices-similar-01');
      for (const id of [shown.displayId, p.sale, p.event]) {
        const r = await call(t.app, 'POST', '/api/likes/post-like', guest, {
          like_type: 'PRODUCT',
          like_id: id,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      const get = async (url: string) => {
        const r = await call(t.app, 'GET', url, {});
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body;
      };
      const q = `product_display_id=${shown.displayId}`;
      await p.agree((await get(`/api/products/matchup-products?${q}`)).result as LiveCard[]);
      const rec = (await get(`/api/products/recommend-style?${q}`)).codis as { products: LiveCard[] }[];
      await p.agree(rec.flatMap((c) => c.products));
      await p.agree((await get(`/api/v1/products/ai-similar-products?${q}`)).result as LiveCard[]);
      const boxes = await Promise.all(
        [p.sale, p.event].map(
          async (id) => (await get(`/api/products/product-box/${id}`)).result as LiveCard,
        ),
      );
      await p.agree(boxes);
    } finally {
      await t.ctx.db
        .update(productDisplays)
        .set({ popularity: 0 })
        .where(inArray(productDisplays.id, [p.sale, p.event]));
      await invalidate(t.ctx, 'prices.changed');
      await p.done();
    }
  });
});

describe('time-sale stock', () => {
  it('refuses an order over what is left of the limit, with the count in the detail', async () => {
    const shop = await makeShop(t.ctx, { stock: 20 });
    const saleId = await timeSale(shop.displayId, 3);
    expect((await order((await createMember(t.ctx)).headers, shop.m, 1)).status).toBe(200);
    // Another buyer (a second checkout of the first would release the first's unit).
    const { headers } = await createMember(t.ctx);
    const over = await order(headers, shop.m, 3);
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain('남은 수량 2개');
    expect(await soldCount(saleId)).toBe(1);
    // Two sizes of one display count together.
    const both = await call(t.app, 'POST', '/api/orders', headers, {
      items: [
        { product_item_id: shop.m, quantity: 1 },
        { product_item_id: shop.l, quantity: 2 },
      ],
      address: ADDRESS,
    });
    expect(both.status).toBe(409);
    expect(await soldCount(saleId)).toBe(1);
  });

  it('N concurrent buyers for a limit of k: exactly k units at the sale price, the rest refused or at the normal price', async () => {
    const k = 5;
    const shop = await makeShop(t.ctx, { stock: 100 });
    const saleId = await timeSale(shop.displayId, k);
    const buyers = await Promise.all(Array.from({ length: 40 }, () => createMember(t.ctx)));
    const results = await Promise.all(buyers.map((b) => order(b.headers, shop.m)));
    const ok = results.filter((r) => r.status === 200);
    for (const r of results)
      if (r.status !== 200)
        expect([r.status, r.body.detail]).toEqual([409, expect.stringContaining('타임세일')]);
    const items = await Promise.all(ok.map((r) => itemOf(r.body.id as number)));
    const atSale = items.filter((i) => i.time_sale_item_id === saleId);
    expect(atSale).toHaveLength(k);
    for (const i of atSale) expect(i.price_discount).toBe(25_000);
    for (const i of items) if (i.time_sale_item_id === null) expect(i.price_discount).toBe(30_000);
    expect(await soldCount(saleId)).toBe(k);
    // The limit is used up: the sale no longer applies anywhere, and the next order pays 30,000.
    const list = await call(
      t.app,
      'GET',
      `/api/products/product-display-list?product_display_list=${shop.displayId}`,
      {},
    );
    expect((list.body.result as Seen['card'][])[0]?.time_sale_price).toBeNull();
    const late = await order((await createMember(t.ctx)).headers, shop.m);
    expect(late.status).toBe(200);
    expect(await itemOf(late.body.id as number)).toMatchObject({
      price_discount: 30_000,
      time_sale_item_id: null,
    });
  }, 120_000);

  it('gives the units back on payment failure, expiry and cancel', async () => {
    const shop = await makeShop(t.ctx, { stock: 20 });
    const saleId = await timeSale(shop.displayId, 10);
    const member = await createMember(t.ctx);
    let { headers } = member;
    // Payment failure.
    const failed = await order(headers, shop.m, 2);
    expect(await soldCount(saleId)).toBe(2);
    const f = await call(t.app, 'POST', '/api/orders/payment-failed', headers, {
      order_id: failed.body.order_id,
    });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    expect(await soldCount(saleId)).toBe(0);
    // Expiry (the 30-minute window passes).
    await order(headers, shop.m, 3);
    expect(await soldCount(saleId)).toBe(3);
    clock.advance(31 * 60);
    headers = await refreshedHeaders(t.ctx, member.user.id); // the 15-minute token expired
    expect(await expireOrders(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await soldCount(saleId)).toBe(0);
    // Cancel of a paid item.
    const paid = await order(headers, shop.m, 1);
    const sandbox = gatewayOf(t.ctx) as SandboxGateway;
    const key = sandbox.authorize(paid.body.order_id as string, paid.body.amount as number);
    const c = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: paid.body.order_id,
      amount: paid.body.amount,
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(await soldCount(saleId)).toBe(1);
    const item = await itemOf(paid.body.id as number);
    const x = await call(t.app, 'POST', `/api/orders/order-items/${item.id}/cancel`, headers, {
      reason: '단순 변심',
    });
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    expect(await soldCount(saleId)).toBe(0);
  });

  it('an exchange keeps the time-sale unit counted (the shopper holds the replacement)', async () => {
    const shop = await makeShop(t.ctx, { stock: 20 });
    const saleId = await timeSale(shop.displayId, 10);
    const { headers } = await createMember(t.ctx);
    const admin = ADMIN_KEY_HEADERS;
    const paid = await order(headers, shop.m, 1);
    const sandbox = gatewayOf(t.ctx) as SandboxGateway;
    const key = sandbox.authorize(paid.body.order_id as string, paid.body.amount as number);
    const c = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: key,
      order_id: paid.body.order_id,
      amount: paid.body.amount,
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const item = await itemOf(paid.body.id as number);
    const move = (h: Record<string, string>, s: string) =>
      call(t.app, 'POST', `/api/orders/order-items/${item.id}/status`, h, { status: s });
    expect((await move(admin, 'SHIPPING')).status).toBe(200);
    expect((await move(headers, 'COMPLETE')).status).toBe(200);
    const ex = await call(t.app, 'POST', '/api/orders/exchanges', headers, {
      order_item_id: item.id,
      new_product_item_id: shop.l,
      reason_type: 'DEFECT',
      reason: '불량',
    });
    expect(ex.status, JSON.stringify(ex.body)).toBe(200);
    const done = await move(admin, 'EXCHANGED');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The shopper holds the replacement, bought at the sale price: still one unit of the limit.
    expect(await soldCount(saleId)).toBe(1);
  });

  it('an ended time sale no longer prices anything', async () => {
    const shop: Shop = await makeShop(t.ctx);
    const saleId = await timeSale(shop.displayId, 10);
    const [row] = await t.ctx.db
      .select({ id: timeSales.id })
      .from(timeSales)
      .innerJoin(
        timeSaleItems,
        and(eq(timeSaleItems.time_sale_id, timeSales.id), eq(timeSaleItems.id, saleId)),
      );
    await t.ctx.db
      .update(timeSales)
      .set({ ends_at: clock.now() })
      .where(eq(timeSales.id, row?.id as number));
    const { headers } = await createMember(t.ctx);
    const s = await surfaces(shop.displayId, shop.m, headers);
    expect([s.card.time_sale_price, s.detail.time_sale, s.cart.price, s.calc.price, s.form.price]).toEqual([
      null,
      null,
      30_000,
      30_000,
      30_000,
    ]);
  });
});

describe('card price snapshot', () => {
  it('cards reuse one snapshot within its window but never past a scheduled price change; the page reads live rows', async () => {
    // An app on the same database whose card snapshots live 60 s (CARD_PRICE_SNAPSHOT_MS).
    const snap = await createTestApp({
      clock,
      database: t.ctx.database,
      env: { CARD_PRICE_SNAPSHOT_MS: '60000' },
    });
    try {
      const shop = await makeShop(t.ctx);
      const card = async () => {
        const r = await call(
          snap.app,
          'GET',
          `/api/products/product-display-list?product_display_list=${shop.displayId}`,
          {},
        );
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return (r.body.result as Seen['card'][])[0]?.time_sale_price;
      };
      const detailSale = async () =>
        ((await call(t.app, 'GET', `/api/products/detail/${shop.displayId}`, GUEST)).body as Seen['detail'])
          .time_sale ?? null;
      // A second sale (another display) ends in 30 s: the next scheduled price change.
      const other = await makeShop(t.ctx);
      const now = clock.now().getTime();
      const [soon] = await t.ctx.db
        .insert(timeSales)
        .values({ title: '곧 끝나는 특가', starts_at: new Date(now - HOUR), ends_at: new Date(now + 30_000) })
        .returning();
      await t.ctx.db.insert(timeSaleItems).values({
        time_sale_id: soon?.id as number,
        product_display_id: other.displayId,
        sale_price: 20_000,
        stock_limit: 5,
      });
      const saleId = await timeSale(shop.displayId, 3, 24_000);
      // The event the product code sends for new sales (platform/cache.ts): the next scheduled
      // price change is read again.
      await invalidate(snap.ctx, 'prices.changed');
      clock.advance(1); // a new instant: any earlier snapshot is not reused
      expect(await card()).toBe(24_000);
      // The limit runs out: the product page drops the sale at once, the card keeps the snapshot.
      await t.ctx.db.update(timeSaleItems).set({ sold_count: 3 }).where(eq(timeSaleItems.id, saleId));
      expect(await detailSale()).toBeNull();
      clock.advance(10);
      expect(await card()).toBe(24_000);
      // The other sale's end (a scheduled change) ends the snapshot although its 60 s window has not.
      clock.advance(21);
      expect(await card()).toBeNull();
    } finally {
      await snap.app.close();
      await closeContext(snap.ctx);
    }
  });
});

describe('event coupons on the product page', () => {
  it('the detail takes its event coupons from the card price snapshot: an edit shows at once, a silent change within the window', async () => {
    const snap = await createTestApp({
      clock,
      database: t.ctx.database,
      env: { CARD_PRICE_SNAPSHOT_MS: '60000' },
    });
    try {
      const shop = await makeShop(t.ctx);
      await t.ctx.db
        .update(productDisplays)
        .set({ price: 49_000, price_discount: 39_800 })
        .where(eq(productDisplays.id, shop.displayId));
      const now = clock.now().getTime();
      const [policy] = await t.ctx.db
        .insert(couponPolicies)
        .values({
          name: '출근룩 슬랙스 이벤트 50% 쿠폰',
          coupon_type: 'PRODUCT',
          discount_kind: 'PERCENT',
          discount_value: 50,
          scope: 'PRODUCT_DISPLAY',
          scope_ids: [shop.displayId],
          starts_at: new Date(now - HOUR),
          ends_at: new Date(now + 72 * HOUR),
        })
        .returning();
      await invalidate(snap.ctx, 'prices.changed');
      clock.advance(1);
      const detailPrice = async () => {
        const r = await call(snap.app, 'GET', `/api/products/detail/${shop.displayId}`, GUEST);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return (r.body as Seen['detail']).event_coupon_price;
      };
      expect(await detailPrice()).toBe(19_900);
      // Used up without an event (downloads): the snapshot's window still holds it, as it holds
      // the cards' (the page's own body is kept DETAIL_TTL_MS anyway).
      await t.ctx.db
        .update(couponPolicies)
        .set({ is_active: false })
        .where(eq(couponPolicies.id, policy?.id as number));
      clock.advance(10);
      expect(await detailPrice()).toBe(19_900);
      // An operator's edit sends prices.changed: the next page shows it.
      await invalidate(snap.ctx, 'prices.changed');
      clock.advance(10);
      expect(await detailPrice()).toBeNull();
    } finally {
      await snap.app.close();
      await closeContext(snap.ctx);
    }
  });
});

describe('response cache and price changes', () => {
  it('a cached entry is never answered past its hard bound, not even stale', () => {
    let now = 0;
    const c = new ResponseCache(true, () => now);
    c.set('k', 'body', 5000, 1000);
    now = 999;
    expect(c.lookup('k')).toEqual({ body: 'body', fresh: true });
    now = 1000;
    expect(c.lookup('k')).toBeNull();
  });

  it('the hard bound counts from the load, so a slow load never stretches it past the price change', async () => {
    const c2 = mutableClock('2026-11-20T03:00:00Z');
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(32),
      SOLAPI_API_KEY: 'k',
      SOLAPI_API_SECRET: 's',
      SOLAPI_SENDER: '01000000000',
      PUBLIC_ORIGIN: 'https://codiroom.example',
    });
    const fakeCtx = {
      config,
      clock: c2,
      caches: new CacheRegistry({ config, kv: new MemoryStore(), appNow: () => c2.now().getTime() }),
    } as unknown as AppContext;
    const reply = { type: () => reply } as unknown as FastifyReply;
    const Body = z.object({ v: z.number() });
    let v = 0;
    const load = async () => {
      v += 1;
      c2.advance(5); // the load takes 5 s
      return { v };
    };
    // A price change 3 s after the load started: the body is already stale when stored.
    const first = await sendCached(fakeCtx, reply, 'k', 60_000, Body, load, async () => 3_000);
    expect(JSON.parse(first as unknown as string)).toEqual({ v: 1 });
    expect(responseCache(fakeCtx).lookup('k')).toBeNull();
  });

  it('cached detail and listing show a time sale from the second it starts and drop it when it ends', async () => {
    const shop = await makeShop(t.ctx);
    const start = clock.now().getTime() + 60_000;
    const [s] = await t.ctx.db
      .insert(timeSales)
      .values({ title: '곧 시작', starts_at: new Date(start), ends_at: new Date(start + 120_000) })
      .returning();
    await t.ctx.db.insert(timeSaleItems).values({
      time_sale_id: s?.id as number,
      product_display_id: shop.displayId,
      sale_price: 21_000,
      stock_limit: 5,
    });
    const cache = responseCache(t.ctx);
    cache.enabled = true;
    try {
      const detail = async () =>
        (await call(t.app, 'GET', `/api/products/detail/${shop.displayId}`, GUEST)).body.time_sale as {
          sale_price: number;
        } | null;
      const card = async () =>
        (
          (await call(t.app, 'GET', `/api/products/category-products?brand_id=${shop.brandId}`, GUEST)).body
            .result as Seen['card'][]
        )[0]?.time_sale_price;
      expect(await detail()).toBeNull();
      expect(await card()).toBeNull();
      clock.advance(59);
      expect(await detail()).toBeNull();
      clock.advance(1);
      expect((await detail())?.sale_price).toBe(21_000);
      expect(await card()).toBe(21_000);
      clock.advance(120);
      expect(await detail()).toBeNull();
      expect(await card()).toBeNull();
    } finally {
      cache.enabled = false;
      cache.clear();
    }
  });
});
