/**
 * The stored experiment group (SPEC.md §3 "Stored on the device": abType, subAbType) as two
 * letters, e.g. 'AC'; null before one is known. Kept apart from experiments.ts so the analytics
 * queue (log.ts) can read it without importing the API client.
 */
export function currentAbGroup(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    const ab = window.localStorage.getItem('abType');
    const sub = window.localStorage.getItem('subAbType');
    return ab && sub && /^[AB]$/.test(ab) && /^[ABCD]$/.test(sub) ? `${ab}${sub}` : null;
  } catch {
    return null;
  }
}
