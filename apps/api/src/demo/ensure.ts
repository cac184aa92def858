import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { appMeta, productDisplays } from '../db/schema.ts';
import { DEFAULT_SEED_NOW, seed } from './seed.ts';

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
  await analyzeFilled(db);
  opts.log.info({ ms: Math.round(performance.now() - started), summary }, 'seed complete');
  return true;
}

/**
 * Statistics for the tables the seed filled, now rather than at autovacuum's next round, so the
 * first plans see the catalogue's real sizes (docs/ARCHITECTURE.md, 'Data'). Tables still empty
 * (orders, payments, cart lines …) are left alone: analysed empty, the plans cached by the first
 * requests (foreign-key checks included) would scan them for as long as their connection lives,
 * while the tables grow.
 */
export async function analyzeFilled(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`),
  ).map((r) => r.name);
  const filled: string[] = [];
  for (const name of tables) {
    const [row] = rowsOf<{ any: boolean }>(
      await db.execute(sql`select exists (select 1 from ${sql.identifier(name)}) as any`),
    );
    if (row?.any) filled.push(name);
  }
  if (filled.length > 0) {
    await db.execute(sql.raw(`analyze ${filled.map((t) => `"${t.replaceAll('"', '""')}"`).join(', ')}`));
  }
  return filled;
}
