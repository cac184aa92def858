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
  garmentKind,
  isBodyInRange,
  KEPT_ITEM_STATUSES,
  type RecommendedSizeBody,
  recommendSize,
  type SizeReviewInput,
  sheetGirths,
  shoeAdvice,
} from '@codiroom/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cache, defineCache } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import {
  colourwayIds,
  itemStocksOfDisplay,
  reviewDisplays,
  type SizingProduct,
  sizeSheet,
  sizingProduct,
} from '../catalog/index.ts';
import { getSizeInfo } from '../users/index.ts';
import { reviewOrders } from './orders-port.ts';
import { reviews, sizeReviews } from './schema.ts';

/** At most this many size reviews (the newest) inform one answer. */
const MAX_REVIEWS = 400;

type SizingInputs = {
  product: Product;
  /** Each size's girth of the key dimension (sizing.ts sheetGirths: flat widths, else girths). */
  sheet: { size_name: string; girth: number | null }[];
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

type Product = SizingProduct;

async function productOf(db: Db, id: number): Promise<Product> {
  const row = await sizingProduct(db, id);
  if (!row) throw notFound('상품이 없습니다.');
  return row;
}

async function sizesOf(db: Db, id: number) {
  const rows = await itemStocksOfDisplay(db, id);
  const inStock = new Map<string, boolean>();
  for (const r of rows) inStock.set(r.size_name, (inStock.get(r.size_name) ?? false) || Number(r.stock) > 0);
  return [...inStock].map(([size_name, has]) => ({ size_name, is_sold_out: !has }));
}

/**
 * The size reviews of every colourway of the product, the newest MAX_REVIEWS (imported ones
 * included). The colourways come from catalog's colourwayIds (through the brand's index), then
 * each read uses the display indexes.
 */
async function sizeReviewsOf(
  db: Db,
  product: Pick<Product, 'product_id' | 'brand_id'>,
): Promise<SizeReviewInput[]> {
  const ids = await colourwayIds(db, product);
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

/**
 * The size of the member's newest kept order item of this product type: the newest kept item of
 * each display (orders, through the port), those displays' types (catalog), the newest match.
 */
async function lastBoughtSize(ctx: AppContext, userId: number, productType: string): Promise<string | null> {
  const bought = await reviewOrders(ctx).latestSizeByDisplay(ctx.db, userId, KEPT_ITEM_STATUSES);
  if (bought.length === 0) return null;
  const displays = await reviewDisplays(
    ctx.db,
    bought.map((b) => b.product_display_id),
  );
  let newest: (typeof bought)[number] | null = null;
  for (const b of bought) {
    if (displays.get(b.product_display_id)?.product_type !== productType) continue;
    if (!newest || b.created_at.getTime() > newest.created_at.getTime()) newest = b;
  }
  return newest?.size_name ?? null;
}

async function loadInputs(db: Db, id: number): Promise<SizingInputs> {
  const product = await productOf(db, id);
  const garment = garmentKind(product.product_type, product.category_code, product.cut);
  const base = product.measurement_set;
  // Shoes: no sheet the model reads; their size reviews' feels decide half sizes (shoeAdvice).
  if (product.product_type === 'SHOES')
    return { product, sheet: [], reviews: await sizeReviewsOf(db, product) };
  if (!garment || !(base === 'TOP' || base === 'OUTER' || base === 'BOTTOM')) {
    return { product, sheet: [], reviews: [] };
  }
  const [flat, girthsOnly, reviewRows] = await Promise.all([
    sizeSheet(db, product.product_id, base),
    sizeSheet(db, product.product_id, `${base}2`),
    sizeReviewsOf(db, product),
  ]);
  return { product, sheet: sheetGirths(garment.key, flat, girthsOnly), reviews: reviewRows };
}

export async function recommendedSize(
  ctx: AppContext,
  id: number | null,
  query: { height?: number; weight?: number; fit?: FitPreference; shoe_size?: string },
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
    const girthOf = new Map(sheet.map((m) => [m.size_name, m.girth]));
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
  const usual =
    (product.product_type === 'SHOES' ? query.shoe_size : undefined) ?? member?.sizes[product.product_type];
  if (product.product_type === 'SHOES' && usual) {
    const advice = shoeAdvice(
      usual,
      sizes.map((s) => s.size_name),
      sizeReviewRows,
    );
    if (advice.size)
      return {
        ...empty('size_info', advice.size),
        explanation: advice.note,
        reviews_used: advice.reviews_used,
      };
  }
  if (has(usual)) return empty('size_info', usual);
  if (userId !== null) {
    const bought = await lastBoughtSize(ctx, userId, product.product_type);
    if (has(bought)) return empty('purchase_history', bought);
  }
  return empty('none', null);
}
