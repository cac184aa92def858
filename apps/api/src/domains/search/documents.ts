/**
 * The search index's documents: what is searchable about a product display, brand, style, post or
 * autocomplete term, in the stored forms of packages/shared/src/search-text.ts. The PostgreSQL
 * engine reads them from `search_documents`; an OpenSearch engine would be fed the same documents.
 *
 * Sync: the seed calls rebuildSearchIndex at the end; code that writes products, brands, styles or
 * posts calls reindexProducts / reindexBrands / reindexStyles / reindexPosts with the changed ids
 * (in the same transaction when it has one; contents through its port, contents/search-hook.ts).
 * ensureSearchIndex builds the index once for a database seeded before the index existed. The
 * term dictionary and postings follow the product documents (postings-index.ts). The rows come
 * from their owners' surfaces: catalog's reads-for-search.ts and contents' reads-for-search.ts.
 */
import { compactText, normaliseText, toInitialKeys, toKeys } from '@codiroom/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  displayCount,
  type SearchProductRow,
  searchBrandRows,
  searchProductRows,
  searchTermSources,
} from '../catalog/index.ts';
import { searchPostRows, searchStyleRows } from '../contents/index.ts';
import { bumpGeneration, indexGeneration } from './generation.ts';
import { rebuildPostings, syncPostings } from './postings-index.ts';
import { searchDocuments, searchKeywords, searchPostings, searchTerms } from './schema.ts';

export type SearchDocumentRow = typeof searchDocuments.$inferInsert;
export type DocumentKind = 'product' | 'brand' | 'style' | 'post' | 'term';

/** Rows per INSERT: 20 columns × 1,000 stays far below PGlite's 32,767 bind parameters. */
const INSERT_CHUNK = 1_000;
/** Product displays read and indexed per batch. */
const PRODUCT_BATCH = 5_000;

function joinKeys(values: (string | null | undefined)[]): string {
  return values
    .map((v) => (v ? toKeys(v) : ''))
    .filter(Boolean)
    .join('|');
}

function joinInitials(values: (string | null | undefined)[]): string {
  return values
    .map((v) => (v ? toInitialKeys(v) : ''))
    .filter(Boolean)
    .join('|');
}

function nameWords(name: string): string[] {
  const words = normaliseText(name).split(' ').filter(Boolean);
  return words.length > 1 ? words : [];
}

/** Category names such as 자켓·점퍼 are two words: each is searchable and a term. */
function categoryWords(name: string): string[] {
  return normaliseText(name).split(' ').filter(Boolean);
}

/** The index generation lives in generation.ts; exported here as before (cache keys use it). */
export { indexGeneration };

async function upsert(db: Db, rows: SearchDocumentRow[]): Promise<void> {
  bumpGeneration();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await db
      .insert(searchDocuments)
      .values(chunk)
      .onConflictDoUpdate({
        target: [searchDocuments.kind, searchDocuments.ref_id],
        set: {
          title: sql`excluded.title`,
          name_keys: sql`excluded.name_keys`,
          brand_keys: sql`excluded.brand_keys`,
          all_keys: sql`excluded.all_keys`,
          initials: sql`excluded.initials`,
          suggestible: sql`excluded.suggestible`,
          brand_id: sql`excluded.brand_id`,
          category_id: sql`excluded.category_id`,
          price: sql`excluded.price`,
          price_discount: sql`excluded.price_discount`,
          color_name: sql`excluded.color_name`,
          color_hex: sql`excluded.color_hex`,
          sizes: sql`excluded.sizes`,
          popularity: sql`excluded.popularity`,
          is_active: sql`excluded.is_active`,
          created_at: sql`excluded.created_at`,
        },
      });
  }
}

// ───────────────────────────── products ─────────────────────────────

type ProductRow = SearchProductRow;

