/**
 * The checkout's state as one reducer (orderer, address choice, recipient, delivery request, payment
 * method, coupons, points, terms, coupon checks) and its pure derivations: orderable lines, point
 * limit, money after benefits, the recipient (주문자와 동일).
 */
import {
  type BestCouponCombBody,
  DEFAULT_PAYMENT_METHOD,
  type OrderForm,
  type PaymentMethod,
} from '@codiroom/shared';

export type AddressChoice = { key: string; a: OrderForm['addresses'][number] };

export type CheckoutState = {
  /** The orderer (주문자): the member's name and phone, editable. */
  ordererName: string;
  ordererPhone: string;
  /** 주문자와 동일: the new address's recipient and phone are the orderer's. */
  sameAsOrderer: boolean;
  recipient: string;
  recipientPhone: string;
  /** 배송지 목록에 저장 (a new address only). */
  saveAddress: boolean;
  paymentMethod: PaymentMethod;
  addressId: string;
  request: string;
  agreed: boolean;
  zipcode: string;
  mainAddress: string;
  postcodeNote: string | null;
  lineCoupons: Record<number, number | null>;
  cartCoupons: number[];
  couponDiscount: number;
  /** What each chosen cart-wide coupon takes off as applied (the server's answer), by coupon id. */
  cartApplied: Record<number, number>;
  couponError: string | null;
  checking: boolean;
  points: number;
};

export type CheckoutAction =
  | {
      type: 'set';
      patch: Partial<
        Pick<
          CheckoutState,
          | 'addressId'
          | 'request'
          | 'agreed'
          | 'zipcode'
          | 'mainAddress'
          | 'ordererName'
          | 'ordererPhone'
          | 'sameAsOrderer'
          | 'recipient'
          | 'recipientPhone'
          | 'saveAddress'
          | 'paymentMethod'
        >
      >;
    }
  | { type: 'postcodeNote'; note: string | null }
  | { type: 'points'; points: number }
  | { type: 'coupons/choose'; lineCoupons: Record<number, number | null>; cartCoupons: number[] }
  | { type: 'coupons/checked'; discount: number; cartApplied: Record<number, number> }
  | { type: 'coupons/refused'; detail: string }
  | { type: 'coupons/settled' };

/** post-coupon3's / best-coupon-combs' applied cart-wide discounts, by coupon id. */
export function appliedByCoupon(
  list: readonly { coupon_id: number; discount: number }[],
): Record<number, number> {
  return Object.fromEntries(list.map((c) => [c.coupon_id, c.discount]));
}

/**
 * The discount a cart-wide coupon's choice shows (docs/ARCHITECTURE.md, "Coupons and points at
 * checkout"): once chosen and checked, what it takes off as applied (after the line coupons), so the
 * line agrees with 쿠폰 할인 and the order; before that, its discount on the order alone.
 */
export function cartCouponShown(
  s: Pick<CheckoutState, 'cartCoupons' | 'cartApplied'>,
  c: { coupon_id: number; discount: number },
): number {
  return s.cartCoupons.includes(c.coupon_id) && s.cartApplied[c.coupon_id] !== undefined
    ? (s.cartApplied[c.coupon_id] as number)
    : c.discount;
}

/** The first state: the latest (or first saved) address and its request, the best coupon combination. */
export function initialCheckout(form: OrderForm, best: BestCouponCombBody | null): CheckoutState {
  const first = form.latest_address ?? form.addresses[0] ?? null;
  const r = best?.result;
  return {
    ordererName: form.user.name,
    ordererPhone: form.user.phone,
    sameAsOrderer: false,
    recipient: '',
    recipientPhone: '',
    saveAddress: false,
    paymentMethod: form.payment.methods.includes(DEFAULT_PAYMENT_METHOD)
      ? DEFAULT_PAYMENT_METHOD
      : (form.payment.methods[0] ?? DEFAULT_PAYMENT_METHOD),
    addressId: first ? (first.id === 0 ? 'latest' : String(first.id)) : 'new',
    request: first?.request ?? '',
    agreed: false,
    zipcode: '',
    mainAddress: '',
    postcodeNote: null,
    lineCoupons: r ? Object.fromEntries(r.lines.map((l) => [l.product_item_id, l.coupon_id])) : {},
    cartCoupons: r ? r.cart_coupon_ids : [],
    couponDiscount: r ? r.total_discount : 0,
    cartApplied: r ? appliedByCoupon(r.cart_coupons) : {},
    couponError: null,
    checking: false,
    points: 0,
  };
}

export function checkoutReducer(s: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'set':
      return { ...s, ...action.patch };
    case 'postcodeNote':
      return { ...s, postcodeNote: action.note };
    case 'points':
      return { ...s, points: Math.max(0, Math.floor(action.points || 0)) };
    case 'coupons/choose':
      return {
        ...s,
        lineCoupons: action.lineCoupons,
        cartCoupons: action.cartCoupons,
        couponError: null,
        checking: true,
      };
    case 'coupons/checked':
      return { ...s, couponDiscount: action.discount, cartApplied: action.cartApplied };
    case 'coupons/refused':
      return { ...s, couponError: action.detail };
    case 'coupons/settled':
      return { ...s, checking: false };
  }
}

/** The new address's recipient and phone: the orderer's while 주문자와 동일 is on. */
export function recipientOf(s: CheckoutState): { recipient: string; phone: string } {
  return s.sameAsOrderer
    ? { recipient: s.ordererName, phone: s.ordererPhone }
    : { recipient: s.recipient, phone: s.recipientPhone };
}

export const orderableLines = (form: OrderForm) => form.lines.filter((l) => !l.is_sold_out);

/** Coupons need each item once (the server refuses coupons on an order naming an item twice). */
export function isCouponable(form: OrderForm): boolean {
  const lines = orderableLines(form);
  return lines.length > 0 && new Set(lines.map((l) => l.product_item_id)).size === lines.length;
}

/** The saved addresses to pick from: the latest order's address (id 0) first when it is not saved. */
export function addressChoices(form: OrderForm): AddressChoice[] {
  return [
    ...(form.latest_address && form.latest_address.id === 0
      ? [{ key: 'latest', a: form.latest_address }]
      : []),
    ...form.addresses.map((a) => ({ key: String(a.id), a })),
  ];
}

/** "모두 사용": the balance, at most what is left to pay after coupons less 1 won. */
export function pointLimit(form: OrderForm, couponDiscount: number): number {
  return Math.max(0, Math.min(form.point_balance, form.money.amount - couponDiscount - 1));
}

/** The breakdown with the chosen coupons and points (POST /api/orders prices it again). */
export function moneyAfterBenefits(form: OrderForm, s: CheckoutState) {
  const beforePoints = form.money.amount - s.couponDiscount;
  const usedPoints = Math.min(s.points, pointLimit(form, s.couponDiscount));
  return {
    money: {
      ...form.money,
      coupon_discount: s.couponDiscount,
      point_used: usedPoints,
      amount: beforePoints - usedPoints,
    },
    usedPoints,
    maxPoints: pointLimit(form, s.couponDiscount),
  };
}

export const chosenLineCoupons = (lineCoupons: Record<number, number | null>) =>
  Object.entries(lineCoupons).flatMap(([item, c]) =>
    c === null ? [] : [{ product_item_id: Number(item), coupon_id: c }],
  );
