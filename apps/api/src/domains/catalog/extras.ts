/**
 * Product page extras: shipping promise, live viewers, main image, product box, matching styles
 * and items, AI-similar products, preferred products and the recommended size.
 */
import {
  type AiSimilarBody,
  type ImageMainBody,
  type MatchupProductsBody,
  type ProductBoxBody,
  type ProductCard,
  type RecommendedSizeBody,
  type RecommendStyleBody,
  type ShippingInfoBody,
  shippingPromise,
} from '@codiroom/shared';
import { and, asc, desc, eq, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  brands,
  cartLines,
  carts,
  categories,
  codiItems,
  codiSets,
  likes,
  orderItems,
  orders,
  productDisplays,
  productItems,
  products,
  styles,
  userSizeInfo,
} from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { codiSetsWithProducts, stylesByIds } from '../contents/editorial.ts';
import { productMissing } from './products.ts';
import { activeCardsByIds, listProductCards } from './repository.ts';
import { liveViewerCount, VIEWER_WINDOW_MINUTES } from './signals.ts';

export const MATCHUP_LIMIT = 12;
export const AI_SIMILAR_LIMIT = 12;
export const AI_CANDIDATES = 300;
export const RECOMMEND_CODI_LIMIT = 6;
export const PREFERRED_DEFAULT_LIMIT = 10;

const DEFAULT_SHIPPING_FEE = 3000;
const DEFAULT_FREE_SHIPPING_MIN = 50000;

async function activeRow(db: Db, id: number) {
  const [row] = await db
    .select({
      id: productDisplays.id,
      product_id: productDisplays.product_id,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      product_type: productDisplays.product_type,
      price_discount: productDisplays.price_discount,
      color_hex: productDisplays.color_hex,
      image_url: productDisplays.image_url,
      images: productDisplays.images,
      force_today_shipping: productDisplays.force_today_shipping,
      delivery_category: productDisplays.delivery_category,
      fit: products.fit,
      style_tags: products.style_tags,
      main: categories.main,
    })
    .from(productDisplays)
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  return row;
}

// ───────────────────────────── shipping ─────────────────────────────

export async function shippingInfo(ctx: AppContext, id: number | null): Promise<ShippingInfoBody> {
  if (id === null) {
    // SPEC.md §5: no product, no database call — the standard terms.
    const promise = shippingPromise(
      { today_shipping: false, fast_shipping_cutoff: null, force_today_shipping: false },
      ctx.clock,
    );
    return {
      product_display_id: null,
      brand_id: null,
      delivery_category: 'home_delivery',
      shipping_fee: DEFAULT_SHIPPING_FEE,
      free_shipping_min: DEFAULT_FREE_SHIPPING_MIN,
      ...promise,
    };
  }
  const [row] = await ctx.db
    .select({
      brand_id: brands.id,
      today_shipping: brands.today_shipping,
      fast_shipping_cutoff: brands.fast_shipping_cutoff,
      shipping_fee: brands.shipping_fee,
      free_shipping_min: brands.free_shipping_min,
      force_today_shipping: productDisplays.force_today_shipping,
      delivery_category: productDisplays.delivery_category,
    })
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  const promise = shippingPromise(row, ctx.clock);
  return {
    product_display_id: id,
    brand_id: row.brand_id,
    delivery_category: row.delivery_category,
    shipping_fee: row.shipping_fee,
    free_shipping_min: row.free_shipping_min,
    ...promise,
  };
}

// ───────────────────────────── viewers, image, box ─────────────────────────────

export async function currentViewCount(ctx: AppContext, id: number | null) {
  if (id === null) return { product_display_id: null, count: 0, window_minutes: VIEWER_WINDOW_MINUTES };
  const [row] = await ctx.db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  return {
    product_display_id: id,
    count: await liveViewerCount(ctx, id),
    window_minutes: VIEWER_WINDOW_MINUTES,
  };
}

export async function imageMain(db: Db, id: number | null): Promise<ImageMainBody> {
  if (id === null) return { product_display_id: null, image_url: null, images: [] };
  const [row] = await db
    .select({ image_url: productDisplays.image_url, images: productDisplays.images })
    .from(productDisplays)
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  const images = row.images.length ? row.images : [row.image_url];
  return { product_display_id: id, image_url: images[0] ?? row.image_url, images };
}

