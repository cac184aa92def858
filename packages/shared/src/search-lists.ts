/** Search types, sorts and the shown total (SPEC.md "Search"): what the search page shows, apart
 * from the wire schemas (search-schemas.ts) so the page carries no zod. */

export const SEARCH_TYPES = ['product', 'style', 'brand'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `relevance` = exact name and brand matches first, then popularity. */
export const SEARCH_SORTS = [
  'relevance',
  'popular',
  'newest',
  'price_asc',
  'price_desc',
  'discount',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_PAGE_SIZE = 20;

/**
 * Product search totals are counted up to this figure and answered as it beyond (see the search
 * engine); screens show such a total as "2,500+".
 */
export const SEARCH_COUNT_CAP = 2_500;

/** A search total for display: 1,234 → "1,234"; the cap or more → "2,500+". */
export function searchCountText(n: number): string {
  const text = Math.min(n, SEARCH_COUNT_CAP).toLocaleString('ko-KR');
  return n >= SEARCH_COUNT_CAP ? `${text}+` : text;
}
