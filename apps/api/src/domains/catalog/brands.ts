/** Brand reads: the brand list, category-tab brands, a brand's page and its filter facets. */
import {
  type BrandContentsBody,
  type BrandDetail,
  type BrandFiltersBody,
  type BrandSummary,
  MESSAGES,
  type ShopCategory,
} from '@codiroom/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, max, min, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { categoryIdsFor, PRODUCT_PAGE_SIZE } from './products.ts';
import { type CardSort, pageProductCards } from './repository.ts';
import { brands, categories, productDisplays, productItems } from './schema.ts';

export const brandMissing = () => notFound(MESSAGES.brandMissing);

/** The brand page's banner: generated from the brand (images-routes.ts), addressed by its slug. */
export const brandBannerUrl = (slug: string) => `/api/images/brand-banner/${slug}.svg`;

const koreanOrder = new Intl.Collator('ko');

/** Active product displays per brand (optionally within some categories). */
async function productCounts(db: Db, categoryIds?: number[]) {
  return db
    .select({
      brand_id: productDisplays.brand_id,
      n: count(),
      popularity: sql<number>`coalesce(sum(${productDisplays.popularity}), 0)::float`,
    })
    .from(productDisplays)
    .where(
      and(
        eq(productDisplays.is_active, true),
        categoryIds ? inArray(productDisplays.category_id, categoryIds) : undefined,
      ),
    )
    .groupBy(productDisplays.brand_id);
}

const brandRef = { id: brands.id, name: brands.name, name_en: brands.name_en, logo_url: brands.logo_url };

/** Every brand with its product count, in Korean (가나다) order of the name. */
export async function simpleBrandData(db: Db): Promise<BrandSummary[]> {
  const [rows, counts] = await Promise.all([db.select(brandRef).from(brands), productCounts(db)]);
  const n = new Map(counts.map((c) => [c.brand_id, c.n]));
  return rows
    .map((b) => ({ ...b, product_count: n.get(b.id) ?? 0 }))
    .sort((a, b) => koreanOrder.compare(a.name, b.name) || a.id - b.id);
}

/**
 * Brands with active products in a shop tab, most popular first (sum of their products'
 * popularity in the tab); product_count counts the tab only.
 */
export async function categoryTabBrands(db: Db, main: ShopCategory): Promise<BrandSummary[]> {
  const ids = await categoryIdsFor(db, main);
  if (ids && ids.length === 0) return [];
  const counts = await productCounts(db, ids ?? undefined);
  if (counts.length === 0) return [];
  const rows = await db
    .select(brandRef)
    .from(brands)
    .where(
      inArray(
        brands.id,
        counts.map((c) => c.brand_id),
      ),
    );
  const byId = new Map(rows.map((b) => [b.id, b]));
  return counts
    .sort((a, b) => b.popularity - a.popularity || b.n - a.n || a.brand_id - b.brand_id)
    .flatMap((c) => {
      const b = byId.get(c.brand_id);
      return b ? [{ ...b, product_count: c.n }] : [];
    });
}

async function brandDetail(db: Db, id: number | null): Promise<BrandDetail> {
  if (id === null) throw brandMissing();
  const [[row], [total]] = await Promise.all([
    db
      .select({
        ...brandRef,
        slug: brands.slug,
        description: brands.description,
        like_count: brands.like_count,
      })
      .from(brands)
      .where(eq(brands.id, id))
      .limit(1),
    db
      .select({ n: count() })
      .from(productDisplays)
      .where(and(eq(productDisplays.brand_id, id), eq(productDisplays.is_active, true))),
  ]);
  if (!row) throw brandMissing();
  const { slug, ...brand } = row;
  return { ...brand, product_count: total?.n ?? 0, banner_url: brandBannerUrl(slug) };
}

export type BrandProductFilter = {
  category?: string | undefined;
  size?: string | undefined;
  color?: string | undefined;
  price_min?: number | undefined;
  price_max?: number | undefined;
  is_fast?: boolean | undefined;
};

