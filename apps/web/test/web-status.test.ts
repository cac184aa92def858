import { describe, expect, it } from 'vitest';
import { webStatusNeedsReload, webStatusScreen } from '../app/lib/web-status.ts';

const on = { result: true, start_at: null, end_at: null, variant: 'maintenance' as const };
describe('web status screens (SPEC.md "Web status")', () => {
  it('nothing while the flag is off, whatever else is set', () => {
    expect(webStatusScreen(null)).toBe('none');
    expect(webStatusScreen({ ...on, result: false, start_at: 'x', end_at: 'y' })).toBe('none');
  });
  it('maintenance only with both start_at and end_at', () => {
    expect(webStatusScreen({ ...on, start_at: '2026-11-21T00:00:00Z', end_at: '2026-11-21T02:00:00Z' })).toBe(
      'maintenance',
    );
    expect(webStatusScreen({ ...on, start_at: '2026-11-21T00:00:00Z' })).toBe('loading-delay');
    expect(webStatusScreen(on)).toBe('loading-delay');
  });
  it('overload and error-4 variants', () => {
    expect(webStatusScreen({ ...on, variant: 'overload' })).toBe('overload');
    expect(webStatusScreen({ ...on, variant: 'error4' })).toBe('error4');
  });
  it('reloads only on an on → off transition', () => {
    expect(webStatusNeedsReload(true, false)).toBe(true);
    expect(webStatusNeedsReload(false, false)).toBe(false);
    expect(webStatusNeedsReload(undefined, false)).toBe(false);
    expect(webStatusNeedsReload(true, true)).toBe(false);
  });
});
