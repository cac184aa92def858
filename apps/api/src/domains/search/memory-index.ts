/**
 * In-memory replicas of the small, read-mostly parts of the search index, so that autocomplete and
 * unfiltered product searches cost no database statement (every statement is a socket round trip
 * plus planning; on a small box those, not the matching, bounded throughput):
 *
 * - the **suggest rows**: the active suggestible documents (terms, brands, styles; 3,466 on the
 *   100,000-product seed), matched and ranked in JavaScript exactly as `PgSearchEngine.suggest`
 *   ranks them in SQL;
 * - the **term dictionary** (`search_terms`, 7,274 terms) and the **postings** (`search_postings`,
 *   1,735,158 rows: 8.7 MB as typed arrays) with each product's popularity, from which
 *   `rankFromMemory` ranks relevance and popularity pages exactly as ranking every match would.
 *
 * Sync (`Replica`): a replica answers only for the index generation it was loaded at (documents.ts
 * bumps it on every write in this process), so this node never answers from before its own
 * re-index: until the reload is done the engine uses SQL. Writes by other nodes (or a re-index in a
 * transaction that had not committed when the reload read) are noticed by a stamp, checked at most
 * every `checkMs` (2 s) while the replica is used: the row count and the sum of the row versions
 * (`xmin`) of the replicated rows, which every insert, update or delete changes (re-indexing a
 * product rewrites its terms' `df`). A changed stamp reloads in the background; the old replica
 * answers meanwhile (so other nodes' writes show within about 2 s plus a reload).
 */
import type { AnalysedQuery, Suggestion } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { indexGeneration } from './documents.ts';

/** How often (ms) a replica in use checks whether other nodes changed its rows. */
export const REPLICA_CHECK_MS = 2_000;
/** The longest wait before loading again after failed loads. */
const RELOAD_BACKOFF_MAX_MS = 60_000;

/** A loaded copy of some rows, valid for one index generation and one stamp. */
export class Replica<T> {
  private value: { data: T; gen: number; stamp: string } | null = null;
  private loading: Promise<void> | null = null;
  private checking: Promise<void> | null = null;
  private checkedAt = 0;
  /** Loads failed in a row, and when the next one may start (now() units). */
  private failures = 0;
  private retryAt = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly stamp: () => Promise<string>,
    private readonly checkMs = REPLICA_CHECK_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The replica, or null while it is not loaded for this generation (the caller answers from SQL;
   * a load is started). Starts a stamp check when the last one is older than checkMs.
   */
  get(): T | null {
    const v = this.value;
    if (!v || v.gen !== indexGeneration()) {
      this.reload();
      return null;
    }
    if (this.now() - this.checkedAt >= this.checkMs) this.check();
    return v.data;
  }

  /** Loads (if needed) and waits until the replica answers for the current generation. */
  async ready(): Promise<T> {
    for (let i = 0; i < 5; i++) {
      const v = this.get();
      if (v) return v;
      await this.loading;
    }
    throw new Error('search replica never caught up with the index');
  }

  private reload(): void {
    if (this.loading || this.now() < this.retryAt) return;
    this.loading = (async () => {
      const gen = indexGeneration();
      // The stamp before the rows: a write committed in between makes the next check reload.
      const stamp = await this.stamp();
      const data = await this.load();
      this.value = { data, gen, stamp };
      this.checkedAt = this.now();
      this.failures = 0;
      this.retryAt = 0;
    })()
      .catch(() => {
        // The database went away (shutdown) or the load cannot finish (a statement timeout, a
        // memory limit): SQL answers meanwhile. The next try waits 1 s, 2 s, 4 s… up to a minute,
        // so a load that keeps failing is not started again by every search; and a copy that
        // could not be refreshed three times stops answering (its rows may be long out of date).
        this.failures += 1;
        this.retryAt = this.now() + Math.min(RELOAD_BACKOFF_MAX_MS, 1_000 * 2 ** (this.failures - 1));
        if (this.failures >= 3) this.value = null;
      })
      .finally(() => {
        this.loading = null;
      });
  }

  /** Waits for the load or stamp check under way, if any (tests). */
  async settled(): Promise<void> {
    while (this.checking || this.loading) {
      await this.checking;
      await this.loading;
    }
  }

