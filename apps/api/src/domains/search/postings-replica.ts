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
  /** The term's products as positions in popularity order, most popular first … */
  ranks: Int32Array;
  /** … and the term's roles in each of them (bits as `roles`). */
  rankRoles: Uint8Array;
}

/**
 * Terms of one form, indexed for substring search: for every string of one to three characters
 * (GRAM_MAX), the positions in `terms` of the terms whose keys hold it, ascending. A term holding
 * a longer pattern holds each of its three-character pieces, so the rarest piece's list holds
 * every candidate (checked one by one); for a pattern of at most three characters the list is
 * the answer. Built once per load.
 */
export interface TermText {
  terms: MemoryTerm[];
  grams: Map<string, Int32Array>;
}

const GRAM_MAX = 3;
const NONE = new Int32Array(0);
const NO_ROLES = new Uint8Array(0);

function termText(terms: MemoryTerm[]): TermText {
  const lists = new Map<string, number[]>();
  terms.forEach((t, i) => {
    const k = t.keys;
    for (let n = 1; n <= GRAM_MAX; n++) {
      for (let j = 0; j + n <= k.length; j++) {
        const g = k.slice(j, j + n);
        let list = lists.get(g);
        if (!list) {
          list = [];
          lists.set(g, list);
        }
        if (list[list.length - 1] !== i) list.push(i);
      }
    }
  });
  const grams = new Map<string, Int32Array>();
  for (const [g, list] of lists) grams.set(g, Int32Array.from(list));
  return { terms, grams };
}

/** The terms whose keys contain any of `patterns` (like `keys LIKE '%p%'`), in dictionary order. */
export function termsContaining(tt: TermText, patterns: readonly string[]): MemoryTerm[] {
  const { terms, grams } = tt;
  if (patterns.some((k) => k === '')) return terms.slice();
  const hit = new Uint8Array(terms.length);
  for (const k of patterns) {
    const n = Math.min(k.length, GRAM_MAX);
    let rarest: Int32Array | null = null;
    for (let j = 0; j + n <= k.length; j++) {
      const list = grams.get(k.slice(j, j + n)) ?? NONE;
      if (rarest === null || list.length < rarest.length) rarest = list;
      if (list.length === 0) break;
    }
    if (rarest === null) continue;
    const whole = k.length === n;
    for (let x = 0; x < rarest.length; x++) {
      const i = rarest[x] as number;
      if (whole || (terms[i] as MemoryTerm).keys.includes(k)) hit[i] = 1;
    }
  }
  const out: MemoryTerm[] = [];
  for (let i = 0; i < terms.length; i++) if (hit[i] === 1) out.push(terms[i] as MemoryTerm);
  return out;
}

