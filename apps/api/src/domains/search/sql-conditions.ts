/**
 * The SQL conditions and orders of the PostgreSQL engine over search_documents (alias D): the
 * match condition of a query (substring of the stored key form `all_keys` or 초성 form `initials`,
 * with the syllable-end rule), the typo-tolerant fallback (pg_trgm word similarity), the
 * relevance tier (relevance.ts rules, in SQL), the product filters and the product sort orders.
 */
import { type AnalysedQuery, type SearchSort, syllableEndPattern } from '@codiroom/shared';
import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { ProductFilters } from './engine.ts';
import { SYNONYM_PENALTY } from './relevance.ts';
import { searchDocuments as D } from './schema.ts';

/** Shortest key form the fuzzy fallback tries (below that, similarity is noise). */
const FUZZY_MIN_KEYS = 4;
/**
 * Longest key form it tries (docs/ARCHITECTURE.md, "Security": bounded search typo work): for
 * longer ones PostgreSQL leaves the trigram index and computes word_similarity on every product
 * (60–110 ms a query on 2,000 products in PGlite, on the event loop, growing with the
 * catalogue); a typo in a longer query is corrected word by word by "did you mean" instead.
 */
export const FUZZY_MAX_KEYS = 12;

export const contains = (k: string) => `%${k}%`;

/** Exact matching of a query against the key or initials form. Keys are [a-z0-9] only. */
export function matchCondition(q: AnalysedQuery): SQL {
  if (q.choseong) return sql`${D.initials} like ${contains(q.initials)}`;
  const parts = q.readings.map(readingMatch);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** The match condition of one reading (the query matches when any reading does). */
export function readingMatch(r: AnalysedQuery['readings'][number]): SQL {
  // A word ending in a whole syllable matches only where a syllable ends (코트 not in 코튼); a
  // trailing lone jamo (맨투ㅁ) or latin text matches anywhere.
  const has = (keys: string, complete: boolean) =>
    complete
      ? // The LIKE is the cheap, indexable pre-filter; the regex runs on its rows only. coalesce
        // hides the regex from the planner: estimated as an independent second filter it made
        // broad words look 30 times rarer than they are (bitmap scans instead of index walks).
        sql`(${D.all_keys} like ${contains(keys)} and coalesce(${D.all_keys} ~ ${syllableEndPattern(keys)}, false))`
      : sql`${D.all_keys} like ${contains(keys)}`;
  const whole = has(r.keys, r.complete);
  if (r.tokens.length <= 1) return whole;
  const every = sql.join(
    r.tokens.map((t, i) => has(t, r.tokenComplete[i] ?? false)),
    sql` and `,
  );
  return sql`(${whole} or (${every}))`;
}

export function fuzzyCondition(q: AnalysedQuery): SQL | null {
  if (q.choseong) return null;
  const keys = q.readings
    .map((r) => r.keys)
    .filter((k) => k.length >= FUZZY_MIN_KEYS && k.length <= FUZZY_MAX_KEYS);
  if (keys.length === 0) return null;
  return sql`(${sql.join(
    keys.map((k) => sql`${k} <% ${D.all_keys}`),
    sql` or `,
  )})`;
}

export function fuzzyScore(q: AnalysedQuery): SQL {
  const keys = q.readings.map((r) => r.keys);
  return sql`greatest(${sql.join(
    keys.map((k) => sql`word_similarity(${k}, ${D.all_keys})`),
    sql`, `,
  )})`;
}

/** An int[] literal of ids (numbers from the database; inlined so PostgreSQL can hash it). */
export const intArray = (ids: number[]) => sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`);

/**
 * Relevance tier (0 best) of a document for the query: exact name or brand; a whole word of the
 * name; name prefix; inside the name (also inside a word: 코트 in 코튼); a whole other field
 * (category, colour, tag); inside the brand; anywhere else.
 */
export function relevanceTier(q: AnalysedQuery): SQL {
  if (q.choseong) {
    const name = sql`split_part(${D.initials}, '|', 1)`;
    return sql`(case when ${name} = ${q.initials} then 0
      when ('|' || ${D.initials} || '|') like ${`%|${q.initials}|%`} then 1
      when ${D.initials} like ${`${q.initials}%`} then 2
      when ${name} like ${contains(q.initials)} then 3 else 4 end)`;
  }
  const fields = sql`('|' || ${D.all_keys} || '|')`;
  const cases = q.readings.map((r) => {
    const word = `%|${r.keys}|%`;
    return sql`(case when ${D.name_keys} = ${r.keys} or ${D.brand_keys} like ${word} then 0
      when ${D.name_keys} like ${contains(r.keys)} and ${fields} like ${word} then 1
      when ${D.name_keys} like ${`${r.keys}%`} then 2
      when ${D.name_keys} like ${contains(r.keys)} then 3
      when ${fields} like ${word} then 4
      when ${D.brand_keys} like ${contains(r.keys)} then 5
      else 6 end + ${r.synonym ? SYNONYM_PENALTY : 0})`;
  });
  return cases.length === 1 ? (cases[0] as SQL) : sql`least(${sql.join(cases, sql`, `)})`;
}

export function filterCondition(f: ProductFilters | undefined): SQL | undefined {
  if (!f) return undefined;
  return and(
    f.brandIds?.length ? inArray(D.brand_id, f.brandIds) : undefined,
    f.categoryIds ? (f.categoryIds.length ? inArray(D.category_id, f.categoryIds) : sql`false`) : undefined,
    f.priceMin !== undefined ? sql`${D.price_discount} >= ${f.priceMin}` : undefined,
    f.priceMax !== undefined ? sql`${D.price_discount} <= ${f.priceMax}` : undefined,
    f.sizes?.length ? sql`${D.sizes} && ${sql.param(f.sizes)}::text[]` : undefined,
    f.colors?.length ? inArray(D.color_name, f.colors) : undefined,
  );
}

export function productOrder(sort: SearchSort, q: AnalysedQuery, fuzzy: boolean): SQL[] {
  const tail = [desc(D.popularity), desc(D.ref_id)];
  switch (sort) {
    case 'popular':
      return tail;
    case 'newest':
      return [sql`${D.created_at} desc nulls last`, desc(D.ref_id)];
    case 'price_asc':
      return [asc(D.price_discount), desc(D.ref_id)];
    case 'price_desc':
      return [desc(D.price_discount), desc(D.ref_id)];
    case 'discount':
      return [sql`(${D.price} - ${D.price_discount})::float / greatest(${D.price}, 1) desc`, ...tail];
    default:
      return fuzzy ? [sql`${fuzzyScore(q)} desc`, ...tail] : [asc(relevanceTier(q)), ...tail];
  }
}
