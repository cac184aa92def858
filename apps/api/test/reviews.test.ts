/**
 * Reviews and size reviews (docs/ARCHITECTURE.md, "Reviews"): writing from one's own delivered
 * order item, once per item, editing for 30 days, the credit paid once and taken back when an
 * operator hides the review, helpful votes and reports, the sorted and filtered list, another
 * member's ids refused; the size recommendation ("Sizing") from the API; the review import.
 */
import { REVIEW_CREDIT } from '@codiroom/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  orderItems,
  orders,
  pointLedger,
  productDisplays,
  productItems,
  products,
  reviewPhotos,
  reviews,
  sizeMeasurements,
  sizeReviews,
  userSizeInfo,
} from '../src/db/schema.ts';
import { invalidate } from '../src/platform/cache.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, refreshedHeaders, type TestApp } from './helpers.ts';
import { call, makeShop, type Shop } from './orders-fixtures.ts';

const clock = mutableClock('2026-11-20T03:00:00Z');
let t: TestApp;
let shop: Shop;
const ADMIN_KEY = 'reviews-admin-key-reviews-admin-key';
const admin = { 'x-admin-key': ADMIN_KEY };

let orderSeq = 0;
/** An order item of `userId` in status `status` (default delivered). */
async function boughtItem(userId: number, productItemId: number, size: string, status = 'COMPLETE' as const) {
  orderSeq += 1;
  const [o] = await t.ctx.db
    .insert(orders)
    .values({
      order_no: `review-test-${orderSeq}-${Math.random().toString(36).slice(2, 8)}`,
      user_id: userId,
      status: 'PAID',
      order_name: '옥스포드 셔츠',
      total_price: 40000,
      amount: 30000,
      expires_at: clock.now(),
    })
    .returning();
  if (!o) throw new Error('order insert');
  const [i] = await t.ctx.db
    .insert(orderItems)
    .values({
      order_id: o.id,
      product_item_id: productItemId,
      product_display_id: shop.displayId,
      brand_id: shop.brandId,
      name: '옥스포드 셔츠',
      size_name: size,
      color_name: '화이트',
      quantity: 1,
      price: 40000,
      price_discount: 30000,
      paid_amount: 30000,
      status,
      completed_at: clock.now(),
    })
    .returning();
  if (!i) throw new Error('item insert');
  return i.id;
}

async function points(userId: number) {
  const rows = await t.ctx.db.select().from(pointLedger).where(eq(pointLedger.user_id, userId));
  return rows.at(-1)?.balance_after ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_API_KEY: ADMIN_KEY } });
  shop = await makeShop(t.ctx);
  // A shirt size sheet (flat chest, cm) so the recommendation can size it.
  const [cat] = await t.ctx.db
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(productDisplays, eq(productDisplays.category_id, categories.id))
    .where(eq(productDisplays.id, shop.displayId));
  await t.ctx.db
    .update(categories)
    .set({ code: `top_shirt_${shop.displayId}`, measurement_set: 'TOP' })
    .where(eq(categories.id, cat?.id as number));
  await t.ctx.db.update(products).set({ fit: '레귤러핏' }).where(eq(products.id, shop.productId));
  await t.ctx.db.insert(sizeMeasurements).values(
    [
      ['M', 53],
      ['L', 55],
      ['XL', 57],
    ].map(([size, chest]) => ({
      product_id: shop.productId,
      size_name: size as string,
      set_code: 'TOP' as const,
      values: { length: 72, shoulder: 45, chest: chest as number, sleeve: 62 },
    })),
  );
});
afterAll(() => t?.close());

describe("the reviewer's height and weight (the review form asks them)", () => {
  it('are kept on the review and the size review when given, else the size info; out of range is a 400', async () => {
    // No size info: without the form's answer the review would show only "L 구매".
    const m = await createMember(t.ctx);
    const itemId = await boughtItem(m.user.id, shop.l, 'L');
    const bad = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: itemId,
      rating: 5,
      content: '핏이 깔끔하고 원단이 두툼해서 좋아요.',
      height: 300,
    });
    expect(bad.status).toBe(400);
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: itemId,
      rating: 5,
      content: '핏이 깔끔하고 원단이 두툼해서 좋아요.',
      size_feel: 'FIT',
      height: 178,
      weight: 76,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [row] = await t.ctx.db.select().from(reviews).where(eq(reviews.order_item_id, itemId));
    expect({ height: row?.height, weight: row?.weight }).toEqual({ height: 178, weight: 76 });
    const size = await call(t.app, 'POST', '/api/reviews/size-review', m.headers, {
      order_item_id: itemId,
      fit: 'FIT',
      height: 178,
      weight: 76,
    });
    expect(size.status, JSON.stringify(size.body)).toBe(201);
    const [sr] = await t.ctx.db.select().from(sizeReviews).where(eq(sizeReviews.order_item_id, itemId));
    expect({ height: sr?.height, weight: sr?.weight }).toEqual({ height: 178, weight: 76 });
    // A correction on edit; a field left out stays as it was.
    const edit = await call(t.app, 'PUT', `/api/reviews/review/${row?.id}`, m.headers, { weight: 74 });
    expect(edit.status).toBe(200);
    const [after] = await t.ctx.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, row?.id as number));
    expect({ height: after?.height, weight: after?.weight }).toEqual({ height: 178, weight: 74 });
    const sizeEdit = await call(t.app, 'PUT', '/api/reviews/size-review', m.headers, {
      id: sr?.id,
      height: 177,
    });
    expect(sizeEdit.status).toBe(200);
    const [srAfter] = await t.ctx.db
      .select()
      .from(sizeReviews)
      .where(eq(sizeReviews.id, sr?.id as number));
    expect({ height: srAfter?.height, weight: srAfter?.weight }).toEqual({ height: 177, weight: 76 });
  });
});

