/**
 * GET /api/products/recommended-size/{id} (docs/ARCHITECTURE.md, "Sizing"): the body from the
 * query's height and weight or the member's size info, the product's size sheet, and the size
 * reviews of the product (all its colourways, imported ones included) into the shared model
 * (packages/shared/src/sizing.ts). Products the model cannot size (shoes, bags, no sheet) fall back
 * to the member's usual size for the type, then to what they bought before.
 */
import {
  estimateBody,
  explainRecommendation,
  type FitPreference,
  garmentGirth,
  garmentKind,
  isBodyInRange,
  KEPT_ITEM_STATUSES,
  type RecommendedSizeBody,
  recommendSize,
  type SizeReviewInput,
} from '@codiroom/shared';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  orderItems,
  orders,
  productDisplays,
  productItems,
  products,
  sizeMeasurements,
} from '../../db/schema.ts';
import { cache, defineCache } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { sellableStockColumn } from '../catalog/index.ts';
import { getSizeInfo } from '../users/index.ts';
import { reviews, sizeReviews } from './schema.ts';

/** At most this many size reviews (the newest) inform one answer. */
const MAX_REVIEWS = 400;

type SizingInputs = {
  product: Product;
  sheet: { size_name: string; values: Record<string, number> }[];
  reviews: SizeReviewInput[];
};

/**
 * What the model needs of a product besides the shopper, per display: the product, its size sheet
 * and its size reviews. Any review change (`reviews.changed`) or catalogue change ends the entries;
 * stock (sold-out sizes) is read fresh on every request.
 */
const SIZING_INPUTS = defineCache<SizingInputs>('sizing-inputs', {
  ttlMs: 60_000,
  maxEntries: 5_000,
  invalidatedBy: ['reviews.changed', 'catalog.changed', 'popularity.changed'],
});

export type Shopper = { height: number; weight: number; fit: FitPreference | null };

type Product = {
  id: number;
  product_id: number;
  brand_id: number;
  product_type: string;
  category_code: string;
  measurement_set: string | null;
  cut: string | null;
};

async function productOf(db: Db, id: number): Promise<Product> {
  const [row] = await db
    .select({
      id: productDisplays.id,
      product_id: productDisplays.product_id,
      brand_id: productDisplays.brand_id,
      product_type: productDisplays.product_type,
      category_code: categories.code,
      measurement_set: categories.measurement_set,
      cut: products.fit,
    })
    .from(productDisplays)
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw notFound('상품이 없습니다.');
  return row;
}

async function sizesOf(db: Db, id: number) {
  const rows = await db
    .select({ size_name: productItems.size_name, stock: sellableStockColumn() })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(and(eq(productItems.product_display_id, id), eq(productItems.is_active, true)))
    .orderBy(asc(productItems.sort_order), asc(productItems.id));
  const inStock = new Map<string, boolean>();
  for (const r of rows) inStock.set(r.size_name, (inStock.get(r.size_name) ?? false) || Number(r.stock) > 0);
  return [...inStock].map(([size_name, has]) => ({ size_name, is_sold_out: !has }));
}

/**
 * The size reviews of every colourway of the product, the newest MAX_REVIEWS (imported ones
 * included). The colourways are found through the brand's index (as catalog's sameProducts
 * does: product_displays has no index on product_id), then each read uses the display indexes.
 */
async function sizeReviewsOf(
  db: Db,
  product: Pick<Product, 'product_id' | 'brand_id'>,
): Promise<SizeReviewInput[]> {
  const colourways = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(
      and(eq(productDisplays.brand_id, product.brand_id), eq(productDisplays.product_id, product.product_id)),
    );
  const ids = colourways.map((c) => c.id);
  if (ids.length === 0) return [];
  const [rows, felt] = await Promise.all([
    db
      .select({
        size_name: sizeReviews.size_name,
        height: sizeReviews.height,
        weight: sizeReviews.weight,
        fit: sizeReviews.fit,
        created_at: sizeReviews.created_at,
      })
      .from(sizeReviews)
      .where(inArray(sizeReviews.product_display_id, ids))
      .orderBy(desc(sizeReviews.created_at), desc(sizeReviews.id))
      .limit(MAX_REVIEWS),
    // Text and quick reviews with a size feel count as size reviews of their size, unless the
    // same member also wrote a size review of the product.
    db
      .select({
        size_name: reviews.size_name,
        height: reviews.height,
        weight: reviews.weight,
        fit: reviews.size_feel,
        created_at: reviews.created_at,
      })
      .from(reviews)
      .leftJoin(
        sizeReviews,
        and(
          eq(sizeReviews.user_id, reviews.user_id),
          eq(sizeReviews.product_display_id, reviews.product_display_id),
        ),
      )
      .where(
        and(
          inArray(reviews.product_display_id, ids),
          isNull(reviews.hidden_at),
          isNull(sizeReviews.id),
          isNull(reviews.external_id),
        ),
      )
      .orderBy(desc(reviews.created_at), desc(reviews.id))
      .limit(MAX_REVIEWS),
  ]);
  const out: (SizeReviewInput & { at: number })[] = [];
  for (const r of rows) {
    if (r.height !== null && r.weight !== null) {
      out.push({
        size_name: r.size_name,
        height: r.height,
        weight: r.weight,
        fit: r.fit,
        at: r.created_at.getTime(),
      });
    }
  }
  for (const r of felt) {
    if (r.size_name && r.height !== null && r.weight !== null && r.fit) {
      out.push({
        size_name: r.size_name,
        height: r.height,
        weight: r.weight,
        fit: r.fit,
        at: r.created_at.getTime(),
      });
    }
  }
  // The newest of both kinds together.
  out.sort((a, b) => b.at - a.at);
  return out.slice(0, MAX_REVIEWS).map(({ at: _at, ...r }) => r);
}

