/**
 * The relevance rules both product engines follow — the SQL one (sql-conditions.ts relevanceTier,
 * sql-ranking.ts rankPostings, dictionary.ts) and the in-memory one (memory-rank.ts) — written
 * once: the posting roles, the relevance tiers, the synonym penalty, and how a dictionary term
 * holds a query word (the syllable-end rule of matchCondition, field by field). Pure.
 *
 * Tiers of the key form (0 best): exact name or brand; a whole word of the name; name prefix;
 * inside the name (also inside a word: 코트 in 코튼); a whole other field (category, colour, tag);
 * inside the brand; anywhere else. Of a 초성 query: exact name; a whole field; name prefix; inside
 * the name; anywhere else. A synonym reading ranks after every direct one (패딩 before 다운).
 */
import { type AnalysedQuery, syllableEndPattern } from '@codiroom/shared';

/** Roles of a term in a product (search_terms.roles, search_postings.roles; documents.ts fieldRows). */
export const NAME_ROLE = 1;
export const BRAND_ROLE = 2;
export const OTHER_ROLE = 4;

/** Added to the tier of a synonym reading (패딩 before 다운): above every direct tier. */
export const SYNONYM_PENALTY = 10;
/** The worst relevance tier of a direct reading of the key form, and of a 초성 query. */
export const KEY_TIER_WORST = 6;
export const CHOSEONG_TIER_WORST = 4;

/** A dictionary term (a search_terms row with df > 0): a field of the key (k) or 초성 (i) form. */
export interface DictTerm {
  id: number;
  keys: string;
  df: number;
  roles: number;
}

/** The tier penalty of a reading. */
export const readingPenalty = (r: { synonym: boolean }): number => (r.synonym ? SYNONYM_PENALTY : 0);

/**
 * The tier a product has when none of its terms places it better (no term around the query):
 * the worst tier of the query's best reading.
 */
export function worstTier(q: AnalysedQuery): number {
  return q.choseong
    ? CHOSEONG_TIER_WORST
    : Math.min(...q.readings.map((r) => KEY_TIER_WORST + readingPenalty(r)));
}

/**
 * Flags of one posting for one reading, which its tier follows from (keyTier, initialsTier):
 * 1 its term equals the reading in a role of `equalRoles` (name, or name or brand); 2 name role;
 * 4 its term equals the reading; 8 its term starts with the reading, name role; 16 brand role.
 */
export function postingFlags(equal: boolean, prefix: boolean, role: number, equalRoles: number): number {
  let f = 0;
  if (equal && (role & equalRoles) !== 0) f |= 1;
  if (role & NAME_ROLE) f |= 2;
  if (equal) f |= 4;
  if (prefix && role & NAME_ROLE) f |= 8;
  if (role & BRAND_ROLE) f |= 16;
  return f;
}

/** The roles in which a term equal to the reading gives tier 0: name (초성) or name or brand. */
export const equalRolesOf = (q: AnalysedQuery): number => NAME_ROLE | (q.choseong ? 0 : BRAND_ROLE);

/** Relevance tier of the key form from a product's flags (postingFlags, or-ed) for one reading. */
export const keyTier = (f: number): number =>
  f & 1 ? 0 : f & 2 && f & 4 ? 1 : f & 8 ? 2 : f & 2 ? 3 : f & 4 ? 4 : f & 16 ? 5 : 6;
/** Relevance tier of a 초성 query from a product's flags. */
export const initialsTier = (f: number): number => (f & 1 ? 0 : f & 4 ? 1 : f & 8 ? 2 : f & 2 ? 3 : 4);

/** The key (or 초성) forms whose containing terms the dictionary looks up: readings and words. */
export function termPatterns(q: AnalysedQuery): string[] {
  return q.choseong ? [q.initials] : [...new Set(q.readings.flatMap((r) => [r.keys, ...r.tokens]))];
}

/** The terms among `rows` holding `keys` as a match does (syllable-end rule when complete). */
export function holdsIn<R extends { keys: string }>(rows: R[]): (keys: string, complete: boolean) => R[] {
  return (keys, complete) => {
    const end = complete ? new RegExp(syllableEndPattern(keys)) : null;
    return rows.filter((t) => t.keys.includes(keys) && (!end || end.test(t.keys)));
  };
}

/** Added to the autocomplete tier of a synonym reading: after every direct exact or prefix match. */
export const SUGGEST_SYNONYM_PENALTY = 3;

/**
 * Autocomplete tier of a suggestible document's name (key form) for one reading: 0 exact, 1
 * prefix, 2 anything else (inside the name), synonyms after; the least over the readings counts.
 */
export const suggestTier = (name: string, r: { keys: string; synonym: boolean }): number =>
  (name === r.keys ? 0 : name.startsWith(r.keys) ? 1 : 2) + (r.synonym ? SUGGEST_SYNONYM_PENALTY : 0);
