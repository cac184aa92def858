/**
 * Shipping addresses (get/post/put/delete-user-shipping-info). Rules:
 *   - exactly one default per member with addresses: the first address becomes the default;
 *     making another the default unsets the old one; deleting (or un-defaulting) the default
 *     promotes the most recently created other address; the only address stays the default;
 *   - at most MAX_ADDRESSES per member;
 *   - another member's address id answers the same 404 as a missing one;
 *   - an address typed at checkout with 배송지 목록에 저장 (`saveAddressOnce`) is added once: an
 *     identical saved address (recipient, phone, zipcode, address, detail) is not added again; it is
 *     named after its recipient and becomes the default only as the member's first address.
 * Every write locks the member's users row first, so concurrent writes of one member serialise;
 * the partial unique index addresses_user_default_uq backs the one-default rule in the database.
 */
import {
  MAX_ADDRESSES,
  type ShippingAddress,
  type ShippingAddressRequest,
  type ShippingAddressUpdateRequest,
} from '@codiroom/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { iso, lockMember } from './member-db.ts';
import { addresses } from './schema.ts';

type AddressRow = typeof addresses.$inferSelect;
type CreateInput = z.output<typeof ShippingAddressRequest>;
type UpdateInput = z.output<typeof ShippingAddressUpdateRequest>;

export const ADDRESS_NOT_FOUND = '배송지를 찾을 수 없습니다.';

function toWire(a: AddressRow): ShippingAddress {
  return {
    id: a.id,
    name: a.name,
    recipient: a.recipient,
    phone: a.phone,
    zipcode: a.zipcode,
    main_address: a.main_address,
    detail_address: a.detail_address,
    request: a.request,
    is_default: a.is_default,
    created_at: iso(a.created_at),
  };
}

/** Path ids are strings: a non-numeric one is the 404 of the resource, not a validation error. */
export function parseAddressId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(ADDRESS_NOT_FOUND);
  return Number(raw);
}

async function ownAddress(db: Conn, userId: number, id: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.user_id, userId)))
    .limit(1);
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return row;
}

/** Default first, then the newest. */
export async function listAddresses(ctx: AppContext, userId: number): Promise<ShippingAddress[]> {
  const rows = await ctx.db
    .select()
    .from(addresses)
    .where(eq(addresses.user_id, userId))
    .orderBy(desc(addresses.is_default), desc(addresses.created_at), desc(addresses.id));
  return rows.map(toWire);
}

export async function getAddress(ctx: AppContext, userId: number, id: number): Promise<ShippingAddress> {
  return toWire(await ownAddress(ctx.db, userId, id));
}

async function clearDefault(tx: Tx, userId: number) {
  await tx
    .update(addresses)
    .set({ is_default: false })
    .where(and(eq(addresses.user_id, userId), eq(addresses.is_default, true)));
}

/** Makes the newest address other than `exceptId` the default; false when there is none. */
async function promoteNewestOther(tx: Tx, userId: number, exceptId: number): Promise<boolean> {
  const [next] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.user_id, userId), ne(addresses.id, exceptId)))
    .orderBy(desc(addresses.created_at), desc(addresses.id))
    .limit(1);
  if (!next) return false;
  await clearDefault(tx, userId);
  await tx.update(addresses).set({ is_default: true }).where(eq(addresses.id, next.id));
  return true;
}

export async function createAddress(
  ctx: AppContext,
  userId: number,
  input: CreateInput,
): Promise<ShippingAddress> {
  return ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const existing = await tx
      .select({ id: addresses.id, is_default: addresses.is_default })
      .from(addresses)
      .where(eq(addresses.user_id, userId));
    if (existing.length >= MAX_ADDRESSES) {
      throw badRequest(`배송지는 최대 ${MAX_ADDRESSES}개까지 등록할 수 있습니다.`);
    }
    const makeDefault = input.is_default || !existing.some((a) => a.is_default);
    if (makeDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...input, user_id: userId, is_default: makeDefault, created_at: ctx.clock.now() })
      .returning();
    if (!row) throw new Error('address insert returned nothing');
    return toWire(row);
  });
}

