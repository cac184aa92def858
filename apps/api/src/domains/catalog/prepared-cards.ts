/**
 * Product cards by id in one prepared statement: the same columns and rows as
 * `productCardsByIds(db, ids, activeOnly)` (repository.ts: `cardColumns`, `toCard`), but on
 * postgres.js as a named prepared statement with the ids as one `int[]` parameter, so its text is
 * fixed: parsed and planned once per connection, and no Drizzle query building per request (the
 * search pages' cards, the product page's live cards). PGlite: productCardsByIds itself.
 */
import type { ProductCard } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pgJsOf } from '../../db/hot-sql.ts';
import { type CardRow, cardColumns, productCardsByIds, toCard } from './repository.ts';
import { brands, productDisplays } from './schema.ts';

const texts = new Map<boolean, string>();

/** The statement's text ($1: the ids as an int[] literal), of active cards only or of all. */
export function cardsStatement(activeOnly = true): string {
  let text = texts.get(activeOnly);
  if (text === undefined) {
    const cols = sql.join(
      Object.entries(cardColumns).map(([k, c]) => sql`${c} as ${sql.identifier(k)}`),
      sql`, `,
    );
    const q = new PgDialect().sqlToQuery(
      sql`select ${cols} from ${productDisplays} inner join ${brands} on ${brands.id} = ${productDisplays.brand_id}
        where ${productDisplays.id} = any(${sql.raw('$1::int[]')})${activeOnly ? sql` and ${productDisplays.is_active}` : sql``}`,
    );
    if (q.params.length > 0) throw new Error('card statement: unexpected parameters');
    text = q.sql;
    texts.set(activeOnly, text);
  }
  return text;
}

/** Active products' cards in the order of `ids` (missing or inactive ones left out). */
export function preparedActiveCards(db: Db, ids: number[]): Promise<ProductCard[]> {
  return preparedCards(db, ids, true);
}

/** Products' cards in the order of `ids` (missing ones left out; inactive ones too if `activeOnly`). */
export async function preparedCards(db: Db, ids: number[], activeOnly: boolean): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const client = pgJsOf(db);
  if (!client) return productCardsByIds(db, ids, activeOnly);
  const list = `{${[...new Set(ids)].map((id) => Math.trunc(id)).join(',')}}`;
  const rows = (await client.unsafe(cardsStatement(activeOnly), [list], { prepare: true })) as CardRow[];
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
