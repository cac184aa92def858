import { discountRate, type ProductCard } from '@codiroom/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, productDisplays, productItems } from '../../db/schema.ts';

const cardColumns = {
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
  quantity: sql<number>`coalesce((select sum(${productItems.stock}) from ${productItems}
    where ${productItems.product_display_id} = ${productDisplays.id} and ${productItems.is_active}), 0)::int`,
};

type CardRow = {
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
  };
}

export type CardSort = 'popular' | 'newest' | 'discount';

export async function listProductCards(
  db: Db,
  opts: { sort: CardSort; limit: number; where?: SQL },
): Promise<ProductCard[]> {
  const order =
    opts.sort === 'newest'
      ? [desc(productDisplays.created_at), desc(productDisplays.id)]
      : opts.sort === 'discount'
        ? [
            desc(
              sql`(${productDisplays.price} - ${productDisplays.price_discount})::float / greatest(${productDisplays.price}, 1)`,
            ),
            desc(productDisplays.id),
          ]
        : [desc(productDisplays.popularity), desc(productDisplays.id)];
  const rows = await db
    .select(cardColumns)
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(and(eq(productDisplays.is_active, true), opts.where))
    .orderBy(...order)
    .limit(opts.limit);
  return rows.map(toCard);
}

export async function productCardsByIds(db: Db, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(inArray(productDisplays.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
