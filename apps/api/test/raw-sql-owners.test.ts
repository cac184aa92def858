/**
 * Each domain owns its tables (docs/ARCHITECTURE.md, "Each domain owns its tables"), in raw SQL too:
 * dependency-cruiser sees imports of another domain's table objects, not a table named in a `sql`
 * template. This reads every domain's source (comments left out), finds the tables its statements
 * name (`from`, `join`, `update`, `into`) and fails on one owned by another domain that is not in
 * SHARED_STATEMENTS below, each listed with why it stays one statement; an entry no statement
 * needs any more fails too, so the list only shrinks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

/** `<file under domains/> <table>`: why the statement reads or writes another domain's table. */
const SHARED_STATEMENTS: Record<string, string> = {
  // Orders' order creation and give-back: the stock reservation is part of the one statement that
  // inserts the order (no order without its stock, one round trip: the order throughput bar).
  'orders/create.ts product_items': 'stock reserved in the statement that inserts the order',
  'orders/create.ts users': "the orderer's name and phone defaulted from the member in the insert",
  'orders/stock.ts product_items': 'stock given back in one statement, rows locked in id order',
  'orders/time-sale-stock.ts time_sale_items': 'time-sale units counted with the order, same locks',
  'orders/confirm.ts brands': "the paid items' brand names, read by the confirming statement",
  'orders/confirm.ts product_displays': "the paid items' pictures, read by the confirming statement",
  // Carts' batch add reads the item's price and sellable stock in the statement that adds the lines.
  'carts/add-batch.ts product_items': 'sellable stock read in the statement that adds the lines',
  'carts/add-batch.ts product_displays': "the display's price and state read in the same statement",
  // Popularity (catalog) is a weighted count of views, likes, cart adds and purchases over a
  // window: one aggregate over the four tables, run by the rankings job.
  'catalog/activity.ts likes': 'likes counted in the popularity aggregate',
  'catalog/activity.ts cart_lines': 'cart adds counted in the popularity aggregate',
  'catalog/activity.ts order_items': 'purchases counted in the popularity aggregate',
  'catalog/signals.ts likes': 'likes counted in the popularity update',
  'catalog/signals.ts cart_lines': 'cart adds counted in the popularity update',
  'catalog/signals.ts order_items': 'purchases counted in the popularity update',
  // A price changes when a coupon policy starts or ends: the next change time reads both.
  'catalog/live-prices.ts coupon_policies': 'the next instant a coupon price starts or ends',
  // The event log writes a product view as a popularity signal in the same statement.
  'support/event-log.ts product_signals': 'a logged product view is a popularity signal',
  // The back office's analytics: aggregates across the shop's tables, read only.
  'admin/analytics.ts event_logs': 'analytics aggregate (read only)',
  'admin/analytics.ts cart_lines': 'analytics aggregate (read only)',
  'admin/analytics.ts carts': 'analytics aggregate (read only)',
  'admin/analytics.ts orders': 'analytics aggregate (read only)',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Table name → owner (a domain's folder, or `platform`), from the `pgTable` definitions. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const schemas = readdirSync(join(SRC, 'domains'))
    .map((d) => [d, join(SRC, 'domains', d, 'schema.ts')] as const)
    .filter(([, f]) => statSync(f, { throwIfNoEntry: false })?.isFile());
  for (const [owner, file] of [...schemas, ['platform', join(SRC, 'platform/schema.ts')] as const]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) {
      owners.set(m[1] as string, owner);
    }
  }
  return owners;
}

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Every `<file> <table>` where a domain's statement names a table another domain owns. */
function crossDomainStatements(owners: Map<string, string>): Set<string> {
  const found = new Set<string>();
  for (const file of files(join(SRC, 'domains'))) {
    if (file.endsWith('/schema.ts')) continue;
    const path = relative(join(SRC, 'domains'), file);
    const domain = path.split('/')[0];
    for (const m of withoutComments(readFileSync(file, 'utf8')).matchAll(
      /\b(?:from|join|update|into)\s+([a-z_][a-z_0-9]*)\b/g,
    )) {
      const owner = owners.get(m[1] as string);
      if (owner && owner !== domain && owner !== 'platform') found.add(`${path} ${m[1]}`);
    }
  }
  return found;
}

describe('raw SQL names only its own domain’s tables', () => {
  const owners = tableOwners();

  it('reads every table’s owner from the schema files', () => {
    expect(owners.get('product_items')).toBe('catalog');
    expect(owners.get('orders')).toBe('orders');
    expect(owners.get('cart_lines')).toBe('carts');
    expect(owners.size).toBeGreaterThan(60);
  });

  it('finds a statement on another domain’s table (the check itself)', () => {
    const sample = 'await tx.execute(sql`update product_items set stock = 0`); // from orders';
    const hits = [...withoutComments(sample).matchAll(/\b(?:from|join|update|into)\s+([a-z_]+)/g)];
    expect(hits.map((m) => m[1])).toEqual(['product_items']);
  });

  it('has no statement on another domain’s table but the listed ones, each still needed', () => {
    const found = crossDomainStatements(owners);
    const unlisted = [...found].filter((k) => !(k in SHARED_STATEMENTS)).sort();
    const stale = Object.keys(SHARED_STATEMENTS)
      .filter((k) => !found.has(k))
      .sort();
    expect({ unlisted, stale }).toEqual({ unlisted: [], stale: [] });
  });
});