async function lastBoughtSize(db: Db, userId: number, productType: string): Promise<string | null> {
  const [row] = await db
    .select({ size_name: orderItems.size_name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .innerJoin(productDisplays, eq(productDisplays.id, orderItems.product_display_id))
    .where(
      and(
        eq(orders.user_id, userId),
        eq(productDisplays.product_type, productType as 'TOP'),
        inArray(orderItems.status, [...KEPT_ITEM_STATUSES]),
      ),
    )
    .orderBy(desc(orderItems.created_at))
    .limit(1);
  return row?.size_name ?? null;
}

async function loadInputs(db: Db, id: number): Promise<SizingInputs> {
  const product = await productOf(db, id);
  const garment = garmentKind(product.product_type, product.category_code, product.cut);
  const base = product.measurement_set;
  if (!garment || !(base === 'TOP' || base === 'OUTER' || base === 'BOTTOM')) {
    return { product, sheet: [], reviews: [] };
  }
  const [sheet, reviewRows] = await Promise.all([
    db
      .select({ size_name: sizeMeasurements.size_name, values: sizeMeasurements.values })
      .from(sizeMeasurements)
      .where(and(eq(sizeMeasurements.product_id, product.product_id), eq(sizeMeasurements.set_code, base))),
    sizeReviewsOf(db, product),
  ]);
  return { product, sheet, reviews: reviewRows };
}

export async function recommendedSize(
  ctx: AppContext,
  id: number | null,
  query: { height?: number; weight?: number; fit?: FitPreference },
  userId: number | null,
): Promise<RecommendedSizeBody> {
  if (id === null) throw notFound('상품이 없습니다.');
  const { db } = ctx;
  const [inputs, sizes, member] = await Promise.all([
    cache(ctx, SIZING_INPUTS).load(id, () => loadInputs(db, id)),
    sizesOf(db, id),
    userId !== null ? getSizeInfo(ctx, userId) : Promise.resolve(null),
  ]);
  const { product, sheet } = inputs;
  const height = query.height ?? member?.height ?? null;
  const weight = query.weight ?? member?.weight ?? null;
  const fit: FitPreference = query.fit ?? member?.fit_preference ?? 'regular';
  const garment = garmentKind(product.product_type, product.category_code, product.cut);
  const sizeReviewRows = inputs.reviews;
  const empty = (basis: RecommendedSizeBody['basis'], size: string | null): RecommendedSizeBody => ({
    product_display_id: id,
    recommended_size: size,
    confidence: 0,
    basis,
    explanation: null,
    sizes: sizes.map((s) => ({ ...s, ease: null, small: 0, fits: 0, large: 0 })),
    body: null,
    reviews_used: 0,
    offset: 0,
  });

  if (garment && sheet.length > 0 && height !== null && weight !== null && isBodyInRange(height, weight)) {
    const girthOf = new Map(sheet.map((m) => [m.size_name, garmentGirth(garment.key, m.values, true)]));
    const rec = recommendSize({
      height,
      weight,
      preference: fit,
      garment,
      sizes: sizes.map((s) => ({ ...s, girth: girthOf.get(s.size_name) ?? null })),
      reviews: sizeReviewRows,
    });
    const b = estimateBody(height, weight);
    return {
      product_display_id: id,
      recommended_size: rec.recommended_size,
      // The recommended size's own P(fits), unrounded: the page's "잘 맞을 확률" and that size's
      // "맞음" are one number (docs/ARCHITECTURE.md, "Sizing").
      confidence: rec.confidence,
      basis: rec.reviews_used > 0 ? 'body_and_reviews' : 'body',
      explanation: explainRecommendation(rec, height, weight, garment.key),
      sizes: rec.sizes,
      body: { height, weight, fit, ...b },
      reviews_used: rec.reviews_used,
      offset: rec.offset,
    };
  }

  // No model answer: the member's usual size for this type, then the last size bought.
  const has = (s: string | null | undefined): s is string => !!s && sizes.some((x) => x.size_name === s);
  const usual = member?.sizes[product.product_type];
  if (has(usual)) return empty('size_info', usual);
  if (userId !== null) {
    const bought = await lastBoughtSize(db, userId, product.product_type);
    if (has(bought)) return empty('purchase_history', bought);
  }
  return empty('none', null);
}
