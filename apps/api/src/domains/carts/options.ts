/**
 * GET /api/carts/{id}/options ([addition], docs/ARCHITECTURE.md "Carts"): what a cart line can
 * change to — every colourway of the line's product on sale, with its sizes on sale and their
 * sellable stock. Only the caller's own line (another cart's line answers 404, as PATCH does).
 */
import type { CartLineOptions } from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { optionsOfItemProduct } from '../catalog/index.ts';
import { cartLines } from './schema.ts';
import { findCartId, MSG, type Owner } from './service.ts';

export async function lineOptions(db: Db, owner: Owner, lineId: number): Promise<CartLineOptions> {
  const cartId = await findCartId(db, owner);
  if (cartId === null) throw notFound(MSG.lineNotFound);
  const [line] = await db
    .select({ id: cartLines.id, product_item_id: cartLines.product_item_id, quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cart_id, cartId)))
    .limit(1);
  if (!line) throw notFound(MSG.lineNotFound);
  const rows = await optionsOfItemProduct(db, line.product_item_id);
  const colours: CartLineOptions['colours'] = [];
  for (const r of rows) {
    let c = colours.at(-1);
    if (c?.product_display_id !== r.display_id) {
      c = {
        product_display_id: r.display_id,
        color_name: r.color_name,
        color_hex: r.color_hex,
        image_url: r.image_url,
        items: [],
      };
      colours.push(c);
    }
    const stock = Number(r.stock);
    c.items.push({
      id: r.id,
      size_name: r.size_name,
      stock,
      is_sold_out: stock <= 0,
      extra_price: r.extra_price,
    });
  }
  return { line_id: line.id, product_item_id: line.product_item_id, quantity: line.quantity, colours };
}
