/**
 * SPEC.md §4 "Session": the A/B group comes from the digit count of the user's uuid —
 * A if even, else B — and the sub-group A to D is the count modulo 4.
 */
export type AbGroup = 'A' | 'B';
export type SubAbGroup = 'A' | 'B' | 'C' | 'D';

export function uuidDigitCount(uuid: string): number {
  let n = 0;
  for (const ch of uuid) if (ch >= '0' && ch <= '9') n++;
  return n;
}

export function abGroups(uuid: string): { abType: AbGroup; subAbType: SubAbGroup } {
  const n = uuidDigitCount(uuid);
  const subs: SubAbGroup[] = ['A', 'B', 'C', 'D'];
  return { abType: n % 2 === 0 ? 'A' : 'B', subAbType: subs[n % 4] as SubAbGroup };
}
