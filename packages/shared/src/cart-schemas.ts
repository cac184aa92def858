/**
 * Wire schemas of the cart calls (API-CATALOGUE.md "Carts", POST /api/misc/cart-ses-soldout) and
 * the cart money rules shared by the API and the storefront: SPEC.md §3 cart list entries
 * `{ type: 'codi' | 'product', data, product_list }`, per-brand shipping (the brand's
 * shipping_fee unless its subtotal reaches free_shipping_min) and totals in integer won, computed
 * from the selected lines that can be ordered (not sold out).
 */
import { z } from 'zod';
import { CART_MAX_QUANTITY } from './constants.ts';

const Int = z.number().int();

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const Quantity = z.coerce.number().int().min(1).max(CART_MAX_QUANTITY);
const IdList = z.array(Id).min(1).max(200);

export const CartItemRequest = z.object({ product_item_id: Id, quantity: Quantity });
export type CartItemRequest = z.infer<typeof CartItemRequest>;

/** POST /api/carts. */
export const AddToCartRequest = CartItemRequest;
export type AddToCartRequest = z.infer<typeof AddToCartRequest>;

/** POST /api/carts/product-to-cart. */
export const ProductToCartRequest = z.object({
  product_display_id: Id,
  items: z.array(CartItemRequest).min(1).max(50),
});
export type ProductToCartRequest = z.infer<typeof ProductToCartRequest>;

/** POST /api/carts/codi-to-cart (the body is normalised per SPEC.md §5 before validation). */
export const CodiToCartRequest = z
  .object({
    codi_id: Id.nullish(),
    id: Id.nullish(),
    /** Instead of a codi set: an outfit (`outfit`, from 0) of the member's own MY큐레이션 curation. */
    curation_id: Id.nullish(),
    outfit: z.number().int().min(0).max(20).nullish(),
    items: z.array(CartItemRequest).min(1).max(50),
  })
  .refine((b) => (b.codi_id ?? b.id ?? b.curation_id) != null, {
    message: 'codi_id or id is required',
    path: ['codi_id'],
  })
  .refine((b) => b.curation_id == null || b.outfit != null, {
    message: 'outfit is required with curation_id',
    path: ['outfit'],
  });
export type CodiToCartRequest = z.infer<typeof CodiToCartRequest>;

/** PATCH /api/carts/{id}. */
export const UpdateCartLineRequest = z.object({
  quantity: Quantity,
  product_item_id: Id.nullish(),
  is_size_selected_by_user: z.boolean().nullish(),
});
export type UpdateCartLineRequest = z.infer<typeof UpdateCartLineRequest>;

/**
 * [addition] GET /api/carts/{id}/options: the other sizes and colours a line can change to — every
 * active colourway of the line's product with its sizes and their stock (docs/ARCHITECTURE.md,
 * "Carts"). PATCH /api/carts/{id} with one of these product_item_ids changes the line.
 */
export const CartLineOptions = z.object({
  line_id: Int,
  product_item_id: Int,
  quantity: Int,
  colours: z.array(
    z.object({
      product_display_id: Int,
      color_name: z.string(),
      color_hex: z.string(),
      image_url: z.string(),
      items: z.array(
        z.object({
          id: Int,
          size_name: z.string(),
          stock: Int,
          is_sold_out: z.boolean(),
          extra_price: Int,
        }),
      ),
    }),
  ),
});
export type CartLineOptions = z.infer<typeof CartLineOptions>;

/** DELETE /api/carts and DELETE /api/v1/carts/products-in-cart. */
export const DeleteCartLinesRequest = z.object({ ids: IdList });
export type DeleteCartLinesRequest = z.infer<typeof DeleteCartLinesRequest>;

/** POST /api/misc/cart-ses-soldout. */
export const CartSoldOutRequest = z.object({ product_item_ids: IdList });
export type CartSoldOutRequest = z.infer<typeof CartSoldOutRequest>;

export const CartSoldOutBody = z.object({
  /** The requested item ids that cannot be ordered (no stock, inactive or unknown). */
  sold_out_ids: z.array(Int),
  result: z.array(z.object({ product_item_id: Int, stock: Int, is_sold_out: z.boolean() })),
});
export type CartSoldOutBody = z.infer<typeof CartSoldOutBody>;