export interface PostingsReplica {
  /** Terms by form ('k' key form, 'i' 초성 form). */
  terms: { k: TermText; i: TermText };
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

/** A bytea value as bytes (postgres.js answers a Buffer, PGlite a Uint8Array; null: none). */
function bytesOf(v: unknown): DataView {
  if (v instanceof Uint8Array) return new DataView(v.buffer, v.byteOffset, v.byteLength);
  return new DataView(new ArrayBuffer(0));
}

/**
 * The postings in parts read side by side: each a run of the table's pages (a TID range: every
 * row is in exactly one, whatever the planner statistics say), as one bytea of (term id,
 * ref_id × 8 + roles) pairs of big-endian int4 — no per-row text for either side to format or
 * parse, and no grouping in the database (the pairs are bucketed by term here).
 */
const POSTINGS_PARTS = 2;

async function postingPairs(db: Db): Promise<DataView[]> {
  const [pages] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select relpages from pg_class where oid = 'search_postings'::regclass`),
  );
  const step = Math.ceil(Math.max(0, Number(pages?.relpages ?? 0)) / POSTINGS_PARTS);
  const tid = (page: number) => `(${page},0)`;
  const bounds = Array.from({ length: POSTINGS_PARTS }, (_, i) => {
    const lo = i === 0 ? null : sql`ctid >= ${tid(i * step)}::tid`;
    const hi = i === POSTINGS_PARTS - 1 ? null : sql`ctid < ${tid((i + 1) * step)}::tid`;
    return lo && hi ? sql`${lo} and ${hi}` : (lo ?? hi ?? sql`true`);
  });
  const parts = await Promise.all(
    bounds.map((range) =>
      firstRow(
        db,
        sql`select string_agg(int4send(term_id) || int4send(ref_id * 8 + roles), ''::bytea) as p
          from search_postings where ${range}`,
      ),
    ),
  );
  return parts.map((r) => bytesOf(r.p));
}

export async function loadPostings(db: Db): Promise<PostingsReplica> {
  // Every active product in popularity order (popularity desc, ref_id desc: the postings carry the
  // same figure, both are written from the document in one transaction) as int4 ref_ids, the
  // terms and the postings, read side by side.
  const [termResult, popRow, pairs] = await Promise.all([
    db.execute(sql`select id, form, keys, df, roles from search_terms where df > 0 order by id`),
    firstRow(
      db,
      sql`select string_agg(int4send(ref_id), ''::bytea order by popularity desc, ref_id desc) as s
        from search_documents where kind = 'product' and is_active`,
    ),
    postingPairs(db),
  ]);
  const termRows = rowsOf<Record<string, unknown>>(termResult);
  const byForm: { k: MemoryTerm[]; i: MemoryTerm[] } = { k: [], i: [] };
  let maxTerm = 0;
  for (const r of termRows) {
    const t: MemoryTerm = {
      id: Number(r.id),
      form: String(r.form),
      keys: String(r.keys),
      df: Number(r.df),
      roles: Number(r.roles),
      ranks: NONE,
      rankRoles: NO_ROLES,
    };
    (t.form === 'i' ? byForm.i : byForm.k).push(t);
    maxTerm = Math.max(maxTerm, t.id);
  }
  const terms = { k: termText(byForm.k), i: termText(byForm.i) };
  const order = bytesOf(popRow.s);
  const size = order.byteLength >> 2;
  const refAt = new Int32Array(size);
  let maxId = 0;
  for (let i = 0; i < size; i++) {
    const id = order.getInt32(i * 4);
    refAt[i] = id;
    if (id > maxId) maxId = id;
  }
  const rankOf = new Int32Array(maxId + 1).fill(-1);
  for (let i = 0; i < size; i++) rankOf[refAt[i] as number] = i;
  await yieldToEvents();

  // Bucketed by term in two passes over the pairs: count, then fill each term's slice of one
  // array with rank × 8 + roles; sorted, a slice is the term's products most popular first.
  // A posting of a term without documents or of a product not (or no longer) active is never a
  // match (cannot normally happen) and is left out.
  const counts = new Int32Array(maxTerm + 2);
  const rankOfPair = (v: number) => {
    const id = v >> 3;
    return id <= maxId ? (rankOf[id] as number) : -1;
  };
  const known = new Uint8Array(maxTerm + 1);
  for (const r of termRows) known[Number(r.id)] = 1;
  for (const view of pairs) {
    for (let o = 0; o + 8 <= view.byteLength; o += 8) {
      const term = view.getInt32(o);
      if (term <= maxTerm && known[term] === 1 && rankOfPair(view.getInt32(o + 4)) >= 0) {
        counts[term + 1] = (counts[term + 1] as number) + 1;
      }
    }
  }
  for (let t = 1; t < counts.length; t++) (counts[t] as number) += counts[t - 1] as number;
  const starts = counts.slice(0, maxTerm + 1);
  const fill = counts.slice(0, maxTerm + 1);
  const enc = new Int32Array(counts[maxTerm + 1] as number);
  for (const view of pairs) {
    for (let o = 0; o + 8 <= view.byteLength; o += 8) {
      const term = view.getInt32(o);
      if (term > maxTerm || known[term] !== 1) continue;
      const v = view.getInt32(o + 4);
      const rank = rankOfPair(v);
      if (rank < 0) continue;
      const at = fill[term] as number;
      enc[at] = rank * 8 + (v & 7);
      fill[term] = at + 1;
    }
  }
  await yieldToEvents();
  const ranksAll = new Int32Array(enc.length);
  const rolesAll = new Uint8Array(enc.length);
  let sorted = 0;
  for (const t of [...byForm.k, ...byForm.i]) {
    const term = t.id;
    const from = starts[term] as number;
    const to = fill[term] as number;
    const slice = enc.subarray(from, to).sort();
    for (let i = from; i < to; i++) {
      const v = slice[i - from] as number;
      ranksAll[i] = v >> 3;
      rolesAll[i] = v & 7;
    }
    t.ranks = ranksAll.subarray(from, to);
    t.rankRoles = rolesAll.subarray(from, to);
    sorted += to - from;
    if (sorted > 200_000) {
      sorted = 0;
      await yieldToEvents(); // keep serving requests while a big index is sorted
    }
  }
  return { terms, rankOf, refAt };
}
