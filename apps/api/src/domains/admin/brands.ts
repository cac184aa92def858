/**
 * Brands in the back office (docs/ARCHITECTURE.md, "Back office"), for MDs: the list with each
 * brand's products on sale, a new brand (its logo generated from its slug like the seed's) and
 * changes to its name, story and shipping rules (SPEC.md §9). Every change sends `catalog.changed`
 * and reindexes the brand's search document.
 */
import type { BrandInput, BrandUpdate } from '@codiroom/shared';
import type { z } from 'zod';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { type BrandRow, brandsWithActiveCounts, insertBrand, updateBrandRow } from '../catalog/index.ts';
import { reindexBrands } from '../search/index.ts';

const view = (b: BrandRow, products = 0) => ({ ...b, created_at: b.created_at.toISOString(), products });

export async function listBrands(ctx: AppContext) {
  const rows = await brandsWithActiveCounts(ctx.db);
  return { result: rows.map((r) => view(r.brand, r.products)) };
}

async function changed(ctx: AppContext, id: number) {
  await invalidate(ctx, 'catalog.changed');
  await reindexBrands(ctx.db, [id]);
}

export async function createBrand(ctx: AppContext, input: z.output<typeof BrandInput>) {
  try {
    const b = await insertBrand(ctx.db, input, `/api/images/brand/${input.slug}.svg`, ctx.clock.now());
    await changed(ctx, b.id);
    return view(b);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 쓰고 있는 주소 이름(slug)이에요.');
    throw err;
  }
}

export async function updateBrand(ctx: AppContext, id: number, body: z.output<typeof BrandUpdate>) {
  const changedRow = await updateBrandRow(ctx.db, id, body);
  if (!changedRow) throw notFound('브랜드가 없습니다.');
  await changed(ctx, id);
  return { before: view(changedRow.before), after: view(changedRow.after) };
}