/** The fields a checkout address is compared on. */
type PlainAddress = {
  recipient: string;
  phone: string;
  zipcode: string;
  main_address: string;
  detail_address: string;
};

const sameKey = (a: PlainAddress) =>
  [
    a.recipient.trim(),
    a.phone.replace(/\D/g, ''),
    a.zipcode.trim(),
    a.main_address.trim(),
    a.detail_address.trim(),
  ].join('\u0000');

const FULL = () => badRequest(`배송지는 최대 ${MAX_ADDRESSES}개까지 등록할 수 있습니다.`);

/** Before a checkout saves its address: a full book (without that address already in it) is a 400. */
export async function checkAddressRoom(
  ctx: AppContext,
  userId: number,
  address: PlainAddress,
): Promise<void> {
  const rows = await ctx.db.select().from(addresses).where(eq(addresses.user_id, userId));
  if (rows.length >= MAX_ADDRESSES && !rows.some((r) => sameKey(r) === sameKey(address))) throw FULL();
}

/**
 * 배송지 목록에 저장 at checkout: the id of the identical saved address, else of the address added now
 * (the first address becomes the default, as in createAddress). A book filled meanwhile is a 400.
 */
export async function saveAddressOnce(
  ctx: AppContext,
  userId: number,
  address: PlainAddress,
  request: string | null,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const rows = await tx.select().from(addresses).where(eq(addresses.user_id, userId));
    const same = rows.find((r) => sameKey(r) === sameKey(address));
    if (same) return same.id;
    if (rows.length >= MAX_ADDRESSES) throw FULL();
    const [row] = await tx
      .insert(addresses)
      .values({
        user_id: userId,
        name: address.recipient.trim().slice(0, 50),
        recipient: address.recipient.trim(),
        phone: address.phone.replace(/\D/g, ''),
        zipcode: address.zipcode.trim(),
        main_address: address.main_address.trim(),
        detail_address: address.detail_address.trim(),
        request,
        is_default: !rows.some((r) => r.is_default),
        created_at: ctx.clock.now(),
      })
      .returning({ id: addresses.id });
    if (!row) throw new Error('address insert returned nothing');
    return row.id;
  });
}

export async function updateAddress(
  ctx: AppContext,
  userId: number,
  input: UpdateInput,
): Promise<ShippingAddress> {
  return ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const current = await ownAddress(tx, userId, input.id);
    const { id, is_default, ...fields } = input;
    const patch: Partial<typeof addresses.$inferInsert> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    if (is_default === true && !current.is_default) {
      await clearDefault(tx, userId);
      patch.is_default = true;
    } else if (is_default === false && current.is_default) {
      // The default cannot just be switched off: the newest other address takes over, and the
      // only address stays the default.
      if (await promoteNewestOther(tx, userId, id)) patch.is_default = false;
    }
    if (Object.keys(patch).length === 0) return toWire(current);
    const [row] = await tx.update(addresses).set(patch).where(eq(addresses.id, id)).returning();
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    return toWire(row);
  });
}

export async function deleteAddress(ctx: AppContext, userId: number, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const current = await ownAddress(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (current.is_default) await promoteNewestOther(tx, userId, id);
  });
}

/** A saved address as the checkout form lists it (SPEC.md 'Order form'): the wire fields without created_at. */
export type SavedAddress = Omit<ShippingAddress, 'created_at'>;

/**
 * The member's saved addresses for the checkout form (the orders domain): the default first, then
 * the most recently added (highest id). Its first entry is the fallback of the latest address.
 */
export async function savedAddresses(db: Conn, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.user_id, userId))
    .orderBy(desc(addresses.is_default), desc(addresses.id));
  return rows.map(({ created_at: _, user_id: __, ...a }) => a);
}