  private check(): void {
    if (this.checking || this.loading) return;
    this.checkedAt = this.now();
    this.checking = this.stamp()
      .then((s) => {
        // Changed elsewhere: reload, answering from the old copy meanwhile (same generation).
        if (this.value && s !== this.value.stamp) this.reload();
      })
      .catch(() => undefined)
      .finally(() => {
        this.checking = null;
      });
  }
}

const first = async (db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>> =>
  rowsOf<Record<string, unknown>>(await db.execute(query))[0] ?? {};

// ───────────────────────────── suggest rows ─────────────────────────────

export interface SuggestRow {
  kind: string;
  ref_id: number;
  title: string;
  name_keys: string;
  initials: string;
  popularity: number;
  /** Brands before keywords before styles on a tie. */
  kindRank: number;
}

const KIND_RANK: Record<string, number> = { brand: 0, term: 1, style: 2 };

/** The order of suggestions within a tier: brands, keywords, styles; popularity desc; title. */
const bySuggestOrder = (a: SuggestRow, b: SuggestRow) =>
  a.kindRank - b.kindRank ||
  b.popularity - a.popularity ||
  compareCodePoints(a.title, b.title) ||
  a.ref_id - b.ref_id;

/** The active suggestible documents, sorted once in the order that ranks them within a tier. */
export async function loadSuggestRows(db: Db): Promise<SuggestRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select kind, ref_id, title, name_keys, initials, popularity from search_documents
      where suggestible and kind in ('term', 'brand', 'style') and is_active`),
  );
  return rows
    .map((r) => ({
      kind: String(r.kind),
      ref_id: Number(r.ref_id),
      title: String(r.title),
      name_keys: String(r.name_keys),
      initials: String(r.initials),
      popularity: Math.fround(Number(r.popularity)),
      kindRank: KIND_RANK[String(r.kind)] ?? 3,
    }))
    .sort(bySuggestOrder);
}

export async function suggestStamp(db: Db): Promise<string> {
  const r = await first(
    db,
    sql`select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as s
      from search_documents where kind in ('term', 'brand', 'style')`,
  );
  return String(r.s);
}

/** Code point order, as PostgreSQL compares text under the C / C.UTF-8 collation. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/**
 * Autocomplete over the suggest rows: the same match, tiers and order as the SQL of
 * PgSearchEngine.suggest (tier, brand/keyword/style, popularity desc, title), the first limit × 2
 * rows deduplicated by kind and title.
 */
export function suggestFromRows(rows: readonly SuggestRow[], q: AnalysedQuery, limit: number): Suggestion[] {
  if (!q.normalised) return [];
  // The rows are in within-tier order already: the first limit × 2 of each tier, then by tier.
  const want = limit * 2;
  const tiers: SuggestRow[][] = [];
  const add = (tier: number, r: SuggestRow) => {
    const list = tiers[tier] ?? [];
    tiers[tier] = list;
    if (list.length < want) list.push(r);
  };
  if (q.choseong) {
    const k = q.initials;
    for (const r of rows) {
      if (r.initials.includes(k)) add(r.initials.startsWith(k) ? 0 : 1, r);
    }
  } else {
    const readings = q.readings;
    for (const r of rows) {
      const name = r.name_keys;
      let match = false;
      let tier = 99;
      for (const x of readings) {
        if (name.includes(x.keys)) match = true;
        const t = (name === x.keys ? 0 : name.startsWith(x.keys) ? 1 : 2) + (x.synonym ? 3 : 0);
        if (t < tier) tier = t;
      }
      if (match) add(tier, r);
    }
  }
  const ranked = tiers.flatMap((list) => list ?? []).slice(0, want);
  const out: Suggestion[] = [];
  takeSuggestions(ranked, limit, out, new Set());
  return out;
}

/**
 * Appends suggest rows, in rank order, to `out` as suggestions until it holds `limit`, skipping a
 * kind and title already taken (`seen`: many titles repeat across kinds). Shared by the replica and
 * the SQL path (pg-engine.ts), which calls it once per statement with the same `out` and `seen`.
 */
export function takeSuggestions(
  rows: readonly { kind: string; ref_id: number; title: string }[],
  limit: number,
  out: Suggestion[],
  seen: Set<string>,
): void {
  for (const r of rows) {
    if (out.length >= limit) break;
    const key = `${r.kind}:${r.title}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      r.kind === 'term'
        ? { keyword: r.title, type: 'keyword', id: null }
        : { keyword: r.title, type: r.kind === 'brand' ? 'brand' : 'style', id: r.ref_id },
    );
  }
}

