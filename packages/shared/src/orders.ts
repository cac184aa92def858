/**
 * Order rules shared by the API and the storefront (docs/ARCHITECTURE.md, 'Orders and payments'): the
 * Toss-shaped order id, the payment window, the per-item status flow (결제완료 → 상품준비중 → 배송중 → 배송완료 → 구매확정, plus
 * 취소/반품/교환 요청 and 완료), which changes each status allows, the 7-day withdrawal period after delivery,
 * automatic purchase confirmation, the return shipping cost and how points spent on an order come back when
 * its items close. Pure functions over integer won and instants.
 */
import { kstDate, kstParts } from './time.ts';

/** Toss `orderId`: 6–64 characters of letters, digits, '-' and '_'. */
export const ORDER_ID_RE = /^[A-Za-z0-9_-]{6,64}$/;

/** A pending order holds its reserved stock this long, then expires. */
export const PAYMENT_WINDOW_MINUTES = 30;

/**
 * Points earned when an item's purchase is confirmed (CONFIRMED, 구매확정): 1% of what was paid
 * for it (after its coupon and points share), floored to whole won; credited once per item.
 */
export const PURCHASE_POINT_PERCENT = 1;
export const purchasePoints = (paidAmount: number): number =>
  Math.floor((Math.max(0, Math.floor(paidAmount)) * PURCHASE_POINT_PERCENT) / 100);

/**
 * The gateway charges at least this much, so coupons and points leave at least 1 won to pay
 * (a zero-won order would need a payment-less path, not built).
 */
export const MIN_GATEWAY_AMOUNT = 1;

/** 전자상거래법 청약철회 기간: 7 days after delivery. */
export const WITHDRAWAL_DAYS = 7;

export const ORDER_STATUSES = [
  'PENDING', // created, stock reserved, waiting for payment
  'PAID',
  'PARTIALLY_CANCELLED',
  'CANCELLED',
  'EXPIRED', // payment window (30 min) passed, stock released
  'FAILED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A payment's status, as the gateway (Toss) names it. */
export const PAYMENT_STATUSES = [
  'READY',
  'IN_PROGRESS',
  'DONE',
  'CANCELED',
  'PARTIAL_CANCELED',
  'ABORTED',
  'EXPIRED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_ITEM_STATUSES = [
  'PENDING',
  'PAID',
  'PREPARING',
  'SHIPPING',
  'COMPLETE',
  'CANCEL',
  'REFUND_REQUESTED',
  'REFUNDED',
  'EXCHANGE_REQUESTED',
  'EXCHANGED',
  'CONFIRMED', // 구매확정: by the member or 7 days after delivery; purchase points credited
] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

/**
 * Items the member bought and keeps (not pending, cancelled or returned): the closet, the size
 * last bought, the curation engine's purchase history.
 */
export const KEPT_ITEM_STATUSES: readonly OrderItemStatus[] = [
  'PAID',
  'PREPARING',
  'SHIPPING',
  'COMPLETE',
  'EXCHANGE_REQUESTED',
  'EXCHANGED',
  'CONFIRMED',
];

export const ORDER_ITEM_STATUS_LABEL: Record<OrderItemStatus, string> = {
  PENDING: '결제대기',
  PAID: '결제완료',
  PREPARING: '상품준비중',
  SHIPPING: '배송중',
  COMPLETE: '배송완료',
  CANCEL: '취소완료',
  REFUND_REQUESTED: '반품요청',
  REFUNDED: '반품완료',
  EXCHANGE_REQUESTED: '교환요청',
  EXCHANGED: '교환완료',
  CONFIRMED: '구매확정',
};

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  PENDING: '결제대기',
  PAID: '결제완료',
  PARTIALLY_CANCELLED: '부분취소',
  CANCELLED: '주문취소',
  EXPIRED: '결제시간만료',
  FAILED: '결제실패',
};

/** The forward delivery flow shown as the status timeline, ending with 구매확정. */
export const DELIVERY_FLOW: readonly OrderItemStatus[] = [
  'PAID',
  'PREPARING',
  'SHIPPING',
  'COMPLETE',
  'CONFIRMED',
];

export type TimelineStep = { status: OrderItemStatus; label: string; done: boolean; current: boolean };

/**
 * The timeline of one order item: the delivery flow up to its status; a claim status (취소, 반품,
 * 교환) is appended after the last delivery step it reached.
 */