export async function productBox(db: Db, id: number | null): Promise<ProductBoxBody> {
  if (id === null) throw productMissing();
  const [[card], [colour], items] = await Promise.all([
    activeCardsByIds(db, [id]),
    db
      .select({ color_name: productDisplays.color_name })
      .from(productDisplays)
      .where(eq(productDisplays.id, id))
      .limit(1),
    db
      .select({ size_name: productItems.size_name, stock: productItems.stock })
      .from(productItems)
      .where(and(eq(productItems.product_display_id, id), eq(productItems.is_active, true)))
      .orderBy(asc(productItems.sort_order), asc(productItems.id)),
  ]);
  if (!card || !colour) throw productMissing();
  const bySize = new Map<string, boolean>();
  for (const i of items) bySize.set(i.size_name, (bySize.get(i.size_name) ?? false) || i.stock > 0);
  const sizes = [...bySize].map(([size_name, inStock]) => ({ size_name, is_sold_out: !inStock }));
  return {
    result: { ...card, color_name: colour.color_name, sizes, is_sold_out: sizes.every((s) => s.is_sold_out) },
  };
}

// ───────────────────────────── codi: styles and matching items ─────────────────────────────

async function codiIdsWith(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .select({ codi_id: codiItems.codi_id })
    .from(codiItems)
    .innerJoin(codiSets, eq(codiSets.id, codiItems.codi_id))
    .where(and(eq(codiItems.product_display_id, id), eq(codiSets.is_active, true)))
    .orderBy(desc(codiSets.like_count), asc(codiSets.id))
    .limit(50);
  return [...new Set(rows.map((r) => r.codi_id))];
}

/** Codi sets that contain the product and their styles; without any, styles sharing its tags. */
export async function recommendStyle(db: Db, id: number | null): Promise<RecommendStyleBody> {
  if (id === null) return { product_display_id: null, styles: [], codis: [] };
  const row = await activeRow(db, id);
  const codiIds = await codiIdsWith(db, id);
  const codis = codiIds.length
    ? (
        await codiSetsWithProducts(
          db,
          and(inArray(codiSets.id, codiIds), eq(codiSets.is_active, true)) as SQL,
          1,
          RECOMMEND_CODI_LIMIT,
        )
      ).result
    : [];
  let styleIds: number[] = [];
  if (codiIds.length) {
    const rows = await db
      .selectDistinct({ style_id: codiSets.style_id })
      .from(codiSets)
      .where(inArray(codiSets.id, codiIds));
    styleIds = rows.flatMap((r) => (r.style_id === null ? [] : [r.style_id]));
  }
  if (styleIds.length === 0 && row.style_tags.length) {
    const rows = await db
      .select({ id: styles.id })
      .from(styles)
      .where(and(eq(styles.is_active, true), sql`${styles.tags} && ${toTextArray(row.style_tags)}`))
      .orderBy(desc(styles.like_count), asc(styles.id))
      .limit(RECOMMEND_CODI_LIMIT);
    styleIds = rows.map((r) => r.id);
  }
  const found = await stylesByIds(db, styleIds);
  found.sort((a, b) => b.like_count - a.like_count || a.id - b.id);
  return { product_display_id: id, styles: found, codis };
}

function toTextArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** What goes with each product type when no codi set pairs it (SPEC.md §3 product types). */
export const COMPLEMENTS: Record<string, string[]> = {
  TOP: ['BOTTOM', 'OUTER', 'SHOES'],
  BOTTOM: ['TOP', 'OUTER', 'SHOES'],
  OUTER: ['TOP', 'BOTTOM', 'SHOES'],
  SHOES: ['BOTTOM', 'TOP'],
  BAG: ['OUTER', 'TOP', 'BOTTOM'],
  ETC: ['TOP', 'BOTTOM', 'OUTER'],
};

/**
 * Items that go with the product: first the other products of the codi sets that contain it (in
 * set order, most liked set first), then complementary product types sharing a style tag.
 * Never the product's own type (a second pair of trousers is not a match).
 */
