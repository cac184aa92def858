import { describe, expect, it } from 'vitest';
import { abGroups, uuidDigitCount } from '../src/ab.ts';

describe('A/B groups from the uuid digit count (SPEC.md §4)', () => {
  it('counts only the digits', () => {
    expect(uuidDigitCount('abc-def')).toBe(0);
    expect(uuidDigitCount('123e4567-e89b-12d3-a456-426614174000')).toBe(27);
  });
  it.each([
    ['aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee', 0, 'A', 'A'],
    ['1aaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee', 1, 'B', 'B'],
    ['12aaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee', 2, 'A', 'C'],
    ['123aaaaa-bbbb-cccc-dddd-eeeeeeeeeeee', 3, 'B', 'D'],
    ['1234aaaa-bbbb-cccc-dddd-eeeeeeeeeeee', 4, 'A', 'A'],
  ])('%s → %i digits → %s/%s', (uuid, digits, ab, sub) => {
    expect(uuidDigitCount(uuid)).toBe(digits);
    expect(abGroups(uuid)).toEqual({ abType: ab, subAbType: sub });
  });
  it('is stable for the same user', () => {
    const u = '9f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f';
    expect(abGroups(u)).toEqual(abGroups(u));
  });
});
