/** Rows the member-data tests need besides members: a product display (reviews, likes), curations. */

import { brands, categories, productDisplays, products } from '../src/db/schema.ts';
import type { AppContext } from '../src/platform/context.ts';

let seq = 0;

/** One brand, category, product and product display; answers the display row. */
export async function insertProductDisplay(ctx: AppContext, name = '옥스포드 셔츠') {
  seq += 1;
  const [brand] = await ctx.db
    .insert(brands)
    .values({ name: `브랜드${seq}`, name_en: `Brand${seq}`, slug: `member-test-brand-${seq}-${Date.now()}` })
    .returning();
  const [category] = await ctx.db
    .insert(categories)
    .values({ code: `member-test-${seq}-${Date.now()}`, name: '셔츠', main: 'top', product_type: 'TOP' })
    .returning();
  if (!brand || !category) throw new Error('fixture insert failed');
  const [product] = await ctx.db
    .insert(products)
    .values({ brand_id: brand.id, category_id: category.id, name, product_type: 'TOP' })
    .returning();
  if (!product) throw new Error('fixture insert failed');
  const [display] = await ctx.db
    .insert(productDisplays)
    .values({
      product_id: product.id,
      brand_id: brand.id,
      category_id: category.id,
      name,
      product_type: 'TOP',
      price: 59_000,
      price_discount: 49_000,
      color_name: '화이트',
      color_hex: '#FFFFFF',
      image_url: '/images/p.svg',
      like_count: 5,
    })
    .returning();
  if (!display) throw new Error('fixture insert failed');
  return display;
}

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
