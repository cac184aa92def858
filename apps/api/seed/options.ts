import type { Db } from '../src/db/client.ts';
export const SEED_VERSION = 1;
/** Default clock of the seed: 2026-11-01 00:00 KST. */
export const DEFAULT_SEED_NOW = new Date('2026-11-01T00:00:00+09:00');
export const DEFAULT_SEED_PRODUCTS = 2000;
/** The well-known account for manual testing (password_hash is left null on purpose). */
export const DEMO_ACCOUNT = { phone: '01012345678', name: '김코디' } as const;

export interface SeedOptions {
  /** Number of product displays (colourways) to create. Default 2000. */
  products?: number;
  /** The seed's clock: every timestamp is derived from it. Default DEFAULT_SEED_NOW. */
  now?: Date;
  /**
   * What the catalogue's random draws are keyed on (default `now`): start-up seeding fixes it, so a
   * server seeded on any day has the same products as the CLI's default seed, only fresher dates.
   */
  catalogueDate?: Date;
  /** Called after every batch with cumulative units done out of a fixed total. */
  onProgress?: (done: number, total: number, stage: string) => void;
  /**
   * Builds the stored search forms once the rows are written: the search domain's
   * rebuildSearchIndex, passed in by the server's door to the seed (src/demo/seed.ts) so the seed
   * imports no domain.
   */
  indexSearch?: (db: Db) => Promise<unknown>;
}

export const SEED_TABLES = [
  'size_measurement_sets',
  'categories',
  'brands',
  'users',
  'products',
  'product_displays',
  'product_items',
  'size_measurements',
  'reviews',
  'review_photos',
  'size_reviews',
  'likes',
  'styles',
  'codi_sets',
  'codi_items',
  'coupon_policies',
  'themes',
  'theme_products',
  'promotions',
  'promotion_products',
  'time_sales',
  'time_sale_items',
  'posts',
  'post_products',
  'banners',
  'search_keywords',
  'missions',
  'daily_quizzes',
  'app_meta',
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];
/** Rows inserted per table. */
export type SeedSummary = Record<SeedTable, number>;
