import {
  type ColourwayCard,
  discountRate,
  type PaginatedProducts,
  type Pagination,
  type ProductCard,
} from '@codiroom/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { brands, productDisplays, productItems } from './schema.ts';

export const cardColumns = {
  id: productDisplays.id,
  name: productDisplays.name,
  brand_id: productDisplays.brand_id,
  brand_name: brands.name,
  price: productDisplays.price,
  price_discount: productDisplays.price_discount,
  product_type: productDisplays.product_type,
  image_url: productDisplays.image_url,
  review_count: productDisplays.review_count,
  rating_sum: productDisplays.rating_sum,
  like_count: productDisplays.like_count,
  is_fast: productDisplays.is_fast,
  delivery_category: productDisplays.delivery_category,
  color_name: productDisplays.color_name,
  quantity: sql<number>`coalesce((select sum(${productItems.stock}) from ${productItems}
    where ${productItems.product_display_id} = ${productDisplays.id} and ${productItems.is_active}), 0)::int`,
};

export type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K] extends SQL<infer T>
    ? T
    : (typeof cardColumns)[K] extends { _: { data: infer D } }
      ? D
      : never;
};

export function toCard(r: CardRow): ProductCard {
  return {
    id: r.id,
    product_display_id: r.id,
    name: r.name,
    brand_id: r.brand_id,
    brand_name: r.brand_name,
    price: r.price,
    price_discount: r.price_discount,
    discount_rate: discountRate(r.price, r.price_discount),
    product_type: r.product_type,
    image_url: r.image_url,
    review_count: r.review_count,
    rating: r.review_count > 0 ? Math.round((r.rating_sum / r.review_count) * 10) / 10 : null,
    like_count: r.like_count,
    is_fast: r.is_fast,
    quantity: Number(r.quantity),
    delivery_category: r.delivery_category,
    color_name: r.color_name,
  };
}

/** Orders of product listings; every order ends with the id so pages are stable. */
export const CARD_SORTS = ['popular', 'newest', 'price_asc', 'price_desc', 'discount', 'reviews'] as const;
export type CardSort = (typeof CARD_SORTS)[number];

function cardOrder(sort: CardSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(productDisplays.created_at), desc(productDisplays.id)];
    case 'price_asc':
      return [asc(productDisplays.price_discount), desc(productDisplays.id)];
    case 'price_desc':
      return [desc(productDisplays.price_discount), desc(productDisplays.id)];
    case 'discount':
      return [
        desc(
          sql`(${productDisplays.price} - ${productDisplays.price_discount})::float / greatest(${productDisplays.price}, 1)`,
        ),
        desc(productDisplays.id),
      ];
    case 'reviews':
      return [desc(productDisplays.review_count), desc(productDisplays.popularity), desc(productDisplays.id)];
    default:
      return [desc(productDisplays.popularity), desc(productDisplays.id)];
  }
}

export async function listProductCards(
  db: Db,
  opts: { sort: CardSort; limit: number; offset?: number; where?: SQL | undefined },
): Promise<ProductCard[]> {
  const order = cardOrder(opts.sort);
  // Deferred join: the page is chosen on bare ids first, so deep OFFSETs skip rows without
  // computing card columns (brand, stock sum) for them; the outer query re-sorts only the page.
  const pageIds = db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(and(eq(productDisplays.is_active, true), opts.where))
    .orderBy(...order)
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
  const rows = await db
    .select(cardColumns)
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(inArray(productDisplays.id, pageIds))
    .orderBy(...order);
  return rows.map(toCard);
}

/** Page numbers of SPEC.md §3 Pagination (total_page is 0 for an empty list). */
export function pageInfo(page: number, pageSize: number, totalCount: number, count: number): Pagination {
  return { page, count, total_count: totalCount, total_page: Math.ceil(totalCount / pageSize) };
}

/** One page of active product cards: a LIMIT/OFFSET query and a count query. */
export async function pageProductCards(
  db: Db,
  opts: { sort: CardSort; page: number; pageSize: number; where?: SQL | undefined },
): Promise<PaginatedProducts> {
  const where = and(eq(productDisplays.is_active, true), opts.where);
  const [result, [total]] = await Promise.all([
    listProductCards(db, {
      sort: opts.sort,
      limit: opts.pageSize,
      offset: (opts.page - 1) * opts.pageSize,
      where: opts.where,
    }),
    db.select({ n: count() }).from(productDisplays).where(where),
  ]);
  return { ...pageInfo(opts.page, opts.pageSize, total?.n ?? 0, result.length), result };
}

/**
 * One page of the active product cards linked to an owner through a join table
 * (theme_products, promotion_products …), in the table's sort order.
 */
export async function pageLinkedCards(
  db: Db,
  link: { table: PgTable; displayId: PgColumn; sortOrder: PgColumn; where: SQL },
  page: number,
  pageSize: number,
): Promise<PaginatedProducts> {
  const where = and(link.where, eq(productDisplays.is_active, true));
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(link.table)
      .innerJoin(productDisplays, eq(productDisplays.id, link.displayId))
      .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
      .where(where)
      .orderBy(asc(link.sortOrder), asc(productDisplays.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(link.table)
      .innerJoin(productDisplays, eq(productDisplays.id, link.displayId))
      .where(where),
  ]);
  const result = rows.map(toCard);
  return { ...pageInfo(page, pageSize, total?.n ?? 0, result.length), result };
}

/** Active product cards by id, in the order of `ids` (inactive or missing ids are left out). */
export function activeCardsByIds(db: Db, ids: number[]): Promise<ProductCard[]> {
  return productCardsByIds(db, ids, true);
}

/** Active cards with their colour (colour-way pickers), by a condition, popular first. */
export async function colourwayCards(db: Db, where: SQL, limit: number): Promise<ColourwayCard[]> {
  const rows = await db
    .select({ ...cardColumns, color_name: productDisplays.color_name, color_hex: productDisplays.color_hex })
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(and(eq(productDisplays.is_active, true), where))
    .orderBy(...cardOrder('popular'))
    .limit(limit);
  return rows.map(({ color_hex, ...r }) => ({ ...toCard(r), color_name: r.color_name, color_hex }));
}

export async function productCardsByIds(db: Db, ids: number[], activeOnly = false): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(
      and(
        inArray(productDisplays.id, [...new Set(ids)]),
        activeOnly ? eq(productDisplays.is_active, true) : undefined,
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
