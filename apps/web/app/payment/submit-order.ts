/** The body of POST /api/orders from the checkout state (the server prices it again). */
import type { OrderForm } from '@codiroom/shared';
import {
  type AddressChoice,
  type CheckoutState,
  chosenLineCoupons,
  orderableLines,
  recipientOf,
} from './checkout-state';

export function orderBody(
  form: OrderForm,
  s: CheckoutState,
  fields: FormData,
  picked: AddressChoice['a'] | undefined,
  usedPoints: number,
  couponable: boolean,
) {
  const address = picked
    ? {
        recipient: picked.recipient,
        phone: picked.phone,
        zipcode: picked.zipcode,
        main_address: picked.main_address,
        detail_address: picked.detail_address,
      }
    : {
        recipient: recipientOf(s).recipient,
        phone: recipientOf(s).phone.replace(/\D/g, ''),
        zipcode: String(fields.get('zipcode') ?? ''),
        main_address: String(fields.get('main_address') ?? ''),
        detail_address: String(fields.get('detail_address') ?? ''),
      };
  const orderable = orderableLines(form);
  const cartIds = orderable.flatMap((l) => (l.cart_id === null ? [] : [l.cart_id]));
  return {
    ...(cartIds.length === orderable.length && cartIds.length > 0
      ? { cart_ids: cartIds }
      : { items: orderable.map((l) => ({ product_item_id: l.product_item_id, quantity: l.quantity })) }),
    address,
    delivery_request: s.request || null,
    orderer: { name: s.ordererName, phone: s.ordererPhone.replace(/\D/g, '') },
    payment_method: s.paymentMethod,
    ...(picked ? {} : { save_address: s.saveAddress }),
    ...(couponable ? { line_coupons: chosenLineCoupons(s.lineCoupons), cart_coupon_ids: s.cartCoupons } : {}),
    point: usedPoints,
  };
}