describe('writing a review', () => {
  it('from one’s own delivered item, once; credit paid once and topped up by a complete size review', async () => {
    const m = await createMember(t.ctx, { height: 175, weight: 72 });
    const itemId = await boughtItem(m.user.id, shop.l, 'L');
    const body = {
      order_item_id: itemId,
      rating: 5,
      content: '핏이 깔끔하고 원단이 두툼해서 좋아요.',
      size_feel: 'FIT',
    };
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.credit_paid).toBe(REVIEW_CREDIT.TEXT);
    const review = r.body.review as {
      id: number;
      size_name: string;
      height: number;
      is_mine: boolean;
      user_name: string;
    };
    expect(review).toMatchObject({ size_name: 'L', height: 175, is_mine: true, user_name: '테**' });
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.TEXT);
    // Once per order item.
    const again = await call(t.app, 'POST', '/api/reviews/review', m.headers, body);
    expect(again.status).toBe(409);
    // A complete size review adds the bonus, once.
    const size = await call(t.app, 'POST', '/api/reviews/size-review', m.headers, {
      order_item_id: itemId,
      fit: 'FIT',
      chest: 'FIT',
      length: 'FIT',
      shoulder: 'FIT',
      sleeve: 'LARGE',
    });
    expect(size.status, JSON.stringify(size.body)).toBe(201);
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.TEXT + REVIEW_CREDIT.SIZE_BONUS);
    const edit = await call(t.app, 'PUT', `/api/reviews/review/${review.id}`, m.headers, { rating: 4 });
    expect(edit.status).toBe(200);
    expect(edit.body.credit_paid).toBe(0);
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.TEXT + REVIEW_CREDIT.SIZE_BONUS);
    // The point history names it.
    const history = await call(t.app, 'GET', '/api/benefits/point-history', m.headers);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('후기 작성 적립');
  });

  it('refuses an item not delivered, another member’s item, and bad input', async () => {
    const m = await createMember(t.ctx, { height: 175, weight: 72 });
    const other = await createMember(t.ctx);
    const paid = await boughtItem(m.user.id, shop.m, 'M', 'PAID' as 'COMPLETE');
    const delivered = await boughtItem(m.user.id, shop.m, 'M');
    const text = '생각보다 얇지만 가격 대비 괜찮아요.';
    expect(
      (
        await call(t.app, 'POST', '/api/reviews/review', m.headers, {
          order_item_id: paid,
          rating: 4,
          content: text,
        })
      ).status,
    ).toBe(400);
    const theirs = await call(t.app, 'POST', '/api/reviews/review', other.headers, {
      order_item_id: delivered,
      rating: 4,
      content: text,
    });
    expect(theirs.status).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/reviews/review', m.headers, {
          order_item_id: delivered,
          rating: 6,
          content: text,
        })
      ).status,
    ).toBe(400);
    // JSON bodies take numbers, not strings or booleans that look like them.
    for (const bad of [{ rating: true }, { rating: '5' }, { order_item_id: [delivered] }]) {
      const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
        order_item_id: delivered,
        rating: 5,
        content: text,
        ...bad,
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (
        await call(t.app, 'POST', '/api/reviews/review', m.headers, {
          order_item_id: delivered,
          rating: 4,
          content: '짧음',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/reviews/review',
          {},
          { order_item_id: delivered, rating: 4, content: text },
        )
      ).status,
    ).toBe(401);
  });

  it('another member cannot edit, and editing closes after 30 days', async () => {
    const m = await createMember(t.ctx, { height: 180, weight: 80 });
    const other = await createMember(t.ctx);
    const itemId = await boughtItem(m.user.id, shop.other, 'XL');
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: itemId,
      rating: 4,
      content: '어깨가 넉넉해서 니트 위에 입기 좋아요.',
    });
    const id = (r.body.review as { id: number }).id;
    expect((await call(t.app, 'PUT', `/api/reviews/review/${id}`, other.headers, { rating: 1 })).status).toBe(
      403,
    );
    const sizeR = await call(t.app, 'POST', '/api/reviews/size-review', m.headers, {
      order_item_id: itemId,
      fit: 'LARGE',
    });
    const sizeId = (sizeR.body as { id: number }).id;
    expect((await call(t.app, 'GET', `/api/reviews/size-review/${sizeId}`, other.headers)).status).toBe(404);
    expect(
      (await call(t.app, 'PUT', '/api/reviews/size-review', other.headers, { id: sizeId, fit: 'FIT' }))
        .status,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/api/reviews/size-review/${sizeId}`, m.headers)).body).toMatchObject({
      fit: 'LARGE',
      size_name: 'XL',
    });
    clock.advance(31 * 86_400);
    try {
      const late = await call(
        t.app,
        'PUT',
        `/api/reviews/review/${id}`,
        await refreshedHeaders(t.ctx, m.user.id),
        { rating: 5 },
      );
      expect(late.status).toBe(400);
      expect(late.body.detail).toContain('30일');
    } finally {
      clock.advance(-31 * 86_400);
    }
  });
});

describe('reading reviews', () => {
  it('counts, sorts, filters by body and size, and votes', async () => {
    const writers = [
      { h: 170, w: 65, size: 'M', itemId: shop.m, rating: 3, feel: 'SMALL' },
      { h: 176, w: 74, size: 'L', itemId: shop.l, rating: 5, feel: 'FIT' },
      { h: 183, w: 85, size: 'XL', itemId: shop.other, rating: 4, feel: 'FIT' },
    ] as const;
    const before = (
      await call(t.app, 'GET', `/api/reviews/review-count?product_display_id=${shop.displayId}`, {})
    ).body;
    for (const w of writers) {
      const m = await createMember(t.ctx, { height: w.h, weight: w.w });
      const itemId = await boughtItem(m.user.id, w.itemId, w.size);
      clock.advance(60);
      const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
        order_item_id: itemId,
        rating: w.rating,
        content: `키 ${w.h} 몸무게 ${w.w}인데 ${w.size} 입었어요. 만족합니다.`,
        size_feel: w.feel,
      });
      expect(r.status).toBe(201);
    }
    const after = (
      await call(t.app, 'GET', `/api/reviews/review-count?product_display_id=${shop.displayId}`, {})
    ).body as {
      review_count: number;
    };
    expect(after.review_count).toBe((before as { review_count: number }).review_count + 3);

    const list = async (x: string, q = '', headers: Record<string, string> = {}) =>
      (await call(t.app, 'GET', `/api/reviews/product-reviews/${shop.displayId}/${x}${q}`, headers)).body as {
        result: {
          id: number;
          rating: number;
          size_name: string;
          height: number;
          is_helpful: boolean;
          helpful_count: number;
        }[];
        pagination: { total_count: number };
        similar_body: unknown;
      };
    const high = await list('rating_high');
    expect(high.result.map((r) => r.rating)).toEqual(
      [...high.result.map((r) => r.rating)].sort((a, b) => b - a),
    );
    const low = await list('rating_low');
    expect(low.result[0]?.rating).toBeLessThanOrEqual(low.result.at(-1)?.rating ?? 0);
    const tall = await list('newest', '?height_min=180');
    expect(tall.result.length).toBeGreaterThan(0);
    expect(tall.result.every((r) => r.height >= 180)).toBe(true);
    const sizeL = await list('newest', '?size=L');
    expect(sizeL.result.every((r) => r.size_name === 'L')).toBe(true);
    expect(
      (await call(t.app, 'GET', `/api/reviews/product-reviews/${shop.displayId}/cheapest`, {})).status,
    ).toBe(400);
    expect(
      (await call(t.app, 'GET', `/api/reviews/product-reviews/${shop.displayId}/1?height_min=20`, {})).status,
    ).toBe(400);
    expect((await call(t.app, 'GET', '/api/reviews/product-reviews/99999999/best', {})).status).toBe(404);

    // Bodies like mine: a member 175 / 73 sees the 176 / 74 review, not 170 / 65 or 183 / 85.
    const me = await createMember(t.ctx, { height: 175, weight: 73 });
    const similar = await list('newest', '?similar=true', me.headers);
    expect(similar.similar_body).toEqual({ height: 175, weight: 73 });
    expect(similar.result.every((r) => Math.abs(r.height - 175) <= 5)).toBe(true);
    expect(similar.result.some((r) => r.height === 176)).toBe(true);

    // Helpful: toggled, counted, shown to the voter; "best" puts it first.
    const target = similar.result.find((r) => r.height === 176) as { id: number };
    const v = await call(t.app, 'POST', `/api/reviews/${target.id}/helpful`, me.headers);
    expect(v.body).toMatchObject({ is_helpful: true, helpful_count: 1 });
    const best = await list('best', '', me.headers);
    expect(best.result[0]).toMatchObject({ id: target.id, is_helpful: true });
    expect((await call(t.app, 'POST', `/api/reviews/${target.id}/helpful`, me.headers)).body).toMatchObject({
      is_helpful: false,
      helpful_count: 0,
    });
    // Reports: once per member.
    expect(
      (await call(t.app, 'POST', `/api/reviews/${target.id}/report`, me.headers, { reason: 'SPAM' })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', `/api/reviews/${target.id}/report`, me.headers, { reason: 'SPAM' })).status,
    ).toBe(409);
    expect(
      (await call(t.app, 'POST', `/api/reviews/${target.id}/report`, me.headers, { reason: 'NOPE' })).status,
    ).toBe(400);
    // Detail.
    const detail = await call(t.app, 'GET', `/api/reviews/review-detail/${target.id}`, {});
    expect(detail.body).toMatchObject({ id: target.id, product: { id: shop.displayId } });
    expect((await call(t.app, 'GET', '/api/reviews/review-detail/abc', {})).status).toBe(404);
  });

  it('my reviews and reviews to write', async () => {
    const m = await createMember(t.ctx, { height: 172, weight: 70 });
    const a = await boughtItem(m.user.id, shop.m, 'M');
    const b = await boughtItem(m.user.id, shop.l, 'L');
    await call(t.app, 'POST', '/api/reviews/quick-review', m.headers, {
      order_item_id: a,
      rating: 5,
      size_feel: 'FIT',
    });
    const toWrite = (await call(t.app, 'GET', '/api/reviews/reviews-to-write', m.headers)).body as {
      result: { order_item_id: number; review_id: number | null }[];
    };
    expect(toWrite.result.find((r) => r.order_item_id === a)?.review_id).not.toBeNull();
    expect(toWrite.result.find((r) => r.order_item_id === b)?.review_id).toBeNull();
    const mine = (await call(t.app, 'GET', '/api/reviews/my-reviews', m.headers)).body as {
      result: { is_quick: boolean }[];
    };
    expect(mine.result).toHaveLength(1);
    expect(mine.result[0]?.is_quick).toBe(true);
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.QUICK);
    // The storefront's 간단 후기: once per item, only on one's own item.
    const again = { order_item_id: a, rating: 4, size_feel: 'SMALL' };
    expect((await call(t.app, 'POST', '/api/reviews/quick-review', m.headers, again)).status).toBe(409);
    const other = await createMember(t.ctx);
    const theirs = { order_item_id: b, rating: 1, size_feel: 'LARGE' };
    expect((await call(t.app, 'POST', '/api/reviews/quick-review', other.headers, theirs)).status).toBe(404);
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.QUICK);
  });
});

/** A multipart body as a browser sends it: review_id and `image_url` files. */
async function photoForm(
  reviewId: number | string,
  files: { bytes: Uint8Array; name?: string; type?: string }[],
) {
  const form = new FormData();
  form.append('review_id', String(reviewId));
  for (const f of files) {
    form.append(
      'image_url',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }),
      f.name ?? 'p.jpg',
    );
  }
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type') as string };
}

/** POST review-photo with a multipart body (photoForm). */
const upload = async (headers: Record<string, string>, form: { payload: Buffer; type: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reviews/review-photo',
    headers: { ...headers, 'content-type': form.type },
    payload: form.payload,
  });

const jpegWithGps = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 30, g: 40, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretPhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 41/1',
      },
    })
    .toBuffer();

describe('review photos', () => {
  it('a JPEG with GPS comes back as WebP without it; the credit rises to the photo tier; limits hold', async () => {
    const m = await createMember(t.ctx, { height: 174, weight: 70 });
    const other = await createMember(t.ctx);
    const itemId = await boughtItem(m.user.id, shop.m, 'M');
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: itemId,
      rating: 5,
      content: '실측 사진 올려요. 어깨 라인이 딱 맞아요.',
    });
    const id = (r.body.review as { id: number }).id;
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.TEXT);
    const gps = await jpegWithGps();
    expect((await sharp(gps).metadata()).exif).toBeDefined();
    const ok = await upload(m.headers, await photoForm(id, [{ bytes: gps }]));
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json() as { credit_paid: number; review: { photos: { image_url: string }[] } };
    expect(body.credit_paid).toBe(REVIEW_CREDIT.PHOTO - REVIEW_CREDIT.TEXT);
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.PHOTO);
    const url = body.review.photos[0]?.image_url as string;
    expect(url).toMatch(/^\/api\/uploads\/reviews\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // A review photo can be withheld later (the review hidden): cached an hour, never immutable.
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretPhoneMaker'))).toBe(false);
    // The photo strip shows it.
    const strip = await call(
      t.app,
      'GET',
      `/api/reviews/product-review-photo/${shop.displayId}?count=50`,
      {},
    );
    expect(JSON.stringify(strip.body)).toContain(url);

    // A text file named .jpg is refused; so is another member's review, and a sixth photo.
    const text = await upload(
      m.headers,
      await photoForm(id, [{ bytes: Buffer.from('hello, not an image at all') }]),
    );
    expect(text.statusCode).toBe(415);
    expect((await upload(other.headers, await photoForm(id, [{ bytes: gps }]))).statusCode).toBe(403);
    const four = await upload(
      m.headers,
      await photoForm(
        id,
        Array.from({ length: 4 }, () => ({ bytes: gps })),
      ),
    );
    expect(four.statusCode).toBe(200);
    const sixth = await upload(m.headers, await photoForm(id, [{ bytes: gps }]));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().detail).toContain('5장');
    // JSON to the photo route is a 415; no review id is a 404.
    expect(
      (await call(t.app, 'POST', '/api/reviews/review-photo', m.headers, { review_id: id })).status,
    ).toBe(415);
    expect((await upload(m.headers, await photoForm('x', [{ bytes: gps }]))).statusCode).toBe(404);
    // Removing a photo: only one's own; the credit stays paid.
    const photoId = (await call(t.app, 'GET', `/api/reviews/review-detail/${id}`, {})).body.photos as {
      id: number;
    }[];
    const first = photoId[0]?.id as number;
    expect(
      (await call(t.app, 'DELETE' as 'GET', `/api/reviews/review-photo/${first}`, other.headers)).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE' as 'GET', `/api/reviews/review-photo/${first}`, m.headers)).status,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.PHOTO);
  });
});

describe('moderation', () => {
  it('hiding a review takes it out of lists and counts and takes the credit back', async () => {
    const m = await createMember(t.ctx, { height: 178, weight: 76 });
    const itemId = await boughtItem(m.user.id, shop.l, 'L');
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: itemId,
      rating: 1,
      content: '광고 글입니다 광고 글입니다 광고 글입니다',
    });
    const id = (r.body.review as { id: number }).id;
    const count = async () =>
      (
        (await call(t.app, 'GET', `/api/reviews/review-count?product_display_id=${shop.displayId}`, {}))
          .body as {
          review_count: number;
        }
      ).review_count;
    const n = await count();
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.TEXT);
    expect(
      (await call(t.app, 'POST', `/api/admin/reviews/${id}/hide`, m.headers, { reason: 'x' })).status,
    ).toBe(403);
    // Another member reports it: it heads the CS queue with the report's reason.
    const reporter = await createMember(t.ctx);
    expect(
      (
        await call(t.app, 'POST', `/api/reviews/${id}/report`, reporter.headers, {
          reason: 'SPAM',
          detail: '같은 글 반복',
        })
      ).status,
    ).toBe(200);
    const queue = async (filter: string) =>
      (await call(t.app, 'GET', `/api/admin/reviews?filter=${filter}`, admin)).body as {
        result: {
          id: number;
          report_count: number;
          reports: { reason: string }[];
          hidden_reason: string | null;
          product_name: string;
          user_name: string;
        }[];
      };
    const [product] = await t.ctx.db
      .select({ name: productDisplays.name })
      .from(productDisplays)
      .where(eq(productDisplays.id, shop.displayId));
    expect((await queue('reported')).result.find((q) => q.id === id)).toMatchObject({
      product_name: product?.name,
      user_name: m.user.name,
      report_count: 1,
      reports: [{ reason: 'SPAM', detail: '같은 글 반복' }],
    });
    expect((await call(t.app, 'GET', '/api/admin/reviews?filter=nope', admin)).status).toBe(400);
    const hide = await call(t.app, 'POST', `/api/admin/reviews/${id}/hide`, admin, { reason: '광고성 후기' });
    expect(hide.body).toMatchObject({ hidden: true, credit_revoked: REVIEW_CREDIT.TEXT });
    expect(await points(m.user.id)).toBe(0);
    expect(await count()).toBe(n - 1);
    expect((await queue('reported')).result.map((q) => q.id)).not.toContain(id);
    expect((await queue('hidden')).result.find((q) => q.id === id)?.hidden_reason).toBe('광고성 후기');
    expect((await call(t.app, 'GET', `/api/reviews/review-detail/${id}`, {})).status).toBe(404);
    // Hiding again changes nothing.
    expect(
      (await call(t.app, 'POST', `/api/admin/reviews/${id}/hide`, admin, { reason: '광고성 후기' })).body,
    ).toMatchObject({
      credit_revoked: 0,
    });
  });
});

describe("a hidden review's photos", () => {
  it('answer 404 once it is hidden, reach operators by signed URL, and are served again when it is shown', async () => {
    const m = await createMember(t.ctx, { height: 176, weight: 71 });
    const itemId = await boughtItem(m.user.id, shop.m, 'M');
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: itemId,
      rating: 2,
      content: '사진 첨부한 후기입니다. 숨겨질 예정이에요.',
    });
    const id = (r.body.review as { id: number }).id;
    const up = await upload(m.headers, await photoForm(id, [{ bytes: await jpegWithGps() }]));
    expect(up.statusCode, up.body).toBe(200);
    const url = (up.json() as { review: { photos: { image_url: string }[] } }).review.photos[0]
      ?.image_url as string;
    const get = (u: string) => t.app.inject({ method: 'GET', url: u });
    expect((await get(url)).statusCode).toBe(200);
    const rating = async () =>
      (await call(t.app, 'GET', `/api/reviews/review-count?product_display_id=${shop.displayId}`, {}))
        .body as { review_count: number };
    const before = (await rating()).review_count;

    expect(
      (await call(t.app, 'POST', `/api/admin/reviews/${id}/hide`, admin, { reason: '부적절한 사진' })).status,
    ).toBe(200);
    const hidden = await get(url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().detail).toBe('이미지가 존재하지 않습니다');
    // The operator's queue shows it through a signed, privately cached URL.
    const queue = (await call(t.app, 'GET', '/api/admin/reviews?filter=hidden', admin)).body as {
      result: { id: number; photos: string[] }[];
    };
    const signed = queue.result.find((q) => q.id === id)?.photos[0] as string;
    expect(signed).toMatch(/^\/api\/uploads\/withheld\/reviews\/.+\?exp=\d+&sig=/);
    const seen = await get(signed);
    expect(seen.statusCode).toBe(200);
    expect(String(seen.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
    expect((await get(signed.replace(/\?.*$/, ''))).statusCode).toBe(404);
    // Hiding again leaves it withheld.
    expect(
      (await call(t.app, 'POST', `/api/admin/reviews/${id}/hide`, admin, { reason: '부적절한 사진' })).status,
    ).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    // Members cannot show it again; CS can: the review and its photo are back.
    expect((await call(t.app, 'POST', `/api/admin/reviews/${id}/unhide`, m.headers)).status).toBe(403);
    const shown = await call(t.app, 'POST', `/api/admin/reviews/${id}/unhide`, admin);
    expect(shown).toMatchObject({ status: 200, body: { review_id: id, hidden: false } });
    expect((await get(url)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/reviews/review-detail/${id}`, {})).status).toBe(200);
    expect((await rating()).review_count).toBe(before);
    expect((await call(t.app, 'POST', `/api/admin/reviews/${id}/unhide`, admin)).body).toMatchObject({
      hidden: false,
    });
    expect((await rating()).review_count).toBe(before);
    expect((await call(t.app, 'POST', '/api/admin/reviews/999999/unhide', admin)).status).toBe(404);
  });
});

