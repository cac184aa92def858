import { describe, expect, it } from 'vitest';
import {
  autoConfirmAt,
  autoConfirmCutoff,
  CANCEL_REASON_MAX,
  CANCEL_REASONS,
  cancelReasonText,
  canMemberMove,
  canOperatorMove,
  isAddressEditable,
  isAutoConfirmDue,
  isCancellable,
  isConfirmable,
  isDespokeCancellable,
  isLiveItem,
  isWithinWithdrawal,
  newOrderId,
  ORDER_ID_RE,
  ORDER_ITEM_STATUS_LABEL,
  ORDER_ITEM_STATUSES,
  orderItemTimeline,
  orderName,
  parseItemStatus,
  pointsToReturn,
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
    expect(shipping.map((s) => s.label)).toEqual([
      '결제완료',
      '상품준비중',
      '배송중',
      '배송완료',
      '구매확정',
    ]);
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

describe('purchase confirmation (구매확정)', () => {
  it('is a status with its label, last step of the timeline', () => {
    expect(ORDER_ITEM_STATUSES).toContain('CONFIRMED');
    expect(ORDER_ITEM_STATUS_LABEL.CONFIRMED).toBe('구매확정');
    const done = orderItemTimeline('CONFIRMED');
    expect(done.map((s) => s.status)).toEqual(['PAID', 'PREPARING', 'SHIPPING', 'COMPLETE', 'CONFIRMED']);
    expect(done.every((s) => s.done)).toBe(true);
    expect(done.at(-1)?.current).toBe(true);
    const delivered = orderItemTimeline('COMPLETE');
    expect(delivered.at(-1)).toMatchObject({ status: 'CONFIRMED', done: false, current: false });
    expect(
      orderItemTimeline('EXCHANGED')
        .map((s) => s.status)
        .slice(-3),
    ).toEqual(['EXCHANGE_REQUESTED', 'EXCHANGED', 'CONFIRMED']);
  });
  it('parses CONFIRM and CONFIRMED, case-insensitive; unknown values are null', () => {
    expect(parseItemStatus('confirm')).toBe('CONFIRMED');
    expect(parseItemStatus('CONFIRMED')).toBe('CONFIRMED');
    expect(parseItemStatus(' complete ')).toBe('COMPLETE');
    expect(parseItemStatus('DONE')).toBeNull();
  });
  it('lets members confirm delivered or exchanged items only; nothing leaves CONFIRMED', () => {
    expect(isConfirmable('COMPLETE')).toBe(true);
    expect(isConfirmable('EXCHANGED')).toBe(true);
    expect(isConfirmable('SHIPPING')).toBe(false);
    expect(isConfirmable('REFUND_REQUESTED')).toBe(false);
    expect(canMemberMove('COMPLETE', 'CONFIRMED')).toBe(true);
    expect(canMemberMove('SHIPPING', 'CONFIRMED')).toBe(false);
    expect(canMemberMove('SHIPPING', 'COMPLETE')).toBe(true);
    expect(canMemberMove('PAID', 'PREPARING')).toBe(false);
    expect(canMemberMove('EXCHANGE_REQUESTED', 'COMPLETE')).toBe(true);
    for (const to of ORDER_ITEM_STATUSES) {
      expect(canMemberMove('CONFIRMED', to)).toBe(false);
      expect(canOperatorMove('CONFIRMED', to)).toBe(false);
    }
    expect(canOperatorMove('COMPLETE', 'CONFIRMED')).toBe(true);
    expect(canOperatorMove('EXCHANGE_REQUESTED', 'COMPLETE')).toBe(true);
    expect(canOperatorMove('REFUND_REQUESTED', 'COMPLETE')).toBe(true);
    expect(isCancellable('CONFIRMED')).toBe(false);
    expect(isLiveItem('CONFIRMED')).toBe(true);
    expect(isLiveItem('CANCEL')).toBe(false);
    expect(isLiveItem('REFUNDED')).toBe(false);
  });
  it('confirms automatically at KST midnight after the 7th day, never inside the withdrawal period', () => {
    // 2026-11-20 15:00 KST → 2026-11-28 00:00 KST (= 11-27 15:00 UTC).
    const afternoon = new Date('2026-11-20T06:00:00Z');
    expect(autoConfirmAt(afternoon).toISOString()).toBe('2026-11-27T15:00:00.000Z');
    // 23:30 KST on 11-20 (14:30 UTC): still the 20th in Korea.
    expect(autoConfirmAt(new Date('2026-11-20T14:30:00Z')).toISOString()).toBe('2026-11-27T15:00:00.000Z');
    // 00:30 KST on 11-21 (15:30 UTC on the 20th): the 21st in Korea.
    expect(autoConfirmAt(new Date('2026-11-20T15:30:00Z')).toISOString()).toBe('2026-11-28T15:00:00.000Z');
    // Month end: 11-30 KST → 12-08 00:00 KST.
    expect(autoConfirmAt(new Date('2026-11-30T01:00:00Z')).toISOString()).toBe('2026-12-07T15:00:00.000Z');
    expect(isAutoConfirmDue(afternoon, new Date('2026-11-27T14:59:59Z'))).toBe(false);
    expect(isAutoConfirmDue(afternoon, new Date('2026-11-27T15:00:00Z'))).toBe(true);
    expect(isAutoConfirmDue(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    for (const h of [0, 5, 14, 15, 16, 23]) {
      const at = new Date(Date.UTC(2026, 10, 20, h, 59));
      expect(autoConfirmAt(at).getTime()).toBeGreaterThan(withdrawalDeadline(at).getTime());
    }
  });
  it('the query cutoff selects exactly the items whose automatic confirmation is due', () => {
    // 2026-11-28 09:00 KST: due are items delivered before 11-21 00:00 KST (= 11-20 15:00 UTC).
    expect(autoConfirmCutoff(new Date('2026-11-28T00:00:00Z')).toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
    const step = 37 * 60_000; // odd step: crosses every hour and both sides of KST midnight
    for (let n = 0; n < 24 * 60; n += 1) {
      const delivered = new Date(Date.UTC(2026, 10, 25, 0, 0) + n * step * 0.5);
      const now = new Date(Date.UTC(2026, 11, 1, 0, 0) + n * step);
      const byCutoff = delivered.getTime() < autoConfirmCutoff(now).getTime();
      expect(byCutoff, `${delivered.toISOString()} at ${now.toISOString()}`).toBe(
        isAutoConfirmDue(delivered, now),
      );
    }
  });
});

describe('points given back when items close', () => {
  it('returns the item share, the rest with the last live item, never negative or beyond what is left', () => {
    expect(pointsToReturn({ item_share: 333, spent: 1000, returned: 0, last_live_item: false })).toBe(333);
    expect(pointsToReturn({ item_share: 333, spent: 1000, returned: 333, last_live_item: true })).toBe(667);
    expect(pointsToReturn({ item_share: 500, spent: 1000, returned: 800, last_live_item: false })).toBe(200);
    expect(pointsToReturn({ item_share: 0, spent: 1000, returned: 1000, last_live_item: true })).toBe(0);
    expect(pointsToReturn({ item_share: 10, spent: 5, returned: 9, last_live_item: false })).toBe(0);
  });
  it('adds up to exactly what was spent over every order of closes', () => {
    const shares = [334, 333, 333, 0];
    const spent = 1200; // 200 of it paid for shipping
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [1, 3, 0, 2],
    ]) {
      let returned = 0;
      order.forEach((i, k) => {
        const r = pointsToReturn({
          item_share: shares[i] as number,
          spent,
          returned,
          last_live_item: k === order.length - 1,
        });
        expect(r).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(r)).toBe(true);
        returned += r;
      });
      expect(returned).toBe(spent);
    }
  });
});

describe("cancel reasons (the order page's cancel sheet)", () => {
  it("sends the chosen label, and the shopper's words for 기타", () => {
    expect(cancelReasonText('단순 변심', '무시되는 말')).toBe('단순 변심');
    expect(cancelReasonText('기타', '  선물용인데   날짜가 안 맞아요 ')).toBe(
      '기타: 선물용인데 날짜가 안 맞아요',
    );
    expect(cancelReasonText('기타', '   ')).toBe('기타');
    expect(cancelReasonText('기타', 'ㄱ'.repeat(500))).toHaveLength(CANCEL_REASON_MAX);
  });
  it("fits every label in the cancel call's reason", () => {
    for (const r of CANCEL_REASONS) expect(r.length).toBeLessThanOrEqual(CANCEL_REASON_MAX);
  });
});
