import { SLACKS_EVENT_PRICES } from '@codiroom/shared';
import * as t from '../src/db/schema.ts';
import { BRANDS, brandSlug, CATEGORIES, COLORS, variantOf } from './data.ts';
import { averageReviews, type DisplayPlan, type ProductPlan } from './plan.ts';
import { planProduct } from './product-plan.ts';
import type { SeedState } from './state.ts';
import { CATALOGUE_BATCH, get, type Row } from './writer.ts';

// ── catalogue: products, displays, items, measurements, reviews, likes ──
export async function catalogue(ctx: SeedState): Promise<void> {
  const rng = ctx.root.fork('catalogue');
  const catWeights = CATEGORIES.map((c) => c.weight);
  const brandsFor = CATEGORIES.map((c) => {
    const idx: number[] = [];
    BRANDS.forEach((b, i) => {
      const ok = b.only ? b.only.includes(c.code) : b.mains.includes(c.main) && c.code !== 'acc_eyewear';
      if (ok) idx.push(i);
    });
    if (idx.length === 0) throw new Error(`no brand makes ${c.code}`);
    return idx;
  });
  const avgReviews = averageReviews(ctx.productCount);
  const avgLikes = 2.5;

  let made = 0;
  let serial = 0;
  while (made < ctx.productCount) {
    const batch: ProductPlan[] = [];
    let inBatch = 0;
    while (inBatch < CATALOGUE_BATCH && made + inBatch < ctx.productCount) {
      const ci = CATEGORIES.indexOf(rng.weighted(CATEGORIES, catWeights));
      const cat = get(CATEGORIES, ci);
      const brandChoices = get(brandsFor, ci);
      const brandIdx = rng.weighted(
        brandChoices,
        brandChoices.map((b) => get(BRANDS, b).weight),
      );
      const remaining = ctx.productCount - made - inBatch;
      const colours = Math.min(
        remaining,
        rng.weightedPick<number>([
          [1, 45],
          [2, 35],
          [3, 20],
        ]),
      );
      serial++;
      const plan = planProduct(ctx, rng, serial, cat, brandIdx, colours, avgReviews, avgLikes);
      slacksEventPrice(ctx, plan);
      batch.push(plan);
      inBatch += plan.displays.length;
    }
    await writeBatch(ctx, batch);
    made += inBatch;
    ctx.progress.step(inBatch, 'catalogue');
  }
}

/**
 * SPEC.md §9 "Event coupon prices for slacks on a list of product ids: 9900, 14900, 19900, 29500
 * (50% off)": the first slacks products planned (one per event price) get a discount price of twice
 * the event price, so the 50% event coupon (`event_slacks`) charges exactly that price. No draw of
 * the generator changes, so the rest of the catalogue is the same.
 */
export function slacksEventPrice(ctx: SeedState, plan: ProductPlan): void {
  const k = ctx.slacksEventPlans.size;
  if (plan.cat.code !== 'bottom_slacks' || k >= SLACKS_EVENT_PRICES.length) return;
  plan.priceDiscount = get(SLACKS_EVENT_PRICES, k) * 2;
  // Like every seeded discount: at most 60% off the list price, list price in 100 won.
  plan.price = Math.max(
    plan.priceDiscount,
    Math.min(plan.price, Math.floor(plan.priceDiscount / 0.4 / 100) * 100),
  );
  ctx.slacksEventPlans.add(plan);
}

/**
 * SPEC.md §9 "Shipping rules": colourways flagged almost sold-out (품절임박). Flagged from the
 * stock itself: every size still in stock but none with more than 3 left (the low-stock mark), for
 * the two weeks around the seed's clock.
 */
export function almostSoldOutWindow(ctx: SeedState, stocks: number[]): Row {
  const inStock = stocks.filter((n) => n > 0);
  const flagged = inStock.length === stocks.length && inStock.length > 0 && inStock.every((n) => n <= 3);
  if (!flagged) return {};
  return { almost_sold_out_from: ctx.ago(1), almost_sold_out_until: ctx.ago(-13) };
}

