/**
 * Products for merchandisers (docs/ARCHITECTURE.md, "Back office"). The catalogue keeps the
 * product writes and reads (catalog/admin-products.ts); the back office adds what a change sets
 * off outside the catalogue: the search documents of the touched displays are re-indexed, and a
 * size back in stock alerts its waiting members in the change's transaction (SPEC.md 'Restock
 * alerts').
 */
import type {
  DisplayUpdateRequest,
  ItemUpdateRequest,
  ProductCreateRequest,
  ProductMeasurementsRequest,
} from '@codiroom/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ImageSource } from '../../platform/uploads.ts';
import {
  adminCreateProduct,
  adminReplaceMeasurements,
  adminSetDisplayImages,
  adminUpdateDisplay,
  adminUpdateItem,
  type ProductChangeHooks,
} from '../catalog/index.ts';
import { notifyRestocked } from '../restock/index.ts';
import { reindexProducts } from '../search/index.ts';

export {
  ADMIN_PRODUCTS_PAGE,
  adminCatalogOptions as catalogOptions,
  adminListProducts as listProducts,
  adminProductDetail as productDetail,
  PRODUCT_MSG,
} from '../catalog/index.ts';

const hooks = (ctx: AppContext): ProductChangeHooks => ({
  reindex: (displayIds) => reindexProducts(ctx.db, displayIds),
  restocked: (tx, itemIds) => notifyRestocked(tx, ctx, itemIds),
});

export const createProduct = (ctx: AppContext, input: z.output<typeof ProductCreateRequest>) =>
  adminCreateProduct(ctx, input, hooks(ctx));
export const replaceMeasurements = (
  ctx: AppContext,
  productId: number,
  input: z.output<typeof ProductMeasurementsRequest>,
) => adminReplaceMeasurements(ctx, productId, input, hooks(ctx));
export const updateDisplay = (ctx: AppContext, id: number, body: z.output<typeof DisplayUpdateRequest>) =>
  adminUpdateDisplay(ctx, id, body, hooks(ctx));
export const updateItem = (ctx: AppContext, id: number, body: z.output<typeof ItemUpdateRequest>) =>
  adminUpdateItem(ctx, id, body, hooks(ctx));
export const setDisplayImages = (ctx: AppContext, id: number, files: ImageSource[]) =>
  adminSetDisplayImages(ctx, id, files, hooks(ctx));
