/**
 * Product cards of a search page in one prepared statement: the same columns and rows as
 * `productCardsByIds(db, ids, true)` (catalog/repository.ts: `cardColumns`, `toCard`), but on
 * postgres.js as a named prepared statement with the ids as one `int[]` parameter, so its text is
 * fixed: parsed and planned once per connection, and no Drizzle query building per request.
 * PGlite: productCardsByIds itself.
 */
import type { ProductCard } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pgJsOf } from '../../db/hot-sql.ts';
import { brands, productDisplays } from '../../db/schema.ts';
import { type CardRow, cardColumns, productCardsByIds, toCard } from '../catalog/index.ts';

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

/** Every field of a card (optional ones too), so that a copy names each of them. */
type WholeCard = { [K in keyof Required<ProductCard>]: ProductCard[K] };

/**
 * A copy of a card (a cached page's cards are copied before their live price is put on them),
 * written as one object literal with the live-price fields already there: a spread copy to which
 * withLivePrices then adds them took several times as long and allocated ten times as much.
 */
export function copyCard(c: ProductCard): ProductCard {
  const copy: WholeCard = {
    id: c.id,
    product_display_id: c.product_display_id,
    name: c.name,
    brand_id: c.brand_id,
    brand_name: c.brand_name,
    price: c.price,
    price_discount: c.price_discount,
    discount_rate: c.discount_rate,
    product_type: c.product_type,
    image_url: c.image_url,
    review_count: c.review_count,
    rating: c.rating,
    like_count: c.like_count,
    is_fast: c.is_fast,
    quantity: c.quantity,
    delivery_category: c.delivery_category,
    color_name: c.color_name,
    time_sale_price: c.time_sale_price ?? null,
    event_coupon_price: c.event_coupon_price ?? null,
  };
  return copy;
}

/** Active products' cards in the order of `ids` (missing or inactive ones left out). */
export async function searchCards(db: Db, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const client = pgJsOf(db);
  if (!client) return productCardsByIds(db, ids, true);
  const list = `{${[...new Set(ids)].map((id) => Math.trunc(id)).join(',')}}`;
  const rows = (await client.unsafe(cardsStatement(), [list], { prepare: true })) as CardRow[];
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
