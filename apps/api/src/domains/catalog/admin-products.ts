/**
 * Products for merchandisers (docs/ARCHITECTURE.md, "Back office"): create a product with its
 * colourways (product displays), sizes (product items with stock and extra price) and size table;
 * list and read them; change a colourway's prices or sale state and a size's stock; upload a
 * colourway's photos (sniffed, re-encoded by `sharp` into a detail and a card variant). Every change
 * outdates the page documents in its transaction, then (`touched`) tells the caches on every node
 * and, through the back office's hooks (admin/products.ts), reindexes the displays' search documents.
 */
import type {
  DisplayUpdateRequest,
  ItemUpdateRequest,
  ProductCreateRequest,
  ProductMeasurementsRequest,
} from '@codiroom/shared';
import { isRestock, STYLE_TAGS } from '@codiroom/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { outdateDocuments } from '../../platform/page-documents.ts';
import type { Tx } from '../../platform/transactions.ts';
import { type ImageSource, storeImage } from '../../platform/uploads.ts';
import {
  brands,
  categories,
  productDisplays,
  productItems,
  products,
  sizeMeasurementSets,
  sizeMeasurements,
} from './schema.ts';

export const ADMIN_PRODUCTS_PAGE = 30;
type CreateInput = z.output<typeof ProductCreateRequest>;

export const PRODUCT_MSG = {
  notFound: '상품이 없습니다.',
  displayNotFound: '상품 색상이 없습니다.',
  itemNotFound: '상품 사이즈가 없습니다.',
  brand: '없는 브랜드입니다.',
  category: '없는 카테고리입니다.',
  priceOrder: '판매가는 정가보다 클 수 없어요.',
  measureSize: (s: string) => `실측 사이즈표의 ${s} 사이즈가 색상별 사이즈에 없어요.`,
  measureField: (k: string) => `이 카테고리의 실측 항목이 아닙니다: ${k}`,
  noImage: '사진을 한 장 이상 올려주세요.',
  noMeasureSet: '이 카테고리에는 실측 사이즈표가 없어요.',
} as const;

/** The category's measurement set fields ([] when it has none). */
async function fieldsOf(ctx: AppContext, categoryId: number) {
  const [row] = await ctx.db
    .select({ fields: sizeMeasurementSets.fields })
    .from(categories)
    .leftJoin(sizeMeasurementSets, eq(sizeMeasurementSets.code, categories.measurement_set))
    .where(eq(categories.id, categoryId));
  return row?.fields ?? [];
}

/** The generated picture in the colourway's colour until the MD uploads photos (catalog images). */
const GENERATED_PICTURE_PREFIX = '/api/images/product/';
const generatedPicture = (type: string, hex: string, productId: number) =>
  `${GENERATED_PICTURE_PREFIX}${type}/${hex.slice(1).toLowerCase()}/${productId % 10}.webp`;

/**
 * What a product change sets off outside the catalogue, passed in by the back office: re-indexing
 * search documents, and restock alerts in the change's transaction (SPEC.md 'Restock alerts').
 */
export type ProductChangeHooks = {
  reindex: (displayIds: number[]) => Promise<unknown>;
  restocked: (tx: Tx, itemIds: number[]) => Promise<unknown>;
};

async function touched(ctx: AppContext, hooks: ProductChangeHooks, displayIds: number[], prices: boolean) {
  await invalidate(ctx, 'catalog.changed');
  if (prices) await invalidate(ctx, 'prices.changed');
  await hooks.reindex(displayIds);
}

