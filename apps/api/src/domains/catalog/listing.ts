/**
 * The /category listing: shop tab and sub-category, brand / price / size / colour filters, six
 * sorts, page numbers (links, no-JS) and a keyset cursor (infinite scroll, no OFFSET scan).
 *
 * The cursor is the sort key of the last card plus its id, base64url JSON. Keys are carried as
 * text in the database's own formats (real, float8, timestamptz) and cast back, so comparisons
 * are exact.
 */
import type { CategoryFiltersBody, CategoryListingBody, ShopCategory } from '@codiroom/shared';
import { and, asc, count, desc, eq, inArray, max, min, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { compareSizes } from './brands.ts';
import { PRODUCT_PAGE_SIZE, productWhere } from './products.ts';
import { type CardSort, pageInfo, productCardsByIds } from './repository.ts';
import { brands, productDisplays, productItems } from './schema.ts';

export type ListingFilter = {
  category_main?: ShopCategory | undefined;
  category_sub?: string | undefined;
  is_fast?: boolean | undefined;
  brand_ids?: number[] | undefined;
  price_min?: number | undefined;
  price_max?: number | undefined;
  sizes?: string[] | undefined;
  colors?: string[] | undefined;
};

const P = productDisplays;
const discountExpr = sql`((${P.price} - ${P.price_discount})::float8 / greatest(${P.price}, 1))`;

/** Sort keys in order: [expression, cast, direction]; the id (desc) always ends the order. */
const KEYS: Record<CardSort, [SQL, string, 'asc' | 'desc'][]> = {
  popular: [[sql`${P.popularity}`, 'real', 'desc']],
  newest: [[sql`${P.created_at}`, 'timestamptz', 'desc']],
  price_asc: [[sql`${P.price_discount}`, 'int', 'asc']],
  price_desc: [[sql`${P.price_discount}`, 'int', 'desc']],
  discount: [[discountExpr, 'float8', 'desc']],
  reviews: [
    [sql`${P.review_count}`, 'int', 'desc'],
    [sql`${P.popularity}`, 'real', 'desc'],
  ],
};

function orderOf(sort: CardSort): SQL[] {
  return [...KEYS[sort].map(([e, , dir]) => (dir === 'asc' ? sql`${e} asc` : sql`${e} desc`)), desc(P.id)];
}

/** Rows after the cursor: (k1, k2, …, id) strictly after the last card in the sort order. */
function afterCursor(sort: CardSort, values: string[], lastId: number): SQL {
  const keys = KEYS[sort];
  const parts: SQL[] = [];
  for (let i = 0; i <= keys.length; i++) {
    const eqs = keys.slice(0, i).map(([e, cast], j) => sql`${e} = ${values[j]}::${sql.raw(cast)}`);
    let step: SQL;
    if (i === keys.length) step = sql`${P.id} < ${lastId}`;
    else {
      const [e, cast, dir] = keys[i] as [SQL, string, 'asc' | 'desc'];
      step =
        dir === 'asc'
          ? sql`${e} > ${values[i]}::${sql.raw(cast)}`
          : sql`${e} < ${values[i]}::${sql.raw(cast)}`;
    }
    parts.push(sql`(${sql.join([...eqs, step], sql` and `)})`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

export function encodeCursor(sort: CardSort, values: string[], id: number): string {
  return Buffer.from(JSON.stringify([sort, values, id])).toString('base64url');
}

export function decodeCursor(sort: CardSort, raw: string): { values: string[]; id: number } {
  try {
    const [s, values, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [
      string,
      unknown,
      unknown,
    ];
    if (
      s === sort &&
      Array.isArray(values) &&
      values.length === KEYS[sort].length &&
      values.every((v) => typeof v === 'string' && v.length < 64) &&
      Number.isSafeInteger(id) &&
      (id as number) > 0
    ) {
      return { values: values as string[], id: id as number };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor: it does not belong to this sort, start again without a cursor');
}

/** The filter WHERE: tab/sub/fast plus brand, price range, sizes in stock and colours. */
export async function listingWhere(db: Db, f: ListingFilter): Promise<SQL> {
  const conds: SQL[] = [eq(P.is_active, true)];
  const base = await productWhere(db, f);
  if (base) conds.push(base);
  if (f.brand_ids?.length) conds.push(inArray(P.brand_id, f.brand_ids));
  if (f.price_min !== undefined) conds.push(sql`${P.price_discount} >= ${f.price_min}`);
  if (f.price_max !== undefined) conds.push(sql`${P.price_discount} <= ${f.price_max}`);
  if (f.colors?.length) conds.push(inArray(P.color_name, f.colors));
  if (f.sizes?.length) {
    conds.push(sql`exists (select 1 from ${productItems} i where i.product_display_id = ${P.id}
      and i.is_active and i.stock > 0 and i.size_name in (${sql.join(
        f.sizes.map((s) => sql`${s}`),
        sql`, `,
      )}))`);
  }
  return and(...conds) as SQL;
}

export async function categoryListing(
  db: Db,
  f: ListingFilter & { sort: CardSort; page: number; cursor?: string | undefined },
): Promise<CategoryListingBody> {
  if (f.price_min !== undefined && f.price_max !== undefined && f.price_min > f.price_max) {
    throw badRequest('Invalid price range: price_min is above price_max');
  }
  const after = f.cursor ? decodeCursor(f.sort, f.cursor) : null;
  const where = await listingWhere(db, f);
  const keyCols = Object.fromEntries(
    KEYS[f.sort].map(([e], i) => [`k${i}`, sql<string>`(${e})::text`]),
  ) as Record<string, SQL<string>>;
  const size = PRODUCT_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: P.id, ...keyCols })
      .from(P)
      .where(after ? and(where, afterCursor(f.sort, after.values, after.id)) : where)
      .orderBy(...orderOf(f.sort))
      .limit(size + 1)
      .offset(after ? 0 : (f.page - 1) * size),
    db.select({ n: count() }).from(P).where(where),
  ]);
  const pageRows = rows.slice(0, size);
  const result = await productCardsByIds(
    db,
    pageRows.map((r) => r.id),
  );
  const last = pageRows[pageRows.length - 1] as (Record<string, unknown> & { id: number }) | undefined;
  const next_cursor =
    rows.length > size && last
      ? encodeCursor(
          f.sort,
          KEYS[f.sort].map((_, i) => String(last[`k${i}`])),
          last.id,
        )
      : null;
  return { ...pageInfo(f.page, size, total?.n ?? 0, result.length), result, next_cursor };
}

/** Facets of a tab / sub-category: brands, price range, sizes in stock and colours. */
export async function categoryFilters(db: Db, f: ListingFilter): Promise<CategoryFiltersBody> {
  const where = await listingWhere(db, {
    category_main: f.category_main,
    category_sub: f.category_sub,
  });
  const [brandRows, [price], sizes, colors] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, count: count() })
      .from(P)
      .innerJoin(brands, eq(brands.id, P.brand_id))
      .where(where)
      .groupBy(brands.id)
      .orderBy(desc(count()), asc(brands.name)),
    db
      .select({ min: min(P.price_discount), max: max(P.price_discount) })
      .from(P)
      .where(where),
    db
      .select({
        size_name: productItems.size_name,
        count: sql<number>`count(distinct ${productItems.product_display_id})::int`,
      })
      .from(productItems)
      .innerJoin(P, eq(P.id, productItems.product_display_id))
      .where(and(where, eq(productItems.is_active, true), sql`${productItems.stock} > 0`))
      .groupBy(productItems.size_name),
    db
      .select({ color_name: P.color_name, color_hex: min(P.color_hex), count: count() })
      .from(P)
      .where(where)
      .groupBy(P.color_name)
      .orderBy(desc(count()), asc(P.color_name)),
  ]);
  return {
    brands: brandRows,
    price: { min: price?.min ?? null, max: price?.max ?? null },
    sizes: sizes.sort((a, b) => compareSizes(a.size_name, b.size_name)),
    colors: colors.map((c) => ({ ...c, color_hex: c.color_hex ?? '#000000' })),
  };
}
