/**
 * Product page extras: the active display row they read, the shipping promise, live viewers,
 * the main image and the compact product box.
 */
import {
  type ImageMainBody,
  type ProductBoxBody,
  type ShippingInfoBody,
  shippingPromise,
} from '@codiroom/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { productMissing } from './products.ts';
import { activeCardsByIds } from './repository.ts';
import { brands, categories, productDisplays, productItems, products } from './schema.ts';
import { liveViewerCount, VIEWER_WINDOW_MINUTES } from './signals.ts';

const DEFAULT_SHIPPING_FEE = 3000;
const DEFAULT_FREE_SHIPPING_MIN = 50000;

/** An active product display with what the page extras read (404 when missing or inactive). */
export async function activeRow(db: Db, id: number) {
  const [row] = await db
    .select({
      id: productDisplays.id,
      product_id: productDisplays.product_id,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      product_type: productDisplays.product_type,
      price_discount: productDisplays.price_discount,
      color_hex: productDisplays.color_hex,
      image_url: productDisplays.image_url,
      images: productDisplays.images,
      force_today_shipping: productDisplays.force_today_shipping,
      delivery_category: productDisplays.delivery_category,
      fit: products.fit,
      style_tags: products.style_tags,
      main: categories.main,
    })
    .from(productDisplays)
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  return row;
}

// ───────────────────────────── shipping ─────────────────────────────

export async function shippingInfo(ctx: AppContext, id: number | null): Promise<ShippingInfoBody> {
  if (id === null) {
    // SPEC.md §5: no product, no database call — the standard terms.
    const promise = shippingPromise(
      { today_shipping: false, fast_shipping_cutoff: null, force_today_shipping: false },
      ctx.clock,
    );
    return {
      product_display_id: null,
      brand_id: null,
      delivery_category: 'home_delivery',
      shipping_fee: DEFAULT_SHIPPING_FEE,
      free_shipping_min: DEFAULT_FREE_SHIPPING_MIN,
      ...promise,
    };
  }
  return shippingFromTerms(ctx, id, await shippingTerms(ctx.db, id));
}

/** What the shipping answer of a product on sale is made of: its brand's terms and its own flags. */
export type ShippingTerms = {
  brand_id: number;
  today_shipping: boolean;
  fast_shipping_cutoff: number | null;
  shipping_fee: number;
  free_shipping_min: number;
  force_today_shipping: boolean;
  delivery_category: string;
};

/** The shipping terms of display `id` on sale (404 otherwise); they change with the catalogue only. */
export async function shippingTerms(db: Db, id: number): Promise<ShippingTerms> {
  const [row] = await db
    .select({
      brand_id: brands.id,
      today_shipping: brands.today_shipping,
      fast_shipping_cutoff: brands.fast_shipping_cutoff,
      shipping_fee: brands.shipping_fee,
      free_shipping_min: brands.free_shipping_min,
      force_today_shipping: productDisplays.force_today_shipping,
      delivery_category: productDisplays.delivery_category,
    })
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  return row;
}

/** The shipping answer from the terms, at the clock's instant (the promise depends on the hour). */
export function shippingFromTerms(
  ctx: Pick<AppContext, 'clock'>,
  id: number,
  row: ShippingTerms,
): ShippingInfoBody {
  const promise = shippingPromise(row, ctx.clock);
  return {
    product_display_id: id,
    brand_id: row.brand_id,
    delivery_category: row.delivery_category,
    shipping_fee: row.shipping_fee,
    free_shipping_min: row.free_shipping_min,
    ...promise,
  };
}

// ───────────────────────────── viewers, image, box ─────────────────────────────

export async function currentViewCount(ctx: AppContext, id: number | null) {
  if (id === null) return { product_display_id: null, count: 0, window_minutes: VIEWER_WINDOW_MINUTES };
  const [row] = await ctx.db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  return {
    product_display_id: id,
    count: await liveViewerCount(ctx, id),
    window_minutes: VIEWER_WINDOW_MINUTES,
  };
}

export async function imageMain(db: Db, id: number | null): Promise<ImageMainBody> {
  if (id === null) return { product_display_id: null, image_url: null, images: [] };
  const [row] = await db
    .select({ image_url: productDisplays.image_url, images: productDisplays.images })
    .from(productDisplays)
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  if (!row) throw productMissing();
  const images = row.images.length ? row.images : [row.image_url];
  return { product_display_id: id, image_url: images[0] ?? row.image_url, images };
}

export async function productBox(db: Db, id: number | null): Promise<ProductBoxBody> {
  if (id === null) throw productMissing();
  const [[card], [colour], items] = await Promise.all([
    activeCardsByIds(db, [id]),
    db
      .select({ color_name: productDisplays.color_name })
      .from(productDisplays)
      .where(eq(productDisplays.id, id))
      .limit(1),
    db
      .select({ size_name: productItems.size_name, stock: productItems.stock })
      .from(productItems)
      .where(and(eq(productItems.product_display_id, id), eq(productItems.is_active, true)))
      .orderBy(asc(productItems.sort_order), asc(productItems.id)),
  ]);
  if (!card || !colour) throw productMissing();
  const bySize = new Map<string, boolean>();
  for (const i of items) bySize.set(i.size_name, (bySize.get(i.size_name) ?? false) || i.stock > 0);
  const sizes = [...bySize].map(([size_name, inStock]) => ({ size_name, is_sold_out: !inStock }));
  return {
    result: { ...card, color_name: colour.color_name, sizes, is_sold_out: sizes.every((s) => s.is_sold_out) },
  };
}
