/**
 * Bulk stock and price updates by CSV (docs/ARCHITECTURE.md, "Back office"), for MDs. Two shapes,
 * told apart by the header:
 *   product_item_id,stock                      — the stock of sizes (0–100,000)
 *   sku,stock                                  — the same, a size named by its SKU (the code the
 *                                                product editor's option table shows); an unknown
 *                                                SKU is a refused row
 *   product_display_id,price,price_discount    — list and sale price of a colourway (won; the sale
 *                                                price at most the list price, at least 100 won)
 * A dry run answers every row with its before and after, or why it is refused; applying changes the
 * valid rows in one transaction and refuses the others, then tells every cache and the search
 * index (`catalog.changed`, `prices.changed`, reindexProducts).
 */
import { isRestock } from '@codiroom/shared';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { parseCsv } from '../../platform/csv.ts';
import { outdateDocuments } from '../../platform/page-documents.ts';
import { displayPrices, itemIdsBySku, itemStocks, setDisplayPrice, setItemStock } from '../catalog/index.ts';
import { notifyRestocked } from '../restock/index.ts';
import { reindexProducts } from '../search/index.ts';

export const CSV_LIMITS = { rows: 5000, stock: 100_000, price: 10_000_000, minPrice: 100 } as const;

type Kind = 'stock' | 'price';
export type CsvRow = {
  line: number;
  id: number | null;
  /** The SKU the row named (sku,stock files), else null. */
  sku: string | null;
  before: Record<string, number> | null;
  after: Record<string, number> | null;
  error: string | null;
};
export type CsvResult = { kind: Kind; dry_run: boolean; rows: CsvRow[]; applied: number; refused: number };

const HEADERS: Record<string, Kind | 'sku-stock'> = {
  'product_item_id,stock': 'stock',
  'sku,stock': 'sku-stock',
  'product_display_id,price,price_discount': 'price',
};

const intOf = (v: string | undefined) =>
  v !== undefined && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : null;

export async function applyCatalogCsv(ctx: AppContext, csv: string, dryRun: boolean): Promise<CsvResult> {
  const parsed = parseCsv(csv, HEADERS, CSV_LIMITS.rows);
  const kind: Kind = parsed.kind === 'price' ? 'price' : 'stock';
  const bySku = parsed.kind === 'sku-stock';
  let lines = parsed.lines;
  const skus = new Map<number, string>();
  if (bySku) {
    // SKUs → product_item_id; an unknown SKU keeps no id and is refused below.
    const named = [...new Set(lines.map((l) => l.cells[0] ?? '').filter((c) => c !== '' && c.length <= 64))];
    const idOf = await itemIdsBySku(ctx.db, named);
    lines = lines.map((l) => {
      skus.set(l.line, l.cells[0] ?? '');
      const id = idOf.get(l.cells[0] ?? '');
      return { ...l, cells: [id === undefined ? '' : String(id), ...l.cells.slice(1)] };
    });
  }
  const ids = lines.map((l) => intOf(l.cells[0])).filter((id): id is number => id !== null);
  const seen = new Set<number>();
  const rows: CsvRow[] = [];
  if (kind === 'stock') {
    const stocks = await itemStocks(ctx.db, ids);
    for (const l of lines) {
      const id = intOf(l.cells[0]);
      const stock = intOf(l.cells[1]);
      const before = id === null ? undefined : stocks.get(id);
      const error =
        l.cells.length !== 2
          ? '열이 2개여야 합니다.'
          : id === null || before === undefined
            ? bySku
              ? `없는 SKU입니다${skus.get(l.line) ? ` (${skus.get(l.line)})` : ''}.`
              : '없는 상품 옵션(product_item_id)입니다.'
            : seen.has(id)
              ? '같은 옵션이 두 번 나옵니다.'
              : stock === null || stock > CSV_LIMITS.stock
                ? `재고는 0~${CSV_LIMITS.stock.toLocaleString()} 사이의 정수여야 합니다.`
                : null;
      if (id !== null) seen.add(id);
      rows.push({
        line: l.line,
        id,
        sku: bySku ? (skus.get(l.line) ?? null) : null,
        before: before === undefined ? null : { stock: before },
        after: error ? null : { stock: stock as number },
        error,
      });
    }
  } else {
    const byId = await displayPrices(ctx.db, ids);
    for (const l of lines) {
      const id = intOf(l.cells[0]);
      const price = intOf(l.cells[1]);
      const sale = intOf(l.cells[2]);
      const row = id === null ? undefined : byId.get(id);
      const error =
        l.cells.length !== 3
          ? '열이 3개여야 합니다.'
          : id === null || !row
            ? '없는 상품(product_display_id)입니다.'
            : seen.has(id)
              ? '같은 상품이 두 번 나옵니다.'
              : price === null || sale === null || price < CSV_LIMITS.minPrice || price > CSV_LIMITS.price
                ? `가격은 ${CSV_LIMITS.minPrice}~${CSV_LIMITS.price.toLocaleString()}원 사이의 정수여야 합니다.`
                : sale > price || sale < CSV_LIMITS.minPrice
                  ? '판매가는 정가 이하, 100원 이상이어야 합니다.'
                  : null;
      if (id !== null) seen.add(id);
      rows.push({
        line: l.line,
        id,
        sku: null,
        before: row ? { price: row.price, price_discount: row.price_discount } : null,
        after: error ? null : { price: price as number, price_discount: sale as number },
        error,
      });
    }
  }
  const valid = rows.filter((r) => r.error === null && r.id !== null && r.after);
  if (!dryRun && valid.length > 0) {
    await ctx.db.transaction(async (tx) => {
      const restocked: number[] = [];
      for (const r of valid) {
        if (kind === 'stock') {
          const stock = r.after?.stock as number;
          const before = await setItemStock(tx, r.id as number, stock);
          // A sold-out size back in stock: its restock alerts (docs/ARCHITECTURE.md, "Restock alerts").
          if (before && isRestock(before, { stock, is_active: before.is_active }))
            restocked.push(r.id as number);
        } else {
          await setDisplayPrice(
            tx,
            r.id as number,
            r.after?.price as number,
            r.after?.price_discount as number,
          );
        }
      }
      await notifyRestocked(tx, ctx, restocked);
      await outdateDocuments(tx, 'catalog.changed');
    });
    await invalidate(ctx, 'catalog.changed');
    if (kind === 'price') {
      await invalidate(ctx, 'prices.changed');
      await reindexProducts(
        ctx.db,
        valid.map((r) => r.id as number),
      );
    }
  }
  return {
    kind,
    dry_run: dryRun,
    rows,
    applied: dryRun ? 0 : valid.length,
    refused: rows.length - valid.length,
  };
}