export async function matchupProducts(db: Db, id: number | null): Promise<MatchupProductsBody> {
  if (id === null) return { result: [] };
  const row = await activeRow(db, id);
  const codiIds = await codiIdsWith(db, id);
  const picked: { id: number; codi_id: number | null; reason: 'same_codi' | 'complement' }[] = [];
  if (codiIds.length) {
    const rows = await db
      .select({ codi_id: codiItems.codi_id, product_display_id: codiItems.product_display_id })
      .from(codiItems)
      .where(and(inArray(codiItems.codi_id, codiIds), ne(codiItems.product_display_id, id)))
      .orderBy(asc(codiItems.sort_order), asc(codiItems.id));
    const order = new Map(codiIds.map((c, i) => [c, i]));
    rows.sort((a, b) => (order.get(a.codi_id) ?? 0) - (order.get(b.codi_id) ?? 0));
    for (const r of rows) {
      if (!picked.some((p) => p.id === r.product_display_id)) {
        picked.push({ id: r.product_display_id, codi_id: r.codi_id, reason: 'same_codi' });
      }
    }
  }
  let cards = (await activeCardsByIds(
    db,
    picked.map((p) => p.id),
  )) as ProductCard[];
  cards = cards.filter((c) => c.product_type !== row.product_type);
  const result: MatchupProductsBody['result'] = cards.slice(0, MATCHUP_LIMIT).map((c) => {
    const p = picked.find((x) => x.id === c.id);
    return { ...c, codi_id: p?.codi_id ?? null, reason: 'same_codi' as const };
  });
  if (result.length < MATCHUP_LIMIT) {
    const types = COMPLEMENTS[row.product_type] ?? [];
    const exclude = [id, ...result.map((r) => r.id)];
    const tagMatch = row.style_tags.length
      ? sql`exists (select 1 from ${products} p where p.id = ${productDisplays.product_id} and p.style_tags && ${toTextArray(row.style_tags)})`
      : undefined;
    const extra = await listProductCards(db, {
      sort: 'popular',
      limit: MATCHUP_LIMIT - result.length,
      where: and(
        inArray(
          productDisplays.product_type,
          types as (typeof productDisplays.product_type.enumValues)[number][],
        ),
        notInArray(productDisplays.id, exclude),
        tagMatch,
      ),
    });
    for (const c of extra) result.push({ ...c, codi_id: null, reason: 'complement' });
  }
  return { result };
}

// ───────────────────────────── AI-similar products ─────────────────────────────

/** Feature weights of the similarity score (they sum to 1). See docs/ARCHITECTURE.md. */
export const SIMILARITY_WEIGHTS = {
  category: 0.3,
  style: 0.2,
  colour: 0.15,
  price: 0.15,
  fit: 0.1,
  co_signal: 0.1,
} as const;

function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return [128, 128, 128];
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** 1 for the same colour, 0 for black against white (Euclidean RGB distance). */
export function colourSimilarity(a: string, b: string): number {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  const d = Math.sqrt((r1 - r2) ** 2 + (g1 - g2) ** 2 + (b1 - b2) ** 2);
  return 1 - d / Math.sqrt(3 * 255 ** 2);
}

/** 1 for the same price, 0 at twice (or half) the price and beyond (log scale). */
export function priceSimilarity(a: number, b: number): number {
  if (a <= 0 || b <= 0) return 0;
  return Math.max(0, 1 - Math.abs(Math.log(a / b)) / Math.LN2);
}

export function jaccard(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  const sa = new Set(a);
  const inter = b.filter((x) => sa.has(x)).length;
  return inter / new Set([...a, ...b]).size;
}

/** Products liked or bought by the people who liked or bought `id`: counts per product. */
async function coSignals(db: Db, id: number): Promise<Map<number, number>> {
  const [coLike, coBuy] = await Promise.all([
    db.execute<{ id: number; n: number }>(sql`
      select l2.like_id as id, count(*)::int as n
      from likes l1
      join likes l2 on l2.like_type = 'PRODUCT' and l2.like_id <> l1.like_id
        and (l2.user_id = l1.user_id or l2.guest_id = l1.guest_id)
      where l1.like_type = 'PRODUCT' and l1.like_id = ${id}
      group by l2.like_id order by n desc limit 200`),
    db.execute<{ id: number; n: number }>(sql`
      select oi2.product_display_id as id, count(*)::int as n
      from ${orderItems} oi1
      join ${orders} o1 on o1.id = oi1.order_id
      join ${orders} o2 on o2.user_id = o1.user_id
      join ${orderItems} oi2 on oi2.order_id = o2.id and oi2.product_display_id <> oi1.product_display_id
      where oi1.product_display_id = ${id} and o1.user_id is not null
      group by oi2.product_display_id order by n desc limit 200`),
  ]);
  const rows = (r: unknown) =>
    (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])) as { id: number; n: number }[];
  const m = new Map<number, number>();
  for (const r of rows(coLike)) m.set(Number(r.id), (m.get(Number(r.id)) ?? 0) + Number(r.n));
  for (const r of rows(coBuy)) m.set(Number(r.id), (m.get(Number(r.id)) ?? 0) + 2 * Number(r.n));
  return m;
}

