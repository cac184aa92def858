import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta, productDisplays } from '../db/schema.ts';
import { DEFAULT_SEED_NOW, seed } from './index.ts';

type Log = { info(obj: object, msg?: string): void };

/**
 * Seeds an empty database once. A database that was seeded before, or that holds any product,
 * is never reseeded or wiped.
 */
export async function ensureSeeded(
  db: Db,
  opts: { products: number; log: Log; now?: Date },
): Promise<boolean> {
  if (opts.products <= 0) return false;
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'seed')).limit(1);
  if (meta) return false;
  const [row] = await db.select({ n: count() }).from(productDisplays);
  if ((row?.n ?? 0) > 0) return false;
  const started = performance.now();
  let lastPct = -1;
  opts.log.info({ products: opts.products }, 'empty database: seeding the demo shop');
  const summary = await seed(db, {
    products: opts.products,
    ...(opts.now ? { now: opts.now } : {}),
    // The same products whatever day the server first starts (journeys name /product/2).
    catalogueDate: DEFAULT_SEED_NOW,
    onProgress: (done, total, stage) => {
      const pct = Math.floor((done / Math.max(total, 1)) * 10) * 10;
      if (pct !== lastPct) {
        lastPct = pct;
        opts.log.info({ stage, progress: `${pct}%` }, 'seeding');
      }
    },
  });
  // Statistics now, not at autovacuum's next round: plans made by the first requests (the generic
  // plan of order_price_rows lives as long as its connection) see the seeded tables' real sizes
  // and pick their indexes (docs/ARCHITECTURE.md, 'Data').
  await db.execute(sql`analyze`);
  opts.log.info({ ms: Math.round(performance.now() - started), summary }, 'seed complete');
  return true;
}