export function productDocument(r: ProductRow): SearchDocumentRow {
  return {
    kind: 'product',
    ref_id: r.id,
    title: r.name,
    name_keys: toKeys(r.name),
    brand_keys: `|${toKeys(r.brand_name)}|${toKeys(r.brand_name_en)}|`,
    all_keys: joinKeys([
      r.name,
      // Each word of a longer name too, so whole-word matches can rank first (코트 over 코튼).
      ...nameWords(r.name),
      r.brand_name,
      r.brand_name_en,
      ...categoryWords(r.category_name),
      r.parent_name,
      r.color_name,
      r.fit,
      ...r.style_tags,
    ]),
    initials: joinInitials([
      r.name,
      ...nameWords(r.name),
      r.brand_name,
      ...categoryWords(r.category_name),
      r.color_name,
    ]),
    suggestible: false,
    brand_id: r.brand_id,
    category_id: r.category_id,
    price: r.price,
    price_discount: r.price_discount,
    color_name: r.color_name,
    color_hex: r.color_hex,
    sizes: r.sizes ?? [],
    popularity: r.popularity,
    is_active: r.is_active,
    created_at: r.created_at,
  };
}

/** Re-indexes these product displays (after a catalogue write). New names become terms. */
export async function reindexProducts(db: Db, displayIds: number[]): Promise<void> {
  if (displayIds.length === 0) return;
  const rows = await searchProductRows(db, { ids: [...new Set(displayIds)] });
  await upsert(db, rows.map(productDocument));
  await syncPostings(db, [...new Set(displayIds)]);
  const names = [...new Set(rows.map((r) => r.name))];
  const known = await db
    .select({ title: searchDocuments.title })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.kind, 'term'), inArray(searchDocuments.title, names)));
  const missing = names.filter((n) => !known.some((k) => k.title === n));
  if (missing.length) {
    const [max] = await db
      .select({ n: sql<number>`coalesce(max(${searchDocuments.ref_id}), 0)::int` })
      .from(searchDocuments)
      .where(eq(searchDocuments.kind, 'term'));
    let next = Number(max?.n ?? 0);
    await upsert(
      db,
      missing.map((title) => termDocument(++next, title, 1)),
    );
  }
}

// ───────────────────────────── brands, styles, posts, terms ─────────────────────────────

export async function reindexBrands(db: Db, ids?: number[]): Promise<void> {
  const rows = await searchBrandRows(db, ids);
  await upsert(
    db,
    rows.map((b) => ({
      kind: 'brand',
      ref_id: b.id,
      title: b.name,
      // Both names: autocomplete finds a brand by either (urban → 어반테일러).
      name_keys: `${toKeys(b.name)}|${toKeys(b.name_en)}`,
      brand_keys: `|${toKeys(b.name)}|${toKeys(b.name_en)}|`,
      all_keys: joinKeys([b.name, b.name_en]),
      initials: joinInitials([b.name]),
      suggestible: true,
      brand_id: b.id,
      popularity: Number(b.popularity) + b.like_count,
    })),
  );
}

export async function reindexStyles(db: Db, ids?: number[]): Promise<void> {
  const rows = await searchStyleRows(db, ids);
  await upsert(
    db,
    rows.map((s) => ({
      kind: 'style',
      ref_id: s.id,
      title: s.name,
      name_keys: toKeys(s.name),
      all_keys: joinKeys([s.name, ...s.tags, s.description]),
      initials: joinInitials([s.name, ...s.tags]),
      suggestible: true,
      popularity: s.like_count,
      is_active: s.is_active,
      created_at: s.created_at,
    })),
  );
}

export async function reindexPosts(db: Db, ids?: number[]): Promise<void> {
  const rows = await searchPostRows(db, ids);
  await upsert(
    db,
    rows.map((p) => ({
      kind: 'post',
      ref_id: p.id,
      title: p.title,
      name_keys: toKeys(p.title),
      all_keys: joinKeys([p.title, p.subtitle, p.category]),
      initials: joinInitials([p.title]),
      popularity: p.view_count,
      is_active: p.status === 'RUNNING',
      created_at: p.published_at,
    })),
  );
}

