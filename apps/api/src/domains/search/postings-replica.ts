/**
 * The postings replica: an in-memory copy (replica.ts) of the term dictionary (`search_terms`,
 * 7,274 terms on the 100,000-product seed) and the postings (`search_postings`, 1,735,158 rows:
 * 8.7 MB as typed arrays) with each product's popularity, from which memory-rank.ts ranks
 * relevance and popularity pages exactly as ranking every match would.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { DictTerm } from './relevance.ts';
import { firstRow } from './replica.ts';

export interface MemoryTerm extends DictTerm {
  form: string;
}

/** Terms of one form with their keys in one string ('\n'-separated) for fast substring search. */
export interface TermText {
  terms: MemoryTerm[];
  joined: string;
  /** Offset of each term's keys in `joined`. */
  starts: Int32Array;
}

function termText(terms: MemoryTerm[]): TermText {
  const starts = new Int32Array(terms.length);
  const parts: string[] = [];
  let at = 0;
  terms.forEach((t, i) => {
    starts[i] = at;
    parts.push(t.keys);
    at += t.keys.length + 1;
  });
  return { terms, joined: `${parts.join('\n')}\n`, starts };
}

/** The terms whose keys contain any of `patterns` (like `keys LIKE '%p%'`), in dictionary order. */
export function termsContaining(tt: TermText, patterns: readonly string[]): MemoryTerm[] {
  if (patterns.some((k) => k === '')) return tt.terms.slice();
  const hit = new Uint8Array(tt.terms.length);
  const { joined, starts } = tt;
  const n = starts.length;
  for (const k of patterns) {
    let pos = joined.indexOf(k);
    while (pos >= 0) {
      // The term holding offset pos (keys never contain '\n', so a match is inside one term).
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((starts[mid] as number) <= pos) lo = mid;
        else hi = mid - 1;
      }
      hit[lo] = 1;
      pos = lo + 1 < n ? joined.indexOf(k, starts[lo + 1] as number) : -1;
    }
  }
  return tt.terms.filter((_, i) => hit[i] === 1);
}

export interface PostingsReplica {
  /** Terms by form ('k' key form, 'i' 초성 form). */
  terms: { k: TermText; i: TermText };
  /**
   * Each term's products, as their positions in popularity order (`refAt` gives the ref_id), most
   * popular first, and the term's roles in them.
   */
  postings: Map<number, { ranks: Int32Array; roles: Uint8Array }>;
  /** Position of each product (by ref_id) in popularity order (popularity desc, ref_id desc). */
  rankOf: Int32Array;
  /** The product at each position of that order. */
  refAt: Int32Array;
}

export async function postingsStamp(db: Db): Promise<string> {
  const r = await firstRow(
    db,
    sql`select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as s from search_terms`,
  );
  return String(r.s);
}

const yieldToEvents = () => new Promise<void>((r) => setImmediate(r));

export async function loadPostings(db: Db): Promise<PostingsReplica> {
  // Popularity of every active product (the postings carry the same figure: both are written
  // from the document in one transaction), read beside the terms.
  const [termResult, popRow] = await Promise.all([
    db.execute(sql`select id, form, keys, df, roles from search_terms where df > 0 order by id`),
    firstRow(
      db,
      sql`select string_agg(ref_id::text || ':' || popularity::text, ',') as s
        from search_documents where kind = 'product' and is_active`,
    ),
  ]);
  const termRows = rowsOf<Record<string, unknown>>(termResult);
  const byForm: { k: MemoryTerm[]; i: MemoryTerm[] } = { k: [], i: [] };
  for (const r of termRows) {
    const t = {
      id: Number(r.id),
      form: String(r.form),
      keys: String(r.keys),
      df: Number(r.df),
      roles: Number(r.roles),
    };
    (t.form === 'i' ? byForm.i : byForm.k).push(t);
  }
  const terms = { k: termText(byForm.k), i: termText(byForm.i) };
  const pops = popRow.s ? String(popRow.s).split(',') : [];
  const ids: number[] = [];
  const popOf = new Map<number, number>();
  for (const p of pops) {
    const c = p.indexOf(':');
    const id = Number(p.slice(0, c));
    ids.push(id);
    popOf.set(id, Math.fround(Number(p.slice(c + 1))));
  }
  ids.sort((a, b) => (popOf.get(b) as number) - (popOf.get(a) as number) || b - a);
  const maxId = ids.reduce((m, id) => Math.max(m, id), 0);
  const rankOf = new Int32Array(maxId + 1).fill(-1);
  const refAt = new Int32Array(ids.length);
  ids.forEach((id, i) => {
    rankOf[id] = i;
    refAt[i] = id;
  });
  await yieldToEvents();
  const postings = new Map<number, { ranks: Int32Array; roles: Uint8Array }>();
  // One row per term: its postings as ref_id × 8 + roles (roles are bits 1, 2 and 4). In two
  // statements over halves of the postings (by term id), which PostgreSQL runs side by side.
  let half = 0;
  let sum = 0;
  const total = termRows.reduce((a, r) => a + Number(r.df), 0);
  for (const r of termRows) {
    sum += Number(r.df);
    half = Number(r.id);
    if (sum * 2 >= total) break;
  }
  const part = (range: ReturnType<typeof sql>) =>
    db.execute(sql`select term_id, string_agg((ref_id * 8 + roles)::text, ',') as p
      from search_postings where ${range} group by term_id`);
  const rows = (await Promise.all([part(sql`term_id <= ${half}`), part(sql`term_id > ${half}`)])).flatMap(
    (r) => rowsOf<Record<string, unknown>>(r),
  );
  let parsed = 0;
  for (const r of rows) {
    const parts = String(r.p ?? '').split(',');
    // rank × 8 + roles, sorted: most popular first.
    const enc = new Int32Array(parts.length);
    let n = 0;
    for (const part of parts) {
      const v = Number(part);
      const id = Math.floor(v / 8);
      // A posting of a product not (or no longer) active is never a match (cannot normally happen).
      if (!(id <= maxId && (rankOf[id] as number) >= 0)) continue;
      enc[n++] = (rankOf[id] as number) * 8 + (v % 8);
    }
    const sorted = enc.subarray(0, n).sort();
    const ranks = new Int32Array(n);
    const roles = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const v = sorted[i] as number;
      ranks[i] = v >> 3;
      roles[i] = v & 7;
    }
    postings.set(Number(r.term_id), { ranks, roles });
    parsed += parts.length;
    if (parsed > 100_000) {
      parsed = 0;
      await yieldToEvents(); // keep serving requests while a big index parses
    }
  }
  return { terms, postings, rankOf, refAt };
}
