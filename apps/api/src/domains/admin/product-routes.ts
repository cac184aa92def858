/**
 * Catalogue calls of the back office (docs/ARCHITECTURE.md, "Back office"), for MDs: the form's
 * options (brands, categories with their measurement fields, style tags), products (create, list,
 * read), a saved product's size table, a colourway's prices and sale state, a size's stock, and a colourway's photos (products.ts).
 */
import {
  AdminProductDetail,
  AdminProductRow,
  BrandInput,
  BrandUpdate,
  CatalogOptions,
  DisplayUpdateRequest,
  ErrorBody,
  ItemUpdateRequest,
  ProductCreateRequest,
  ProductMeasurementsRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { IdParams, pathId } from '../../platform/params.ts';
import { readImageParts, registerUploads } from '../../platform/uploads.ts';
import { createBrand, listBrands, updateBrand } from './brands.ts';
import {
  ADMIN_PRODUCTS_PAGE,
  catalogOptions,
  createProduct,
  listProducts,
  PRODUCT_MSG,
  productDetail,
  replaceMeasurements,
  setDisplayImages,
  updateDisplay,
  updateItem,
} from './products.ts';

const tags = ['admin'];
const md = { access: 'admin', roles: ['MD'] } as const;
/** Reading the product list: MDs, and curators for the curation swap's product search. */
const mdOrCurator = { access: 'admin', roles: ['MD', 'CURATOR'] } as const;
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const productAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/catalog/options',
    {
      config: md,
      schema: {
        tags,
        summary: "The product form's choices: brands, categories with measurement fields, style tags",
        response: { 200: CatalogOptions, ...E },
      },
    },
    async () => catalogOptions(ctx),
  );

  app.get(
    '/admin/products',
    {
      config: mdOrCurator,
      schema: {
        tags,
        summary: `Colourways newest first, ${ADMIN_PRODUCTS_PAGE} a page: by name or id, brand, on sale or not`,
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          brand_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          active: z.enum(['true', 'false']).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({
            total: z.number().int(),
            page: z.number().int(),
            result: z.array(AdminProductRow),
          }),
          ...E,
        },
      },
    },
    async (req) =>
      listProducts(ctx, {
        q: req.query.q || undefined,
        brand_id: req.query.brand_id,
        active: req.query.active === undefined ? undefined : req.query.active === 'true',
        page: req.query.page,
      }),
  );

  app.post(
    '/admin/products',
    {
      config: md,
      schema: {
        tags,
        summary: 'Create a product with its colourways, sizes (stock, extra price) and size table',
        body: ProductCreateRequest,
        response: {
          200: z.object({ product_id: z.number().int(), display_ids: z.array(z.number().int()) }),
          ...E,
        },
      },
    },
    async (req) => {
      const out = await createProduct(ctx, req.body);
      noteAudit(req, {
        action: 'product.create',
        target_type: 'product',
        target_id: out.product_id,
        after: req.body,
      });
      return out;
    },
  );

  app.get(
    '/admin/products/:id',
    {
      config: md,
      schema: {
        tags,
        summary: 'One product with its colourways, sizes and size table',
        params: IdParams,
        response: { 200: AdminProductDetail, ...E },
      },
    },
    async (req) => productDetail(ctx, pathId(req.params.id, PRODUCT_MSG.notFound)),
  );

  app.put(
    '/admin/products/:id/measurements',
    {
      config: md,
      schema: {
        tags,
        summary:
          "Replace a saved product's size table (sizes it has, its category's measurement fields); [] clears it",
        params: IdParams,
        body: ProductMeasurementsRequest,
        response: { 200: z.object({ product_id: z.number().int(), sizes: z.number().int() }), ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, PRODUCT_MSG.notFound);
      const out = await replaceMeasurements(ctx, id, req.body);
      noteAudit(req, {
        action: 'product.measurements.update',
        target_type: 'product',
        target_id: id,
        before: { measurements: out.before },
        after: { measurements: out.after },
      });
      return { product_id: id, sizes: out.after.length };
    },
  );

  app.patch(
    '/admin/products/displays/:id',
    {
      config: md,
      schema: {
        tags,
        summary: "A colourway's list and sale price, whether it is on sale, its almost sold-out window",
        params: IdParams,
        body: DisplayUpdateRequest,
        response: { 200: z.looseObject({ id: z.number().int() }), ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, PRODUCT_MSG.displayNotFound);
      const { before, after } = await updateDisplay(ctx, id, req.body);
      const pick = (d: typeof before) => ({
        price: d.price,
        price_discount: d.price_discount,
        is_active: d.is_active,
        almost_sold_out_from: d.almost_sold_out_from?.toISOString() ?? null,
        almost_sold_out_until: d.almost_sold_out_until?.toISOString() ?? null,
      });
      noteAudit(req, {
        action: 'product.display.update',
        target_type: 'product_display',
        target_id: id,
        before: pick(before),
        after: pick(after),
      });
      return { id, ...pick(after) };
    },
  );

  app.patch(
    '/admin/products/items/:id',
    {
      config: md,
      schema: {
        tags,
        summary: "A size's stock and extra price, and whether it is on sale",
        params: IdParams,
        body: ItemUpdateRequest,
        response: { 200: z.looseObject({ id: z.number().int() }), ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, PRODUCT_MSG.itemNotFound);
      const { before, after } = await updateItem(ctx, id, req.body);
      const pick = (i: typeof before) => ({
        stock: i.stock,
        extra_price: i.extra_price,
        is_active: i.is_active,
      });
      noteAudit(req, {
        action: 'product.item.update',
        target_type: 'product_item',
        target_id: id,
        before: pick(before),
        after: pick(after),
      });
      return { id, ...pick(after) };
    },
  );

  await app.register(async (uploads) => {
    await registerUploads(uploads);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/admin/products/displays/:id/images',
      {
        config: { ...md, uploads: true },
        schema: {
          tags,
          summary:
            "Replace a colourway's photos (multipart `image` files, at most 5; the first is the card photo)",
          description:
            'JPEG, PNG or WebP, at most 10 MB each, sniffed by their bytes and re-encoded as WebP without metadata: a 1200px detail variant of each and a 600px card variant of the first.',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: {
            200: z.object({
              display_id: z.number().int(),
              image_url: z.string(),
              images: z.array(z.string()),
            }),
            ...E,
            413: ErrorBody,
            415: ErrorBody,
          },
        },
      },
      async (req) => {
        const id = pathId(req.params.id, PRODUCT_MSG.displayNotFound);
        const { files } = await readImageParts(req, { maxFiles: 5, maxFields: 0 });
        const out = await setDisplayImages(ctx, id, files);
        noteAudit(req, {
          action: 'product.display.images',
          target_type: 'product_display',
          target_id: id,
          after: out,
        });
        return out;
      },
    );
  });
  const BrandView = z.looseObject({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    products: z.number().int(),
  });
  app.get(
    '/admin/brands',
    {
      config: md,
      schema: {
        tags,
        summary: 'Brands by name with their products on sale',
        response: { 200: z.object({ result: z.array(BrandView) }), ...E },
      },
    },
    async () => listBrands(ctx),
  );

  app.post(
    '/admin/brands',
    {
      config: md,
      schema: {
        tags,
        summary: 'Create a brand (names, slug, story, shipping fee and rules)',
        body: BrandInput,
        response: { 200: BrandView, ...E },
      },
    },
    async (req) => {
      const out = await createBrand(ctx, req.body);
      noteAudit(req, { action: 'brand.create', target_type: 'brand', target_id: out.id });
      return out;
    },
  );

  app.patch(
    '/admin/brands/:id',
    {
      config: md,
      schema: {
        tags,
        summary: "A brand's names, story and shipping rules",
        params: IdParams,
        body: BrandUpdate,
        response: { 200: BrandView, ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, '브랜드가 없습니다.');
      const { before, after } = await updateBrand(ctx, id, req.body);
      noteAudit(req, { action: 'brand.update', target_type: 'brand', target_id: id, before, after });
      return after;
    },
  );
};
