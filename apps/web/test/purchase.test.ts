import { CART_MAX_QUANTITY, isRestock, restockNotice } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import {
  buyIntentPath,
  buyNowPath,
  codiCartItems,
  maxBuyQuantity,
  readBuyIntent,
  showsPurchasePromises,
  stepQuantity,
} from '../app/catalog/purchase.ts';
import { signUpRedirectTarget } from '../app/lib/session-rules.ts';

describe('buy now quantity (stepper bounded by stock)', () => {
  it('allows the stock, at most the cart maximum, nothing when sold out', () => {
    expect(maxBuyQuantity(3)).toBe(3);
    expect(maxBuyQuantity(500)).toBe(CART_MAX_QUANTITY);
    expect(maxBuyQuantity(0)).toBe(0);
    expect(maxBuyQuantity(-2)).toBe(0);
  });

  it('steps between 1 and the stock', () => {
    expect(stepQuantity(1, 1, 3)).toBe(2);
    expect(stepQuantity(3, 1, 3)).toBe(3);
    expect(stepQuantity(1, -1, 3)).toBe(1);
    expect(stepQuantity(5, 0, 3)).toBe(3);
    expect(stepQuantity(98, 5, 1000)).toBe(CART_MAX_QUANTITY);
    expect(stepQuantity(1, 1, 0)).toBe(1);
  });

  it("goes to the checkout's item lines, not the cart", () => {
    expect(buyNowPath(42, 2)).toBe('/payment?product_item_ids=42&quantities=2');
  });
});

describe('sold-out products promise nothing', () => {
  it('follows is_sold_out of the detail, else the stock of the card', () => {
    expect(showsPurchasePromises({ is_sold_out: true, quantity: 5 })).toBe(false);
    expect(showsPurchasePromises({ is_sold_out: false, quantity: 0 })).toBe(true);
    expect(showsPurchasePromises({ quantity: 0 })).toBe(false);
    expect(showsPurchasePromises({ quantity: 2 })).toBe(true);
  });
});

describe('코디 한번에 담기', () => {
  const pieces = [
    {
      product_display_id: 1,
      items: [
        { id: 11, stock: 2 },
        { id: 12, stock: 0 },
      ],
    },
    { product_display_id: 2, items: [{ id: 21, stock: 0 }] },
    { product_display_id: 3, items: [{ id: 31, stock: 4 }] },
  ];

  it('sends one of each chosen size and skips sold-out pieces', () => {
    const r = codiCartItems(
      pieces,
      new Map([
        [1, 11],
        [3, 31],
      ]),
    );
    expect(r).toEqual({
      items: [
        { product_item_id: 11, quantity: 1 },
        { product_item_id: 31, quantity: 1 },
      ],
      skipped: [2],
      missing: [],
    });
  });

  it('names pieces in stock without a size (or with a sold-out size) as missing', () => {
    const r = codiCartItems(pieces, new Map([[1, 12]]));
    expect(r.items).toEqual([]);
    expect(r.missing).toEqual([1, 3]);
    expect(r.skipped).toEqual([2]);
  });
});

describe('restock', () => {
  it('is a change from nothing sellable to something sellable', () => {
    expect(isRestock({ stock: 0, is_active: true }, { stock: 3, is_active: true })).toBe(true);
    expect(isRestock({ stock: -1, is_active: true }, { stock: 1, is_active: true })).toBe(true);
    expect(isRestock({ stock: 4, is_active: false }, { stock: 4, is_active: true })).toBe(true);
    expect(isRestock({ stock: 2, is_active: true }, { stock: 9, is_active: true })).toBe(false);
    expect(isRestock({ stock: 0, is_active: true }, { stock: 0, is_active: true })).toBe(false);
    expect(isRestock({ stock: 0, is_active: true }, { stock: 5, is_active: false })).toBe(false);
  });

  it('tells which size is back', () => {
    const n = restockNotice({
      brand_name: '코디룸',
      name: '와이드 슬랙스',
      color_name: '블랙',
      size_name: 'L',
    });
    expect(n.title).toBe('재입고 알림');
    expect(n.body).toContain('코디룸 와이드 슬랙스 (블랙 / L)가 재입고되었어요');
    expect(
      restockNotice({ brand_name: '코디룸', name: '재킷', color_name: '블랙', size_name: 'L' }).body,
    ).toContain('재킷 (블랙 / L)이 재입고되었어요');
  });
});

describe('buy now as a guest keeps the choice through sign-in and sign-up', () => {
  const items = [
    { id: 11, stock: 3 },
    { id: 12, stock: 0, is_sold_out: true },
    { id: 13, stock: 50 },
  ];
  it('comes back to the product page with the size and quantity', () => {
    const path = buyIntentPath(5, 13, 2);
    expect(path).toBe('/product/5?buy_item=13&buy_qty=2');
    // Sign-up reopens the product page with its query kept (SPEC.md §5).
    const back = signUpRedirectTarget(path);
    expect(back).toBe('/product/5?buy_item=13&buy_qty=2&type=sign_up');
    expect(readBuyIntent(back.slice(back.indexOf('?')), items)).toEqual({ productItemId: 13, quantity: 2 });
  });
  it('keeps the quantity within the stock and drops a size that cannot be bought', () => {
    expect(readBuyIntent('?buy_item=11&buy_qty=9', items)).toEqual({ productItemId: 11, quantity: 3 });
    expect(readBuyIntent('?buy_item=11&buy_qty=x', items)).toEqual({ productItemId: 11, quantity: 1 });
    expect(readBuyIntent('?buy_item=12&buy_qty=1', items)).toBeNull();
    expect(readBuyIntent('?buy_item=99', items)).toBeNull();
    expect(readBuyIntent('?buy_item=1e3', items)).toBeNull();
    expect(readBuyIntent('', items)).toBeNull();
  });
});
