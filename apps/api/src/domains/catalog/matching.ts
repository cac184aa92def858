/**
 * What goes with a product from the catalogue's side (the matchup of the product page, assembled
 * by the contents domain with its codi sets first, contents/matchup.ts): complementary product
 * types sharing a style tag.
 */
import type { ProductCard, ProductType } from '@codiroom/shared';
import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toTextArray } from '../../db/sql-values.ts';
import { listProductCards } from './repository.ts';
import { productDisplays, products } from './schema.ts';

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
 * Up to `limit` active cards, most popular first, of the types that complement `productType` and
 * (when the product has style tags) sharing one of `styleTags`, leaving out the `exclude` ids.
 */
export async function complementCards(
  db: Db,
  product: { product_type: ProductType; style_tags: string[] },
  exclude: number[],
  limit: number,
): Promise<ProductCard[]> {
  if (limit <= 0) return [];
  const types = COMPLEMENTS[product.product_type] ?? [];
  const tagMatch = product.style_tags.length
    ? sql`exists (select 1 from ${products} p where p.id = ${productDisplays.product_id} and p.style_tags && ${toTextArray(product.style_tags)})`
    : undefined;
  return listProductCards(db, {
    sort: 'popular',
    limit,
    where: and(
      inArray(
        productDisplays.product_type,
        types as (typeof productDisplays.product_type.enumValues)[number][],
      ),
      notInArray(productDisplays.id, exclude),
      tagMatch,
    ),
  });
}