export async function createProduct(ctx: AppContext, input: CreateInput, hooks: ProductChangeHooks) {
  const [[brand], [category]] = await Promise.all([
    ctx.db
      .select({ id: brands.id, name_en: brands.name_en })
      .from(brands)
      .where(eq(brands.id, input.brand_id)),
    ctx.db.select().from(categories).where(eq(categories.id, input.category_id)),
  ]);
  if (!brand) throw badRequest(`brand_id: ${PRODUCT_MSG.brand}`);
  if (!category) throw badRequest(`category_id: ${PRODUCT_MSG.category}`);
  const fields = await fieldsOf(ctx, category.id);
  const keys = new Set(fields.map((f) => f.key));
  const sizes = new Set(input.colors.flatMap((c) => c.sizes.map((s) => s.size_name)));
  for (const m of input.measurements) {
    if (!sizes.has(m.size_name)) throw badRequest(`measurements: ${PRODUCT_MSG.measureSize(m.size_name)}`);
    for (const k of Object.keys(m.values)) {
      if (!keys.has(k)) throw badRequest(`measurements: ${PRODUCT_MSG.measureField(k)}`);
    }
  }
  const now = ctx.clock.now();
  const out = await ctx.db.transaction(async (tx) => {
    const [p] = await tx
      .insert(products)
      .values({
        brand_id: brand.id,
        category_id: category.id,
        name: input.name,
        product_type: category.product_type,
        material: input.material ?? null,
        fit: input.fit ?? null,
        season: input.season ?? null,
        style_tags: input.style_tags,
        description: input.description,
        created_at: now,
      })
      .returning({ id: products.id });
    if (!p) throw new Error('product insert failed');
    const displayIds: number[] = [];
    for (const [ci, c] of input.colors.entries()) {
      const image = generatedPicture(category.product_type, c.color_hex, p.id);
      const [d] = await tx
        .insert(productDisplays)
        .values({
          product_id: p.id,
          brand_id: brand.id,
          category_id: category.id,
          name: input.name,
          product_type: category.product_type,
          price: input.price,
          price_discount: input.price_discount,
          color_name: c.color_name,
          color_hex: c.color_hex.toUpperCase(),
          image_url: image,
          images: [image],
          is_active: input.is_active,
          created_at: now,
        })
        .returning({ id: productDisplays.id });
      if (!d) throw new Error('display insert failed');
      displayIds.push(d.id);
      const prefix =
        brand.name_en
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 8)
          .toUpperCase() || 'CR';
      await tx.insert(productItems).values(
        c.sizes.map((s, si) => ({
          product_display_id: d.id,
          product_id: p.id,
          size_name: s.size_name,
          color_name: c.color_name,
          stock: s.stock,
          extra_price: s.extra_price,
          // Colour and size positions keep it unique ('9.5' and '95', '프리' and '1' differ there).
          sku: `${prefix}-P${p.id}-${ci + 1}-${si + 1}-${s.size_name.replace(/[^0-9A-Za-z]/g, '')}`.slice(
            0,
            64,
          ),
          sort_order: si,
        })),
      );
    }
    if (input.measurements.length && category.measurement_set) {
      await tx.insert(sizeMeasurements).values(
        input.measurements.map((m) => ({
          product_id: p.id,
          size_name: m.size_name,
          set_code: category.measurement_set as NonNullable<typeof category.measurement_set>,
          values: m.values,
        })),
      );
    }
    await outdateDocuments(tx, 'catalog.changed');
    return { product_id: p.id, display_ids: displayIds };
  });
  await touched(ctx, hooks, out.display_ids, false);
  return out;
}

export async function listProducts(
  ctx: AppContext,
  q: { q?: string | undefined; brand_id?: number | undefined; active?: boolean | undefined; page: number },
) {
  const where: SQL[] = [];
  if (q.q) {
    const id = /^\d{1,9}$/.test(q.q) ? Number(q.q) : null;
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(productDisplays.name, like),
        ...(id === null ? [] : [eq(productDisplays.id, id), eq(productDisplays.product_id, id)]),
      ) as SQL,
    );
  }
  if (q.brand_id) where.push(eq(productDisplays.brand_id, q.brand_id));
  if (q.active !== undefined) where.push(eq(productDisplays.is_active, q.active));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        product_id: productDisplays.product_id,
        display_id: productDisplays.id,
        name: productDisplays.name,
        brand_name: brands.name,
        category_name: categories.name,
        color_name: productDisplays.color_name,
        price: productDisplays.price,
        price_discount: productDisplays.price_discount,
        stock: sql<number>`(select coalesce(sum(i.stock), 0)::int from ${productItems} i where i.product_display_id = product_displays.id and i.is_active)`,
        is_active: productDisplays.is_active,
        image_url: productDisplays.image_url,
        created_at: productDisplays.created_at,
      })
      .from(productDisplays)
      .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
      .innerJoin(categories, eq(categories.id, productDisplays.category_id))
      .where(cond)
      .orderBy(desc(productDisplays.id))
      .limit(ADMIN_PRODUCTS_PAGE)
      .offset((q.page - 1) * ADMIN_PRODUCTS_PAGE),
    ctx.db.select({ n: count() }).from(productDisplays).where(cond),
  ]);
  return {
    total: Number(total?.n ?? 0),
    page: q.page,
    result: rows.map((r) => ({ ...r, stock: Number(r.stock), created_at: r.created_at.toISOString() })),
  };
}

