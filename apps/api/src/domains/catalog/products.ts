/**
 * Product reads: the display's items and size sheet (the detail itself: product-detail.ts), colour-ways and similar products,
 * rankings and the category listing. Read-only: nothing is counted or incremented here.
 */
import {
  type CategoryTreeBody,
  type ColourwayCard,
  type MainRankingBody,
  MESSAGES,
  type MeasurementSet,
  type ProductCard,
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
  categories,
  productDisplays,
  productItems,
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

export function toItem(r: {
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

export const isSoldOut = (items: ProductItem[]) => items.every((i) => i.stock <= 0);

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
