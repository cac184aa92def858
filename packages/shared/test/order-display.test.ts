import { describe, expect, it } from 'vitest';
import {
  formatKstDateTime,
  formatPhone,
  gatewayMethodLabel,
  orderNumber,
  parseOrderNumber,
} from '../src/order-display.ts';

describe('readable order number', () => {
  it('is the KST order date and the id, six digits at least', () => {
    expect(orderNumber({ id: 123, created_at: '2026-11-27T05:00:00.000Z' })).toBe('20261127-000123');
    // 23:30 UTC is the next morning in Seoul.
    expect(orderNumber({ id: 7, created_at: '2026-11-26T23:30:00.000Z' })).toBe('20261127-000007');
    expect(orderNumber({ id: 12_345_678, created_at: new Date('2026-01-05T00:00:00Z') })).toBe(
      '20260105-12345678',
    );
  });
  it('parses back to the id and the KST day', () => {
    const n = orderNumber({ id: 123, created_at: '2026-11-26T23:30:00.000Z' });
    const p = parseOrderNumber(n);
    expect(p?.id).toBe(123);
    expect(p?.from.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(p?.to.toISOString()).toBe('2026-11-27T15:00:00.000Z');
  });
  it('refuses what is no order number', () => {
    for (const bad of [
      'CRABC123',
      '2026-1127-000123',
      '20260230-000001',
      '20261127-00012',
      '20261127-000000',
    ])
      expect(parseOrderNumber(bad)).toBeNull();
  });
});

describe('formatPhone', () => {
  it.each([
    ['01012345678', '010-1234-5678'],
    ['010-1234-5678', '010-1234-5678'],
    ['0111234567', '011-123-4567'],
    ['0212345678', '02-1234-5678'],
    ['021234567', '02-123-4567'],
    ['0311234567', '031-123-4567'],
    ['15880000', '1588-0000'],
    ['010****5678', '010****5678'],
    ['', ''],
  ])('%s → %s', (raw, out) => {
    expect(formatPhone(raw)).toBe(out);
  });
});

describe('order dates and payment methods', () => {
  it('shows the KST date and time', () => {
    expect(formatKstDateTime('2026-11-26T23:03:00.000Z')).toBe('2026.11.27 08:03');
  });
  it('names the payment method in Korean', () => {
    expect(gatewayMethodLabel('카드')).toBe('카드');
    expect(gatewayMethodLabel('CARD')).toBe('카드');
    expect(gatewayMethodLabel('easy-pay')).toBe('간편결제');
    expect(gatewayMethodLabel('WEIRD')).toBe('기타 결제');
    expect(gatewayMethodLabel(null)).toBe('-');
  });
});
