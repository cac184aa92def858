/**
 * The seeded slacks event (SPEC.md §9 "Event coupon prices for slacks on a list of product ids:
 * 9900, 14900, 19900, 29500 (50% off)"): the seed prices its slacks so the 50% event coupon policy
 * lands on exactly those prices, the policy is a real downloadable coupon scoped to them, and the
 * cards show that price.
 */
import { fixedClock, SLACKS_EVENT_PRICES, slacksEventPrice } from '@codiroom/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { categories, couponPolicies, productDisplays, promotions } from '../src/db/schema.ts';
import { DEFAULT_SEED_NOW, seed } from '../src/demo/seed.ts';
import { createTestApp, guestHeader, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seed(database.db, { products: 150, now: DEFAULT_SEED_NOW });
  t = await createTestApp({ database, clock: fixedClock(DEFAULT_SEED_NOW.toISOString()) });
}, 120_000);
afterAll(() => t?.close());

describe('seeded slacks event', () => {
  it('one slacks product per SPEC.md event price, behind a 50% PRODUCT_DISPLAY coupon the cards show', async () => {
    const [policy] = await t.ctx.db
      .select()
      .from(couponPolicies)
      .where(eq(couponPolicies.name, '출근룩 슬랙스 이벤트 50% 쿠폰'));
    expect(policy).toMatchObject({
      discount_kind: 'PERCENT',
      discount_value: 50,
      scope: 'PRODUCT_DISPLAY',
      is_downloadable: true,
      is_cart_coupon: false,
    });
    const ids = policy?.scope_ids ?? [];
    const displays = await t.ctx.db
      .select({
        id: productDisplays.id,
        price: productDisplays.price,
        price_discount: productDisplays.price_discount,
        code: categories.code,
      })
      .from(productDisplays)
      .innerJoin(categories, eq(categories.id, productDisplays.category_id))
      .where(inArray(productDisplays.id, ids));
    expect(displays.length).toBe(ids.length);
    for (const d of displays) {
      expect(d.code).toBe('bottom_slacks');
      expect(d.price_discount).toBeLessThanOrEqual(d.price);
    }
    expect(new Set(displays.map((d) => slacksEventPrice(d.price_discount)))).toEqual(
      new Set(SLACKS_EVENT_PRICES),
    );
    const [promo] = await t.ctx.db
      .select()
      .from(promotions)
      .where(eq(promotions.title, '출근룩 슬랙스 특가'));
    expect(promo?.coupon_policy_id).toBe(policy?.id);
    const r = await t.app.inject({
      url: `/api/products/product-display-list?product_display_list=${ids.join(',')}`,
      headers: guestHeader(t.ctx, 'guest-seed-prices-01'),
    });
    expect(r.statusCode).toBe(200);
    const cards = r.json().result as {
      id: number;
      price_discount: number;
      time_sale_price: number | null;
      event_coupon_price: number | null;
    }[];
    for (const c of cards) {
      // A time sale (seeded at random) sets the price instead; the event coupon does not stack on it.
      if (c.time_sale_price !== null) expect(c.event_coupon_price).toBeNull();
      else expect(c.event_coupon_price).toBe(slacksEventPrice(c.price_discount));
    }
  });
});