describe('recommended size', () => {
  const url = (q: string) => `/api/products/recommended-size/${shop.displayId}${q}`;

  it('answers anyone from height and weight, with probabilities and a Korean line', async () => {
    const r = await call(t.app, 'GET', url('?height=175&weight=72'), {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const body = r.body as {
      recommended_size: string;
      confidence: number;
      basis: string;
      explanation: string;
      sizes: { size_name: string; small: number; fits: number; large: number }[];
    };
    expect(['M', 'L', 'XL']).toContain(body.recommended_size);
    expect(body.confidence).toBeGreaterThan(0);
    // The confidence is the recommended size's own P(fits), to the digit (docs "Sizing").
    expect(body.confidence).toBe(body.sizes.find((s) => s.size_name === body.recommended_size)?.fits);
    for (const s of body.sizes) expect(s.small + s.fits + s.large).toBeCloseTo(1, 2);
    expect(body.explanation).toMatch(/^키 175·몸무게 72 고객님 기준 가슴/);
    // Bad bodies are 400s; height without weight too.
    expect((await call(t.app, 'GET', url('?height=175'), {})).status).toBe(400);
    expect((await call(t.app, 'GET', url('?height=75&weight=72'), {})).status).toBe(400);
    expect((await call(t.app, 'GET', url('?height=175&weight=72&fit=baggy'), {})).status).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/products/recommended-size/99999999?height=175&weight=72', {})).status,
    ).toBe(404);
    // Slim takes a size no larger than loose.
    const slim = (await call(t.app, 'GET', url('?height=175&weight=72&fit=slim'), {})).body
      .recommended_size as string;
    const loose = (await call(t.app, 'GET', url('?height=175&weight=72&fit=loose'), {})).body
      .recommended_size as string;
    const order = ['M', 'L', 'XL'];
    expect(order.indexOf(slim)).toBeLessThanOrEqual(order.indexOf(loose));
  });

  it('a sheet published only as girths (the TOP2 set) sizes the product as its flat sheet does', async () => {
    const bodies = ['?height=168&weight=62', '?height=175&weight=72', '?height=182&weight=88&fit=loose'];
    const answers = async () => {
      await invalidate(t.ctx, 'catalog.changed');
      return Promise.all(bodies.map(async (q) => (await call(t.app, 'GET', url(q), {})).body));
    };
    const flat = await answers();
    const sheet = await t.ctx.db
      .select()
      .from(sizeMeasurements)
      .where(eq(sizeMeasurements.product_id, shop.productId));
    // The shop publishes circumferences only: 둘레 = 2 × 단면.
    await t.ctx.db.delete(sizeMeasurements).where(eq(sizeMeasurements.product_id, shop.productId));
    await t.ctx.db.insert(sizeMeasurements).values(
      sheet.map((m) => ({
        product_id: m.product_id,
        size_name: m.size_name,
        set_code: 'TOP2' as const,
        values: { ...m.values, chest: 2 * (m.values.chest as number) },
      })),
    );
    try {
      const round = await answers();
      for (const [i, r] of round.entries()) {
        const before = flat[i] as typeof r;
        expect(r.basis, bodies[i]).not.toBe('none');
        expect(r.basis, bodies[i]).toBe(before.basis);
        expect(r.recommended_size, bodies[i]).toBe(before.recommended_size);
        expect(r.sizes, bodies[i]).toEqual(before.sizes);
      }
    } finally {
      await t.ctx.db.delete(sizeMeasurements).where(eq(sizeMeasurements.product_id, shop.productId));
      await t.ctx.db.insert(sizeMeasurements).values(sheet.map(({ id: _id, ...m }) => m));
      await invalidate(t.ctx, 'catalog.changed');
    }
  });

  it('for a member from their size info; without a body, their usual size', async () => {
    const m = await createMember(t.ctx);
    const none = await call(t.app, 'GET', url(''), m.headers);
    expect(none.body).toMatchObject({ basis: 'none', recommended_size: null });
    await t.ctx.db.insert(userSizeInfo).values({ user_id: m.user.id, sizes: { TOP: 'XL' } });
    expect((await call(t.app, 'GET', url(''), m.headers)).body).toMatchObject({
      basis: 'size_info',
      recommended_size: 'XL',
    });
    await t.ctx.db
      .update(userSizeInfo)
      .set({ height: 168, weight: 62, fit_preference: 'regular' })
      .where(eq(userSizeInfo.user_id, m.user.id));
    const fromBody = (await call(t.app, 'GET', url(''), m.headers)).body as {
      basis: string;
      body: { height: number };
    };
    expect(fromBody.basis).toMatch(/^body/);
    expect(fromBody.body.height).toBe(168);
  });

  it('without size info or a body: the size last bought of the product type, kept items only', async () => {
    const m = await createMember(t.ctx);
    const bottoms = await makeShop(t.ctx);
    await t.ctx.db
      .update(productDisplays)
      .set({ product_type: 'BOTTOM' })
      .where(eq(productDisplays.id, bottoms.displayId));
    const bought = async (
      s: Shop,
      itemId: number,
      size: string,
      status: 'COMPLETE' | 'CONFIRMED' | 'CANCEL',
      at: string,
    ) => {
      const [o] = await t.ctx.db
        .insert(orders)
        .values({
          order_no: `size-history-${Math.random().toString(36).slice(2, 10)}`,
          user_id: m.user.id,
          status: 'PAID',
          order_name: '옥스포드 셔츠',
          total_price: 40000,
          amount: 30000,
          expires_at: clock.now(),
        })
        .returning();
      if (!o) throw new Error('order insert');
      await t.ctx.db.insert(orderItems).values({
        order_id: o.id,
        product_item_id: itemId,
        product_display_id: s.displayId,
        brand_id: s.brandId,
        name: '옥스포드 셔츠',
        size_name: size,
        color_name: '화이트',
        quantity: 1,
        price: 40000,
        price_discount: 30000,
        paid_amount: 30000,
        status,
        created_at: new Date(at),
      });
    };
    await bought(shop, shop.m, 'M', 'CONFIRMED', '2026-10-01T00:00:00Z');
    await bought(shop, shop.l, 'L', 'COMPLETE', '2026-10-02T00:00:00Z');
    // Newer, but cancelled, or of another product type: not the size the member keeps for tops.
    await bought(shop, shop.other, 'XL', 'CANCEL', '2026-10-03T00:00:00Z');
    await bought(bottoms, bottoms.other, 'XL', 'CONFIRMED', '2026-10-04T00:00:00Z');
    expect((await call(t.app, 'GET', url(''), m.headers)).body).toMatchObject({
      basis: 'purchase_history',
      recommended_size: 'L',
    });
  });

  it('shoes: the usual shoe size, half a size up when the reviews say they run small (반 치수 크게)', async () => {
    const shoes = await makeShop(t.ctx);
    await t.ctx.db.update(products).set({ product_type: 'SHOES' }).where(eq(products.id, shoes.productId));
    await t.ctx.db
      .update(productDisplays)
      .set({ product_type: 'SHOES' })
      .where(eq(productDisplays.id, shoes.displayId));
    for (const [id, size] of [
      [shoes.m, '265'],
      [shoes.l, '270'],
      [shoes.other, '275'],
    ] as const)
      await t.ctx.db.update(productItems).set({ size_name: size }).where(eq(productItems.id, id));
    await invalidate(t.ctx, 'catalog.changed');
    const ask = async (q: string, headers = {}) =>
      (await call(t.app, 'GET', `/api/products/recommended-size/${shoes.displayId}${q}`, headers)).body;
    // No reviews yet: the usual size, from the query or the member's 내 사이즈.
    expect(await ask('?shoe_size=270')).toMatchObject({ basis: 'size_info', recommended_size: '270' });
    const m = await createMember(t.ctx);
    await call(t.app, 'POST', '/api/users/user-size-info', m.headers, { sizes: { SHOES: '270' } });
    expect(await ask('', m.headers)).toMatchObject({ basis: 'size_info', recommended_size: '270' });
    // Not a usual size in mm (230–300 in half sizes): the field's 400, naming the rule.
    for (const bad of ['27', '272', '305']) {
      const r = await call(
        t.app,
        'GET',
        `/api/products/recommended-size/${shoes.displayId}?shoe_size=${bad}`,
        {},
      );
      expect(r.status).toBe(400);
      expect(String(r.body.detail)).toContain(bad === '27' ? 'mm' : '5mm 단위');
    }
    // Eight of ten reviewers say they run small.
    const lines = Array.from({ length: 10 }, (_, i) =>
      JSON.stringify({
        external_id: `shoe-review-${i}`,
        product_display_id: shoes.displayId,
        size_name: '270',
        height: 172,
        weight: 70,
        fit: i < 8 ? 'SMALL' : 'FIT',
      }),
    );
    const imp = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/import',
      headers: { ...admin, 'content-type': 'application/x-ndjson' },
      payload: lines.join('\n'),
    });
    expect(imp.statusCode, imp.body).toBe(200);
    expect(await ask('?shoe_size=270')).toMatchObject({
      basis: 'size_info',
      recommended_size: '275',
      reviews_used: 10,
      explanation: '후기 10개 중 8개가 작게 나왔다고 해서 평소 270보다 반 치수 큰 275를 추천해요',
    });
    expect(await ask('', m.headers)).toMatchObject({ recommended_size: '275' });
    // No 280: the usual size, said so.
    expect(await ask('?shoe_size=275')).toMatchObject({ recommended_size: '275' });
  });

  it('imported size reviews that say the product runs small move the answer up', async () => {
    const q = url('?height=170&weight=66');
    const before = (await call(t.app, 'GET', q, {})).body as { recommended_size: string; offset: number };
    const order = ['M', 'L', 'XL'];
    const at = order.indexOf(before.recommended_size);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(2);
    // 20 bodies like the shopper's say the sheet's size is small; 10 say the next one fits.
    const lines = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({
        external_id: `other-shop-${i}`,
        product_display_id: shop.displayId,
        size_name: i < 20 ? before.recommended_size : order[at + 1],
        height: 168 + (i % 5),
        weight: 64 + (i % 5),
        fit: i < 20 ? 'SMALL' : 'FIT',
        ...(i % 3 === 0 ? { rating: 4, content: '한 치수 크게 사세요.' } : {}),
      }),
    );
    const bad = [
      '{nope',
      JSON.stringify({
        external_id: 'x1',
        product_display_id: shop.displayId,
        size_name: '5XL',
        height: 170,
        weight: 70,
        fit: 'FIT',
      }),
    ];
    const imp = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/import',
      headers: { ...admin, 'content-type': 'application/x-ndjson' },
      payload: [...lines, ...bad].join('\n'),
    });
    expect(imp.statusCode, imp.body).toBe(200);
    expect(imp.json()).toMatchObject({ imported: 30, updated: 0, rejected: 2 });
    expect(imp.json().errors.map((e: { line: number }) => e.line)).toEqual([31, 32]);
    // Idempotent by external_id.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/import',
      headers: { ...admin, 'content-type': 'application/x-ndjson' },
      payload: lines.join('\n'),
    });
    expect(again.json()).toMatchObject({ imported: 0, updated: 30, rejected: 0 });
    const after = (await call(t.app, 'GET', q, {})).body as {
      recommended_size: string;
      offset: number;
      basis: string;
      explanation: string;
    };
    expect(after.basis).toBe('body_and_reviews');
    expect(after.offset).toBeLessThan(0);
    expect(order.indexOf(after.recommended_size)).toBeGreaterThan(at);
    expect(after.explanation).toMatch(
      /비슷한 체형으로 \S+ 입은 \d+명 중 \d+명이 잘|사이즈표보다 작게 나온 편/,
    );
    // Imported reviews with a rating show, as an outside shop's customer.
    const list = (
      await call(t.app, 'GET', `/api/reviews/product-reviews/${shop.displayId}/newest?count=50`, {})
    ).body as {
      result: { is_imported: boolean; user_name: string }[];
    };
    expect(list.result.filter((r) => r.is_imported).length).toBe(10);
    // Members cannot import.
    const m = await createMember(t.ctx);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/import',
      headers: { ...m.headers, 'content-type': 'application/x-ndjson' },
      payload: lines[0] as string,
    });
    expect(refused.statusCode).toBe(403);
    const imported = await t.ctx.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.product_display_id, shop.displayId), eq(orderItems.status, 'COMPLETE')));
    expect(imported.length).toBeGreaterThan(0);
  });
});

