/** What the order modules share: messages, the order row and its conversions (SPEC.md, 'Orders'). */
import { PAYMENT_WINDOW_MINUTES } from '@codiroom/shared';
import { pathId as platformPathId } from '../../platform/params.ts';
import type { orders } from './schema.ts';

export const MSG = {
  orderNotFound: '주문을 찾을 수 없습니다.',
  itemNotFound: '주문 상품을 찾을 수 없습니다.',
  amountMismatch: '결제 금액이 주문 금액과 일치하지 않습니다.',
  alreadyPaid: '이미 결제된 주문입니다.',
  notPayable: '결제할 수 없는 주문입니다. 다시 주문해주세요.',
  expired: '결제 가능 시간이 지났습니다. 다시 주문해주세요.',
  inProgress: '결제를 처리하고 있습니다. 잠시 후 주문 내역을 확인해주세요.',
  busy: '이미 다른 결제가 진행 중인 주문입니다.',
  uncertain: '결제 승인 결과를 확인하지 못했습니다. 잠시 후 주문 내역을 확인해주세요.',
  duplicateOrderId: '이미 사용된 주문번호입니다.',
  foreignPayment: '다른 주문의 결제입니다.',
  retry: '결제를 확인하지 못했습니다. 다시 시도해주세요.',
  methodNotOffered: '선택한 결제수단은 사용할 수 없습니다. 다른 결제수단을 선택해주세요.',
} as const;

export const WINDOW_MS = PAYMENT_WINDOW_MINUTES * 60 * 1000;

export type OrderRow = typeof orders.$inferSelect;

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The order was paid at some point (it may have been cancelled since). */
export const wasPaid = (o: OrderRow) => o.paid_at !== null;

/** A timestamp as the driver gave it (postgres.js here: text; PGlite: a Date). */
const dateOf = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : dateOf(v));

/** An orders row read with `select o.*` through runHot. */
export function orderRowOf(r: Record<string, unknown>): OrderRow {
  return {
    ...(r as OrderRow),
    expires_at: dateOf(r.expires_at),
    paid_at: dateOrNull(r.paid_at),
    cancelled_at: dateOrNull(r.cancelled_at),
    created_at: dateOf(r.created_at),
    updated_at: dateOf(r.updated_at),
  };
}

/** Parses a path id; anything but a positive integer is the resource's 404. */
export function pathId(raw: string, detail: string = MSG.orderNotFound): number {
  return platformPathId(raw, detail);
}
