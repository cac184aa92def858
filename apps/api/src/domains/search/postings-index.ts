/**
 * The term dictionary (search_terms) and postings (search_postings) of the product documents:
 * every distinct field of an active product document, in key form (k) and 초성 form (i), with its
 * roles (relevance.ts: name, brand, other) and the products having it, most popular first.
 * Kept in step with search_documents by documents.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bumpGeneration } from './generation.ts';
import { BRAND_ROLE, NAME_ROLE, OTHER_ROLE } from './relevance.ts';
import { searchDocuments, searchPostings, searchTerms } from './schema.ts';

/** A role bit inlined in SQL (the same statement text as a literal). */
const role = (bit: number) => sql.raw(String(bit));

/**
 * The fields (terms) of the active product documents `docs` selects, as (form, keys, role,
 * ref_id, popularity) rows: the `|`-separated parts of all_keys (form k) and initials (form i).
 * Role bits: NAME_ROLE the whole name (the first field), BRAND_ROLE the brand's name, OTHER_ROLE
 * any other field.
 */
function fieldRows(docs: SQL) {
  return sql`select x.form, x.keys,
      case when x.keys = x.name then ${role(NAME_ROLE)} when x.form = 'k' and d.brand_keys like '%|' || x.keys || '|%' then ${role(BRAND_ROLE)} else ${role(OTHER_ROLE)} end as role,
      d.ref_id, d.popularity
    from ${searchDocuments} d
    cross join lateral (
      select 'k' as form, f as keys, d.name_keys as name from unnest(string_to_array(d.all_keys, '|')) f
      union all select 'i', f, split_part(d.initials, '|', 1) from unnest(string_to_array(d.initials, '|')) f
    ) x
    where d.kind = 'product' and d.is_active and x.keys <> '' and ${docs}`;
}

/** Adds the fields of `docs` to the dictionary and their postings. */
async function addPostings(db: Db, docs: SQL): Promise<void> {
  await db.execute(sql`insert into ${searchTerms} (form, keys, roles)
    select form, keys, bit_or(role)::smallint from (${fieldRows(docs)}) r group by form, keys
    on conflict (form, keys) do update set roles = ${searchTerms.roles} | excluded.roles`);
  await db.execute(sql`insert into ${searchPostings} (term_id, popularity, ref_id, roles)
    select t.id, r.popularity, r.ref_id, bit_or(r.role)::smallint from (${fieldRows(docs)}) r
    join ${searchTerms} t on t.form = r.form and t.keys = r.keys
    group by t.id, r.popularity, r.ref_id
    on conflict do nothing`);
}

/** Rebuilds the whole dictionary and postings from search_documents. */
export async function rebuildPostings(db: Db): Promise<void> {
  bumpGeneration();
  await db.delete(searchPostings);
  await db.delete(searchTerms);
  await addPostings(db, sql`true`);
  await db.execute(sql`update ${searchTerms} t set df = c.n
    from (select term_id, count(*)::int as n from ${searchPostings} group by term_id) c
    where c.term_id = t.id`);
  await db.execute(sql`analyze ${searchTerms}`);
  await db.execute(sql`analyze ${searchPostings}`);
}

/** Re-lists the postings of these product displays (after their documents changed). */
export async function syncPostings(db: Db, refIds: number[]): Promise<void> {
  if (refIds.length === 0) return;
  const ids = sql.raw(`'{${refIds.map((id) => Math.trunc(id)).join(',')}}'::int[]`);
  const old = await db
    .delete(searchPostings)
    .where(sql`${searchPostings.ref_id} = any(${ids})`)
    .returning({ term: searchPostings.term_id });
  await addPostings(db, sql`d.ref_id = any(${ids})`);
  await db.execute(sql`update ${searchTerms} t
    set df = (select count(*)::int from ${searchPostings} p where p.term_id = t.id)
    where t.id in (select p.term_id from ${searchPostings} p where p.ref_id = any(${ids}))
      or t.id = any(${sql.raw(`'{${[...new Set(old.map((o) => o.term))].join(',')}}'::int[]`)})`);
}
