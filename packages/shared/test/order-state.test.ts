import { describe, expect, it } from 'vitest';
import {
  claimReasonText,
  isReturnRefundable,
  nextReturnStep,
  orderState,
  RETURN_STEP_LABEL,
  returnStep,
} from '../src/order-state.ts';
import { CLAIM_REASON_LABEL } from '../src/orders.ts';

const label = (...a: Parameters<typeof orderState>) => orderState(...a).label;

describe('orderState: the order reads as its items', () => {
  it('unpaid, expired and failed orders keep their own label', () => {
    expect(label('PENDING', ['PENDING'])).toBe('결제대기');
    expect(label('EXPIRED', ['PENDING'])).toBe('결제시간만료');
    expect(label('FAILED', [])).toBe('결제실패');
  });
  it('follows the least advanced live item through delivery and 구매확정', () => {
    expect(label('PAID', ['PAID', 'PAID'])).toBe('결제완료');
    expect(label('PAID', ['PREPARING', 'SHIPPING'])).toBe('상품준비중');
    expect(label('PAID', ['SHIPPING'])).toBe('배송중');
    expect(label('PAID', ['COMPLETE', 'CONFIRMED'])).toBe('배송완료');
    expect(label('PAID', ['CONFIRMED', 'CONFIRMED'])).toBe('구매확정');
    expect(label('PAID', ['EXCHANGED'])).toBe('교환완료');
    expect(label('PAID', ['EXCHANGED', 'COMPLETE'])).toBe('배송완료');
  });
  it('an open return or exchange request shows first', () => {
    expect(label('PAID', ['CONFIRMED', 'REFUND_REQUESTED'])).toBe('반품요청');
    expect(label('PAID', ['COMPLETE', 'EXCHANGE_REQUESTED'])).toBe('교환요청');
  });
  it('a returned order is 반품완료, a cancelled one 주문취소', () => {
    expect(label('CANCELLED', ['REFUNDED'])).toBe('반품완료');
    expect(orderState('CANCELLED', ['REFUNDED', 'CANCEL']).code).toBe('REFUNDED');
    expect(label('CANCELLED', ['CANCEL', 'CANCEL'])).toBe('주문취소');
  });
  it('partly cancelled or returned orders say so', () => {
    expect(label('PARTIALLY_CANCELLED', ['CANCEL', 'PAID'])).toBe('부분취소');
    expect(label('PARTIALLY_CANCELLED', ['CANCEL', 'SHIPPING'])).toBe('배송중 · 부분취소');
    expect(orderState('PARTIALLY_CANCELLED', ['REFUNDED', 'CONFIRMED'])).toEqual({
      code: 'CONFIRMED',
      partial: 'REFUND',
      label: '구매확정 · 부분반품',
    });
  });
});

describe('return steps', () => {
  it('반품 접수 → 회수 완료 → 검수 완료 → 환불; only an inspected return is refundable', () => {
    const at = '2026-11-28T00:00:00Z';
    const s = (status: string, c: string | null, i: string | null) =>
      returnStep({ status, collected_at: c, inspected_at: i });
    expect(s('REQUESTED', null, null)).toBe('REQUESTED');
    expect(s('REQUESTED', at, null)).toBe('COLLECTED');
    expect(s('REQUESTED', at, at)).toBe('INSPECTED');
    expect(s('COMPLETED', at, at)).toBe('REFUNDED');
    expect(s('REJECTED', null, null)).toBe('REJECTED');
    expect(nextReturnStep('REQUESTED')).toBe('COLLECTED');
    expect(nextReturnStep('COLLECTED')).toBe('INSPECTED');
    expect(nextReturnStep('INSPECTED')).toBeNull();
    expect(isReturnRefundable('COLLECTED')).toBe(false);
    expect(isReturnRefundable('INSPECTED')).toBe(true);
    expect(RETURN_STEP_LABEL.COLLECTED).toBe('회수 완료');
  });
  it('reasons read in Korean', () => {
    expect(claimReasonText('[SIZE] 작아요', CLAIM_REASON_LABEL)).toBe('사이즈가 맞지 않음 · 작아요');
    expect(claimReasonText('[DEFECT]', CLAIM_REASON_LABEL)).toBe('상품 불량/파손');
    expect(claimReasonText('[XYZ] 뭔가', CLAIM_REASON_LABEL)).toBe('[XYZ] 뭔가');
    expect(claimReasonText('그냥', CLAIM_REASON_LABEL)).toBe('그냥');
  });
});
