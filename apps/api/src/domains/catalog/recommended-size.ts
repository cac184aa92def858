/** The member's recommended size for a product: saved size info, purchases, then height/weight. */
import type { RecommendedSizeBody } from '@codiroom/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, productDisplays, productItems, userSizeInfo } from '../../db/schema.ts';
import { activeRow } from './product-page.ts';
import { productMissing } from './products.ts';

// ───────────────────────────── recommended size ─────────────────────────────

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];

/** A letter size from height (cm) and weight (kg) for tops and outerwear (Korean men's sizing). */
export function letterSizeFromBody(height: number, weight: number): string {
  const bmiish = weight / (height / 100) ** 2;
  let i = height < 165 ? 1 : height < 172 ? 2 : height < 178 ? 3 : height < 184 ? 4 : 5;
  if (bmiish >= 27) i += 1;
  else if (bmiish < 20) i -= 1;
  return LETTER_SIZES[Math.max(0, Math.min(LETTER_SIZES.length - 1, i))] as string;
}

/** Waist (inches) from weight (kg) for trousers. */
export function waistFromBody(weight: number): string {
  const w = Math.round((weight - 60) / 4) * 1 + 30;
  return String(Math.max(26, Math.min(40, w % 2 === 0 ? w : w + 1)));
}

export async function recommendedSize(
  db: Db,
  userId: number,
  id: number | null,
): Promise<RecommendedSizeBody> {
  if (id === null) throw productMissing();
  const row = await activeRow(db, id);
  const items = await db
    .select({ size_name: productItems.size_name, stock: productItems.stock })
    .from(productItems)
    .where(and(eq(productItems.product_display_id, id), eq(productItems.is_active, true)))
    .orderBy(asc(productItems.sort_order), asc(productItems.id));
  const bySize = new Map<string, boolean>();
  for (const i of items) bySize.set(i.size_name, (bySize.get(i.size_name) ?? false) || i.stock > 0);
  const sizes = [...bySize].map(([size_name, inStock]) => ({ size_name, is_sold_out: !inStock }));
  const has = (s: string | null | undefined) => (s ? sizes.some((x) => x.size_name === s) : false);
  const answer = (recommended_size: string | null, basis: RecommendedSizeBody['basis']) => ({
    product_display_id: id,
    recommended_size,
    basis,
    sizes,
  });

  const [info] = await db.select().from(userSizeInfo).where(eq(userSizeInfo.user_id, userId)).limit(1);
  const saved = info?.sizes?.[row.product_type];
  if (has(saved)) return answer(saved as string, 'size_info');

  const [bought] = await db
    .select({ size_name: productItems.size_name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .innerJoin(productItems, eq(productItems.id, orderItems.product_item_id))
    .innerJoin(productDisplays, eq(productDisplays.id, orderItems.product_display_id))
    .where(
      and(
        eq(orders.user_id, userId),
        eq(productDisplays.product_type, row.product_type),
        inArray(orderItems.status, ['PAID', 'PREPARING', 'SHIPPING', 'COMPLETE', 'EXCHANGED', 'CONFIRMED']),
      ),
    )
    .orderBy(desc(orderItems.created_at))
    .limit(1);
  if (has(bought?.size_name)) return answer(bought?.size_name as string, 'purchase_history');

  if (info?.height && info.weight) {
    const guess =
      row.product_type === 'BOTTOM'
        ? waistFromBody(info.weight)
        : letterSizeFromBody(info.height, info.weight);
    if (has(guess)) return answer(guess, 'body');
  }
  return answer(null, 'none');
}
