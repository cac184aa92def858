import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  cartLines,
  carts,
  categories,
  codiSets,
  guests,
  likes,
  productDisplays,
  productItems,
  products,
  styles,
} from '../src/db/schema.ts';
import { mergeGuestIntoMember } from '../src/domains/users/guest-merge.ts';
import { usersPorts, wireUsersPorts } from '../src/domains/users/ports.ts';
import { GUEST_HEADER, signUpViaApi } from './auth-helpers.ts';
import { createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';

let t: TestApp;
let displayId: number;
let brandId: number;
let styleId: number;
let codiId: number;
/** product_items ids by stock. */
const item: Record<'s2' | 's5' | 's10' | 's0', number> = { s2: 0, s5: 0, s10: 0, s0: 0 };

beforeAll(async () => {
  t = await createTestApp({ env: { SMS_IP_HOURLY_LIMIT: '10000' } });
  const db = t.ctx.db;
  const [brand] = await db
    .insert(brands)
    .values({ name: '테스트', name_en: 'Test', slug: 'merge-test', like_count: 2 })
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ code: 'merge-top', name: '상의', main: 'top', product_type: 'TOP' })
    .returning();
  if (!brand || !category) throw new Error('setup');
  brandId = brand.id;
  const [product] = await db
    .insert(products)
    .values({ brand_id: brand.id, category_id: category.id, name: '셔츠', product_type: 'TOP' })
    .returning();
  if (!product) throw new Error('setup');
  const [display] = await db
    .insert(productDisplays)
    .values({
      product_id: product.id,
      brand_id: brand.id,
      category_id: category.id,
      name: '옥스퍼드 셔츠',
      product_type: 'TOP',
      price: 50000,
      price_discount: 40000,
      color_name: '화이트',
      color_hex: '#ffffff',
      image_url: '/x.svg',
      like_count: 2,
    })
    .returning();
  if (!display) throw new Error('setup');
  displayId = display.id;
  const stocks = { s2: 2, s5: 5, s10: 10, s0: 0 } as const;
  for (const [key, stock] of Object.entries(stocks) as [keyof typeof stocks, number][]) {
    const [row] = await db
      .insert(productItems)
      .values({
        product_display_id: display.id,
        product_id: product.id,
        size_name: key,
        color_name: '화이트',
        stock,
        sku: `MERGE-${key}`,
      })
      .returning();
    item[key] = row?.id ?? 0;
  }
  const [style] = await db.insert(styles).values({ name: '미니멀', image_url: '/s.svg' }).returning();
  const [codi] = await db.insert(codiSets).values({ title: '출근룩', image_url: '/c.svg' }).returning();
  styleId = style?.id ?? 0;
  codiId = codi?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

async function cartOf(where: { userId?: number; guestId?: string }) {
  const [cart] = await t.ctx.db
    .select()
    .from(carts)
    .where(where.userId ? eq(carts.user_id, where.userId) : eq(carts.guest_id, where.guestId ?? ''));
  return cart ?? null;
}

async function linesOf(cartId: number) {
  const rows = await t.ctx.db
    .select()
    .from(cartLines)
    .where(eq(cartLines.cart_id, cartId))
    .orderBy(cartLines.id);
  return rows.map((r) => ({ item: r.product_item_id, codi: r.codi_id, qty: r.quantity }));
}

async function guestCart(guestId: string, lines: { item: number; qty: number; codi?: number }[]) {
  const [cart] = await t.ctx.db.insert(carts).values({ guest_id: guestId }).returning();
  if (!cart) throw new Error('cart');
  await t.ctx.db.insert(cartLines).values(
    lines.map((l) => ({
      cart_id: cart.id,
      product_item_id: l.item,
      product_display_id: displayId,
      codi_id: l.codi ?? null,
      quantity: l.qty,
    })),
  );
  return cart;
}

describe('mergeGuestIntoMember', () => {
  it('moves likes, drops duplicates and takes them off like_count', async () => {
    const member = await createMember(t.ctx);
    const guestId = 'guest-merge-likes-1';
    await t.ctx.db.insert(likes).values([
      { user_id: member.user.id, like_type: 'PRODUCT', like_id: displayId },
      { user_id: member.user.id, like_type: 'BRAND', like_id: brandId },
      { guest_id: guestId, like_type: 'PRODUCT', like_id: displayId }, // duplicate
      { guest_id: guestId, like_type: 'BRAND', like_id: brandId }, // duplicate
      { guest_id: guestId, like_type: 'STYLE', like_id: styleId }, // new
      { guest_id: guestId, like_type: 'CODI', like_id: codiId }, // new
    ]);
    const result = await mergeGuestIntoMember(t.ctx, guestId, member.user.id);
    expect(result).toMatchObject({ likesMoved: 2, likesDropped: 2 });

    const mine = await t.ctx.db.select().from(likes).where(eq(likes.user_id, member.user.id));
    expect(mine.map((l) => `${l.like_type}:${l.like_id}`).sort()).toEqual(
      [`BRAND:${brandId}`, `CODI:${codiId}`, `PRODUCT:${displayId}`, `STYLE:${styleId}`].sort(),
    );
    expect(await t.ctx.db.select().from(likes).where(eq(likes.guest_id, guestId))).toEqual([]);
    const [display] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, displayId));
    const [brand] = await t.ctx.db.select().from(brands).where(eq(brands.id, brandId));
    expect(display?.like_count).toBe(1);
    expect(brand?.like_count).toBe(1);

    const [guest] = await t.ctx.db.select().from(guests).where(eq(guests.id, guestId));
    expect(guest?.merged_user_id).toBe(member.user.id);
  });

  it("creates the member's cart when there is none and moves the lines (codi kept, stock cap)", async () => {
    const member = await createMember(t.ctx);
    const guestId = 'guest-merge-cart-new';
    await guestCart(guestId, [
      { item: item.s10, qty: 3 },
      { item: item.s2, qty: 9 }, // more than the stock of 2
      { item: item.s5, qty: 1, codi: codiId },
      { item: item.s0, qty: 1 }, // sold out: kept with quantity 1
    ]);
    expect(await cartOf({ userId: member.user.id })).toBeNull();
    const result = await mergeGuestIntoMember(t.ctx, guestId, member.user.id);
    expect(result).toMatchObject({ linesMoved: 4, linesMerged: 0 });
    const cart = await cartOf({ userId: member.user.id });
    expect(cart).not.toBeNull();
    expect(await linesOf(cart?.id ?? 0)).toEqual([
      { item: item.s10, codi: null, qty: 3 },
      { item: item.s2, codi: null, qty: 2 },
      { item: item.s5, codi: codiId, qty: 1 },
      { item: item.s0, codi: null, qty: 1 },
    ]);
    expect(await cartOf({ guestId })).toBeNull();
  });

  it('adds quantities of the same item, capped at stock; codi lines stay apart', async () => {
    const member = await createMember(t.ctx);
    const [cart] = await t.ctx.db.insert(carts).values({ user_id: member.user.id }).returning();
    if (!cart) throw new Error('cart');
    await t.ctx.db.insert(cartLines).values([
      { cart_id: cart.id, product_item_id: item.s5, product_display_id: displayId, quantity: 2 },
      { cart_id: cart.id, product_item_id: item.s10, product_display_id: displayId, quantity: 4 },
      { cart_id: cart.id, product_item_id: item.s2, product_display_id: displayId, quantity: 3 }, // over stock already
    ]);
    const guestId = 'guest-merge-cart-sum';
    await guestCart(guestId, [
      { item: item.s5, qty: 4 }, // 2 + 4 = 6 > stock 5 → 5
      { item: item.s10, qty: 3 }, // 4 + 3 = 7
      { item: item.s2, qty: 1 }, // member already had 3 > stock 2: kept at 3
      { item: item.s5, qty: 2, codi: codiId }, // codi line: separate
    ]);
    const result = await mergeGuestIntoMember(t.ctx, guestId, member.user.id);
    expect(result).toMatchObject({ linesMoved: 1, linesMerged: 3 });
    expect(await linesOf(cart.id)).toEqual([
      { item: item.s5, codi: null, qty: 5 },
      { item: item.s10, codi: null, qty: 7 },
      { item: item.s2, codi: null, qty: 3 },
      { item: item.s5, codi: codiId, qty: 2 },
    ]);
    expect(await cartOf({ guestId })).toBeNull();
    // Exactly one cart for the member.
    expect(await t.ctx.db.select().from(carts).where(eq(carts.user_id, member.user.id))).toHaveLength(1);
  });

  it('is idempotent and a guest without data only records the member', async () => {
    const member = await createMember(t.ctx);
    const empty = await mergeGuestIntoMember(t.ctx, 'guest-merge-nothing', member.user.id);
    expect(empty).toEqual({ likesMoved: 0, likesDropped: 0, linesMoved: 0, linesMerged: 0 });
    const again = await mergeGuestIntoMember(t.ctx, 'guest-merge-nothing', member.user.id);
    expect(again).toEqual(empty);
    const [guest] = await t.ctx.db.select().from(guests).where(eq(guests.id, 'guest-merge-nothing'));
    expect(guest?.merged_user_id).toBe(member.user.id);
    expect(await cartOf({ userId: member.user.id })).toBeNull();
  });

  it('concurrent merges of one guest do not duplicate anything', async () => {
    const member = await createMember(t.ctx);
    const guestId = 'guest-merge-race-01';
    await t.ctx.db.insert(likes).values({ guest_id: guestId, like_type: 'STYLE', like_id: styleId });
    await guestCart(guestId, [{ item: item.s10, qty: 2 }]);
    await Promise.all([
      mergeGuestIntoMember(t.ctx, guestId, member.user.id),
      mergeGuestIntoMember(t.ctx, guestId, member.user.id),
    ]);
    const cart = await cartOf({ userId: member.user.id });
    expect(await linesOf(cart?.id ?? 0)).toEqual([{ item: item.s10, codi: null, qty: 2 }]);
    expect(
      await t.ctx.db
        .select()
        .from(likes)
        .where(and(eq(likes.user_id, member.user.id), eq(likes.like_type, 'STYLE'))),
    ).toHaveLength(1);
  });

  it("runs the owners' steps in order, in its one transaction: a failing step undoes the merge", async () => {
    const ports = usersPorts(t.ctx);
    expect(ports.guestMergeSteps.map((s) => s.name)).toEqual([
      'likes.merge-guest-likes',
      'carts.merge-guest-cart',
    ]);
    const member = await createMember(t.ctx);
    const guestId = 'guest-merge-fails-1';
    await t.ctx.db.insert(likes).values({ guest_id: guestId, like_type: 'STYLE', like_id: styleId });
    await guestCart(guestId, [{ item: item.s10, qty: 1 }]);
    const failing = {
      name: 'test.fails',
      owner: 'test',
      run: async () => {
        throw new Error('step failed');
      },
    };
    wireUsersPorts(t.ctx, { ...ports, guestMergeSteps: [...ports.guestMergeSteps, failing] });
    try {
      await expect(mergeGuestIntoMember(t.ctx, guestId, member.user.id)).rejects.toThrow('step failed');
    } finally {
      wireUsersPorts(t.ctx, ports);
    }
    expect(await t.ctx.db.select().from(likes).where(eq(likes.guest_id, guestId))).toHaveLength(1);
    expect(await cartOf({ guestId })).not.toBeNull();
    expect(await cartOf({ userId: member.user.id })).toBeNull();
    expect(await t.ctx.db.select().from(guests).where(eq(guests.id, guestId))).toEqual([]);
  });
});

describe('sign-up merges the guest cart', () => {
  it('the new member starts with the guest cart', async () => {
    const guestId = guestIdOf(t.ctx, 'guest-signup-cart-01');
    await guestCart(guestId, [{ item: item.s10, qty: 2, codi: codiId }]);
    const { body } = await signUpViaApi(t.app, { guestId });
    const cart = await cartOf({ userId: body.user.id });
    expect(await linesOf(cart?.id ?? 0)).toEqual([{ item: item.s10, codi: codiId, qty: 2 }]);
    expect(GUEST_HEADER).toBe('x-guest-user-id');
  });
});