// ───────────────────────────── term dictionary and postings ─────────────────────────────

/** A dictionary term (search_terms row with df > 0). */
export interface DictTerm {
  id: number;
  keys: string;
  df: number;
  roles: number;
}
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
  const r = await first(
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
    first(
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

const NAME = 1;
const BRAND = 2;
/** Relevance tier penalty of a synonym reading (as pg-engine.ts SYNONYM_PENALTY). */
const SYNONYM = 10;
/** tier × 2^32 + popularity position: one sortable number per match. */
const TIER_STEP = 4_294_967_296;
/** Most products beyond the bound checked one by one before evaluating a query whole. */
const CANDIDATES_MAX = 256;
/** The first bound (popularity positions) a broad query is evaluated within. */
const PARTIAL_MIN = 2_048;
/** Beyond this many postings to read, a query is left to SQL (its pool path is cheap then). */
export const MEMORY_MAX_POSTINGS = 400_000;

/**
 * Scratch arrays of rankFromMemory, indexed by popularity position and reused: each entry is
 * stamped with the epoch of the pass that wrote it (epoch << 5 | value), so nothing is cleared.
 */
const scratch = {
  size: 0,
  epoch: 0,
  /** epoch: matched in this query. */
  matched: new Int32Array(0),
  /** epoch << 5 | words of a several-word reading seen so far. */
  seen: new Int32Array(0),
  /** epoch << 5 | relevance flags of one reading. */
  flags: new Int32Array(0),
  /** epoch << 5 | least tier over the readings. */
  tier: new Int32Array(0),
};
const MAX_EPOCH = 1 << 25;

function scratchFor(size: number): typeof scratch {
  if (scratch.size < size || scratch.epoch > MAX_EPOCH - 64) {
    const n = Math.max(size, scratch.size);
    scratch.size = n;
    scratch.epoch = 0;
    scratch.matched = new Int32Array(n);
    scratch.seen = new Int32Array(n);
    scratch.flags = new Int32Array(n);
    scratch.tier = new Int32Array(n);
  }
  return scratch;
}

/** Relevance tier of the key form from a product's flags for one reading (see rankFromMemory). */
const keyTier = (f: number) =>
  f & 1 ? 0 : f & 2 && f & 4 ? 1 : f & 8 ? 2 : f & 2 ? 3 : f & 4 ? 4 : f & 16 ? 5 : 6;
/** Relevance tier of a 초성 query from a product's flags. */
const initialsTier = (f: number) => (f & 1 ? 0 : f & 4 ? 1 : f & 8 ? 2 : f & 2 ? 3 : 4);

/**
 * A page of products in relevance (tiered) or popularity order from the replica alone, with the
 * total capped at `cap`; null when the query would read more than MEMORY_MAX_POSTINGS postings.
 * `terms` are the dictionary rows holding any of the query's key (or 초성) forms or words.
 *
 * A product matches a reading when one of its terms holds the whole reading (with the
 * syllable-end rule) or, for several words, it has a term holding each word (the match condition
 * of pg-engine.ts, field by field); its tier comes from the terms holding the reading and their
 * roles in it, as rankPostings computes it in SQL (exact name or brand 0; a name term holding it
 * and a term equal to it 1; a name term starting with it 2; a name term holding it 3; a term equal
 * to it 4; a brand term holding it 5; else 6; 초성: 0 exact name, 1 an equal term, 2 name prefix,
 * 3 inside the name, 4 else), the least over the readings; then popularity desc, ref_id desc.
 */
export function rankFromMemory(
  rep: PostingsReplica,
  q: AnalysedQuery,
  terms: readonly DictTerm[],
  tiered: boolean,
  page: { limit: number; offset: number },
  cap: number,
  holds: (keys: string, complete: boolean) => DictTerm[],
  /** The popularity bounds tried before evaluating whole (tests; default from PARTIAL_MIN). */
  partialBounds?: number[],
): { total: number; ids: number[] } | null {
  const readings = q.choseong
    ? [{ keys: q.initials, complete: false, tokens: [q.initials], tokenComplete: [false], synonym: false }]
    : q.readings;
  // The postings this reads, bounded first.
  const matchSets = readings.map((r) => ({
    whole: holds(r.keys, r.complete),
    words: r.tokens.length > 1 ? r.tokens.map((t, j) => holds(t, r.tokenComplete[j] ?? false)) : [],
  }));
  const around = tiered ? readings.map((r) => terms.filter((t) => t.keys.includes(r.keys))) : [];
  let work = 0;
  const count = (ts: readonly DictTerm[]) => {
    for (const t of ts) work += t.df;
  };
  matchSets.forEach((m, ri) => {
    // Tiered: the terms holding the whole reading are among those around it (one pass reads both).
    count(tiered ? (around[ri] ?? []) : m.whole);
    for (const w of m.words) count(w);
  });
  if (work > MEMORY_MAX_POSTINGS) return null;

  const size = rep.refAt.length;
  const sc = scratchFor(size);
  const equalRoles = NAME | (q.choseong ? 0 : BRAND);
  /**
   * Matches and their keys among the products before position `limit` in popularity order: exact
   * for those, as all of a product's postings carry its position.
   */
  const evaluate = (limit: number) => {
    const matchedAt = ++sc.epoch;
    const tieredAt = ++sc.epoch;
    const { matched, flags, tier: tierOf } = sc;
    const list: number[] = [];
    const base = !tiered
      ? 0
      : q.choseong
        ? 4
        : Math.min(...readings.map((r) => 6 + (r.synonym ? SYNONYM : 0)));
    const classify = q.choseong ? initialsTier : keyTier;
    // One reading: its flags give the tier at the end; several: the least tier is kept per product.
    const single = readings.length === 1;
    let flaggedAt = 0;
    let singlePen = 0;
    readings.forEach((r, ri) => {
      const m = matchSets[ri] as (typeof matchSets)[number];
      if (!tiered) {
        for (const t of m.whole) {
          const p = rep.postings.get(t.id);
          if (!p) continue;
          const refs = p.ranks;
          for (let i = 0; i < refs.length; i++) {
            const ref = refs[i] as number;
            if (ref >= limit) break;
            if (matched[ref] !== matchedAt) {
              matched[ref] = matchedAt;
              list.push(ref);
            }
          }
        }
      } else {
        // One pass over the terms around the reading: matches (terms holding it whole) and the
        // flags its tier follows from (for every product having such a term; only matches are read).
        const k = r.keys;
        const pen = r.synonym ? SYNONYM : 0;
        const proving = new Set(m.whole.map((t) => t.id));
        flaggedAt = ++sc.epoch;
        singlePen = pen;
        const stamp = flaggedAt << 5;
        const touched: number[] = [];
        for (const t of around[ri] ?? []) {
          const p = rep.postings.get(t.id);
          if (!p) continue;
          const proves = proving.has(t.id);
          const eq = t.keys === k;
          const pre = t.keys.startsWith(k);
          // The flags a posting of this term sets, by its roles (bits 1, 2, 4).
          const byRole = new Int32Array(8);
          for (let role = 0; role < 8; role++) {
            let f = 0;
            if (eq && (role & equalRoles) !== 0) f |= 1;
            if (role & NAME) f |= 2;
            if (eq) f |= 4;
            if (pre && role & NAME) f |= 8;
            if (role & BRAND) f |= 16;
            byRole[role] = f;
          }
          const { ranks: refs, roles } = p;
          for (let i = 0; i < refs.length; i++) {
            const ref = refs[i] as number;
            if (ref >= limit) break;
            if (proves && matched[ref] !== matchedAt) {
              matched[ref] = matchedAt;
              list.push(ref);
            }
            const f = byRole[roles[i] as number] as number;
            const cur = flags[ref] as number;
            if (cur >> 5 !== flaggedAt) {
              flags[ref] = stamp | f;
              if (!single) touched.push(ref);
            } else flags[ref] = cur | f;
          }
        }
        if (!single) {
          for (const ref of touched) {
            const t = classify((flags[ref] as number) & 31) + pen;
            const cur = tierOf[ref] as number;
            if (cur >> 5 !== tieredAt || t < (cur & 31)) tierOf[ref] = (tieredAt << 5) | t;
          }
        }
      }
      if (m.words.length > 1) {
        // Products having a term of every word: word j advances only those that had words 0 … j-1.
        const seenAt = ++sc.epoch;
        const seen = sc.seen;
        const last = m.words.length - 1;
        for (let j = 0; j <= last; j++) {
          for (const t of m.words[j] ?? []) {
            const p = rep.postings.get(t.id);
            if (!p) continue;
            const refs = p.ranks;
            for (let i = 0; i < refs.length; i++) {
              const ref = refs[i] as number;
              if (ref >= limit) break;
              if (ref >= limit) break;
              const v = seen[ref] as number;
              const c = v >> 5 === seenAt ? v & 31 : 0;
              if (c !== j) continue;
              seen[ref] = (seenAt << 5) | (j + 1);
              if (j === last && matched[ref] !== matchedAt) {
                matched[ref] = matchedAt;
                list.push(ref);
              }
            }
          }
        }
      }
    });

    // Products here are positions in popularity order (the postings hold those).
    const key = (rank: number) => {
      if (!tiered) return rank;
      let t: number;
      if (single) {
        const f = flags[rank] as number;
        t = f >> 5 === flaggedAt ? Math.min(classify(f & 31) + singlePen, base) : base;
      } else {
        const v = tierOf[rank] as number;
        t = v >> 5 === tieredAt ? Math.min(v & 31, base) : base;
      }
      return t * TIER_STEP + rank;
    };
    return { list, key };
  };

  /** The key of one product (null when it does not match), from binary searches in the postings. */
  const holdsRank = (t: DictTerm, rank: number): number => {
    const p = rep.postings.get(t.id);
    if (!p) return -1;
    const i = lowerBound(p.ranks, rank);
    return i < p.ranks.length && p.ranks[i] === rank ? (p.roles[i] as number) : -1;
  };
  const exactKey = (rank: number): number | null => {
    const matches = matchSets.some(
      (m) =>
        m.whole.some((t) => holdsRank(t, rank) >= 0) ||
        (m.words.length > 1 && m.words.every((ts) => ts.some((t) => holdsRank(t, rank) >= 0))),
    );
    if (!matches) return null;
    if (!tiered) return rank;
    const classify = q.choseong ? initialsTier : keyTier;
    let tier = q.choseong ? 4 : Math.min(...readings.map((r) => 6 + (r.synonym ? SYNONYM : 0)));
    readings.forEach((r, ri) => {
      let f = 0;
      let seen = false;
      for (const t of around[ri] ?? []) {
        const role = holdsRank(t, rank);
        if (role < 0) continue;
        seen = true;
        const eq = t.keys === r.keys;
        if (eq && (role & equalRoles) !== 0) f |= 1;
        if (role & NAME) f |= 2;
        if (eq) f |= 4;
        if (t.keys.startsWith(r.keys) && role & NAME) f |= 8;
        if (role & BRAND) f |= 16;
      }
      if (seen) tier = Math.min(tier, classify(f) + (r.synonym ? SYNONYM : 0));
    });
    return tier * TIER_STEP + rank;
  };

  const need = page.offset + page.limit;
  // Broad queries first look at the most popular products only (postings are in popularity
  // order): enough when the total is capped anyway and the page's worst tier can only be beaten
  // by tier 0, whose products beyond the bound are found from the equal terms alone.
  const proved = Math.max(
    0,
    ...matchSets.flatMap((m) => m.whole.map((t) => rep.postings.get(t.id)?.ranks.length ?? 0)),
  );
  const upper = matchSets.reduce((a, m) => {
    const sum = (ts: readonly DictTerm[]) => ts.reduce((x, t) => x + t.df, 0);
    return a + sum(m.whole) + (m.words.length > 1 ? Math.min(...m.words.map(sum)) : 0);
  }, 0);
  const first = Math.max(PARTIAL_MIN, need * 100);
  const bounds = upper <= cap ? [] : (partialBounds ?? [first, first * 8]);
  for (const bound of bounds) {
    if (bound >= size) break;
    const { list, key } = evaluate(bound);
    if (list.length < need || (list.length < cap && proved <= cap)) continue;
    const best = smallest(list, key, need);
    if (tiered) {
      // Beyond the bound only a better tier than the page's worst can still enter, and only
      // through a direct reading (synonym tiers are 10 and more; every tier is at most 6, resp.
      // 4 for 초성): tier 0 needs a posting of a term equal to it with the name (or brand) role
      // (its products match, with tier 0: taken as they come), tiers 1 to 3 a name-role posting
      // around it, tier 4 any posting of an equal term, tier 5 a brand-role posting (초성: 1 any
      // posting of an equal term, 2 and 3 a name-role posting). Those few products are checked
      // one by one; anything broader is evaluated whole.
      const worst = Math.floor((best[need - 1] as number) / TIER_STEP);
      const taken = new Set<number>();
      const others = new Set<number>();
      let tooMany = false;
      for (const [ri, r] of readings.entries()) {
        if (worst === 0) break;
        if (r.synonym) continue;
        for (const t of around[ri] ?? []) {
          const eq = t.keys === r.keys;
          const zero = eq ? equalRoles : 0;
          const other = q.choseong
            ? (eq && worst >= 2 ? 7 : 0) | (worst >= 3 ? NAME : 0)
            : (worst >= 2 ? NAME : 0) | (eq && worst >= 5 ? 7 : 0) | (worst >= 6 ? BRAND : 0);
          if ((zero | other) === 0) continue;
          const p = rep.postings.get(t.id);
          if (!p) continue;
          const { ranks, roles } = p;
          for (let i = lowerBound(ranks, bound); i < ranks.length; i++) {
            const rank = ranks[i] as number;
            const role = roles[i] as number;
            if ((role & zero) !== 0) {
              if (!taken.has(rank)) {
                taken.add(rank);
                insertSorted(best, rank, need);
              }
            } else if ((role & other) !== 0) {
              others.add(rank);
              if (others.size > CANDIDATES_MAX) {
                tooMany = true;
                break;
              }
            } else if (other === 0 && rank >= (best[need - 1] as number)) break;
          }
          if (tooMany) break;
        }
        if (tooMany) break;
      }
      if (tooMany) continue;
      for (const rank of others) {
        if (taken.has(rank)) continue;
        const k = exactKey(rank);
        if (k !== null) insertSorted(best, k, need);
      }
    }
    return { total: cap, ids: best.slice(page.offset, need).map((k) => rep.refAt[k % TIER_STEP] as number) };
  }
  const { list, key } = evaluate(size);
  if (list.length === 0) return { total: 0, ids: [] };
  const best = smallest(list, key, need);
  return {
    total: Math.min(list.length, cap),
    ids: best.slice(page.offset, need).map((k) => rep.refAt[k % TIER_STEP] as number),
  };
}

/** Smallest products first: where `bound` would go in the sorted `ranks`. */
function lowerBound(ranks: Int32Array, bound: number): number {
  let lo = 0;
  let hi = ranks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ranks[mid] as number) < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts `k` into the ascending `best`, keeping at most `need`. */
function insertSorted(best: number[], k: number, need: number): void {
  if (best.length === need && k >= (best[need - 1] as number)) return;
  let lo = 0;
  let hi = best.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((best[mid] as number) < k) lo = mid + 1;
    else hi = mid;
  }
  best.splice(lo, 0, k);
  if (best.length > need) best.pop();
}

/** The `need` smallest keys of the products in `list`, ascending. */
function smallest(list: number[], key: (rank: number) => number, need: number): number[] {
  if (list.length <= 4 * need || need > 500) {
    const keys = new Float64Array(list.length);
    for (let i = 0; i < list.length; i++) keys[i] = key(list[i] as number);
    keys.sort();
    return Array.from(keys.subarray(0, need));
  }
  // Kept sorted: most matches are rejected by one comparison (lists run in popularity order).
  const best: number[] = [];
  for (const rank of list) insertSorted(best, key(rank), need);
  return best;
}
