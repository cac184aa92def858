/**
 * The search domain's tables: keywords, the indexed documents, terms, postings and query statistics.
 * Ownership: only this domain imports these tables; other domains read and write them through
 * the functions of domains/search/index.ts (docs/ARCHITECTURE.md, "Each domain owns its tables"). Gathered for
 * drizzle-kit, migrations and tests by db/schema.ts. Conventions: snake_case columns (SPEC.md field
 * names), money as integer won, timestamps with time zone (rules are evaluated in KST).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

export const searchKeywords = pgTable('search_keywords', {
  id: serial('id').primaryKey(),
  keyword: varchar('keyword', { length: 100 }).notNull().unique(),
  /** recommended (operator-curated) or synonym groups. */
  kind: varchar('kind', { length: 20 }).notNull().default('recommended'),
  sort_order: smallint('sort_order').notNull().default(0),
});

/**
 * Search index of the PostgreSQL search engine (domains/search): one row per product display,
 * brand, style, post and autocomplete term, with its stored search forms (key form and 초성 form,
 * see packages/shared/src/search-text.ts) and the denormalised fields filters and sorts need.
 * Kept in sync by domains/search/documents.ts (seed and catalogue writes).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: serial('id').primaryKey(),
    /** product | brand | style | post | term */
    kind: varchar('kind', { length: 10 }).notNull(),
    ref_id: integer('ref_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    name_keys: text('name_keys').notNull(),
    /** `|brand|brand_en|` in key form (exact brand matches). */
    brand_keys: text('brand_keys').notNull().default(''),
    /** Every searchable field in key form, `|`-separated. */
    all_keys: text('all_keys').notNull(),
    /** 초성 of the fields in key form, `|`-separated; the name first. */
    initials: text('initials').notNull(),
    /** Autocomplete candidates (terms, brands, styles). */
    suggestible: boolean('suggestible').notNull().default(false),
    brand_id: integer('brand_id'),
    category_id: integer('category_id'),
    price: integer('price'),
    price_discount: integer('price_discount'),
    color_name: varchar('color_name', { length: 30 }),
    color_hex: varchar('color_hex', { length: 7 }),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    popularity: real('popularity').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_at: ts('created_at'),
  },
  (t) => [
    uniqueIndex('search_documents_kind_ref_uq').on(t.kind, t.ref_id),
    index('search_documents_all_keys_trgm').using('gin', t.all_keys.op('gin_trgm_ops')),
    index('search_documents_initials_trgm').using('gin', t.initials.op('gin_trgm_ops')),
    index('search_documents_suggest_trgm')
      .using('gin', t.name_keys.op('gin_trgm_ops'))
      .where(sql`${t.suggestible}`),
    // 초성 autocomplete (ㅅㄹㅅ): only the suggestible rows, not every product's initials.
    index('search_documents_suggest_initials_trgm')
      .using('gin', t.initials.op('gin_trgm_ops'))
      .where(sql`${t.suggestible}`),
    index('search_documents_kind_pop_idx').on(t.kind, t.popularity),
    // Exact and prefix matches of the name (relevance tiers, autocomplete) and of the 초성 form;
    // popularity last, so an exact name's most popular rows are read in order.
    index('search_documents_kind_name_pop_idx').on(t.kind, t.name_keys.op('text_pattern_ops'), t.popularity),
    index('search_documents_kind_initials_idx').on(t.kind, t.initials.op('text_pattern_ops')),
  ],
);

/**
 * The search term dictionary: every distinct field of the active product documents' key form
 * (`form` k, a `|`-separated part of all_keys) and 초성 form (`form` i, of initials), with its
 * document frequency. Small (≈ 7,000 rows for 100,000 products), so substring, prefix and 초성
 * look-ups on it are cheap; search_postings lists each term's products.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    id: serial('id').primaryKey(),
    form: varchar('form', { length: 1 }).notNull(),
    keys: text('keys').notNull(),
    /** Active product documents having the term (rows in search_postings). */
    df: integer('df').notNull().default(0),
    /**
     * Where the term occurs (bits, ever set, never cleared): 1 a product's whole name, 2 its
     * brand (Korean or English), 4 any other field. Rules out relevance tiers without look-ups.
     */
    roles: smallint('roles').notNull().default(0),
  },
  (t) => [
    uniqueIndex('search_terms_form_keys_uq').on(t.form, t.keys),
    index('search_terms_keys_trgm').using('gin', t.keys.op('gin_trgm_ops')),
  ],
);

/**
 * Postings: the active product displays (ref_id) having a term, most popular first per term, with
 * the term's role in that product (relevance tiers of a query computed from postings alone).
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    term_id: integer('term_id').notNull(),
    popularity: real('popularity').notNull(),
    ref_id: integer('ref_id').notNull(),
    /** Where the product has the term (bits as search_terms.roles): ranks without the document. */
    roles: smallint('roles').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.term_id, t.popularity, t.ref_id] }),
    index('search_postings_ref_idx').on(t.ref_id),
  ],
);

/**
 * Searches per KST day and keyword (the back office dashboard's top searches and searches with no
 * result): first pages without filters, counted in memory and written in batches (search/stats.ts).
 */
export const searchStats = pgTable(
  'search_stats',
  {
    day: date('day').notNull(),
    keyword: varchar('keyword', { length: 30 }).notNull(),
    searches: integer('searches').notNull().default(0),
    zero_results: integer('zero_results').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.keyword] })],
);
