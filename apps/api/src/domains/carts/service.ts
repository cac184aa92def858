/**
 * Carts (SPEC.md §3/§7): one cart per member (user_id) or guest (guest_id). A member token wins
 * over the guest header. Lines of one item join when they share codi_id (none for loose adds);
 * a codi line and a loose line of the same item stay apart, as in the sign-in merge
 * (users/guest-merge.ts). The single add (addToCart) joins a batched statement (add-batch.ts)
 * upserting on the (cart, item, codi) unique key; the other adds and changes lock the item rows.
 * Either way, concurrent adds of one cart never take the item's lines in that cart above its
 * stock. A line whose item sold out stays in the cart, flagged is_sold_out, and is left out of
 * the totals.
 */
import { CART_MAX_QUANTITY, type CartAddBody, type UpdateCartLineRequest } from '@codiroom/shared';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/access.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { type LockedItem, lockCartItems } from '../catalog/index.ts';
import { activeCodiDisplayIds } from '../contents/index.ts';
import { type BatchRow, cartAddBatcher } from './add-batch.ts';
import { cartLines, carts } from './schema.ts';

export type Owner = { userId: number } | { guestId: string };

export function ownerOf(p: Principal): Owner {
  if (p.userId !== null) return { userId: p.userId };
  if (p.guestId !== null) return { guestId: p.guestId };
  throw new Error('cart route without an identity');
}

const ownerWhere = (o: Owner): SQL =>
  'userId' in o ? eq(carts.user_id, o.userId) : eq(carts.guest_id, o.guestId);

export const MSG = {
  soldOut: '품절된 상품입니다.',
  stock: (n: number) => `재고가 부족합니다. (남은 수량: ${n}개)`,
  max: `한 상품은 최대 ${CART_MAX_QUANTITY}개까지 담을 수 있습니다.`,
  itemNotFound: '상품을 찾을 수 없습니다.',
  lineNotFound: '장바구니 상품을 찾을 수 없습니다.',
  codiNotFound: '코디를 찾을 수 없습니다.',
  notInCodi: '코디에 포함되지 않은 상품입니다.',
  notInDisplay: '해당 상품의 옵션이 아닙니다.',
} as const;

export async function findCartId(db: Conn, owner: Owner): Promise<number | null> {
  const [c] = await db.select({ id: carts.id }).from(carts).where(ownerWhere(owner)).limit(1);
  return c?.id ?? null;
}

/** The owner's cart id, created if needed (its updated_at touched). */
async function ensureCartId(tx: Tx, owner: Owner, now: Date): Promise<number> {
  const values = {
    user_id: 'userId' in owner ? owner.userId : null,
    guest_id: 'guestId' in owner ? owner.guestId : null,
    created_at: now,
    updated_at: now,
  };
  const [row] = await tx
    .insert(carts)
    .values(values)
    .onConflictDoUpdate({
      target: 'userId' in owner ? carts.user_id : carts.guest_id,
      set: { updated_at: now },
    })
    .returning({ id: carts.id });
  if (!row) throw new Error('cart upsert returned nothing');
  return row.id;
}

export async function countLines(db: Conn, cartId: number | null): Promise<number> {
  if (cartId === null) return 0;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(eq(cartLines.cart_id, cartId));
  return Number(r?.n ?? 0);
}

// ───────────────────────────── writes ─────────────────────────────

/**
 * Checks that a line of `lineQuantity` fits the item's stock beside the cart's `others` of it;
 * `held` is what the cart already holds of it without this request (the detail's remainder).
 */
function checkStock(item: Pick<LockedItem, 'stock'>, lineQuantity: number, others: number, held: number) {
  if (item.stock <= 0) throw badRequest(MSG.soldOut);
  if (lineQuantity > CART_MAX_QUANTITY) throw badRequest(MSG.max);
  if (lineQuantity + others > item.stock) throw badRequest(MSG.stock(Math.max(0, item.stock - held)));
}

type AddItem = { product_item_id: number; quantity: number };

