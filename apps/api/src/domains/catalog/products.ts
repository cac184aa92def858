/**
 * Product reads: the display detail, its items and size sheet, colour-ways and similar products,
 * rankings and the category listing. Read-only: nothing is counted or incremented here.
 */
import {
  type CategoryTreeBody,
  type ColourwayCard,
  discountRate,
  type MainRankingBody,
  MESSAGES,
  type MeasurementSet,
  type ProductCard,
  type ProductDetail,
  type ProductItem,
  type ProductItemsBody,
  SHOP_CATEGORY_LABELS,
  type ShopCategory,
  type SizeGradingBody,
} from '@codiroom/shared';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { colourwayCards, listProductCards } from './repository.ts';
import {
  brands,
  categories,
  productDisplays,
  productItems,
  products,
  sizeMeasurementSets,
  sizeMeasurements,
} from './schema.ts';

export const PRODUCT_PAGE_SIZE = 30;
export const SIMILAR_LIMIT = 12;
export const SAME_PRODUCTS_LIMIT = 20;
export const MAIN_RANKING_TOP = 10;
export const MAIN_RANKING_PER_CATEGORY = 6;
/** SPEC.md: 1–3 left shows as low stock. */
export const LOW_STOCK_MAX = 3;

export const productMissing = () => notFound(MESSAGES.productMissing);

