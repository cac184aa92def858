import { describe, expect, it } from 'vitest';
import { CARRIER_CODES, normaliseTrackingNumber, trackingUrl } from '../src/carriers.ts';

describe('carriers', () => {
  it('tracking numbers follow each carrier’s shape; dashes and spaces go', () => {
    expect(normaliseTrackingNumber('CJ', '6543-2109-8765')).toBe('654321098765');
    expect(normaliseTrackingNumber('CJ', '12345')).toBeNull();
    expect(normaliseTrackingNumber('POST', '1234567890123')).toBe('1234567890123');
    expect(normaliseTrackingNumber('POST', '123456789012')).toBeNull();
    expect(normaliseTrackingNumber('LOGEN', '12345678901')).toBe('12345678901');
    expect(normaliseTrackingNumber('HANJIN', '12345678901a')).toBeNull();
    for (const c of CARRIER_CODES) expect(trackingUrl(c, '1234567890')).toMatch(/^https:\/\/.+1234567890$/);
  });
  it('no link without a known carrier and a number', () => {
    expect(trackingUrl(null, '1')).toBeNull();
    expect(trackingUrl('CJ', null)).toBeNull();
    expect(trackingUrl('FEDEX', '1')).toBeNull();
  });
});