// ───────────── review fixes: credit per order item, quick reviews with photos, races, import ─────────────

/** The product's counters against its visible reviews (what review-count computes from the rows). */
async function countersOf(displayId: number) {
  const [d] = await t.ctx.db
    .select({ n: productDisplays.review_count, sum: productDisplays.rating_sum })
    .from(productDisplays)
    .where(eq(productDisplays.id, displayId));
  const [rows] = await t.ctx.db
    .select({
      n: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.product_display_id, displayId), isNull(reviews.hidden_at)));
  return { counters: { n: d?.n, sum: d?.sum }, rows: { n: Number(rows?.n), sum: Number(rows?.sum) } };
}

const importLines = (lines: string[], contentType = 'application/x-ndjson') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/reviews/import',
    headers: { ...admin, 'content-type': contentType },
    payload: lines.join('\n'),
  });

async function uploadPhotos(headers: Record<string, string>, reviewId: number, n: number) {
  const gps = await jpegWithGps();
  const form = await photoForm(
    reviewId,
    Array.from({ length: n }, () => ({ bytes: gps })),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/reviews/review-photo',
    headers: { ...headers, 'content-type': form.type },
    payload: form.payload,
  });
}

describe('review credit per order item', () => {
  it('one size review pays its bonus to the review of its own order item only (same product bought twice)', async () => {
    const m = await createMember(t.ctx, { height: 176, weight: 74 });
    const first = await boughtItem(m.user.id, shop.l, 'L');
    const second = await boughtItem(m.user.id, shop.l, 'L');
    const text = '두 번째 구매예요. 색이 예뻐서 하나 더 샀어요.';
    const a = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: first,
      rating: 5,
      content: text,
    });
    clock.advance(60);
    const b = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: second,
      rating: 4,
      content: text,
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await points(m.user.id)).toBe(2 * REVIEW_CREDIT.TEXT);
    // A complete size review of the first item: the bonus once, on the first item's review.
    const size = await call(t.app, 'POST', '/api/reviews/size-review', m.headers, {
      order_item_id: first,
      fit: 'FIT',
      chest: 'FIT',
      length: 'FIT',
      shoulder: 'FIT',
      sleeve: 'FIT',
    });
    expect(size.status).toBe(201);
    expect(await points(m.user.id)).toBe(2 * REVIEW_CREDIT.TEXT + REVIEW_CREDIT.SIZE_BONUS);
    const [ra] = await t.ctx.db
      .select({ paid: reviews.credit_paid })
      .from(reviews)
      .where(eq(reviews.order_item_id, first));
    expect(ra?.paid).toBe(REVIEW_CREDIT.TEXT + REVIEW_CREDIT.SIZE_BONUS);
    // Editing either review does not pay the same size review's bonus again.
    for (const r of [a, b]) {
      const id = (r.body.review as { id: number }).id;
      const edit = await call(t.app, 'PUT', `/api/reviews/review/${id}`, m.headers, { rating: 3 });
      expect(edit.status).toBe(200);
      expect(edit.body.credit_paid).toBe(0);
    }
    expect(await points(m.user.id)).toBe(2 * REVIEW_CREDIT.TEXT + REVIEW_CREDIT.SIZE_BONUS);
  });

  it('a photo on a quick review keeps it quick; the photo tier comes with text', async () => {
    const m = await createMember(t.ctx, { height: 172, weight: 68 });
    const itemId = await boughtItem(m.user.id, shop.m, 'M');
    const q = await call(t.app, 'POST', '/api/reviews/quick-review', m.headers, {
      order_item_id: itemId,
      rating: 5,
      size_feel: 'FIT',
    });
    expect(q.status).toBe(201);
    const id = (q.body.review as { id: number }).id;
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.QUICK);
    const up = await uploadPhotos(m.headers, id, 1);
    expect(up.statusCode, up.body).toBe(200);
    const body = up.json() as { credit_paid: number; review: { is_quick: boolean; content: string } };
    expect(body.credit_paid).toBe(0);
    expect(body.review).toMatchObject({ is_quick: true, content: '' });
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.QUICK);
    // With text it becomes a photo review.
    const edit = await call(t.app, 'PUT', `/api/reviews/review/${id}`, m.headers, {
      content: '사진처럼 핏이 예쁘게 떨어져요. 추천합니다.',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.credit_paid).toBe(REVIEW_CREDIT.PHOTO - REVIEW_CREDIT.QUICK);
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.PHOTO);
  });
});