/** Adds items (merging repeated ids) to the owner's cart, each joining its line of the same codi_id. */
async function addItems(
  db: Db,
  owner: Owner,
  now: Date,
  wanted: AddItem[],
  codiId: number | null,
  allowedDisplays: ((displayId: number) => boolean) | null,
  notAllowed: string,
): Promise<CartAddBody> {
  const merged = new Map<number, number>();
  for (const w of wanted) merged.set(w.product_item_id, (merged.get(w.product_item_id) ?? 0) + w.quantity);
  return db.transaction(async (tx) => {
    const items = await lockCartItems(tx, [...merged.keys()]);
    for (const id of merged.keys()) {
      const item = items.get(id);
      if (!item) throw notFound(MSG.itemNotFound);
      if (allowedDisplays && !allowedDisplays(item.product_display_id)) throw badRequest(notAllowed);
    }
    const cartId = await ensureCartId(tx, owner, now);
    const all = await tx.select().from(cartLines).where(eq(cartLines.cart_id, cartId));
    const existing = all.filter((l) => merged.has(l.product_item_id));
    let count = all.length;
    const lines: CartAddBody['lines'] = [];
    for (const [itemId, quantity] of merged) {
      const item = items.get(itemId) as LockedItem;
      const same = existing.find((l) => l.product_item_id === itemId && l.codi_id === codiId);
      const others = existing
        .filter((l) => l.product_item_id === itemId && l !== same)
        .reduce((s, l) => s + l.quantity, 0);
      const next = (same?.quantity ?? 0) + quantity;
      checkStock(item, next, others, others + (same?.quantity ?? 0));
      if (same) {
        await tx.update(cartLines).set({ quantity: next, updated_at: now }).where(eq(cartLines.id, same.id));
        lines.push({
          id: same.id,
          product_item_id: itemId,
          product_display_id: item.product_display_id,
          codi_id: codiId,
          quantity: next,
        });
      } else {
        const [row] = await tx
          .insert(cartLines)
          .values({
            cart_id: cartId,
            product_item_id: itemId,
            product_display_id: item.product_display_id,
            codi_id: codiId,
            quantity: next,
            is_size_selected_by_user: true,
            created_at: now,
            updated_at: now,
          })
          .returning({ id: cartLines.id });
        if (!row) throw new Error('insert failed');
        count += 1;
        lines.push({
          id: row.id,
          product_item_id: itemId,
          product_display_id: item.product_display_id,
          codi_id: codiId,
          quantity: next,
        });
      }
    }
    return { lines, count };
  });
}

/** What the single add hands to the AddToCart ad event, so it needs no second query. */
export type AddedItemPrice = {
  product_display_id: number;
  price: number;
  price_discount: number;
  extra_price: number;
};

/**
 * POST /api/carts, the hot path: the add joins a batch (add-batch.ts), one statement for the adds
 * of many carts. The cart row is upserted, the line is inserted or, on the (cart, item, codi)
 * unique constraint, incremented. The conflict branch re-reads the current line, so concurrent
 * adds of one cart still never take the line above the item's stock or CART_MAX_QUANTITY; when
 * nothing was written, the add's row tells why.
 */
export async function addToCart(
  db: Db,
  owner: Owner,
  now: Date,
  add: AddItem,
): Promise<{ body: CartAddBody; price: AddedItemPrice }> {
  const row = await cartAddBatcher(db).add({ owner, at: now, ...add });
  return addResultOf(row, add);
}

/** The answer of one add from its row of the batch statement, or the 4xx saying why not. */
export function addResultOf(row: BatchRow, add: AddItem): { body: CartAddBody; price: AddedItemPrice } {
  if (!row.found) throw notFound(MSG.itemNotFound);
  const q = add.quantity;
  const stock = Number(row.stock);
  const price: AddedItemPrice = {
    product_display_id: Number(row.product_display_id),
    price: Number(row.price),
    price_discount: Number(row.price_discount),
    extra_price: Number(row.extra_price),
  };
  if (row.line_id === null) {
    // Nothing written: say why, in checkStock's order (the held figures are this statement's view).
    const same = Number(row.same_q ?? 0);
    const others = Number(row.others ?? 0);
    checkStock({ stock }, same + q, others, others + same);
    // The snapshot fitted but the current line did not: a concurrent add took the room.
    throw badRequest(MSG.stock(Math.max(0, stock - others - same - q)));
  }
  const count = Number(row.n_lines ?? 0) + (row.inserted ? 1 : 0);
  return {
    body: {
      lines: [
        {
          id: Number(row.line_id),
          product_item_id: add.product_item_id,
          product_display_id: price.product_display_id,
          codi_id: null,
          quantity: Number(row.line_quantity),
        },
      ],
      count,
    },
    price,
  };
}