/** One cart line with what the cart screen shows of its product and item. */
export const CartLine = z.object({
  id: Int,
  quantity: Int,
  /**
   * Unit price paid: the live price (the running time sale's price while `timeSaleApplies`, else the
   * display's price_discount) plus the item's extra price — shared `unitPrice`, as checkout charges.
   */
  price: Int,
  /** Unit list price: the display's price plus the item's extra price. */
  list_price: Int,
  discount_rate: Int,
  product_display_id: Int,
  product_item_id: Int,
  codi_id: Int.nullable(),
  is_size_selected_by_user: z.boolean(),
  name: z.string(),
  brand_id: Int,
  brand_name: z.string(),
  image_url: z.string(),
  product_type: z.string(),
  is_fast: z.boolean(),
  size_name: z.string(),
  color_name: z.string(),
  stock: Int,
  is_sold_out: z.boolean(),
  is_low_stock: z.boolean(),
  /** Most this line may hold: min(stock, 99). */
  max_quantity: Int,
  brand_shipping_fee: Int,
  brand_free_shipping_min: Int,
  /** The line is priced by a running time sale (docs/ARCHITECTURE.md, 'Time sales'; 타임세일 badge). */
  is_time_sale: z.boolean().optional(),
});
export type CartLine = z.infer<typeof CartLine>;

export const CartCodiData = z.object({ codi_id: Int, title: z.string(), image_url: z.string() });
export const CartProductData = z.object({
  id: Int,
  product_display_id: Int,
  brand_id: Int,
  brand_name: z.string(),
});

export const CartEntry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('codi'), data: CartCodiData, product_list: z.array(CartLine) }),
  z.object({ type: z.literal('product'), data: CartProductData, product_list: z.array(CartLine) }),
]);
export type CartEntry = z.infer<typeof CartEntry>;

export const CartBrandShipping = z.object({
  brand_id: Int,
  brand_name: z.string(),
  subtotal: Int,
  shipping_fee: Int,
  free_shipping_min: Int,
});
export type CartBrandShipping = z.infer<typeof CartBrandShipping>;

export const CartTotals = z.object({
  total_price: Int,
  total_discount: Int,
  shipping_fee: Int,
  total: Int,
});
export type CartTotals = z.infer<typeof CartTotals>;

/** GET /api/carts. */
export const CartList = z.object({
  result: z.array(CartEntry),
  count: Int,
  brands: z.array(CartBrandShipping),
  totals: CartTotals,
});
export type CartList = z.infer<typeof CartList>;

export const CartLineList = z.object({ result: z.array(CartLine), count: Int });
export type CartLineList = z.infer<typeof CartLineList>;

export const CartCount = z.object({ count: Int });
export const CartProductIds = z.object({ product_display_ids: z.array(Int), product_item_ids: z.array(Int) });
export type CartProductIds = z.infer<typeof CartProductIds>;

export const CartAddedLine = z.object({
  id: Int,
  product_item_id: Int,
  product_display_id: Int,
  codi_id: Int.nullable(),
  quantity: Int,
});
export const CartAddBody = z.object({ lines: z.array(CartAddedLine), count: Int });
export type CartAddBody = z.infer<typeof CartAddBody>;
export const CartDeleteBody = z.object({ deleted: z.array(Int), count: Int });

type MoneyLine = Pick<
  CartLine,
  | 'quantity'
  | 'price'
  | 'list_price'
  | 'is_sold_out'
  | 'brand_id'
  | 'brand_name'
  | 'brand_shipping_fee'
  | 'brand_free_shipping_min'
>;

/** Lines that can be ordered: not sold out and not above the item's stock. */
export function isOrderable(line: Pick<CartLine, 'is_sold_out'>): boolean {
  return !line.is_sold_out;
}

/** Per-brand shipping and totals of the given lines (sold-out lines are ignored). */
export function cartMoney(lines: readonly MoneyLine[]): { brands: CartBrandShipping[]; totals: CartTotals } {
  const byBrand = new Map<number, CartBrandShipping>();
  let totalPrice = 0;
  let paid = 0;
  for (const l of lines) {
    if (!isOrderable(l)) continue;
    totalPrice += l.list_price * l.quantity;
    paid += l.price * l.quantity;
    const b = byBrand.get(l.brand_id) ?? {
      brand_id: l.brand_id,
      brand_name: l.brand_name,
      subtotal: 0,
      shipping_fee: 0,
      free_shipping_min: l.brand_free_shipping_min,
    };
    b.subtotal += l.price * l.quantity;
    b.shipping_fee = b.subtotal >= l.brand_free_shipping_min ? 0 : l.brand_shipping_fee;
    byBrand.set(l.brand_id, b);
  }
  const brands = [...byBrand.values()];
  const shipping = brands.reduce((s, b) => s + b.shipping_fee, 0);
  return {
    brands,
    totals: {
      total_price: totalPrice,
      total_discount: totalPrice - paid,
      shipping_fee: shipping,
      total: paid + shipping,
    },
  };
}
