/**
 * The storefront's in-process reads (apps/api/src/web/reads.ts, SPEC.md 'Product detail'): each
 * answers exactly what the API route answers (deep-equal to JSON.parse of the route's body) for
 * plain products, one on time sale, one sold out, one with reviews and codi sets, for a guest and a
 * member; the detail read counts the live viewer as the route does; and the cached sections are
 * never stale past the event of a change (product, price, review, codi set) or a time sale's start.
 */
import { type Clock, WITHDRAWN_USER_NAME } from '@codiroom/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codiItems, codiSets, productDisplays, reviews, timeSaleItems, timeSales } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { withdrawMember } from '../src/domains/users/member-withdrawal.ts';
import { invalidate } from '../src/platform/cache.ts';
import { storefrontReads } from '../src/web/reads.ts';
import { createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
let nowMs = Date.parse('2026-11-20T03:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let t: TestApp;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: 120, now: SEED_NOW });
  const rows = await t.ctx.db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(eq(productDisplays.is_active, true))
    .orderBy(asc(productDisplays.id));
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

async function api(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json() };
}

const reads = () => storefrontReads(t.ctx, '127.0.0.1').product;

/** Every product page read against its route, for `id`, as the route answers `headers`. */
async function expectParity(id: number, headers: Record<string, string> = {}) {
  const r = reads();
  const q = `product_display_id=${id}`;
  const pairs: [unknown, string][] = [
    [await r.detail(id, null), `/api/products/detail/${id}`],
    [await r.sizeGrading(id), `/api/products/size-grading?${q}`],
    [await r.similar(id), `/api/v1/products/ai-similar-products?${q}`],
    [await r.shipping(id), `/api/products/shipping-info?${q}`],
    [await r.matchup(id), `/api/products/matchup-products?${q}`],
    [await r.codis(id), `/api/curations/codi-by-product/${id}`],
    [await r.bestReviews(id, 3), `/api/reviews/product-reviews/${id}/best?count=3`],
    [await r.reviewPhotos(id, 8), `/api/reviews/product-review-photo/${id}?count=8`],
    [await r.interestFreeNotice(), '/api/contents/interest-free-notice'],
    [
      await r.recommendedSize(id, { height: 175, weight: 72, fit: 'regular' }),
      `/api/products/recommended-size/${id}?height=175&weight=72&fit=regular`,
    ],
    [
      await r.recommendedSize(id, { height: 168, weight: 80 }),
      `/api/products/recommended-size/${id}?height=168&weight=80`,
    ],
  ];
  for (const [inProcess, url] of pairs) {
    const res = await api(url, headers);
    expect(res.status, url).toBe(200);
    expect(inProcess, url).toEqual(res.body);
    // Plain JSON values (no Date, no undefined keys): what React Router serialises is what the API sent.
    expect(JSON.parse(JSON.stringify(inProcess)), url).toEqual(inProcess);
  }
  return pairs[0]?.[0] as { id: number; is_sold_out: boolean; time_sale: unknown; review_count: number };
}

describe('in-process reads answer what the API routes answer', () => {
  it('for several products, as a guest and as a member', async () => {
    const guest = { 'x-guest-user-id': guestIdOf(t.ctx, 'parity') };
    const member = await createMember(t.ctx);
    for (const id of [ids[0], ids[7], ids[42], ids[ids.length - 1]] as number[]) {
      await expectParity(id, guest);
      await expectParity(id, member.headers);
    }
  });

  it('for a product on time sale, a sold-out one and one with reviews and codi sets', async () => {
    const [onSale] = await t.ctx.db.select().from(timeSaleItems).limit(1);
    const sale = onSale ?? null;
    const saleId = sale?.product_display_id ?? (ids[3] as number);
    if (!sale) {
      const [ts] = await t.ctx.db
        .insert(timeSales)
        .values({
          title: '테스트 타임세일',
          starts_at: new Date(nowMs - 3_600_000),
          ends_at: new Date(nowMs + 3_600_000),
        })
        .returning();
      await t.ctx.db
        .insert(timeSaleItems)
        .values({ time_sale_id: ts!.id, product_display_id: saleId, sale_price: 10_000, stock_limit: 50 });
      await invalidate(t.ctx, 'prices.changed');
    }
    const detail = await expectParity(saleId);
    expect(detail.time_sale).not.toBeNull();

    let soldOut: number | undefined;
    let reviewed: number | undefined;
    for (const id of ids) {
      const d = await reads().detail(id, null);
      if (soldOut === undefined && d.is_sold_out) soldOut = id;
      if (reviewed === undefined && d.review_count > 0 && (await reads().codis(id)).result.length > 0)
        reviewed = id;
      if (soldOut !== undefined && reviewed !== undefined) break;
    }
    expect(soldOut).toBeDefined();
    expect(reviewed).toBeDefined();
    expect((await expectParity(soldOut as number)).is_sold_out).toBe(true);
    await expectParity(reviewed as number);
  });

  it('a missing product is the route 404 (상품이 없습니다.)', async () => {
    const missing = 999_999_999;
    const res = await api(`/api/products/detail/${missing}`);
    expect(res.status).toBe(404);
    await expect(reads().detail(missing, null)).rejects.toMatchObject({
      statusCode: 404,
      detail: res.body.detail,
    });
    await expect(reads().detail(0, null)).rejects.toMatchObject({ statusCode: 404 });
    const size = await api(`/api/products/recommended-size/${missing}?height=175&weight=72`);
    expect(size.status).toBe(404);
    await expect(reads().recommendedSize(missing, { height: 175, weight: 72 })).rejects.toMatchObject({
      statusCode: 404,
      detail: size.body.detail,
    });
  });

  it('a body the size route refuses is its 400', async () => {
    const res = await api('/api/products/recommended-size/1?height=400&weight=72');
    expect(res.status).toBe(400);
    await expect(reads().recommendedSize(1, { height: 400, weight: 72 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('the detail read counts the guest as a live viewer, as the route does', async () => {
    const id = ids[11] as number;
    const count = async () =>
      (await api(`/api/products/current-view-count?product_display_id=${id}`)).body.count as number;
    const before = await count();
    await reads().detail(id, guestIdOf(t.ctx, 'viewer-a'));
    await reads().detail(id, guestIdOf(t.ctx, 'viewer-b'));
    await reads().detail(id, guestIdOf(t.ctx, 'viewer-a'));
    // A made-up guest id counts as its address, as on the route.
    await reads().detail(id, 'not-an-issued-id');
    await new Promise((r) => setTimeout(r, 20));
    const after = await count();
    // viewer-a twice is one viewer: a, b and the address.
    expect(after - before).toBe(3);
  });
});

describe('cached sections are never stale past a change', () => {
  it('a product change (catalog.changed) shows on the next read', async () => {
    const id = ids[5] as number;
    const first = await reads().detail(id, null);
    await t.ctx.db
      .update(productDisplays)
      .set({ name: `${first.name} 변경` })
      .where(eq(productDisplays.id, id));
    expect((await reads().detail(id, null)).name).toBe(first.name); // cached until the event
    await invalidate(t.ctx, 'catalog.changed');
    expect((await reads().detail(id, null)).name).toBe(`${first.name} 변경`);
  });

  it('a review hidden (reviews.changed) shows on the next read', async () => {
    let id = ids[0] as number;
    for (const x of ids) {
      if ((await reads().bestReviews(x, 3)).summary.review_count > 0) {
        id = x;
        break;
      }
    }
    const before = await reads().bestReviews(id, 3);
    expect(before.summary.review_count).toBeGreaterThan(0);
    const top = before.result[0]!.id;
    await t.ctx.db
      .update(reviews)
      .set({ hidden_at: clock.now(), hidden_reason: '테스트' })
      .where(eq(reviews.id, top));
    await invalidate(t.ctx, 'reviews.changed');
    const after = await reads().bestReviews(id, 3);
    expect(after.result.map((r) => r.id)).not.toContain(top);
    expect(after).toEqual((await api(`/api/reviews/product-reviews/${id}/best?count=3`)).body);
  });

  it('a reviewer who withdraws loses their name from the cached review section at once', async () => {
    let id = ids[0] as number;
    let top: { id: number; user_name: string } | undefined;
    for (const x of ids) {
      const best = await reads().bestReviews(x, 3);
      top = best.result.find((r) => r.user_name !== WITHDRAWN_USER_NAME);
      if (top) {
        id = x;
        break;
      }
    }
    expect(top).toBeDefined();
    const [row] = await t.ctx.db
      .select({ user_id: reviews.user_id })
      .from(reviews)
      .where(eq(reviews.id, top!.id));
    expect(row?.user_id).toBeTruthy();
    await withdrawMember(t.ctx, row!.user_id as number);
    const after = await reads().bestReviews(id, 3);
    expect(after.result.find((r) => r.id === top!.id)?.user_name).not.toBe(top!.user_name);
    expect(after).toEqual((await api(`/api/reviews/product-reviews/${id}/best?count=3`)).body);
  });

  it('a codi set deactivated (catalog.changed) leaves the product page on the next read', async () => {
    const [item] = await t.ctx.db
      .select({ display: codiItems.product_display_id, set: codiItems.codi_id })
      .from(codiItems)
      .innerJoin(codiSets, eq(codiSets.id, codiItems.codi_id))
      .where(eq(codiSets.is_active, true))
      .limit(1);
    expect(item).toBeDefined();
    const before = await reads().codis(item!.display);
    expect(before.result.map((c) => c.id)).toContain(item!.set);
    await t.ctx.db.update(codiSets).set({ is_active: false }).where(eq(codiSets.id, item!.set));
    await invalidate(t.ctx, 'catalog.changed');
    expect((await reads().codis(item!.display)).result.map((c) => c.id)).not.toContain(item!.set);
  });

  it('a time sale shows from its first second, without an event', async () => {
    const id = ids[20] as number;
    const starts = nowMs + 60_000;
    const [ts] = await t.ctx.db
      .insert(timeSales)
      .values({ title: '곧 시작', starts_at: new Date(starts), ends_at: new Date(starts + 3_600_000) })
      .returning();
    await t.ctx.db
      .insert(timeSaleItems)
      .values({ time_sale_id: ts!.id, product_display_id: id, sale_price: 9_900, stock_limit: 10 });
    // Scheduled (as the admin route does), then read and cached before the start.
    await invalidate(t.ctx, 'prices.changed');
    const before = await reads().detail(id, null);
    const similarBefore = await reads().similar(ids[21] as number);
    expect(before.time_sale).toBeNull();
    nowMs = starts + 1;
    const after = await reads().detail(id, null);
    expect(after.time_sale).not.toBeNull();
    expect(after).toEqual((await api(`/api/products/detail/${id}`)).body);
    // Card sections with prices are bounded the same way.
    expect(await reads().similar(ids[21] as number)).toEqual(
      (await api(`/api/v1/products/ai-similar-products?product_display_id=${ids[21]}`)).body,
    );
    expect(similarBefore).toBeDefined();
  });
});