export function orderItemTimeline(status: OrderItemStatus): TimelineStep[] {
  const flowIndex = DELIVERY_FLOW.indexOf(status);
  if (flowIndex >= 0) {
    return DELIVERY_FLOW.map((s, i) => ({
      status: s,
      label: ORDER_ITEM_STATUS_LABEL[s],
      done: i <= flowIndex,
      current: i === flowIndex,
    }));
  }
  if (status === 'PENDING') {
    return DELIVERY_FLOW.map((s) => ({
      status: s,
      label: ORDER_ITEM_STATUS_LABEL[s],
      done: false,
      current: false,
    }));
  }
  const reached: OrderItemStatus[] =
    status === 'CANCEL' ? ['PAID'] : ['PAID', 'PREPARING', 'SHIPPING', 'COMPLETE'];
  // An exchanged item is still to be confirmed (구매확정 follows the exchange).
  const claim: OrderItemStatus[] =
    status === 'REFUND_REQUESTED' || status === 'REFUNDED'
      ? ['REFUND_REQUESTED', 'REFUNDED']
      : status === 'EXCHANGE_REQUESTED' || status === 'EXCHANGED'
        ? ['EXCHANGE_REQUESTED', 'EXCHANGED', 'CONFIRMED']
        : ['CANCEL'];
  const steps = [...reached, ...claim];
  const at = steps.indexOf(status);
  return steps.map((s, i) => ({
    status: s,
    label: ORDER_ITEM_STATUS_LABEL[s],
    done: i <= at,
    current: i === at,
  }));
}

/** A member may cancel an item (full refund through the gateway) before it ships. */
export function isCancellable(status: OrderItemStatus): boolean {
  return status === 'PAID' || status === 'PREPARING';
}

/** A made-to-order (despoke) item may be cancelled only before production starts. */
export function isDespokeCancellable(status: OrderItemStatus): boolean {
  return status === 'PAID';
}

/** The shipping address and request may change while nothing of the order has shipped. */
export function isAddressEditable(statuses: readonly OrderItemStatus[]): boolean {
  return statuses.length > 0 && statuses.every((s) => s === 'PAID' || s === 'PREPARING' || s === 'CANCEL');
}

/**
 * Status changes operators make with order-items/{id}/status: the forward delivery flow, a
 * completed exchange, a purchase confirmation, and a rejected return or exchange request
 * (REFUND_REQUESTED/EXCHANGE_REQUESTED → COMPLETE: the item is back to delivered).
 */
export const OPERATOR_TRANSITIONS: Partial<Record<OrderItemStatus, readonly OrderItemStatus[]>> = {
  PAID: ['PREPARING', 'SHIPPING'],
  PREPARING: ['SHIPPING'],
  SHIPPING: ['COMPLETE'],
  COMPLETE: ['CONFIRMED'],
  REFUND_REQUESTED: ['COMPLETE'],
  EXCHANGE_REQUESTED: ['EXCHANGED', 'COMPLETE'],
  EXCHANGED: ['CONFIRMED'],
};

/**
 * What a member may do to their own item with order-items/{id}/status (besides CANCEL): confirm
 * arrival (SHIPPING → COMPLETE), confirm the purchase (구매확정: COMPLETE or EXCHANGED →
 * CONFIRMED), and withdraw their own return or exchange request (→ COMPLETE).
 */
export const MEMBER_TRANSITIONS: Partial<Record<OrderItemStatus, readonly OrderItemStatus[]>> = {
  SHIPPING: ['COMPLETE'],
  COMPLETE: ['CONFIRMED'],
  REFUND_REQUESTED: ['COMPLETE'],
  EXCHANGE_REQUESTED: ['COMPLETE'],
  EXCHANGED: ['CONFIRMED'],
};

export function canOperatorMove(from: OrderItemStatus, to: OrderItemStatus): boolean {
  return OPERATOR_TRANSITIONS[from]?.includes(to) ?? false;
}

export function canMemberMove(from: OrderItemStatus, to: OrderItemStatus): boolean {
  return MEMBER_TRANSITIONS[from]?.includes(to) ?? false;
}

/**
 * The status value of order-items/{id}/status: case-insensitive, `CONFIRM` is an alias of
 * `CONFIRMED` (구매확정); null for an unknown value.
 */
export function parseItemStatus(raw: string): OrderItemStatus | null {
  const v = raw.trim().toUpperCase();
  const s = v === 'CONFIRM' ? 'CONFIRMED' : v;
  return (ORDER_ITEM_STATUSES as readonly string[]).includes(s) ? (s as OrderItemStatus) : null;
}

/** A delivered (or exchanged) item whose purchase may be confirmed. */
export function isConfirmable(status: OrderItemStatus): boolean {
  return status === 'COMPLETE' || status === 'EXCHANGED';
}

/** An item still held by the shopper or on its way (not cancelled, returned or unpaid). */
export function isLiveItem(status: OrderItemStatus): boolean {
  return status !== 'PENDING' && status !== 'CANCEL' && status !== 'REFUNDED';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Last instant a return or exchange may be requested: delivery + 7 days. */
export function withdrawalDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
}

/** Delivered, and the 7-day withdrawal period has not passed. */
export function isWithinWithdrawal(deliveredAt: Date | null, now: Date): boolean {
  return deliveredAt !== null && now.getTime() <= withdrawalDeadline(deliveredAt).getTime();
}

/** Days after delivery (KST calendar days) after which a purchase is confirmed automatically. */
export const AUTO_CONFIRM_DAYS = WITHDRAWAL_DAYS;

/**
 * When a delivered item is confirmed automatically: KST midnight ending the 7th calendar day
 * after the delivery day (delivered 11-20 15:00 KST → 11-28 00:00 KST). Never before the
 * withdrawal deadline (delivery + 7 × 24 h), so automatic confirmation cannot cut a return short.
 */
