import { describe, expect, it } from 'vitest';
import {
  ERRORS_PER_PAGE_MAX,
  isErrorNoise,
  REPLAY_SAMPLE_RATE,
  shouldReportError,
  TRACE_SAMPLE_RATE,
} from '../src/analytics.ts';
import { AnalyticsBatch } from '../src/analytics-schemas.ts';

describe('error reporting (SPEC.md §9)', () => {
  it('records every error (0.08 is the trace sampling rate, not the error rate)', () => {
    expect(TRACE_SAMPLE_RATE).toBe(0.08);
    expect(REPLAY_SAMPLE_RATE).toBe(0);
    // No chance involved: every error of a page load up to the cap is recorded.
    for (let i = 0; i < ERRORS_PER_PAGE_MAX; i++)
      expect(shouldReportError('TypeError: x is undefined', 'TypeError', i)).toBe(true);
    expect(shouldReportError('boom')).toBe(true);
    // Only a flood of one page load is cut.
    expect(shouldReportError('boom', 'Error', ERRORS_PER_PAGE_MAX)).toBe(false);
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
      expect(shouldReportError(m), m).toBe(false);
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
