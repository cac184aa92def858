/**
 * The catalogue's reads for the search domain (docs/ARCHITECTURE.md, "Search"): what the search
 * index's product, brand and term documents are built from (search/documents.ts), and the brand
 * summaries, category codes and facet names of search answers. Each is the one statement search
 * ran before on these tables.
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { brands, categories, productDisplays, productItems, products } from './schema.ts';

/**
 * Product displays with their brand, category (and its parent's name), product cut and style tags
 * and their in-stock sizes, in id order: those of `ids`, or (without) up to `limit` after `afterId`.
 */
export async function searchProductRows(
  db: Conn,
  opts: { ids?: readonly number[]; limit?: number; afterId?: number },
) {
  const parent = sql`(select p.name from ${categories} p where p.id = "categories"."parent_id")`;
  const where: SQL | undefined = opts.ids ? inArray(productDisplays.id, [...opts.ids]) : undefined;
  const q = db
    .select({
      id: productDisplays.id,
      name: productDisplays.name,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
      color_name: productDisplays.color_name,
      color_hex: productDisplays.color_hex,
      popularity: productDisplays.popularity,
      is_active: productDisplays.is_active,
      created_at: productDisplays.created_at,
      brand_name: brands.name,
      brand_name_en: brands.name_en,
      category_name: categories.name,
      parent_name: sql<string | null>`${parent}`,
      fit: products.fit,
      style_tags: products.style_tags,
      sizes: sql<string[]>`coalesce((select array_agg(distinct i.size_name) from ${productItems} i
        where i.product_display_id = "product_displays"."id" and i.is_active and i.stock > 0), '{}'::text[])`,
    })
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .where(and(where, sql`${productDisplays.id} > ${opts.afterId ?? 0}`))
    .orderBy(productDisplays.id);
  return opts.limit ? q.limit(opts.limit) : q;
}

export type SearchProductRow = Awaited<ReturnType<typeof searchProductRows>>[number];

/** Brands (all, or those of `ids`) with their names and the popularity of their active displays. */
export async function searchBrandRows(db: Conn, ids?: readonly number[]) {
  return db
    .select({
      id: brands.id,
      name: brands.name,
      name_en: brands.name_en,
      like_count: brands.like_count,
      popularity: sql<number>`coalesce((select sum(d.popularity) from ${productDisplays} d
        where d.brand_id = "brands"."id" and d.is_active), 0)::float`,
    })
    .from(brands)
    .where(ids ? inArray(brands.id, [...ids]) : undefined);
}

/**
 * What autocomplete terms come from in the catalogue: distinct active product names with their
 * displays' popularity, category names with the popularity of their (and their children's) active
 * displays, and every style tag with the number of products carrying it.
 */
export async function searchTermSources(db: Conn) {
  const names = await db
    .select({ name: productDisplays.name, pop: sql<number>`sum(${productDisplays.popularity})::float` })
    .from(productDisplays)
    .where(eq(productDisplays.is_active, true))
    .groupBy(productDisplays.name);
  const cats = await db
    .select({
      name: categories.name,
      pop: sql<number>`coalesce((select sum(d.popularity) from ${productDisplays} d
        join ${categories} c on c.id = d.category_id
        where (c.id = "categories"."id" or c.parent_id = "categories"."id") and d.is_active), 0)::float`,
    })
    .from(categories);
  const tags = await db
    .select({ tag: sql<string>`unnest(${products.style_tags})`, n: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(sql`1`);
  return { names, cats, tags };
}

/** How many product displays there are, active or not. */
export async function displayCount(db: Conn): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(productDisplays);
  return Number(row?.n ?? 0);
}

/** Category ids of a shop tab (outer …) or a leaf code (bottom_slacks …); [] when unknown. */
export async function categoryIdsOfCode(db: Conn, code: string): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.code, code), eq(categories.main, code)));
  return rows.map((r) => r.id);
}

/** Brand summaries of a search answer, with the number of active displays (any order). */
export async function brandSummaryRows(db: Conn, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: brands.id,
      name: brands.name,
      name_en: brands.name_en,
      logo_url: brands.logo_url,
      product_count: sql<number>`(select count(*) from ${productDisplays} d
        where d.brand_id = "brands"."id" and d.is_active)::int`,
    })
    .from(brands)
    .where(inArray(brands.id, [...ids]));
}

/** Categories by id with their code, name and shop tab (the search filters' facets). */
export async function categoryFacetRows(db: Conn, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: categories.id, code: categories.code, name: categories.name, main: categories.main })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
}