export async function brandContents(
  db: Db,
  id: number | null,
  q: BrandProductFilter & { sort: CardSort; page: number },
): Promise<BrandContentsBody> {
  const brand = await brandDetail(db, id);
  const conds: (SQL | undefined)[] = [eq(productDisplays.brand_id, brand.id)];
  if (q.category) {
    const [cat] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.code, q.category))
      .limit(1);
    conds.push(cat ? eq(productDisplays.category_id, cat.id) : sql`false`);
  }
  if (q.color) conds.push(eq(productDisplays.color_name, q.color));
  if (q.price_min !== undefined) conds.push(gte(productDisplays.price_discount, q.price_min));
  if (q.price_max !== undefined) conds.push(lte(productDisplays.price_discount, q.price_max));
  if (q.is_fast !== undefined) conds.push(eq(productDisplays.is_fast, q.is_fast));
  if (q.size) {
    conds.push(
      sql`exists (select 1 from ${productItems} where ${productItems.product_display_id} = ${productDisplays.id}
        and ${productItems.is_active} and ${productItems.size_name} = ${q.size})`,
    );
  }
  const products = await pageProductCards(db, {
    sort: q.sort,
    page: q.page,
    pageSize: PRODUCT_PAGE_SIZE,
    where: and(...conds),
  });
  return { brand, products };
}

const ALPHA_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', '3XL', '4XL'];

/** Letter sizes in size order, then numeric sizes ascending, then FREE and anything else. */
export function compareSizes(a: string, b: string): number {
  const key = (s: string): [number, number, string] => {
    const alpha = ALPHA_SIZES.indexOf(s.toUpperCase());
    if (alpha >= 0) return [0, alpha, s];
    const n = Number(s);
    if (s !== '' && Number.isFinite(n)) return [1, n, s];
    return [s.toUpperCase() === 'FREE' ? 2 : 3, 0, s];
  };
  const [ga, na, sa] = key(a);
  const [gb, nb, sb] = key(b);
  return ga - gb || na - nb || sa.localeCompare(sb);
}

/** Facets of a brand's active products: categories, price range, sizes and colours with counts. */
export async function brandFilters(db: Db, id: number | null): Promise<BrandFiltersBody> {
  if (id === null) throw brandMissing();
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).limit(1);
  if (!brand) throw brandMissing();
  const mine = and(eq(productDisplays.brand_id, id), eq(productDisplays.is_active, true));
  const [cats, [price], sizes, colors] = await Promise.all([
    db
      .select({
        code: categories.code,
        name: categories.name,
        main: categories.main,
        sub: categories.sub,
        count: count(),
      })
      .from(productDisplays)
      .innerJoin(categories, eq(categories.id, productDisplays.category_id))
      .where(mine)
      .groupBy(categories.id)
      .orderBy(asc(categories.sort_order), asc(categories.id)),
    db
      .select({ min: min(productDisplays.price_discount), max: max(productDisplays.price_discount) })
      .from(productDisplays)
      .where(mine),
    db
      .select({
        size_name: productItems.size_name,
        count: sql<number>`count(distinct ${productItems.product_display_id})::int`,
      })
      .from(productItems)
      .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
      .where(and(mine, eq(productItems.is_active, true)))
      .groupBy(productItems.size_name),
    db
      .select({
        color_name: productDisplays.color_name,
        color_hex: productDisplays.color_hex,
        count: count(),
      })
      .from(productDisplays)
      .where(mine)
      .groupBy(productDisplays.color_name, productDisplays.color_hex)
      .orderBy(desc(count()), asc(productDisplays.color_name)),
  ]);
  return {
    brand_id: id,
    categories: cats,
    price: { min: price?.min ?? null, max: price?.max ?? null },
    sizes: sizes.sort((a, b) => compareSizes(a.size_name, b.size_name)),
    colors,
  };
}