export function autoConfirmAt(deliveredAt: Date): Date {
  const p = kstParts(deliveredAt);
  return kstDate(p.year, p.month, p.day + AUTO_CONFIRM_DAYS + 1);
}

/** The automatic confirmation of an item delivered at `deliveredAt` is due at `now`. */
export function isAutoConfirmDue(deliveredAt: Date | null, now: Date): boolean {
  return deliveredAt !== null && now.getTime() >= autoConfirmAt(deliveredAt).getTime();
}

/**
 * The same rule as a bound for a query: at `now`, exactly the items delivered strictly before
 * the returned instant (KST midnight starting the day 7 days before today) are due.
 */
export function autoConfirmCutoff(now: Date): Date {
  const p = kstParts(now);
  return kstDate(p.year, p.month, p.day - AUTO_CONFIRM_DAYS);
}

/**
 * Points given back when an order item closes (cancelled, or its return completed): its own
 * share of the order's points (`item_share`, allocated at checkout over what each item cost after
 * coupons, whole won), or — when it is the order's last live item — everything of the order not
 * yet returned (rounding and the share that paid for shipping). Never negative, never more than
 * what is left to return, so over all items the returns add up to exactly what was spent.
 */
export function pointsToReturn(input: {
  item_share: number;
  spent: number;
  returned: number;
  last_live_item: boolean;
}): number {
  const left = Math.max(0, Math.trunc(input.spent) - Math.trunc(input.returned));
  const want = input.last_live_item ? left : Math.max(0, Math.trunc(input.item_share));
  return Math.min(want, left);
}

/**
 * The refund line of a coupon discount taken back (docs/ARCHITECTURE.md, 'Cancel, return, exchange,
 * confirmation'): the items left no longer meet a coupon's condition.
 */
export const COUPON_CLAWBACK_LABEL = '쿠폰 할인 회수';

/** Why a return or exchange is asked for. The shopper pays return shipping only for a change of mind. */
export const CLAIM_REASONS = ['CHANGE_OF_MIND', 'SIZE', 'DEFECT', 'WRONG_DELIVERY'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];
/** Where a cancel, return or exchange claim stands. */
export const CLAIM_STATUSES = ['REQUESTED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_REASON_LABEL: Record<ClaimReason, string> = {
  CHANGE_OF_MIND: '단순 변심',
  SIZE: '사이즈가 맞지 않음',
  DEFECT: '상품 불량/파손',
  WRONG_DELIVERY: '오배송',
};

/**
 * Why a shopper cancels an item before shipping (the order page's cancel sheet). The chosen label,
 * with the shopper's own words for 기타, is the `reason` of POST order-items/{id}/cancel, kept with the
 * gateway cancel (payment_cancels.reason) where CS reads it.
 */
export const CANCEL_REASONS = [
  '단순 변심',
  '사이즈·색상을 잘못 골랐어요',
  '다른 상품으로 다시 주문할게요',
  '배송이 너무 늦어요',
  '기타',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/** The cancel call's reason is at most 200 characters. */
export const CANCEL_REASON_MAX = 200;

/** The reason text sent: the label, or '기타: ' and the shopper's words (trimmed to the limit). */
export function cancelReasonText(reason: CancelReason, detail = ''): string {
  const words = detail.replace(/\s+/g, ' ').trim();
  if (reason !== '기타' || !words) return reason;
  return `기타: ${words}`.slice(0, CANCEL_REASON_MAX);
}

/** The seller's fault: no return shipping charged. */
export function isSellerFault(reason: ClaimReason): boolean {
  return reason === 'DEFECT' || reason === 'WRONG_DELIVERY';
}

export type ReturnCostInput = {
  kind: 'refund' | 'exchange';
  reason: ClaimReason;
  /** The brand's one-way shipping fee. */
  shipping_fee: number;
  /** The order shipped free (the shop paid the outbound leg). */
  was_free_shipping: boolean;
};

/**
 * Return shipping the shopper pays (integer won). Seller's fault → 0. Otherwise (change of mind,
 * wrong size): an exchange costs the round trip (return and re-send, 2 × fee); a return costs the
 * return leg, plus the outbound leg the shop paid when the order shipped free.
 */
export function returnCost(input: ReturnCostInput): number {
  if (isSellerFault(input.reason)) return 0;
  const fee = Math.max(0, Math.trunc(input.shipping_fee));
  if (input.kind === 'exchange') return fee * 2;
  return input.was_free_shipping ? fee * 2 : fee;
}

/** A fresh Toss order id: `CR` + base-36 time + random, 6–64 characters. */
export function newOrderId(now: Date, random: string): string {
  const id = `CR${now.getTime().toString(36).toUpperCase()}${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`;
  if (!ORDER_ID_RE.test(id)) throw new RangeError(`bad order id ${id}`);
  return id;
}

/** "첫 상품명 외 N건" (Toss orderName). */
export function orderName(names: readonly string[]): string {
  const first = (names[0] ?? '주문 상품').slice(0, 100);
  return names.length > 1 ? `${first} 외 ${names.length - 1}건` : first;
}
