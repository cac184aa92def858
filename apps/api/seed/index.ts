import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { banners, finish, keywordsMissionsQuizzes, posts, timeSales } from './campaigns.ts';
import { catalogue } from './catalogue.ts';
import { coupons } from './coupons.ts';
import { promotions, themes } from './editorial.ts';
import { DEFAULT_SEED_NOW, DEFAULT_SEED_PRODUCTS, type SeedOptions, type SeedSummary } from './options.ts';
import { reference, seedUsers } from './people.ts';
import { demoUserCount } from './plan.ts';
import { SeedState } from './state.ts';
import { stylesAndCodis } from './styles.ts';
import { Progress } from './writer.ts';

export * from './options.ts';
export { demoUserCount, productName } from './plan.ts';

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const productCount = opts.products ?? DEFAULT_SEED_PRODUCTS;
  if (!Number.isSafeInteger(productCount) || productCount < 1) {
    throw new RangeError(`products must be a positive integer, got ${productCount}`);
  }
  const now = new Date(opts.now ?? DEFAULT_SEED_NOW);
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');

  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(t.products);
  if (existing && Number(existing.n) > 0) {
    throw new Error('seed: the database already has products; seed a freshly migrated, empty database');
  }

  const userCount = demoUserCount(productCount);
  const smallStages = 12;
  const progress = new Progress(3 + userCount + productCount + smallStages, opts.onProgress);

  return db.transaction(async (tx) => {
    const catalogueDate = new Date(opts.catalogueDate ?? now);
    const ctx = new SeedState(tx as unknown as Db, productCount, userCount, now, catalogueDate, progress);
    ctx.indexSearch = opts.indexSearch;
    await run(ctx);
    return ctx.w.counts;
  });
}

async function run(ctx: SeedState): Promise<void> {
  await reference(ctx);
  await seedUsers(ctx);
  await catalogue(ctx);
  await stylesAndCodis(ctx);
  await coupons(ctx);
  await themes(ctx);
  await promotions(ctx);
  await timeSales(ctx);
  await posts(ctx);
  await banners(ctx);
  await keywordsMissionsQuizzes(ctx);
  await finish(ctx);
}
