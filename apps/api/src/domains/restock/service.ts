/**
 * Restock alerts (재입고 알림, docs/ARCHITECTURE.md "Restock alerts"): a member asks for a sold-out
 * size (one open alert per member and item), sees and cancels their own, and when an MD raises the
 * item's stock from nothing (admin/products.ts, admin/catalog-csv.ts) every open alert of it is
 * closed by one conditional update and its member notified once (users' `notify`, kind GENERAL,
 * dedupe key `restock:<alert id>`) inside the MD's transaction.
 */
import { RESTOCK_MSG, type RestockAlert, restockNotice } from '@codiroom/shared';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { itemSummaries } from '../catalog/index.ts';
import { notify } from '../users/index.ts';
import { restockAlerts } from './schema.ts';

async function openAlerts(conn: Conn, where: SQL): Promise<RestockAlert[]> {
  const rows = await conn
    .select()
    .from(restockAlerts)
    .where(and(where, isNull(restockAlerts.notified_at)))
    .orderBy(desc(restockAlerts.created_at), desc(restockAlerts.id));
  // Size, colour, name, brand and picture from the catalogue's surface (the alert's item).
  const items = await itemSummaries(
    conn,
    rows.map((r) => r.product_item_id),
  );
  return rows.flatMap((r) => {
    const i = items.get(r.product_item_id);
    if (!i) return [];
    return [
      {
        id: r.id,
        product_item_id: r.product_item_id,
        product_display_id: r.product_display_id,
        size_name: i.size_name,
        color_name: i.color_name,
        name: i.name,
        brand_name: i.brand_name,
        image_url: i.image_url,
        created_at: r.created_at.toISOString(),
      },
    ];
  });
}

/**
 * Asks for an alert of a sold-out size of a colourway on sale: 404 for an unknown item or one off
 * sale, 400 while it is in stock; asking again answers the open alert.
 */
export async function askAlert(ctx: AppContext, userId: number, itemId: number): Promise<RestockAlert> {
  const item = (await itemSummaries(ctx.db, [itemId])).get(itemId);
  if (!item || !item.item_active || !item.display_active) throw notFound(RESTOCK_MSG.itemNotFound);
  if (item.stock > 0) throw badRequest(RESTOCK_MSG.inStock);
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
  // Which of the items can be sold now, read on the caller's connection (it sees the stock change).
  const items = await itemSummaries(conn, itemIds);
  const sellable = [...items.values()].filter((i) => i.stock > 0).map((i) => i.id);
  if (sellable.length === 0) return 0;
  const closed = await conn
    .update(restockAlerts)
    .set({ notified_at: now })
    .where(and(inArray(restockAlerts.product_item_id, sellable), isNull(restockAlerts.notified_at)))
    .returning({
      id: restockAlerts.id,
      user_id: restockAlerts.user_id,
      item_id: restockAlerts.product_item_id,
    });
  if (closed.length === 0) return 0;
  for (const a of closed) {
    const d = items.get(a.item_id);
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
