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

/**
 * Keyword shortcuts: queries that name one of the shop's own screens rather than a product
 * (퍼스널컬러 → the personal-colour quiz). The search page shows the way there above its results.
 * Matched on the whole query without spaces, punctuation or case.
 */
export type SearchShortcut = { href: string; title: string; text: string };

const SHORTCUTS: readonly { words: readonly string[]; shortcut: SearchShortcut }[] = [
  {
    words: [
      '퍼스널컬러',
      '퍼스널칼라',
      '퍼컬',
      '퍼스널',
      'personalcolor',
      'personalcolour',
      '웜톤',
      '쿨톤',
      '퍼스널컬러진단',
      '퍼스널컬러테스트',
    ],
    shortcut: {
      href: '/personal_color',
      title: '퍼스널 컬러 진단하기',
      text: '다섯 가지 질문으로 나에게 어울리는 옷 색을 알려드려요.',
    },
  },
];

export function searchShortcut(query: string): SearchShortcut | null {
  const q = query
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^0-9a-z가-힣]/g, '');
  if (!q) return null;
  return SHORTCUTS.find((s) => s.words.includes(q))?.shortcut ?? null;
}
