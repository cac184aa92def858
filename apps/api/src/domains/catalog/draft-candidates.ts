/**
 * The catalogue's read for the curation drafts (curations/drafting.ts): each wearable type's most
 * popular active displays within a budget, with their product's cut and style tags, category and
 * the sizes in stock (the sellable-stock rule of stock.ts), and one display as such a row.
 */
import type { CurationCandidate } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { sellableStockSql } from './stock.ts';

/** A display as a curation candidate: its product, category and the sizes in stock. */
export type DraftCandidateRow = {
  id: number;
  product_id: number;
  product_type: CurationCandidate['product_type'];
  category_code: string;
  /** The category's sub-kind (e.g. 'shorts'), the product's material and season label: the quiz's rules read them. */
  category_sub: string | null;
  material: string | null;
  season: string | null;
  measurement_set: string | null;
  cut: string | null;
  name: string;
  brand_name: string;
  style_tags: string[];
  color_name: string;
  price: number;
  popularity: number;
  sizes: string[] | null;
};

/** The columns of a candidate (a display, its product, category and sizes in stock) over `d` joined to `p` and `c`. */
const CANDIDATE_COLUMNS =
  sql.raw(`d.id, d.product_id, d.product_type::text as product_type, c.code as category_code,
  c.sub as category_sub, p.material, p.season,
  c.measurement_set::text as measurement_set, p.fit as cut, d.name, p.style_tags, d.color_name,
  (select b.name from brands b where b.id = d.brand_id) as brand_name,
  d.price_discount as price, d.popularity,
  (select array_agg(distinct i.size_name) from product_items i
    where i.product_display_id = d.id and ${sellableStockSql('i', 'd')} > 0) as sizes`);

// Numbers from the database may arrive as strings (postgres.js): cast here.
const castRows = (rows: unknown) =>
  rowsOf<DraftCandidateRow>(rows).map((r) => ({
    ...r,
    price: Number(r.price),
    popularity: Number(r.popularity),
  }));

/** The shop's most popular active products of each wearable type within budget, with sizes in stock. */
export async function draftCandidateRows(
  db: Db,
  budget: number | null,
  perType: number,
): Promise<DraftCandidateRow[]> {
  // Each type's first DRAFT_LIMITS.perType straight from product_displays_type_popularity_idx, then
  // sizes for those only (ranking every display with a window function sorted them all).
  const rows = await db.execute(sql`
    select ${CANDIDATE_COLUMNS}
    from unnest(array['TOP', 'BOTTOM', 'OUTER', 'SHOES', 'BAG']::product_type[]) as t(product_type)
    cross join lateral (
      select * from product_displays d
      where d.is_active and d.product_type = t.product_type
        and (${budget}::int is null or d.price_discount <= ${budget}::int)
      order by d.popularity desc, d.id
      limit ${perType}
    ) d
    join products p on p.id = d.product_id
    join categories c on c.id = d.category_id`);
  return castRows(rows);
}

/** One active display as a candidate row (a curator's swap), or null. */
export async function draftCandidateRow(db: Db, id: number): Promise<DraftCandidateRow | null> {
  const rows = castRows(
    await db.execute(sql`
      select ${CANDIDATE_COLUMNS}
      from product_displays d
      join products p on p.id = d.product_id
      join categories c on c.id = d.category_id
      where d.id = ${id} and d.is_active`),
  );
  return rows[0] ?? null;
}

/** Every brand name the shop carries (a stylist note naming another brand invents it). */
export async function shopBrandNames(db: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(await db.execute(sql`select name from brands`)).map((r) => r.name);
}