export async function writeBatch(ctx: SeedState, batch: ProductPlan[]): Promise<void> {
  const productIds = await ctx.w.insertIds(
    'products',
    t.products,
    batch.map((p) => ({
      brand_id: get(ctx.brandIds, p.brandIdx),
      category_id: ctx.categoryIds.get(p.cat.code),
      name: p.name,
      product_type: p.cat.product_type,
      material: p.material,
      fit: p.fit,
      season: p.season,
      style_tags: p.tags,
      description: p.description,
      created_at: p.createdAt,
    })),
  );

  const displayRows: Row[] = [];
  const displayOwners: { p: ProductPlan; d: DisplayPlan; productId: number }[] = [];
  batch.forEach((p, pi) => {
    const productId = get(productIds, pi);
    for (const d of p.displays) {
      const color = COLORS[d.colorKey];
      const hex = color.hex.slice(1);
      const views = p.silhouette % 2 === 0 ? 4 : 3;
      const images = Array.from(
        { length: views },
        (_, v) => `/api/images/product/${p.cat.product_type}/${hex}/${p.silhouette + 10 * v}.webp`,
      );
      displayRows.push({
        product_id: productId,
        brand_id: get(ctx.brandIds, p.brandIdx),
        category_id: ctx.categoryIds.get(p.cat.code),
        name: p.name,
        product_type: p.cat.product_type,
        price: p.price,
        price_discount: p.priceDiscount,
        color_name: color.name,
        color_hex: color.hex,
        image_url: get(images, 0),
        images,
        is_fast: d.isFast,
        force_today_shipping: d.forceToday,
        ...almostSoldOutWindow(ctx, d.stocks),
        review_count: d.reviews.length,
        rating_sum: d.reviews.reduce((s, r) => s + r.rating, 0),
        like_count: d.likeUsers.length,
        view_count: d.viewCount,
        sales_count: d.salesCount,
        popularity: d.popularity,
        created_at: d.createdAt,
      });
      displayOwners.push({ p, d, productId });
    }
  });
  const displayIds = await ctx.w.insertIds('product_displays', t.productDisplays, displayRows);

  const itemRows: Row[] = [];
  const brandCodes = BRANDS.map((b) => brandSlug(b.name_en).replace(/-/g, '').slice(0, 3).toUpperCase());
  displayOwners.forEach(({ p, d, productId }, di) => {
    const color = COLORS[d.colorKey];
    p.sizes.forEach((size, si) => {
      itemRows.push({
        product_display_id: get(displayIds, di),
        product_id: productId,
        size_name: size,
        color_name: color.name,
        stock: get(d.stocks, si),
        sku: `${get(brandCodes, p.brandIdx)}-${String(p.serial).padStart(6, '0')}-${color.code}-${size}`,
        sort_order: si,
      });
    });
  });
  const itemIds = await ctx.w.insertIds('product_items', t.productItems, itemRows);

  const measurementRows: Row[] = [];
  batch.forEach((p, pi) => {
    const set = p.cat.measurement_set;
    if (!set) return;
    const productId = get(productIds, pi);
    for (const m of p.measurements) {
      measurementRows.push({ product_id: productId, size_name: m.size, set_code: set, values: m.base });
      measurementRows.push({
        product_id: productId,
        size_name: m.size,
        set_code: variantOf(set),
        values: m.alt,
      });
    }
  });
  await ctx.w.insert('size_measurements', t.sizeMeasurements, measurementRows);

  const reviewRows: Row[] = [];
  const reviewPhotos: number[] = [];
  const sizeReviewRows: Row[] = [];
  const likeRows: Row[] = [];
  let itemCursor = 0;
  displayOwners.forEach(({ p, d, productId }, di) => {
    const displayId = get(displayIds, di);
    for (const r of d.reviews) {
      const user = get(ctx.reviewers, r.userIdx);
      const size = get(p.sizes, r.sizeIdx);
      const itemId = get(itemIds, itemCursor + r.sizeIdx);
      reviewRows.push({
        user_id: user.id,
        product_display_id: displayId,
        product_item_id: itemId,
        rating: r.rating,
        content: r.content,
        size_feel: r.sizeFeel,
        size_name: size,
        height: user.height,
        weight: user.weight,
        is_quick: r.isQuick,
        photo_count: r.photos,
        helpful_count: r.helpful,
        created_at: r.createdAt,
      });
      reviewPhotos.push(r.photos);
      if (r.sizeReview && r.sizeFeel) {
        sizeReviewRows.push({
          user_id: user.id,
          product_display_id: displayId,
          product_item_id: itemId,
          size_name: size,
          fit: r.sizeFeel,
          length_feel: p.cat.product_type === 'SHOES' ? null : r.lengthFeel,
          height: user.height,
          weight: user.weight,
          created_at: r.createdAt,
          updated_at: r.createdAt,
        });
      }
    }
    d.likeUsers.forEach((u, li) => {
      likeRows.push({
        user_id: get(ctx.reviewers, u).id,
        like_type: 'PRODUCT',
        like_id: displayId,
        created_at: get(d.likeTimes, li),
      });
    });
    itemCursor += p.sizes.length;
    if (ctx.slacksEventPlans.has(p)) ctx.slacksEventDisplayIds.push(displayId);
    ctx.displays.push({
      id: displayId,
      productId,
      cat: p.cat,
      brandIdx: p.brandIdx,
      colorKey: d.colorKey,
      baseItem: p.baseItem,
      name: p.name,
      season: p.season,
      price: p.price,
      priceDiscount: p.priceDiscount,
      popularity: d.popularity,
      imageUrl: String(get(displayRows, di).image_url),
      tags: p.tags,
    });
  });
  const reviewIds = await ctx.w.insertIds('reviews', t.reviews, reviewRows);
  const photoRows: Row[] = [];
  reviewIds.forEach((id, i) => {
    const n = get(reviewPhotos, i);
    for (let o = 0; o < n; o++) photoRows.push({ review_id: id, image_url: '', order: o });
  });
  await ctx.w.insert('review_photos', t.reviewPhotos, photoRows);
  await ctx.w.insert('size_reviews', t.sizeReviews, sizeReviewRows);
  await ctx.w.insert('likes', t.likes, likeRows);
}
