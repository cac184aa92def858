import { describe, expect, it } from 'vitest';
import {
  canOperatorMove,
  isAddressEditable,
  isCancellable,
  isDespokeCancellable,
  isWithinWithdrawal,
  newOrderId,
  ORDER_ID_RE,
  orderItemTimeline,
  orderName,
  returnCost,
  withdrawalDeadline,
} from '../src/orders.ts';

describe('order id', () => {
  it('accepts 6–64 letters, digits, - and _ only', () => {
    expect(ORDER_ID_RE.test('abc-12')).toBe(true);
    expect(ORDER_ID_RE.test('abc12')).toBe(false);
    expect(ORDER_ID_RE.test('a'.repeat(64))).toBe(true);
    expect(ORDER_ID_RE.test('a'.repeat(65))).toBe(false);
    expect(ORDER_ID_RE.test('abc 123')).toBe(false);
    expect(ORDER_ID_RE.test('주문번호123')).toBe(false);
  });
  it('makes valid, distinct ids', () => {
    const now = new Date('2026-11-20T03:00:00Z');
    const a = newOrderId(now, 'deadbeef00112233');
    const b = newOrderId(now, 'deadbeef00112234');
    expect(ORDER_ID_RE.test(a)).toBe(true);
    expect(a).not.toBe(b);
  });
  it('names an order after its first item', () => {
    expect(orderName(['셔츠'])).toBe('셔츠');
    expect(orderName(['셔츠', '바지', '코트'])).toBe('셔츠 외 2건');
  });
});

describe('status rules', () => {
  it('cancels only before shipping; despoke only before production', () => {
    expect(isCancellable('PAID')).toBe(true);
    expect(isCancellable('PREPARING')).toBe(true);
    expect(isCancellable('SHIPPING')).toBe(false);
    expect(isCancellable('COMPLETE')).toBe(false);
    expect(isCancellable('CANCEL')).toBe(false);
    expect(isDespokeCancellable('PAID')).toBe(true);
    expect(isDespokeCancellable('PREPARING')).toBe(false);
  });
  it('edits the address only while nothing shipped', () => {
    expect(isAddressEditable(['PAID', 'PREPARING'])).toBe(true);
    expect(isAddressEditable(['PAID', 'SHIPPING'])).toBe(false);
    expect(isAddressEditable([])).toBe(false);
  });
  it('moves operators forward only', () => {
    expect(canOperatorMove('PAID', 'PREPARING')).toBe(true);
    expect(canOperatorMove('PREPARING', 'SHIPPING')).toBe(true);
    expect(canOperatorMove('SHIPPING', 'COMPLETE')).toBe(true);
    expect(canOperatorMove('SHIPPING', 'PAID')).toBe(false);
    expect(canOperatorMove('COMPLETE', 'SHIPPING')).toBe(false);
  });
  it('draws the timeline up to the current step, claims after delivery', () => {
    const shipping = orderItemTimeline('SHIPPING');
    expect(shipping.map((s) => s.label)).toEqual(['결제완료', '상품준비중', '배송중', '배송완료']);
    expect(shipping.filter((s) => s.done).map((s) => s.status)).toEqual(['PAID', 'PREPARING', 'SHIPPING']);
    expect(shipping.find((s) => s.current)?.status).toBe('SHIPPING');
    expect(orderItemTimeline('CANCEL').map((s) => s.status)).toEqual(['PAID', 'CANCEL']);
    const refund = orderItemTimeline('REFUND_REQUESTED');
    expect(refund.map((s) => s.label)).toEqual([
      '결제완료',
      '상품준비중',
      '배송중',
      '배송완료',
      '반품요청',
      '반품완료',
    ]);
    expect(refund.find((s) => s.current)?.status).toBe('REFUND_REQUESTED');
    expect(refund.at(-1)?.done).toBe(false);
  });
});

describe('withdrawal period and return cost', () => {
  const delivered = new Date('2026-11-20T03:00:00Z');
  it('allows returns for 7 days after delivery', () => {
    expect(withdrawalDeadline(delivered).toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(isWithinWithdrawal(delivered, new Date('2026-11-27T03:00:00Z'))).toBe(true);
    expect(isWithinWithdrawal(delivered, new Date('2026-11-27T03:00:01Z'))).toBe(false);
    expect(isWithinWithdrawal(null, delivered)).toBe(false);
  });
  it('charges return shipping for a change of mind, never for the seller’s fault', () => {
    const base = { shipping_fee: 3000, was_free_shipping: false };
    expect(returnCost({ ...base, kind: 'refund', reason: 'CHANGE_OF_MIND' })).toBe(3000);
    expect(returnCost({ ...base, kind: 'refund', reason: 'CHANGE_OF_MIND', was_free_shipping: true })).toBe(
      6000,
    );
    expect(returnCost({ ...base, kind: 'exchange', reason: 'SIZE' })).toBe(6000);
    expect(returnCost({ ...base, kind: 'refund', reason: 'DEFECT' })).toBe(0);
    expect(returnCost({ ...base, kind: 'exchange', reason: 'WRONG_DELIVERY' })).toBe(0);
  });
});
