/**
 * The payment state machine of an order, in one place (docs/ARCHITECTURE.md, 'Orders and payments'; SPEC.md,
 * 'States and transitions' names only the order-item statuses; how a confirm moves through it: confirm.ts).
 * The statements that claim, pay, fail, drop, abort or expire take their allowed source states from here
 * (payment-claim.ts, confirm.ts, settle.ts), so the database holds no second copy of these rules (the
 * function claim_order_payment is built from these lists at start; the hand-written one went in 0014).
 *
 *   order:   PENDING ──▶ PAID ──▶ PARTIALLY_CANCELLED ──▶ CANCELLED
 *               │                  └──────────────────────▶ CANCELLED
 *               ├──▶ FAILED   (the gateway refused, or the shopper abandoned the window)
 *               └──▶ EXPIRED  (the window passed)
 *   payment: (none) ──claim──▶ IN_PROGRESS ──▶ DONE ──▶ PARTIAL_CANCELED ──▶ CANCELED
 *            ABORTED ──retry of the same key──▶ IN_PROGRESS ──▶ ABORTED
 *            (none) ──gateway approval recorded directly──▶ DONE | IN_PROGRESS
 *            IN_PROGRESS | DONE ──orphan refunded──▶ CANCELED
 */
import type { orderStatus, paymentStatus } from './schema.ts';

export type OrderStatus = (typeof orderStatus.enumValues)[number];
export type PaymentStatus = (typeof paymentStatus.enumValues)[number];

/** Where each order status may go next (a status never moves to itself here). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['PAID', 'FAILED', 'EXPIRED'],
  PAID: ['PARTIALLY_CANCELLED', 'CANCELLED'],
  PARTIALLY_CANCELLED: ['CANCELLED'],
  CANCELLED: [],
  FAILED: [],
  EXPIRED: [],
};

/**
 * Where each payment row status may go next. `null` stands for "no row yet" (a new row) and, as a
 * target, for the row being dropped (a claim the gateway said nothing about: the order is as it was).
 */
export const PAYMENT_TRANSITIONS: ReadonlyMap<PaymentStatus | null, readonly (PaymentStatus | null)[]> =
  new Map<PaymentStatus | null, readonly (PaymentStatus | null)[]>([
    [null, ['IN_PROGRESS', 'DONE']],
    ['READY', []],
    ['IN_PROGRESS', ['DONE', 'ABORTED', 'CANCELED', null]],
    ['DONE', ['PARTIAL_CANCELED', 'CANCELED']],
    ['PARTIAL_CANCELED', ['PARTIAL_CANCELED', 'CANCELED']],
    ['CANCELED', []],
    ['ABORTED', ['IN_PROGRESS']],
    ['EXPIRED', []],
  ]);

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function canMovePayment(from: PaymentStatus | null, to: PaymentStatus | null): boolean {
  return PAYMENT_TRANSITIONS.get(from)?.includes(to) ?? false;
}

/** The order statuses from which an order may move to `to`. */
export function orderSourcesOf(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((s) => canMoveOrder(s, to));
}

/** The existing payment row statuses from which a row may move to `to` (null: the row goes). */
export function paymentSourcesOf(to: PaymentStatus | null): PaymentStatus[] {
  const out: PaymentStatus[] = [];
  for (const [from, targets] of PAYMENT_TRANSITIONS)
    if (from !== null && targets.includes(to)) out.push(from);
  return out;
}

/**
 * Payment statuses that hold an order: a payment in flight or approved. While one exists no other
 * payment may claim the order, and the order can neither fail nor expire (that payment decides it).
 * These are exactly DONE and the statuses from which a row can still become DONE.
 */
export const HOLDING_PAYMENT: readonly PaymentStatus[] = ['IN_PROGRESS', 'DONE'];

/** What a confirm's claim needs: the order states it can pay, and the key states it may retake. */
export const CLAIM = {
  /** The order must be in one of these to be claimed (it is going to PAID). */
  orderFrom: orderSourcesOf('PAID'),
  /** An existing row of the same key (same order) in one of these may be claimed again. */
  retryFrom: paymentSourcesOf('IN_PROGRESS'),
} as const;

/** The payment row statuses a refusal may abort, and a drop may delete: only a live claim. */
export const ABORT_FROM = paymentSourcesOf('ABORTED');
export const DROP_FROM = paymentSourcesOf(null);
/** The order states a refused, abandoned or expired payment window may end. */
export const FAIL_FROM = orderSourcesOf('FAILED');
export const EXPIRE_FROM = orderSourcesOf('EXPIRED');
