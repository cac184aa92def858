/**
 * npm run seed -- [--products N] [--data-dir DIR] [--force]
 * Seeds the configured database (DATABASE_URL or PGlite under DATA_DIR) with a deterministic shop.
 * Refuses to touch a database that already holds data unless it is empty.
 */
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { productDisplays } from './db/schema.ts';
import { analyzeFilled } from './demo/ensure.ts';
import { seed } from './demo/seed.ts';
import { openConfiguredDatabase } from './platform/create-context.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    'data-dir': { type: 'string' },
  },
});
const products = Number(values.products);
if (!Number.isSafeInteger(products) || products < 1) {
  console.error('--products must be a positive integer');
  process.exit(2);
}
const env = { ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) };
const config = loadConfig(env);
const database = await openConfiguredDatabase(config);
await database.migrate();
const [row] = await database.db.select({ n: count() }).from(productDisplays);
if ((row?.n ?? 0) > 0) {
  console.error(`The database already has ${row?.n} products; seeding only fills an empty database.`);
  await database.close();
  process.exit(1);
}

const tty = process.stderr.isTTY;
const width = 30;
let lastLine = '';
const started = performance.now();
const summary = await seed(database.db, {
  products,
  onProgress: (done, total, stage) => {
    const ratio = Math.min(1, done / Math.max(1, total));
    const filled = Math.round(ratio * width);
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    const line = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${stage} (${secs}s)`;
    if (tty) process.stderr.write(`\r${line.padEnd(lastLine.length)}`);
    else if (line.slice(0, width + 7) !== lastLine.slice(0, width + 7)) process.stderr.write(`${line}\n`);
    lastLine = line;
  },
});
if (tty) process.stderr.write('\n');
// Planner statistics for the filled tables, as a seed on start does (without them the curation
// drafts' and listings' plans go wrong until autovacuum runs, which may be never).
await analyzeFilled(database.db);
const ms = Math.round(performance.now() - started);
console.log(JSON.stringify({ database: database.kind, products, ms, summary }));
await database.close();
