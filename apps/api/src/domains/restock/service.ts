/**
 * Restock alerts (재입고 알림, docs/ARCHITECTURE.md "Restock alerts"): a member asks for a sold-out
 * size (one open alert per member and item), sees and cancels their own, and when an MD raises the
 * item's stock from nothing (admin/products.ts, admin/catalog-csv.ts) every open alert of it is
 * closed by one conditional update and its member notified once (users' `notify`, kind GENERAL,
 * dedupe key `restock:<alert id>`) inside the MD's transaction.
 */
import { RESTOCK_MSG, type RestockAlert, restockNotice } from '@codiroom/shared';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { brands, productDisplays, productItems, restockAlerts } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { sellableStockColumn, sellableStockSql } from '../catalog/index.ts';
import { notify } from '../users/index.ts';

const alertColumns = {
  id: restockAlerts.id,
  product_item_id: restockAlerts.product_item_id,
  product_display_id: restockAlerts.product_display_id,
  size_name: productItems.size_name,
  color_name: productDisplays.color_name,
  name: productDisplays.name,
  brand_name: brands.name,
  image_url: productDisplays.image_url,
  created_at: restockAlerts.created_at,
};

async function openAlerts(conn: Conn, where: SQL): Promise<RestockAlert[]> {
  const rows = await conn
    .select(alertColumns)
    .from(restockAlerts)
    .innerJoin(productItems, eq(productItems.id, restockAlerts.product_item_id))
    .innerJoin(productDisplays, eq(productDisplays.id, restockAlerts.product_display_id))
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(and(where, isNull(restockAlerts.notified_at)))
    .orderBy(desc(restockAlerts.created_at), desc(restockAlerts.id));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/**
 * Asks for an alert of a sold-out size of a colourway on sale: 404 for an unknown item or one off
 * sale, 400 while it is in stock; asking again answers the open alert.
 */
export async function askAlert(ctx: AppContext, userId: number, itemId: number): Promise<RestockAlert> {
  const [item] = await ctx.db
    .select({
      id: productItems.id,
      display_id: productItems.product_display_id,
      item_active: productItems.is_active,
      display_active: productDisplays.is_active,
      stock: sellableStockColumn(),
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(eq(productItems.id, itemId))
    .limit(1);
  if (!item || !item.item_active || !item.display_active) throw notFound(RESTOCK_MSG.itemNotFound);
  if (Number(item.stock) > 0) throw badRequest(RESTOCK_MSG.inStock);
  await ctx.db
    .insert(restockAlerts)
    .values({
      user_id: userId,
      product_item_id: item.id,
      product_display_id: item.display_id,
      created_at: ctx.clock.now(),
    })
    .onConflictDoNothing();
  const [alert] = await openAlerts(
    ctx.db,
    and(eq(restockAlerts.user_id, userId), eq(restockAlerts.product_item_id, item.id)) as SQL,
  );
  if (!alert) throw new Error('restock alert not stored');
  return alert;
}

/** The member's open alerts, newest first; of one colourway when given. */
export function listAlerts(ctx: AppContext, userId: number, displayId?: number): Promise<RestockAlert[]> {
  return openAlerts(
    ctx.db,
    and(
      eq(restockAlerts.user_id, userId),
      displayId === undefined ? undefined : eq(restockAlerts.product_display_id, displayId),
    ) as SQL,
  );
}

/** Cancels one of the member's open alerts; anyone else's (or a closed one) answers 404. */
export async function cancelAlert(ctx: AppContext, userId: number, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(restockAlerts)
    .where(
      and(eq(restockAlerts.id, id), eq(restockAlerts.user_id, userId), isNull(restockAlerts.notified_at)),
    )
    .returning({ id: restockAlerts.id });
  if (gone.length === 0) throw notFound(RESTOCK_MSG.alertNotFound);
}

/**
 * Closes the open alerts of the given items that can be sold now and notifies their members, once:
 * the conditional update claims each alert for exactly one caller. Runs in the caller's
 * transaction (the stock change), so a rolled-back change notifies nobody. Returns how many.
 */
export async function notifyRestocked(
  conn: Conn,
  ctx: AppContext,
  itemIds: readonly number[],
): Promise<number> {
  if (itemIds.length === 0) return 0;
  const now = ctx.clock.now();
  const closed = await conn
    .update(restockAlerts)
    .set({ notified_at: now })
    .where(
      and(
        inArray(restockAlerts.product_item_id, [...new Set(itemIds)]),
        isNull(restockAlerts.notified_at),
        sql`exists (select 1 from product_items i join product_displays d on d.id = i.product_display_id
          where i.id = ${restockAlerts.product_item_id} and ${sql.raw(sellableStockSql('i', 'd'))} > 0)`,
      ),
    )
    .returning({
      id: restockAlerts.id,
      user_id: restockAlerts.user_id,
      item_id: restockAlerts.product_item_id,
    });
  if (closed.length === 0) return 0;
  const details = await conn
    .select({
      id: productItems.id,
      display_id: productItems.product_display_id,
      size_name: productItems.size_name,
      color_name: productDisplays.color_name,
      name: productDisplays.name,
      brand_name: brands.name,
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(inArray(productItems.id, [...new Set(closed.map((c) => c.item_id))]))
    .orderBy(asc(productItems.id));
  const byItem = new Map(details.map((d) => [d.id, d]));
  for (const a of closed) {
    const d = byItem.get(a.item_id);
    if (!d) continue;
    // GENERAL (docs/ARCHITECTURE.md "Restock alerts"): news the member asked for, not about an
    // order of theirs — the push needs the benefit switch and waits out the night like other news.
    await notify(conn, ctx, a.user_id, {
      kind: 'GENERAL',
      ...restockNotice(d),
      link: `/product/${d.display_id}`,
      dedupe_key: `restock:${a.id}`,
    });
  }
  return closed.length;
}
