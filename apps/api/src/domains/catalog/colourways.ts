/**
 * The colourways the catalogue has (product type and colour of every product display): the only
 * colours the generated product and review pictures are drawn in (images-routes.ts), so a URL of
 * a colour no product has is a 404 without rendering anything. Read once and kept in this
 * process's memory until `catalog.changed` (a new product or colourway) or ten minutes pass.
 */
import { sql } from 'drizzle-orm';
import { cache, defineCache } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { productDisplays } from './schema.ts';

const COLOURWAYS = defineCache<ReadonlySet<string>>('catalog-colourways', {
  ttlMs: 600_000,
  maxEntries: 1,
  invalidatedBy: ['catalog.changed', 'popularity.changed'],
});

const colourwayKey = (type: string, hex: string) => `${type}/${hex.replace(/^#/, '').toLowerCase()}`;

/** Whether some product display (active or not) is of `type` in colour `hex` (`rrggbb`, any case). */
export async function isKnownColourway(ctx: Pick<AppContext, 'caches' | 'db'>, type: string, hex: string) {
  const known = await cache(ctx, COLOURWAYS).load('all', async () => {
    const rows = await ctx.db
      .selectDistinct({
        type: productDisplays.product_type,
        hex: sql<string>`lower(${productDisplays.color_hex})`,
      })
      .from(productDisplays);
    return new Set(rows.map((r) => colourwayKey(r.type, r.hex)));
  });
  return known.has(colourwayKey(type, hex));
}