export const AI_SIMILAR_METHOD =
  'weighted feature similarity: category 0.30, style tags (Jaccard) 0.20, colour (RGB distance) 0.15, ' +
  'price band (log ratio) 0.15, fit 0.10, co-like/co-purchase 0.10';

export async function aiSimilarProducts(db: Db, id: number | null): Promise<AiSimilarBody> {
  if (id === null) return { product_display_id: null, method: AI_SIMILAR_METHOD, result: [] };
  const row = await activeRow(db, id);
  const co = await coSignals(db, id);
  const coIds = [...co.keys()].slice(0, 100);
  const candidateCols = {
    id: productDisplays.id,
    category_id: productDisplays.category_id,
    price_discount: productDisplays.price_discount,
    color_hex: productDisplays.color_hex,
    fit: products.fit,
    style_tags: products.style_tags,
    main: categories.main,
  };
  const candidates = await db
    .select(candidateCols)
    .from(productDisplays)
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(
      and(
        eq(productDisplays.is_active, true),
        ne(productDisplays.product_id, row.product_id),
        or(eq(categories.main, row.main), coIds.length ? inArray(productDisplays.id, coIds) : undefined),
      ),
    )
    .orderBy(desc(productDisplays.popularity), asc(productDisplays.id))
    .limit(AI_CANDIDATES);
  const maxCo = Math.max(1, ...co.values());
  const W = SIMILARITY_WEIGHTS;
  const scored = candidates.map((c) => {
    const f = {
      category: c.category_id === row.category_id ? 1 : c.main === row.main ? 0.5 : 0,
      style: jaccard(row.style_tags, c.style_tags),
      colour: colourSimilarity(row.color_hex, c.color_hex),
      price: priceSimilarity(row.price_discount, c.price_discount),
      fit: row.fit && c.fit && row.fit === c.fit ? 1 : 0,
      co_signal: Math.log(1 + (co.get(c.id) ?? 0)) / Math.log(1 + maxCo),
    };
    const score =
      W.category * f.category +
      W.style * f.style +
      W.colour * f.colour +
      W.price * f.price +
      W.fit * f.fit +
      W.co_signal * f.co_signal;
    const reasons = (Object.keys(f) as (keyof typeof f)[]).filter((k) => f[k] >= 0.5);
    return { id: c.id, score: Math.round(score * 1000) / 1000, reasons };
  });
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const top = scored.slice(0, AI_SIMILAR_LIMIT);
  const cards = new Map(
    (
      await activeCardsByIds(
        db,
        top.map((t) => t.id),
      )
    ).map((c) => [c.id, c]),
  );
  return {
    product_display_id: id,
    method: AI_SIMILAR_METHOD,
    result: top.flatMap((t) => {
      const c = cards.get(t.id);
      return c
        ? [
            {
              ...c,
              score: t.score,
              reasons: t.reasons,
            },
          ]
        : [];
    }),
  };
}

// ───────────────────────────── preferred products ─────────────────────────────

/**
 * Products for the caller: the brands and shop tabs of what they liked and put in the cart,
 * weighted, minus what they already have; popular products for someone without history
 * (or nothing, with popularFallback: false).
 */
export async function userPreferredProducts(
  db: Db,
  who: { userId: number | null; guestId: string | null },
  limit: number,
  opts: { popularFallback?: boolean } = {},
): Promise<ProductCard[]> {
  const likeOwner =
    who.userId !== null
      ? eq(likes.user_id, who.userId)
      : who.guestId
        ? eq(likes.guest_id, who.guestId)
        : null;
  const cartOwner =
    who.userId !== null
      ? eq(carts.user_id, who.userId)
      : who.guestId
        ? eq(carts.guest_id, who.guestId)
        : null;
  const [liked, inCart] = await Promise.all([
    likeOwner
      ? db
          .select({ id: likes.like_id })
          .from(likes)
          .where(and(likeOwner, eq(likes.like_type, 'PRODUCT')))
          .orderBy(desc(likes.created_at))
          .limit(100)
      : Promise.resolve([]),
    cartOwner
      ? db
          .select({ id: cartLines.product_display_id })
          .from(cartLines)
          .innerJoin(carts, eq(carts.id, cartLines.cart_id))
          .where(cartOwner)
          .limit(100)
      : Promise.resolve([]),
  ]);
  const seen = [...new Set([...liked.map((r) => r.id), ...inCart.map((r) => r.id)])];
  if (seen.length === 0)
    return opts.popularFallback === false ? [] : listProductCards(db, { sort: 'popular', limit });
  const rows = await db
    .select({ brand_id: productDisplays.brand_id, main: categories.main })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(inArray(productDisplays.id, seen));
  const brandIds = [...new Set(rows.map((r) => r.brand_id))];
  const mains = [...new Set(rows.map((r) => r.main))];
  const catIds = (
    await db.select({ id: categories.id }).from(categories).where(inArray(categories.main, mains))
  ).map((r) => r.id);
  // Same brand and same tab first, then same brand, then same tab.
  const rank = sql`(case when ${inArray(productDisplays.brand_id, brandIds)} then 2 else 0 end
    + case when ${catIds.length ? inArray(productDisplays.category_id, catIds) : sql`false`} then 1 else 0 end)`;
  const ids = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(
      and(
        eq(productDisplays.is_active, true),
        notInArray(productDisplays.id, seen),
        or(
          inArray(productDisplays.brand_id, brandIds),
          catIds.length ? inArray(productDisplays.category_id, catIds) : undefined,
        ),
      ),
    )
    .orderBy(desc(rank), desc(productDisplays.popularity), asc(productDisplays.id))
    .limit(limit);
  const cards = await activeCardsByIds(
    db,
    ids.map((r) => r.id),
  );
  if (cards.length >= limit) return cards;
  const fill = await listProductCards(db, {
    sort: 'popular',
    limit: limit - cards.length,
    where: notInArray(productDisplays.id, [...seen, ...cards.map((c) => c.id)]),
  });
  return [...cards, ...fill];
}

