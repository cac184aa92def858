import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adUnitPrice } from '../src/domains/ads/index.ts';
import { sellableStock, sellableStockSql } from '../src/domains/catalog/stock.ts';
import { instant, timeSaleRunning, timeSaleRunningAt } from '../src/domains/catalog/time-sale.ts';

let pg: PGlite;
// PGlite starts slowly on a busy machine: in the hook (hookTimeout), not in the first test.
beforeAll(async () => {
  pg = await PGlite.create();
});
afterAll(() => pg.close());

const cases = [
  { item_active: true, display_active: true, stock: 5, want: 5 },
  { item_active: true, display_active: true, stock: 0, want: 0 },
  { item_active: true, display_active: true, stock: -3, want: 0 },
  { item_active: false, display_active: true, stock: 5, want: 0 },
  { item_active: true, display_active: false, stock: 5, want: 0 },
];

describe("sellable stock (docs/ARCHITECTURE.md, 'Sellable stock')", () => {
  it('is the stock, never below 0, of an active item of an active display', () => {
    for (const c of cases) expect(sellableStock(c)).toBe(c.want);
  });
  it('says the same in SQL as in TypeScript', async () => {
    for (const c of cases) {
      const res = await pg.query<{ s: number }>(
        `select ${sellableStockSql('i', 'd')} as s
         from (select $1::boolean as is_active, $2::int as stock) i,
              (select $3::boolean as is_active) d`,
        [c.item_active, c.stock, c.display_active],
      );
      expect(res.rows[0]?.s).toBe(c.want);
    }
  });
});

describe("a running time sale (docs/ARCHITECTURE.md, 'Time sales')", () => {
  const starts = '2026-11-20T01:00:00.000Z';
  const ends = '2026-11-20T03:00:00.000Z';
  const runs = async (at: string) => {
    const q = new PgDialect().sqlToQuery(
      sql`select ${timeSaleRunningAt(instant(new Date(at)), {
        starts_at: sql.raw('s.starts_at'),
        ends_at: sql.raw('s.ends_at'),
      })} as on from (select ${starts}::timestamptz as starts_at, ${ends}::timestamptz as ends_at) s`,
    );
    const res = await pg.query<{ on: boolean }>(q.sql, q.params);
    return res.rows[0]?.on;
  };
  it('runs from its start (inclusive) to its end (exclusive)', async () => {
    expect(await runs('2026-11-20T00:59:59.999Z')).toBe(false);
    expect(await runs(starts)).toBe(true);
    expect(await runs('2026-11-20T02:00:00.000Z')).toBe(true);
    expect(await runs('2026-11-20T02:59:59.999Z')).toBe(true);
    expect(await runs(ends)).toBe(false);
  });
  it('is the condition the time_sales queries use', () => {
    const q = new PgDialect().sqlToQuery(timeSaleRunning(new Date(starts)));
    expect(q.sql).toBe(
      '("time_sales"."starts_at" <= $1::timestamptz and "time_sales"."ends_at" > $2::timestamptz)',
    );
    expect(q.params).toEqual([starts, starts]);
  });
});

describe('the ad unit price is the one AddToCart reports', () => {
  it('adds the extra price to the discount price', () => {
    expect(adUnitPrice({ price: 10_000, price_discount: 8_000, extra_price: 500 })).toBe(8_500);
  });
});
