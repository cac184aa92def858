/**
 * The state an order reads as (SPEC.md, 'Orders'): derived from its items' statuses, since the
 * order row's own status only follows payment (결제완료, 부분취소, 주문취소). The shop's order
 * list/detail and the back office's show this one label.
 */
import {
  ORDER_ITEM_STATUS_LABEL,
  ORDER_STATUS_LABEL,
  type OrderItemStatus,
  type OrderStatus,
} from './orders.ts';

export type OrderState = {
  /** The item status the order reads as, or the order's own status before/without payment. */
  code: OrderItemStatus | OrderStatus;
  /** Some items were cancelled or returned while others go on. */
  partial: 'CANCEL' | 'REFUND' | null;
  label: string;
};

/** How far along the delivery flow an item is (the order reads as its least advanced live item). */
const RANK: Partial<Record<OrderItemStatus, number>> = {
  PAID: 0,
  PREPARING: 1,
  SHIPPING: 2,
  COMPLETE: 3,
  EXCHANGED: 3,
  CONFIRMED: 4,
};

/**
 * The order's state: unpaid, expired or failed orders keep their own label; a pending return or
 * exchange request shows first (반품요청, 교환요청); otherwise the least advanced live item
 * (결제완료 → 상품준비중 → 배송중 → 배송완료/교환완료 → 구매확정). When no item is live, the order
 * is 반품완료 if any item was returned, else 주문취소. When some items were cancelled or returned
 * and others go on, 부분취소/부분반품 is added (or replaces 결제완료).
 */
export function orderState(status: OrderStatus, items: readonly OrderItemStatus[]): OrderState {
  if (status === 'PENDING' || status === 'EXPIRED' || status === 'FAILED' || items.length === 0) {
    return { code: status, partial: null, label: ORDER_STATUS_LABEL[status] };
  }
  const closed = items.filter((s) => s === 'CANCEL' || s === 'REFUNDED');
  const live = items.filter((s) => s !== 'CANCEL' && s !== 'REFUNDED' && s !== 'PENDING');
  const anyReturned = closed.includes('REFUNDED');
  if (live.length === 0) {
    return anyReturned
      ? { code: 'REFUNDED', partial: null, label: ORDER_ITEM_STATUS_LABEL.REFUNDED }
      : { code: 'CANCELLED', partial: null, label: ORDER_STATUS_LABEL.CANCELLED };
  }
  const partial = closed.length === 0 ? null : anyReturned ? 'REFUND' : 'CANCEL';
  let code: OrderItemStatus;
  if (live.includes('REFUND_REQUESTED')) code = 'REFUND_REQUESTED';
  else if (live.includes('EXCHANGE_REQUESTED')) code = 'EXCHANGE_REQUESTED';
  else {
    code = live.reduce((a, b) => ((RANK[b] ?? 0) < (RANK[a] ?? 0) ? b : a));
    // Delivered and exchanged items together read as delivered.
    if (code === 'EXCHANGED' && live.includes('COMPLETE')) code = 'COMPLETE';
  }
  const base = ORDER_ITEM_STATUS_LABEL[code];
  const partLabel = partial === 'REFUND' ? '부분반품' : partial === 'CANCEL' ? '부분취소' : null;
  const label = partLabel === null ? base : code === 'PAID' ? partLabel : `${base} · ${partLabel}`;
  return { code, partial, label };
}

/**
 * The back office's steps of a return (SPEC.md, 'Orders': refunds): 반품 접수 → 회수 완료 →
 * 검수 완료 → 환불 완료 (or 반려). Only an inspected return may be refunded.
 */
export const RETURN_STEPS = ['REQUESTED', 'COLLECTED', 'INSPECTED', 'REFUNDED', 'REJECTED'] as const;
export type ReturnStep = (typeof RETURN_STEPS)[number];

export const RETURN_STEP_LABEL: Record<ReturnStep, string> = {
  REQUESTED: '반품 접수',
  COLLECTED: '회수 완료',
  INSPECTED: '검수 완료',
  REFUNDED: '환불 완료',
  REJECTED: '반려',
};

/** Where a return stands, from its claim status and the times of its steps. */
export function returnStep(r: {
  status: string;
  collected_at: string | Date | null;
  inspected_at: string | Date | null;
}): ReturnStep {
  if (r.status === 'COMPLETED') return 'REFUNDED';
  if (r.status === 'REJECTED') return 'REJECTED';
  if (r.inspected_at) return 'INSPECTED';
  if (r.collected_at) return 'COLLECTED';
  return 'REQUESTED';
}

/** The next operator step of a return, if any (refunding is its own call, after inspection). */
export function nextReturnStep(step: ReturnStep): 'COLLECTED' | 'INSPECTED' | null {
  return step === 'REQUESTED' ? 'COLLECTED' : step === 'COLLECTED' ? 'INSPECTED' : null;
}

/** A return may be refunded only once it was collected and inspected. */
export function isReturnRefundable(step: ReturnStep): boolean {
  return step === 'INSPECTED';
}

/**
 * A return or exchange reason as stored ("[SIZE] 작아요") for people: "사이즈가 맞지 않음 · 작아요".
 * Text without a known code is shown as written.
 */
export function claimReasonText(stored: string, labels: Record<string, string>): string {
  const m = /^\[([A-Z_]+)\]\s*(.*)$/s.exec(stored.trim());
  if (!m) return stored;
  const label = labels[m[1] as string];
  if (!label) return stored;
  const words = (m[2] ?? '').trim();
  return words ? `${label} · ${words}` : label;
}

/** 주문 제작 (despoke): what the product page and the order page say about a made-to-order item. */
export const MADE_TO_ORDER_LABEL = '주문 제작';
export const MADE_TO_ORDER_NOTE =
  '주문을 받은 뒤 브랜드가 제작을 시작하는 상품이에요. 제작 기간만큼 일반 상품보다 출고가 늦어요. ' +
  '제작이 시작되기 전(결제완료)에만 취소할 수 있고, 상품준비중(제작 시작)부터는 취소할 수 없어요.';