/** Replaces a saved product's size table (empty clears it): its sizes × its category's measurement fields. */
export async function replaceMeasurements(
  ctx: AppContext,
  productId: number,
  input: z.output<typeof ProductMeasurementsRequest>,
  hooks: ProductChangeHooks,
) {
  const [row] = await ctx.db
    .select({ id: products.id, category_id: products.category_id, set_code: categories.measurement_set })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(eq(products.id, productId));
  if (!row) throw notFound(PRODUCT_MSG.notFound);
  const setCode = row.set_code;
  if (!setCode) {
    if (input.measurements.length) throw badRequest(`measurements: ${PRODUCT_MSG.noMeasureSet}`);
  }
  const [fields, items, displays] = await Promise.all([
    fieldsOf(ctx, row.category_id),
    ctx.db
      .select({ size_name: productItems.size_name })
      .from(productItems)
      .where(eq(productItems.product_id, productId)),
    ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(eq(productDisplays.product_id, productId)),
  ]);
  const keys = new Set(fields.map((f) => f.key));
  const sizes = new Set(items.map((i) => i.size_name));
  for (const m of input.measurements) {
    if (!sizes.has(m.size_name)) throw badRequest(`measurements: ${PRODUCT_MSG.measureSize(m.size_name)}`);
    for (const k of Object.keys(m.values)) {
      if (!keys.has(k)) throw badRequest(`measurements: ${PRODUCT_MSG.measureField(k)}`);
    }
  }
  const before = await ctx.db.transaction(async (tx) => {
    const old = await tx
      .delete(sizeMeasurements)
      .where(eq(sizeMeasurements.product_id, productId))
      .returning({ size_name: sizeMeasurements.size_name, values: sizeMeasurements.values });
    const rows = input.measurements.filter((m) => Object.keys(m.values).length > 0);
    if (rows.length && setCode) {
      await tx.insert(sizeMeasurements).values(
        rows.map((m) => ({
          product_id: productId,
          size_name: m.size_name,
          set_code: setCode,
          values: m.values,
        })),
      );
    }
    await outdateDocuments(tx, 'catalog.changed');
    return old;
  });
  await touched(
    ctx,
    hooks,
    displays.map((d) => d.id),
    false,
  );
  return { before, after: input.measurements };
}

export async function productDetail(ctx: AppContext, id: number) {
  const [p] = await ctx.db
    .select({ p: products, brand_name: brands.name, category_name: categories.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brand_id))
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(eq(products.id, id));
  if (!p) throw notFound(PRODUCT_MSG.notFound);
  const [displays, items, measures, fields] = await Promise.all([
    ctx.db
      .select()
      .from(productDisplays)
      .where(eq(productDisplays.product_id, id))
      .orderBy(asc(productDisplays.id)),
    ctx.db
      .select()
      .from(productItems)
      .where(eq(productItems.product_id, id))
      .orderBy(asc(productItems.sort_order), asc(productItems.id)),
    ctx.db.select().from(sizeMeasurements).where(eq(sizeMeasurements.product_id, id)),
    fieldsOf(ctx, p.p.category_id),
  ]);
  return {
    id: p.p.id,
    brand_id: p.p.brand_id,
    brand_name: p.brand_name,
    category_id: p.p.category_id,
    category_name: p.category_name,
    measurement_fields: fields,
    name: p.p.name,
    description: p.p.description,
    material: p.p.material,
    fit: p.p.fit,
    season: p.p.season,
    style_tags: p.p.style_tags,
    displays: displays.map((d) => ({
      id: d.id,
      color_name: d.color_name,
      color_hex: d.color_hex,
      price: d.price,
      price_discount: d.price_discount,
      is_active: d.is_active,
      almost_sold_out_from: d.almost_sold_out_from?.toISOString() ?? null,
      almost_sold_out_until: d.almost_sold_out_until?.toISOString() ?? null,
      image_url: d.image_url,
      images: d.images,
      // Until photos are uploaded the colourway shows the generated drawing (generatedPicture).
      has_photos: !d.image_url.startsWith(GENERATED_PICTURE_PREFIX),
      items: items
        .filter((i) => i.product_display_id === d.id)
        .map((i) => ({
          id: i.id,
          size_name: i.size_name,
          stock: i.stock,
          extra_price: i.extra_price,
          sku: i.sku,
          is_active: i.is_active,
        })),
    })),
    measurements: measures.map((m) => ({ size_name: m.size_name, values: m.values })),
  };
}