describe('at once (races: meaningful on PostgreSQL, npm run test:pg)', () => {
  it('a review and a size review of one item written at once: the size bonus is paid, once', async () => {
    const members = await Promise.all(
      Array.from({ length: 4 }, () => createMember(t.ctx, { height: 175, weight: 72 })),
    );
    await Promise.all(
      members.map(async (m) => {
        const itemId = await boughtItem(m.user.id, shop.l, 'L');
        const [r, s] = await Promise.all([
          call(t.app, 'POST', '/api/reviews/review', m.headers, {
            order_item_id: itemId,
            rating: 5,
            content: '동시에 써도 적립금은 한 번만 받아야 해요.',
          }),
          call(t.app, 'POST', '/api/reviews/size-review', m.headers, {
            order_item_id: itemId,
            fit: 'FIT',
            chest: 'FIT',
            length: 'FIT',
            shoulder: 'FIT',
            sleeve: 'FIT',
          }),
        ]);
        expect([r.status, s.status]).toEqual([201, 201]);
      }),
    );
    for (const m of members) {
      expect(await points(m.user.id)).toBe(REVIEW_CREDIT.TEXT + REVIEW_CREDIT.SIZE_BONUS);
    }
  });

  it('photos added twice at once pay the photo tier once; removed at once, the count follows the rows', async () => {
    const m = await createMember(t.ctx, { height: 175, weight: 72 });
    const itemId = await boughtItem(m.user.id, shop.m, 'M');
    const r = await call(t.app, 'POST', '/api/reviews/review', m.headers, {
      order_item_id: itemId,
      rating: 5,
      content: '사진 두 장을 한꺼번에 올려봅니다.',
    });
    const id = (r.body.review as { id: number }).id;
    const ups = await Promise.all([uploadPhotos(m.headers, id, 2), uploadPhotos(m.headers, id, 2)]);
    expect(ups.map((u) => u.statusCode)).toEqual([200, 200]);
    expect(await points(m.user.id)).toBe(REVIEW_CREDIT.PHOTO);
    const photos = await t.ctx.db.select().from(reviewPhotos).where(eq(reviewPhotos.review_id, id));
    expect(photos).toHaveLength(4);
    const del = await Promise.all(
      photos
        .slice(0, 2)
        .map((p) => call(t.app, 'DELETE' as 'GET', `/api/reviews/review-photo/${p.id}`, m.headers)),
    );
    expect(del.map((d) => d.status)).toEqual([200, 200]);
    const [row] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, id));
    const left = await t.ctx.db
      .select()
      .from(reviewPhotos)
      .where(eq(reviewPhotos.review_id, id))
      .orderBy(reviewPhotos.order);
    expect(left).toHaveLength(2);
    expect(row?.photo_count).toBe(2);
    expect(left.map((p) => p.order)).toEqual([0, 1]);
  });

  it('helpful votes toggled at once by many members count the votes', async () => {
    const writer = await createMember(t.ctx, { height: 175, weight: 72 });
    const itemId = await boughtItem(writer.user.id, shop.l, 'L');
    const r = await call(t.app, 'POST', '/api/reviews/review', writer.headers, {
      order_item_id: itemId,
      rating: 5,
      content: '도움돼요가 정확히 세어지는지 봅니다.',
    });
    const id = (r.body.review as { id: number }).id;
    const voters = await Promise.all(Array.from({ length: 6 }, () => createMember(t.ctx)));
    await Promise.all(voters.map((v) => call(t.app, 'POST', `/api/reviews/${id}/helpful`, v.headers)));
    // Half of them take it back, while one toggles twice at once (on, off: net nothing).
    await Promise.all(
      voters.slice(0, 3).map((v) => call(t.app, 'POST', `/api/reviews/${id}/helpful`, v.headers)),
    );
    const [row] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.helpful_count).toBe(3);
  });
});