/** A path id: 1–9 digits, above 0. Anything else is treated as a missing resource. */
export function parseId(raw: string): number | null {
  if (!/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

// ───────────────────────────── filters ─────────────────────────────

export type ProductFilter = {
  category_main?: ShopCategory | undefined;
  category_sub?: string | undefined;
  is_fast?: boolean | undefined;
};

/** Category ids of a shop tab and/or sub-category; null when every category matches. */
export async function categoryIdsFor(db: Db, main?: ShopCategory, sub?: string): Promise<number[] | null> {
  const conds: SQL[] = [];
  if (main && main !== 'all') conds.push(eq(categories.main, main));
  if (sub) conds.push(eq(categories.sub, sub));
  if (conds.length === 0) return null;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(...conds));
  return rows.map((r) => r.id);
}

/** The WHERE of a product listing (categories resolved to ids, so the category index is used). */
export async function productWhere(db: Db, f: ProductFilter): Promise<SQL | undefined> {
  const conds: SQL[] = [];
  const ids = await categoryIdsFor(db, f.category_main, f.category_sub);
  if (ids) conds.push(ids.length ? inArray(productDisplays.category_id, ids) : sql`false`);
  if (f.is_fast !== undefined) conds.push(eq(productDisplays.is_fast, f.is_fast));
  return conds.length ? and(...conds) : undefined;
}

// ───────────────────────────── detail and items ─────────────────────────────

function toItem(r: {
  id: number;
  size_name: string;
  color_name: string;
  stock: number;
  extra_price: number;
}): ProductItem {
  return {
    id: r.id,
    size_name: r.size_name,
    color_name: r.color_name,
    stock: r.stock,
    extra_price: r.extra_price,
    is_sold_out: r.stock <= 0,
    is_low_stock: r.stock >= 1 && r.stock <= LOW_STOCK_MAX,
  };
}

async function itemsOf(db: Db, displayId: number): Promise<ProductItem[]> {
  const rows = await db
    .select({
      id: productItems.id,
      size_name: productItems.size_name,
      color_name: productItems.color_name,
      stock: productItems.stock,
      extra_price: productItems.extra_price,
    })
    .from(productItems)
    .where(and(eq(productItems.product_display_id, displayId), eq(productItems.is_active, true)))
    .orderBy(asc(productItems.sort_order), asc(productItems.id));
  return rows.map(toItem);
}

const isSoldOut = (items: ProductItem[]) => items.every((i) => i.stock <= 0);

/** The display row of an active product, or null. */
async function activeDisplay(db: Db, id: number) {
  const [row] = await db
    .select({
      id: productDisplays.id,
      product_id: productDisplays.product_id,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      price_discount: productDisplays.price_discount,
    })
    .from(productDisplays)
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  return row ?? null;
}

export async function productDetail(db: Db, id: number | null): Promise<ProductDetail> {
  if (id === null) throw productMissing();
  const [[row], items] = await Promise.all([
    db
      .select({
        id: productDisplays.id,
        product_id: productDisplays.product_id,
        name: productDisplays.name,
        product_type: productDisplays.product_type,
        price: productDisplays.price,
        price_discount: productDisplays.price_discount,
        images: productDisplays.images,
        image_url: productDisplays.image_url,
        color_name: productDisplays.color_name,
        color_hex: productDisplays.color_hex,
        review_count: productDisplays.review_count,
        rating_sum: productDisplays.rating_sum,
        like_count: productDisplays.like_count,
        is_fast: productDisplays.is_fast,
        delivery_category: productDisplays.delivery_category,
        almost_sold_out_from: productDisplays.almost_sold_out_from,
        almost_sold_out_until: productDisplays.almost_sold_out_until,
        material: products.material,
        fit: products.fit,
        season: products.season,
        description: products.description,
        style_tags: products.style_tags,
        brand_id: brands.id,
        brand_name: brands.name,
        brand_name_en: brands.name_en,
        brand_logo_url: brands.logo_url,
        made_to_order: brands.allows_custom_order,
        category_code: categories.code,
        category_name: categories.name,
        category_main: categories.main,
        category_sub: categories.sub,
      })
      .from(productDisplays)
      .innerJoin(products, eq(products.id, productDisplays.product_id))
      .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
      .innerJoin(categories, eq(categories.id, productDisplays.category_id))
      .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
      .limit(1),
    itemsOf(db, id),
  ]);
  if (!row) throw productMissing();
  return {
    id: row.id,
    product_display_id: row.id,
    product_id: row.product_id,
    brand: {
      id: row.brand_id,
      name: row.brand_name,
      name_en: row.brand_name_en,
      logo_url: row.brand_logo_url,
    },
    category: {
      code: row.category_code,
      name: row.category_name,
      main: row.category_main,
      sub: row.category_sub,
    },
    name: row.name,
    product_type: row.product_type,
    price: row.price,
    price_discount: row.price_discount,
    discount_rate: discountRate(row.price, row.price_discount),
    images: row.images,
    image_url: row.image_url,
    color_name: row.color_name,
    color_hex: row.color_hex,
    material: row.material,
    fit: row.fit,
    season: row.season,
    description: row.description,
    style_tags: row.style_tags,
    review_count: row.review_count,
    rating: row.review_count > 0 ? Math.round((row.rating_sum / row.review_count) * 10) / 10 : null,
    like_count: row.like_count,
    is_fast: row.is_fast,
    is_made_to_order: row.made_to_order,
    delivery_category: row.delivery_category,
    quantity: items.reduce((s, i) => s + Math.max(0, i.stock), 0),
    items,
    is_sold_out: isSoldOut(items),
    almost_sold_out_from: row.almost_sold_out_from?.toISOString() ?? null,
    almost_sold_out_until: row.almost_sold_out_until?.toISOString() ?? null,
  };
}

export async function productItemsOf(db: Db, id: number | null): Promise<ProductItemsBody> {
  if (id === null) throw productMissing();
  const [display, items] = await Promise.all([activeDisplay(db, id), itemsOf(db, id)]);
  if (!display) throw productMissing();
  return { product_display_id: id, is_sold_out: isSoldOut(items), items };
}

// ───────────────────────────── size sheet ─────────────────────────────

const EMPTY_GRADING = (id: number | null): SizeGradingBody => ({
  product_display_id: id,
  set: null,
  set2: null,
  rows: [],
});

export async function sizeGrading(db: Db, id: number | null): Promise<SizeGradingBody> {
  if (id === null) return EMPTY_GRADING(null);
  const [row] = await db
    .select({
      product_id: productDisplays.product_id,
      measurement_set: categories.measurement_set,
    })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  const code = row.measurement_set;
  if (!code) return EMPTY_GRADING(id);
  const code2 = code.endsWith('2') ? null : (`${code}2` as typeof code);
  const codes = code2 ? [code, code2] : [code];
  const [sets, measurements, sizes] = await Promise.all([
    db.select().from(sizeMeasurementSets).where(inArray(sizeMeasurementSets.code, codes)),
    db
      .select({
        size_name: sizeMeasurements.size_name,
        set_code: sizeMeasurements.set_code,
        values: sizeMeasurements.values,
      })
      .from(sizeMeasurements)
      .where(and(eq(sizeMeasurements.product_id, row.product_id), inArray(sizeMeasurements.set_code, codes))),
    db
      .select({ size_name: productItems.size_name })
      .from(productItems)
      .where(and(eq(productItems.product_display_id, id), eq(productItems.is_active, true)))
      .orderBy(asc(productItems.sort_order), asc(productItems.id)),
  ]);
  const toSet = (c: string | null): MeasurementSet | null => {
    const s = sets.find((x) => x.code === c);
    return s ? { code: s.code, name: s.name, fields: s.fields } : null;
  };
  const set = toSet(code);
  if (!set) return EMPTY_GRADING(id);
  const set2 = toSet(code2);
  const byKey = new Map(measurements.map((m) => [`${m.set_code}|${m.size_name}`, m.values]));
  const seen = new Set<string>();
  const rows: SizeGradingBody['rows'] = [];
  for (const { size_name } of sizes) {
    if (seen.has(size_name)) continue;
    seen.add(size_name);
    const values = byKey.get(`${code}|${size_name}`);
    if (!values) continue;
    rows.push({
      size_name,
      values,
      values2: (set2 && byKey.get(`${code2}|${size_name}`)) || null,
    });
  }
  return { product_display_id: id, set, set2, rows };
}

// ───────────────────────────── related products ─────────────────────────────

/** Other colour-ways of the same product (the product's brand narrows the scan to its index). */
export async function sameProducts(db: Db, id: number | null): Promise<ColourwayCard[]> {
  if (id === null) return [];
  const display = await activeDisplay(db, id);
  if (!display) throw productMissing();
  return colourwayCards(
    db,
    and(
      eq(productDisplays.brand_id, display.brand_id),
      eq(productDisplays.product_id, display.product_id),
      ne(productDisplays.id, id),
    ) as SQL,
    SAME_PRODUCTS_LIMIT,
  );
}

/**
 * Same category, other products: the SIMILAR_LIMIT closest in price (discounted price; ties go to
 * the more popular), answered popular first.
 */
export async function similarProducts(db: Db, id: number | null): Promise<ProductCard[]> {
  if (id === null) return [];
  const display = await activeDisplay(db, id);
  if (!display) throw productMissing();
  const rows = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(
      and(
        eq(productDisplays.category_id, display.category_id),
        eq(productDisplays.is_active, true),
        ne(productDisplays.product_id, display.product_id),
      ),
    )
    .orderBy(
      sql`abs(${productDisplays.price_discount} - ${display.price_discount})`,
      sql`${productDisplays.popularity} desc`,
      asc(productDisplays.id),
    )
    .limit(SIMILAR_LIMIT);
  if (rows.length === 0) return [];
  return listProductCards(db, {
    sort: 'popular',
    limit: SIMILAR_LIMIT,
    where: inArray(
      productDisplays.id,
      rows.map((r) => r.id),
    ),
  });
}

// ───────────────────────────── rankings ─────────────────────────────

export async function mainRanking(db: Db): Promise<MainRankingBody> {
  const mains = (Object.keys(SHOP_CATEGORY_LABELS) as ShopCategory[]).filter((m) => m !== 'all');
  const cats = await db.select({ id: categories.id, main: categories.main }).from(categories);
  const sections = await Promise.all([
    listProductCards(db, { sort: 'popular', limit: MAIN_RANKING_TOP }).then((products) => ({
      category_main: 'all' as const,
      title: `${SHOP_CATEGORY_LABELS.all} 랭킹 TOP ${MAIN_RANKING_TOP}`,
      products,
    })),
    ...mains.map(async (main) => {
      const ids = cats.filter((c) => c.main === main).map((c) => c.id);
      const products = ids.length
        ? await listProductCards(db, {
            sort: 'popular',
            limit: MAIN_RANKING_PER_CATEGORY,
            where: inArray(productDisplays.category_id, ids),
          })
        : [];
      return { category_main: main, title: `${SHOP_CATEGORY_LABELS[main]} 랭킹`, products };
    }),
  ]);
  return { sections };
}

// ───────────────────────────── category tree ─────────────────────────────

export async function categoryTree(db: Db): Promise<CategoryTreeBody> {
  const [cats, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sort_order), asc(categories.id)),
    db
      .select({ category_id: productDisplays.category_id, n: count() })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .groupBy(productDisplays.category_id),
  ]);
  const n = new Map(counts.map((c) => [c.category_id, c.n]));
  const result: CategoryTreeBody['result'] = [];
  for (const parent of cats.filter((c) => c.parent_id === null)) {
    const subs = cats
      .filter((c) => c.parent_id === parent.id && c.sub)
      .map((c) => ({ code: c.code, name: c.name, sub: c.sub as string, product_count: n.get(c.id) ?? 0 }));
    result.push({
      main: parent.main,
      name: parent.name,
      subs,
      product_count: subs.reduce((s, c) => s + c.product_count, n.get(parent.id) ?? 0),
    });
  }
  return { result };
}
