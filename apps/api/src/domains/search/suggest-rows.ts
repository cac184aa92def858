/**
 * The suggest rows: an in-memory replica (replica.ts) of the active suggestible documents (terms,
 * brands, styles; 3,466 on the 100,000-product seed), matched and ranked in JavaScript exactly
 * as sql-suggest.ts ranks them in SQL.
 */
import type { AnalysedQuery, Suggestion } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { suggestTier } from './relevance.ts';
import { firstRow } from './replica.ts';

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
  const r = await firstRow(
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
 * sql-suggest.ts (tier, brand/keyword/style, popularity desc, title), the first limit × 2
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
        const t = suggestTier(name, x);
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
 * the SQL path (sql-suggest.ts), which calls it once per statement with the same `out` and `seen`.
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
