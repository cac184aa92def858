/**
 * The checkout's state as one reducer (address choice, delivery request, coupons, points, terms,
 * coupon checks) and its pure derivations: orderable lines, point limit, money after benefits.
 */
import type { BestCouponCombBody, OrderForm } from '@codiroom/shared';

export type AddressChoice = { key: string; a: OrderForm['addresses'][number] };

export type CheckoutState = {
  addressId: string;
  request: string;
  agreed: boolean;
  zipcode: string;
  mainAddress: string;
  postcodeNote: string | null;
  lineCoupons: Record<number, number | null>;
  cartCoupons: number[];
  couponDiscount: number;
  couponError: string | null;
  checking: boolean;
  points: number;
};

export type CheckoutAction =
  | {
      type: 'set';
      patch: Partial<Pick<CheckoutState, 'addressId' | 'request' | 'agreed' | 'zipcode' | 'mainAddress'>>;
    }
  | { type: 'postcodeNote'; note: string | null }
  | { type: 'points'; points: number }
  | { type: 'coupons/choose'; lineCoupons: Record<number, number | null>; cartCoupons: number[] }
  | { type: 'coupons/checked'; discount: number }
  | { type: 'coupons/refused'; detail: string }
  | { type: 'coupons/settled' };

/** The first state: the latest (or first saved) address and its request, the best coupon combination. */
export function initialCheckout(form: OrderForm, best: BestCouponCombBody | null): CheckoutState {
  const first = form.latest_address ?? form.addresses[0] ?? null;
  const r = best?.result;
  return {
    addressId: first ? (first.id === 0 ? 'latest' : String(first.id)) : 'new',
    request: first?.request ?? '',
    agreed: false,
    zipcode: '',
    mainAddress: '',
    postcodeNote: null,
    lineCoupons: r ? Object.fromEntries(r.lines.map((l) => [l.product_item_id, l.coupon_id])) : {},
    cartCoupons: r ? r.cart_coupon_ids : [],
    couponDiscount: r ? r.total_discount : 0,
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
      return { ...s, couponDiscount: action.discount };
    case 'coupons/refused':
      return { ...s, couponError: action.detail };
    case 'coupons/settled':
      return { ...s, checking: false };
  }
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