export function productToCart(
  db: Db,
  owner: Owner,
  now: Date,
  displayId: number,
  items: AddItem[],
): Promise<CartAddBody> {
  return addItems(db, owner, now, items, null, (d) => d === displayId, MSG.notInDisplay);
}

export async function codiToCart(
  db: Db,
  owner: Owner,
  now: Date,
  codiId: number,
  items: AddItem[],
): Promise<CartAddBody> {
  const allowed = await activeCodiDisplayIds(db, codiId);
  if (!allowed) throw notFound(MSG.codiNotFound);
  return addItems(db, owner, now, items, codiId, (d) => allowed.has(d), MSG.notInCodi);
}

/** codi-to-cart for an outfit of the member's MY큐레이션 (`displays`: its products; null: none of theirs). */
export async function curationOutfitToCart(
  db: Db,
  owner: Owner,
  now: Date,
  displays: Set<number> | null,
  items: AddItem[],
): Promise<CartAddBody> {
  if (!displays || !('userId' in owner)) throw notFound(MSG.codiNotFound);
  return addItems(db, owner, now, items, null, (d) => displays.has(d), MSG.notInCodi);
}

/**
 * PATCH /api/carts/{id}: quantity, and optionally another item of the same product — another size,
 * or a size of another colourway (the line moves to that display). A change onto an item the cart
 * already holds with the same codi_id joins that line; the result is bounded by the item's stock.
 */
export async function updateLine(
  db: Db,
  owner: Owner,
  now: Date,
  lineId: number,
  body: UpdateCartLineRequest,
): Promise<CartAddBody['lines'][number]> {
  return db.transaction(async (tx) => {
    const cartId = await findCartId(tx, owner);
    if (cartId === null) throw notFound(MSG.lineNotFound);
    const [line] = await tx
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cart_id, cartId)))
      .limit(1);
    if (!line) throw notFound(MSG.lineNotFound);
    const itemId = body.product_item_id ?? line.product_item_id;
    const items = await lockCartItems(tx, [itemId, line.product_item_id]);
    const item = items.get(itemId);
    if (!item) throw notFound(MSG.itemNotFound);
    if (item.product_id !== items.get(line.product_item_id)?.product_id) throw badRequest(MSG.notInDisplay);
    const sameItem = await tx
      .select()
      .from(cartLines)
      .where(
        and(eq(cartLines.cart_id, cartId), eq(cartLines.product_item_id, itemId), ne(cartLines.id, line.id)),
      );
    const sizeFlag =
      body.is_size_selected_by_user ??
      (itemId !== line.product_item_id ? true : line.is_size_selected_by_user);
    // A size change onto an item the cart already holds with the same codi_id joins that line.
    const twin =
      itemId !== line.product_item_id ? sameItem.find((l) => l.codi_id === line.codi_id) : undefined;
    const target = twin ?? line;
    const quantity = twin ? twin.quantity + body.quantity : body.quantity;
    const others = sameItem.filter((l) => l.id !== target.id).reduce((s, l) => s + l.quantity, 0);
    checkStock(item, quantity, others, others + (twin?.quantity ?? 0));
    await tx
      .update(cartLines)
      .set({
        product_item_id: itemId,
        product_display_id: item.product_display_id,
        quantity,
        is_size_selected_by_user: sizeFlag,
        updated_at: now,
      })
      .where(eq(cartLines.id, target.id));
    if (twin) await tx.delete(cartLines).where(eq(cartLines.id, line.id));
    return {
      id: target.id,
      product_item_id: itemId,
      product_display_id: item.product_display_id,
      codi_id: line.codi_id,
      quantity,
    };
  });
}

/** Deletes lines of the owner's cart; any id outside it answers 404 and nothing is deleted. */
export async function deleteLines(
  db: Db,
  owner: Owner,
  ids: number[],
): Promise<{ deleted: number[]; count: number }> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const cartId = await findCartId(tx, owner);
    if (cartId === null) throw notFound(MSG.lineNotFound);
    const mine = await tx
      .select({ id: cartLines.id })
      .from(cartLines)
      .where(and(eq(cartLines.cart_id, cartId), inArray(cartLines.id, wanted)));
    if (mine.length !== wanted.length) throw notFound(MSG.lineNotFound);
    await tx.delete(cartLines).where(and(eq(cartLines.cart_id, cartId), inArray(cartLines.id, wanted)));
    return { deleted: wanted, count: await countLines(tx, cartId) };
  });
}
