/**
 * Active product cards by id in one prepared statement: the same columns and rows as
 * `productCardsByIds(db, ids, true)` (repository.ts: `cardColumns`, `toCard`), but on postgres.js
 * as a named prepared statement with the ids as one `int[]` parameter, so its text is fixed:
 * parsed and planned once per connection, and no Drizzle query building per request (the search
 * pages' cards). PGlite: productCardsByIds itself.
 */
import type { ProductCard } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pgJsOf } from '../../db/hot-sql.ts';
import { type CardRow, cardColumns, productCardsByIds, toCard } from './repository.ts';
import { brands, productDisplays } from './schema.ts';

let text: string | null = null;

/** The statement's text ($1: the ids as an int[] literal). */
export function cardsStatement(): string {
  if (text === null) {
    const cols = sql.join(
      Object.entries(cardColumns).map(([k, c]) => sql`${c} as ${sql.identifier(k)}`),
      sql`, `,
    );
    const q = new PgDialect().sqlToQuery(
      sql`select ${cols} from ${productDisplays} inner join ${brands} on ${brands.id} = ${productDisplays.brand_id}
        where ${productDisplays.id} = any(${sql.raw('$1::int[]')}) and ${productDisplays.is_active}`,
    );
    if (q.params.length > 0) throw new Error('card statement: unexpected parameters');
    text = q.sql;
  }
  return text;
}

/** Active products' cards in the order of `ids` (missing or inactive ones left out). */
export async function preparedActiveCards(db: Db, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const client = pgJsOf(db);
  if (!client) return productCardsByIds(db, ids, true);
  const list = `{${[...new Set(ids)].map((id) => Math.trunc(id)).join(',')}}`;
  const rows = (await client.unsafe(cardsStatement(), [list], { prepare: true })) as CardRow[];
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
