import { badRequest } from '../../platform/errors.ts';

/** SPEC.md §5: product display ids 'null' or 'undefined' return empty results. */
export function isMissingDisplayId(raw: string | undefined | null): boolean {
  return raw === undefined || raw === null || raw === '' || raw === 'null' || raw === 'undefined';
}

/** "12,34,,null" → [12, 34]; anything else that is not a positive integer is a 400. */
export function parseDisplayIdList(raw: string, max = 100): number[] {
  const ids: number[] = [];
  for (const part of raw.split(',')) {
    const p = part.trim();
    if (isMissingDisplayId(p)) continue;
    if (!/^\d{1,9}$/.test(p) || Number(p) === 0) {
      throw badRequest(`Invalid product_display_list: '${p.slice(0, 20)}' is not a product display id`);
    }
    if (!ids.includes(Number(p))) ids.push(Number(p));
  }
  if (ids.length > max) throw badRequest(`Invalid product_display_list: at most ${max} ids`);
  return ids;
}
