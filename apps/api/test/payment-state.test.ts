import { describe, expect, it } from 'vitest';
import { CLAIM_FUNCTION_SQL } from '../src/domains/orders/payment-claim.ts';
import {
  ABORT_FROM,
  CLAIM,
  canMoveOrder,
  canMovePayment,
  DROP_FROM,
  EXPIRE_FROM,
  FAIL_FROM,
  HOLDING_PAYMENT,
  orderSourcesOf,
  PAYMENT_TRANSITIONS,
  paymentSourcesOf,
} from '../src/domains/orders/payment-state.ts';

describe('payment state machine (docs/ARCHITECTURE.md, "Orders and payments")', () => {
  it('an order is paid, failed or expired only from PENDING', () => {
    expect(orderSourcesOf('PAID')).toEqual(['PENDING']);
    expect(FAIL_FROM).toEqual(['PENDING']);
    expect(EXPIRE_FROM).toEqual(['PENDING']);
    expect(canMoveOrder('PAID', 'FAILED')).toBe(false);
    expect(canMoveOrder('EXPIRED', 'PAID')).toBe(false);
    expect(canMoveOrder('PAID', 'PARTIALLY_CANCELLED')).toBe(true);
    expect(canMoveOrder('PARTIALLY_CANCELLED', 'CANCELLED')).toBe(true);
    expect(canMoveOrder('CANCELLED', 'PAID')).toBe(false);
  });

  it('a claim takes a PENDING order and retakes only an aborted key', () => {
    expect(CLAIM.orderFrom).toEqual(['PENDING']);
    expect(CLAIM.retryFrom).toEqual(['ABORTED']);
    expect(canMovePayment(null, 'IN_PROGRESS')).toBe(true);
    expect(canMovePayment('DONE', 'IN_PROGRESS')).toBe(false);
    expect(canMovePayment('IN_PROGRESS', 'IN_PROGRESS')).toBe(false);
  });

  it('only a live claim is aborted or dropped', () => {
    expect(ABORT_FROM).toEqual(['IN_PROGRESS']);
    expect(DROP_FROM).toEqual(['IN_PROGRESS']);
    expect(paymentSourcesOf('DONE')).toEqual(['IN_PROGRESS']);
    expect(canMovePayment('DONE', 'ABORTED')).toBe(false);
    expect(canMovePayment('DONE', null)).toBe(false);
  });

  it('the holding payments are DONE and what can still become DONE', () => {
    const canBecomeDone = [...PAYMENT_TRANSITIONS.keys()].filter(
      (s) => s !== null && (s === 'DONE' || canMovePayment(s, 'DONE')),
    );
    expect([...HOLDING_PAYMENT].sort()).toEqual([...canBecomeDone].sort());
  });

  it('refunds only follow an approval', () => {
    expect(paymentSourcesOf('PARTIAL_CANCELED')).toEqual(['DONE', 'PARTIAL_CANCELED']);
    expect(canMovePayment('ABORTED', 'CANCELED')).toBe(false);
  });
});

describe('the claim function is built from the state machine', () => {
  it('allows exactly the states of CLAIM and HOLDING_PAYMENT', () => {
    const inList = (label: RegExp) => {
      const m = CLAIM_FUNCTION_SQL.match(label);
      return m?.[1]?.split(',').map((s) => s.trim().replaceAll("'", '')) ?? [];
    };
    expect(inList(/o\.status::text IN \(([^)]*)\)/)).toEqual([...CLAIM.orderFrom]);
    expect(inList(/payments\.status::text IN \(([^)]*)\)/)).toEqual([...CLAIM.retryFrom]);
    expect(inList(/p\.status::text IN \(([^)]*)\)/)).toEqual([...HOLDING_PAYMENT]);
    // The claim row it writes is the state the machine claims into.
    expect(CLAIM_FUNCTION_SQL).toContain("p_provider, 'IN_PROGRESS'");
  });
});
