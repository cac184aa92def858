/**
 * Brands in the back office (docs/ARCHITECTURE.md, "Back office"), for MDs: the list with each
 * brand's products on sale, a new brand (its logo generated from its slug like the seed's) and
 * changes to its name, story and shipping rules (SPEC.md §9). Every change sends `catalog.changed`
 * and reindexes the brand's search document.
 */
import type { BrandInput, BrandUpdate } from '@codiroom/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { brands, productDisplays } from '../../db/schema.ts';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { reindexBrands } from '../search/index.ts';

type Brand = typeof brands.$inferSelect;
const view = (b: Brand, products = 0) => ({ ...b, created_at: b.created_at.toISOString(), products });

export async function listBrands(ctx: AppContext) {
  const rows = await ctx.db
    .select({
      b: brands,
      products: sql<number>`(select count(*)::int from ${productDisplays} d where d.brand_id = brands.id and d.is_active)`,
    })
    .from(brands)
    .orderBy(asc(brands.name));
  return { result: rows.map((r) => view(r.b, Number(r.products))) };
}

async function changed(ctx: AppContext, id: number) {
  await invalidate(ctx, 'catalog.changed');
  await reindexBrands(ctx.db, [id]);
}

export async function createBrand(ctx: AppContext, input: z.output<typeof BrandInput>) {
  try {
    const [b] = await ctx.db
      .insert(brands)
      .values({ ...input, logo_url: `/api/images/brand/${input.slug}.svg`, created_at: ctx.clock.now() })
      .returning();
    await changed(ctx, (b as Brand).id);
    return view(b as Brand);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 쓰고 있는 주소 이름(slug)이에요.');
    throw err;
  }
}

export async function updateBrand(ctx: AppContext, id: number, body: z.output<typeof BrandUpdate>) {
  const [before] = await ctx.db.select().from(brands).where(eq(brands.id, id));
  if (!before) throw notFound('브랜드가 없습니다.');
  const [after] = await ctx.db.update(brands).set(body).where(eq(brands.id, id)).returning();
  await changed(ctx, id);
  return { before: view(before), after: view(after as Brand) };
}
