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
import { outdateDocuments } from '../../platform/page-documents.ts';
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
    const b = await ctx.db.transaction(async (tx) => {
      const row = await insertBrand(tx, input, `/api/images/brand/${input.slug}.svg`, ctx.clock.now());
      await outdateDocuments(tx, 'catalog.changed');
      return row;
    });
    await changed(ctx, b.id);
    return view(b);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 쓰고 있는 주소 이름(slug)이에요.');
    throw err;
  }
}

export async function updateBrand(ctx: AppContext, id: number, body: z.output<typeof BrandUpdate>) {
  const changedRow = await ctx.db.transaction(async (tx) => {
    const row = await updateBrandRow(tx, id, body);
    if (!row) throw notFound('브랜드가 없습니다.');
    // Its shipping terms are in every product page's document.
    await outdateDocuments(tx, 'catalog.changed');
    return row;
  });
  await changed(ctx, id);
  return { before: view(changedRow.before), after: view(changedRow.after) };
}