// ───────────────────────────── recommended size ─────────────────────────────

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];

/** A letter size from height (cm) and weight (kg) for tops and outerwear (Korean men's sizing). */
export function letterSizeFromBody(height: number, weight: number): string {
  const bmiish = weight / (height / 100) ** 2;
  let i = height < 165 ? 1 : height < 172 ? 2 : height < 178 ? 3 : height < 184 ? 4 : 5;
  if (bmiish >= 27) i += 1;
  else if (bmiish < 20) i -= 1;
  return LETTER_SIZES[Math.max(0, Math.min(LETTER_SIZES.length - 1, i))] as string;
}

/** Waist (inches) from weight (kg) for trousers. */
export function waistFromBody(weight: number): string {
  const w = Math.round((weight - 60) / 4) * 1 + 30;
  return String(Math.max(26, Math.min(40, w % 2 === 0 ? w : w + 1)));
}

export async function recommendedSize(
  db: Db,
  userId: number,
  id: number | null,
): Promise<RecommendedSizeBody> {
  if (id === null) throw productMissing();
  const row = await activeRow(db, id);
  const items = await db
    .select({ size_name: productItems.size_name, stock: productItems.stock })
    .from(productItems)
    .where(and(eq(productItems.product_display_id, id), eq(productItems.is_active, true)))
    .orderBy(asc(productItems.sort_order), asc(productItems.id));
  const bySize = new Map<string, boolean>();
  for (const i of items) bySize.set(i.size_name, (bySize.get(i.size_name) ?? false) || i.stock > 0);
  const sizes = [...bySize].map(([size_name, inStock]) => ({ size_name, is_sold_out: !inStock }));
  const has = (s: string | null | undefined) => (s ? sizes.some((x) => x.size_name === s) : false);
  const answer = (recommended_size: string | null, basis: RecommendedSizeBody['basis']) => ({
    product_display_id: id,
    recommended_size,
    basis,
    sizes,
  });

  const [info] = await db.select().from(userSizeInfo).where(eq(userSizeInfo.user_id, userId)).limit(1);
  const saved = info?.sizes?.[row.product_type];
  if (has(saved)) return answer(saved as string, 'size_info');

  const [bought] = await db
    .select({ size_name: productItems.size_name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .innerJoin(productItems, eq(productItems.id, orderItems.product_item_id))
    .innerJoin(productDisplays, eq(productDisplays.id, orderItems.product_display_id))
    .where(
      and(
        eq(orders.user_id, userId),
        eq(productDisplays.product_type, row.product_type),
        inArray(orderItems.status, ['PAID', 'PREPARING', 'SHIPPING', 'COMPLETE', 'EXCHANGED', 'CONFIRMED']),
      ),
    )
    .orderBy(desc(orderItems.created_at))
    .limit(1);
  if (has(bought?.size_name)) return answer(bought?.size_name as string, 'purchase_history');

  if (info?.height && info.weight) {
    const guess =
      row.product_type === 'BOTTOM'
        ? waistFromBody(info.weight)
        : letterSizeFromBody(info.height, info.weight);
    if (has(guess)) return answer(guess, 'body');
  }
  return answer(null, 'none');
}