export async function updateDisplay(
  ctx: AppContext,
  id: number,
  body: z.output<typeof DisplayUpdateRequest>,
  hooks: ProductChangeHooks,
) {
  return ctx.db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(productDisplays)
        .where(eq(productDisplays.id, id))
        .for('update');
      if (!before) throw notFound(PRODUCT_MSG.displayNotFound);
      const price = body.price ?? before.price;
      const discount = body.price_discount ?? before.price_discount;
      if (discount > price) throw badRequest(`price_discount: ${PRODUCT_MSG.priceOrder}`);
      const [after] = await tx
        .update(productDisplays)
        .set({
          price,
          price_discount: discount,
          is_active: body.is_active ?? before.is_active,
          ...(body.almost_sold_out_from !== undefined
            ? {
                almost_sold_out_from: body.almost_sold_out_from ? new Date(body.almost_sold_out_from) : null,
                almost_sold_out_until: body.almost_sold_out_until
                  ? new Date(body.almost_sold_out_until)
                  : null,
              }
            : {}),
        })
        .where(eq(productDisplays.id, id))
        .returning();
      await outdateDocuments(tx, 'catalog.changed');
      return { before, after: after as typeof before };
    })
    .then(async (r) => {
      await touched(
        ctx,
        hooks,
        [id],
        r.before.price !== r.after.price || r.before.price_discount !== r.after.price_discount,
      );
      // The window shows on the product page, whose answer is cached: touched drops it.
      return r;
    });
}

/**
 * A size's stock, extra price and sale state, the row locked ("before" is exact); a sold-out size
 * back (isRestock) closes and notifies its restock alerts in the transaction ("Restock alerts").
 */
export async function updateItem(
  ctx: AppContext,
  id: number,
  body: z.output<typeof ItemUpdateRequest>,
  hooks: ProductChangeHooks,
) {
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(productItems).where(eq(productItems.id, id)).for('update');
    if (!before) throw notFound(PRODUCT_MSG.itemNotFound);
    const [after] = await tx
      .update(productItems)
      .set({
        stock: body.stock ?? before.stock,
        extra_price: body.extra_price ?? before.extra_price,
        is_active: body.is_active ?? before.is_active,
      })
      .where(eq(productItems.id, id))
      .returning();
    if (!after) throw notFound(PRODUCT_MSG.itemNotFound);
    if (isRestock(before, after)) await hooks.restocked(tx, [id]);
    await outdateDocuments(tx, 'catalog.changed');
    return { before, after };
  });
  await touched(ctx, hooks, [before.product_display_id], body.extra_price !== undefined);
  return { before, after };
}

/** A colourway's photos: each re-encoded into a detail (1200px) and a card (600px) WebP. */
export async function setDisplayImages(
  ctx: AppContext,
  id: number,
  files: ImageSource[],
  hooks: ProductChangeHooks,
) {
  if (files.length === 0) throw badRequest(PRODUCT_MSG.noImage);
  const [d] = await ctx.db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(eq(productDisplays.id, id));
  if (!d) throw notFound(PRODUCT_MSG.displayNotFound);
  const now = ctx.clock.now();
  const detail: string[] = [];
  let card = '';
  for (const [i, image] of files.entries()) {
    const big = await storeImage(ctx.images, image, {
      scope: 'products',
      now,
      maxWidth: 1200,
      maxHeight: 1600,
    });
    detail.push(big.url);
    if (i === 0) {
      card = (await storeImage(ctx.images, image, { scope: 'products', now, maxWidth: 600, maxHeight: 800 }))
        .url;
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(productDisplays)
      .set({ image_url: card, images: detail })
      .where(eq(productDisplays.id, id));
    await outdateDocuments(tx, 'catalog.changed');
  });
  await touched(ctx, hooks, [id], false);
  return { display_id: id, image_url: card, images: detail };
}

export async function catalogOptions(ctx: AppContext) {
  const [b, c, sets] = await Promise.all([
    ctx.db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
    ctx.db
      .select()
      .from(categories)
      .orderBy(asc(categories.main), asc(categories.sort_order), asc(categories.id)),
    ctx.db.select().from(sizeMeasurementSets),
  ]);
  const fieldsBy = new Map(sets.map((s) => [s.code, s.fields]));
  return {
    brands: b,
    categories: c.map((x) => ({
      id: x.id,
      name: x.name,
      main: x.main,
      product_type: x.product_type,
      fields: (x.measurement_set && fieldsBy.get(x.measurement_set)) || [],
    })),
    style_tags: [...STYLE_TAGS],
  };
}
