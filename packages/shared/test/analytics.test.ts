import { describe, expect, it } from 'vitest';
import { ERROR_REPORT_SAMPLE_RATE, isErrorNoise, shouldReportError } from '../src/analytics.ts';
import { AnalyticsBatch } from '../src/analytics-schemas.ts';

describe('error reporting (SPEC.md §9)', () => {
  it('samples at 0.08', () => {
    expect(ERROR_REPORT_SAMPLE_RATE).toBe(0.08);
    expect(shouldReportError('TypeError: x is undefined', 0.079)).toBe(true);
    expect(shouldReportError('TypeError: x is undefined', 0.08)).toBe(false);
    expect(shouldReportError('boom', 0.5, 1)).toBe(true);
    expect(shouldReportError('boom', 0, 0)).toBe(false);
  });

  it('never reports resize-observer or abort noise', () => {
    for (const m of [
      'ResizeObserver loop completed with undelivered notifications.',
      'ResizeObserver loop limit exceeded',
      'AbortError: The user aborted a request.',
      'The operation was aborted.',
      'signal is aborted without reason',
    ]) {
      expect(isErrorNoise(m), m).toBe(true);
      expect(shouldReportError(m, 0), m).toBe(false);
    }
    expect(isErrorNoise('aborted', 'AbortError')).toBe(true);
    expect(isErrorNoise('Cannot read properties of undefined')).toBe(false);
  });
});

describe('AnalyticsBatch', () => {
  const ok = { session_id: 'abcdefgh', events: [{ kind: 'page_view', path: '/' }] };
  it('takes a flat, bounded batch', () => {
    expect(AnalyticsBatch.safeParse(ok).success).toBe(true);
    expect(
      AnalyticsBatch.safeParse({
        ...ok,
        events: [{ kind: 'section', props: { a: 1, b: 'x', c: null, d: true } }],
      }).success,
    ).toBe(true);
  });
  it('refuses nesting, too many events or properties, and unknown kinds', () => {
    expect(
      AnalyticsBatch.safeParse({ ...ok, events: [{ kind: 'section', props: { a: { b: 1 } } }] }).success,
    ).toBe(false);
    expect(AnalyticsBatch.safeParse({ ...ok, events: Array(51).fill(ok.events[0]) }).success).toBe(false);
    expect(
      AnalyticsBatch.safeParse({
        ...ok,
        events: [
          { kind: 'section', props: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 1])) },
        ],
      }).success,
    ).toBe(false);
    expect(AnalyticsBatch.safeParse({ ...ok, events: [{ kind: 'click' }] }).success).toBe(false);
  });
});
