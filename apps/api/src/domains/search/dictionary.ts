/**
 * The term dictionary (search_terms: every distinct field of the active product documents, in key
 * form k and 초성 form i, with its document frequency and roles) as a product search consults it
 * first: which postings hold every match of a query, how many, and which relevance tiers can
 * have documents at all. Read from the in-memory replica when loaded (postings-replica.ts),
 * else in one statement.
 */
import type { AnalysedQuery } from '@codiroom/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PostingsReplica, termsContaining } from './postings-replica.ts';
import { BRAND_ROLE, type DictTerm, holdsIn, NAME_ROLE, SYNONYM_PENALTY, termPatterns } from './relevance.ts';
import { searchTerms as T } from './schema.ts';
import { contains } from './sql-conditions.ts';

/** What the dictionary tells about a query (PgSearchEngine.dictionary). */
export interface DictionaryAnswer {
  /** Terms whose postings hold every match (a superset: each candidate is checked). */
  ids: number[];
  /** How many postings those terms have. */
  postings: number;
  /** The most documents one term proves to match (a term holding a whole reading). */
  surely: number;
  /** Whether a relevance tier can have any document (false: no look-up needed). */
  possible: (tier: number) => boolean;
  /** Terms holding the query's key/초성 forms anywhere (all a relevance tier looks at). */
  around: number[];
  /** How many postings those have. */
  aroundPostings: number;
  /** Terms proving a match by themselves (a whole reading in one field). */
  proving: number[];
  /** The dictionary rows found (terms containing a reading, a word or the 초성 form). */
  terms: DictTerm[];
  /** The terms among `terms` holding `keys` as a match does (syllable-end rule when complete). */
  holds: (keys: string, complete: boolean) => DictTerm[];
}

/**
 * The query's terms in the dictionary (one statement on the small search_terms table): which
 * postings hold every match, how many, whether a single term already proves more than the cap,
 * and which relevance tiers can have documents at all (from where the terms occur).
 * A document matches a reading when one of its fields holds the whole reading (as
 * matchCondition requires: the same LIKE and syllable-end pattern, per field), or, for several
 * words, every word somewhere: those documents all have a term of each word, so the word with
 * the fewest postings stands for the reading.
 */
export async function lookupDictionary(
  db: Db,
  q: AnalysedQuery,
  mem: PostingsReplica | null = null,
): Promise<DictionaryAnswer> {
  const form = q.choseong ? 'i' : 'k';
  const patterns = termPatterns(q);
  const rows: DictTerm[] = !patterns.length
    ? []
    : mem
      ? termsContaining(q.choseong ? mem.terms.i : mem.terms.k, patterns)
      : (
          await db
            .select({ id: T.id, keys: T.keys, df: T.df, roles: T.roles })
            .from(T)
            .where(
              and(
                eq(T.form, form),
                sql`${T.df} > 0`,
                or(...patterns.map((k) => sql`${T.keys} like ${contains(k)}`)),
              ),
            )
        ).map((r) => ({ id: r.id, keys: r.keys, df: Number(r.df), roles: Number(r.roles) }));
  const holds = holdsIn(rows);
  const chosen = new Map<number, DictTerm>();
  let surely = 0;
  if (q.choseong) {
    for (const t of holds(q.initials, false)) {
      chosen.set(t.id, t);
      surely = Math.max(surely, t.df);
    }
  } else {
    for (const r of q.readings) {
      for (const t of holds(r.keys, r.complete)) {
        chosen.set(t.id, t);
        surely = Math.max(surely, t.df);
      }
      if (r.tokens.length > 1) {
        const words = r.tokens.map((k, j) => holds(k, r.tokenComplete[j] ?? false));
        const sum = (ts: DictTerm[]) => ts.reduce((a, t) => a + t.df, 0);
        const rarest = words.reduce((a, b) => (sum(b) < sum(a) ? b : a));
        for (const t of rarest) chosen.set(t.id, t);
      }
    }
  }

  let postings = 0;
  for (const t of chosen.values()) postings += t.df;
  // Relevance tiers that need a term of a given role (plain containment, as relevanceTier).
  const some = (f: (t: DictTerm) => boolean) => rows.some(f);
  const has = (t: DictTerm, role: number) => (t.roles & role) !== 0;
  const possible = (tier: number): boolean => {
    if (q.choseong) {
      const k = q.initials;
      switch (tier) {
        case 0:
          return some((t) => t.keys === k && has(t, NAME_ROLE));
        case 1:
          return some((t) => t.keys === k);
        case 2:
          return some((t) => t.keys.startsWith(k) && has(t, NAME_ROLE));
        case 3:
          return some((t) => t.keys.includes(k) && has(t, NAME_ROLE));
        default:
          return true;
      }
    }
    return q.readings.some((r) => {
      if ((r.synonym ? SYNONYM_PENALTY : 0) !== tier - (tier % SYNONYM_PENALTY)) return false;
      const k = r.keys;
      const nameHas = some((t) => t.keys.includes(k) && has(t, NAME_ROLE));
      switch (tier % SYNONYM_PENALTY) {
        case 0:
          return some((t) => t.keys === k && (has(t, NAME_ROLE) || has(t, BRAND_ROLE)));
        case 1:
          return nameHas && some((t) => t.keys === k);
        case 2:
          return some((t) => t.keys.startsWith(k) && has(t, NAME_ROLE));
        case 3:
          return nameHas;
        case 4:
          return some((t) => t.keys === k);
        case 5:
          return some((t) => t.keys.includes(k) && has(t, BRAND_ROLE));
        default:
          return true;
      }
    });
  };
  const whole = q.choseong ? [q.initials] : q.readings.map((r) => r.keys);
  const around = rows.filter((t) => whole.some((k) => t.keys.includes(k)));
  const proving = q.choseong ? around : [...new Set(q.readings.flatMap((r) => holds(r.keys, r.complete)))];
  return {
    ids: [...chosen.keys()],
    postings,
    surely,
    possible,
    around: around.map((t) => t.id),
    aroundPostings: around.reduce((a, t) => a + t.df, 0),
    proving: proving.map((t) => t.id),
    terms: rows,
    holds,
  };
}