function termDocument(refId: number, title: string, popularity: number): SearchDocumentRow {
  return {
    kind: 'term',
    ref_id: refId,
    title,
    name_keys: toKeys(title),
    all_keys: toKeys(title),
    initials: toInitialKeys(title),
    suggestible: true,
    popularity,
  };
}

/**
 * Autocomplete terms: distinct product names (weighted by their displays' popularity), category
 * words, style tags and the operator's keywords (weighted up so they come first on a tie).
 */
async function rebuildTerms(db: Db): Promise<void> {
  await db.delete(searchDocuments).where(eq(searchDocuments.kind, 'term'));
  const weights = new Map<string, number>();
  const add = (title: string, w: number) => {
    const t = normaliseText(title) ? title.trim() : '';
    if (!t || !compactText(t)) return;
    weights.set(t, (weights.get(t) ?? 0) + w);
  };
  const { names, cats, tags } = await searchTermSources(db);
  for (const n of names) add(n.name, Number(n.pop));
  for (const c of cats) for (const w of categoryWords(c.name)) add(w, Number(c.pop) * 2);
  for (const t of tags) add(t.tag, Number(t.n));
  const keywords = await db.select({ keyword: searchKeywords.keyword }).from(searchKeywords);
  for (const k of keywords) add(k.keyword, 100_000);
  let id = 0;
  await upsert(
    db,
    [...weights].map(([title, w]) => termDocument(++id, title, w)),
  );
}

/** Drops and rebuilds the whole index (seed, or a database seeded before the index existed). */
export async function rebuildSearchIndex(db: Db): Promise<number> {
  bumpGeneration();
  await db.delete(searchDocuments);
  let after = 0;
  for (;;) {
    const rows = await searchProductRows(db, { limit: PRODUCT_BATCH, afterId: after });
    if (rows.length === 0) break;
    await upsert(db, rows.map(productDocument));
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < PRODUCT_BATCH) break;
  }
  await reindexBrands(db);
  await reindexStyles(db);
  await reindexPosts(db);
  await rebuildTerms(db);
  await rebuildPostings(db);
  // Move the bulk insert out of the trigram indexes' pending lists (GIN fastupdate): until
  // autovacuum does, every search would scan those lists (≈10 ms on 100,000 products).
  await db.execute(sql`select gin_clean_pending_list(c.oid::regclass) from pg_class c
    join pg_index i on i.indexrelid = c.oid join pg_am a on a.oid = c.relam
    where i.indrelid in (${sql.raw(`'search_documents'::regclass, 'search_terms'::regclass`)})
      and a.amname = 'gin'`);
  // Fresh statistics, so the planner uses the trigram indexes right after a (re)build.
  await db.execute(sql`analyze ${searchDocuments}`);
  const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(searchDocuments);
  return Number(n?.n ?? 0);
}

const ensured = new WeakMap<object, Promise<void>>();

/**
 * Builds the index once per process for a database that has products but no search documents
 * (seeded before this index existed). Cheap afterwards: one memoised promise per database.
 */
export function ensureSearchIndex(db: Db): Promise<void> {
  const done = ensured.get(db);
  if (done) return done;
  const p = (async () => {
    const [docs] = await db.select({ n: sql<number>`count(*)::int` }).from(searchDocuments);
    if (Number(docs?.n ?? 0) > 0) {
      // Indexed before the term dictionary existed: list the postings once.
      const [terms] = await db.select({ n: sql<number>`count(*)::int` }).from(searchTerms);
      if (Number(terms?.n ?? 0) === 0) {
        await rebuildPostings(db);
        // Outside any transaction here: set the visibility map, so that the postings are read
        // by index-only scans (also where autovacuum is off or behind).
        await db.execute(sql`vacuum analyze ${searchPostings}`);
      }
      return;
    }
    if ((await displayCount(db)) === 0) {
      ensured.delete(db); // nothing to index yet: look again next time
      return;
    }
    await rebuildSearchIndex(db);
  })();
  ensured.set(db, p);
  p.catch(() => ensured.delete(db));
  return p;
}