describe('review import: counters and hostile lines', () => {
  it('a re-import that moves a review to another product moves it and its count', async () => {
    const other = await makeShop(t.ctx);
    const base = { external_id: `move-${orderSeq}-${Date.now()}`, height: 174, weight: 70, fit: 'FIT' };
    const here = JSON.stringify({ ...base, product_display_id: shop.displayId, size_name: 'M', rating: 5 });
    const there = JSON.stringify({ ...base, product_display_id: other.displayId, size_name: 'L', rating: 2 });
    expect((await importLines([here])).json()).toMatchObject({ imported: 1, rejected: 0 });
    const mid = await countersOf(shop.displayId);
    expect(mid.counters).toEqual(mid.rows);
    expect((await importLines([there])).json()).toMatchObject({ updated: 1, rejected: 0 });
    const [moved] = await t.ctx.db
      .select({ display: reviews.product_display_id, rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.external_id, base.external_id));
    expect(moved).toEqual({ display: other.displayId, rating: 2 });
    const [a, b] = [await countersOf(shop.displayId), await countersOf(other.displayId)];
    expect(a.counters).toEqual(a.rows);
    expect(a.rows.n).toBe((mid.rows.n as number) - 1);
    expect(b.counters).toEqual({ n: 1, sum: 2 });
    expect(b.rows).toEqual({ n: 1, sum: 2 });
    // Importing the same file twice at once counts each review once.
    const fresh = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({
        ...base,
        external_id: `${base.external_id}-x${i}`,
        product_display_id: other.displayId,
        size_name: 'M',
        rating: 4,
      }),
    );
    const both = await Promise.all([importLines(fresh), importLines(fresh)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().imported).sort()).toEqual([0, 20]);
    const c = await countersOf(other.displayId);
    expect(c.rows).toEqual({ n: 21, sum: 2 + 20 * 4 });
    expect(c.counters).toEqual(c.rows);
  });

  it('a NUL, a year 0 or a date in the future refuses the line, not the file; JSON is a 415', async () => {
    const ok = (id: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        external_id: id,
        product_display_id: shop.displayId,
        size_name: 'M',
        height: 175,
        weight: 70,
        fit: 'FIT',
        ...extra,
      });
    const stamp = Date.now();
    const r = await importLines([
      `\uFEFF${ok(`bom-${stamp}`)}`,
      ok(`nul-${stamp}\u0000`),
      ok(`nulc-${stamp}`, { rating: 3, content: 'a\u0000b' }),
      ok(`y0-${stamp}`, { created_at: '0000-01-01T00:00:00Z' }),
      ok(`future-${stamp}`, { created_at: '9999-12-31T23:59:59Z' }),
      `${ok(`crlf-${stamp}`, { created_at: '2026-01-05T10:00:00+09:00' })}\r`,
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as {
      imported: number;
      rejected: number;
      errors: { line: number; reason: string }[];
    };
    expect(body).toMatchObject({ imported: 2, rejected: 4 });
    expect(body.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(body.errors[3]?.reason).toContain('future');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/import',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.parse(ok(`json-${stamp}`)),
    });
    expect(json.statusCode).toBe(415);
  });
});
