/**
 * The cart calls of API-CATALOGUE.md "Carts" and POST /api/misc/cart-ses-soldout, all `guest`
 * access: the caller's cart is the member's (bearer token) or else the guest's (x-guest-user-id).
 * Line ids outside the caller's cart answer 404. See service.ts for the stock rules.
 */
import {
  AddToCartRequest,
  CartAddBody,
  CartAddedLine,
  CartCount,
  CartDeleteBody,
  CartLineList,
  CartLineOptions,
  CartList,
  CartProductIds,
  CartSoldOutBody,
  CartSoldOutRequest,
  CodiToCartRequest,
  DeleteCartLinesRequest,
  ErrorBody,
  normaliseCodiToCartBody,
  ProductToCartRequest,
  UpdateCartLineRequest,
} from '@codiroom/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { IdParams } from '../../platform/params.ts';
import { addToCartEvent, adUnitPrice, fireRequestAdEvents } from '../ads/index.ts';
import { cartItemRows } from '../catalog/index.ts';
import { curationOutfitDisplays } from '../curations/index.ts';
import { cartCount, cartLinesOf, cartList, cartProductIds, soldOutOf } from './cart-read.ts';
import { lineOptions } from './options.ts';
import {
  addToCart,
  codiToCart,
  curationOutfitToCart,
  deleteLines,
  MSG,
  ownerOf,
  productToCart,
  updateLine,
} from './service.ts';

const guest = { access: 'guest' as const };
const tags = ['carts'];
const Errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const cartRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.db;

  app.get(
    '/carts',
    {
      config: guest,
      schema: {
        tags,
        summary: 'The cart as codi and product entries, per-brand shipping and totals',
        response: { 200: CartList, ...Errors },
      },
    },
    async (req) => cartList(db, ownerOf(req.principal), ctx.clock.now()),
  );

  app.get(
    '/carts/product-count',
    {
      config: guest,
      schema: { tags, summary: 'Number of cart lines', response: { 200: CartCount, ...Errors } },
    },
    async (req) => ({ count: await cartCount(db, ownerOf(req.principal)) }),
  );

  app.get(
    '/carts/cart-product-ids',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Product display and item ids in the cart',
        response: { 200: CartProductIds, ...Errors },
      },
    },
    async (req) => cartProductIds(db, ownerOf(req.principal)),
  );

  app.get(
    '/v1/carts/products-in-cart',
    {
      config: guest,
      schema: {
        tags,
        summary: 'The cart lines, flat, newest first',
        response: { 200: CartLineList, ...Errors },
      },
    },
    async (req) => {
      const result = await cartLinesOf(db, ownerOf(req.principal), ctx.clock.now());
      return { result, count: result.length };
    },
  );

  app.post(
    '/carts',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Adds an item, or increments its line (without codi)',
        description:
          "400 '재고가 부족합니다. (남은 수량: N개)' over stock, '품절된 상품입니다.' for a sold-out item.",
        body: AddToCartRequest,
        response: { 200: CartAddBody, ...Errors },
      },
    },
    async (req) => {
      const now = ctx.clock.now();
      const { body, price } = await addToCart(db, ownerOf(req.principal), now, req.body);
      // AddToCart after the answer (the member's hashed e-mail looked up then); without ad keys in
      // production nothing is built or sent.
      const line = {
        product_display_id: price.product_display_id,
        quantity: req.body.quantity,
        price: adUnitPrice(price),
      };
      void fireRequestAdEvents(ctx, req, { userId: req.principal.userId }, (info) => [
        addToCartEvent([line], now, info),
      ]);
      return body;
    },
  );

  app.post(
    '/carts/product-to-cart',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Adds items of one product display',
        body: ProductToCartRequest,
        response: { 200: CartAddBody, ...Errors },
      },
    },
    async (req) => {
      const result = await productToCart(
        db,
        ownerOf(req.principal),
        ctx.clock.now(),
        req.body.product_display_id,
        req.body.items,
      );
      fireAddToCart(ctx, req, req.body.items);
      return result;
    },
  );

  app.post(
    '/carts/codi-to-cart',
    {
      config: guest,
      // SPEC.md §5 normalisation, applied here too: empty → null, numeric strings > 0 → integers.
      preValidation: async (req) => {
        if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
          req.body = normaliseCodiToCartBody(req.body as Record<string, unknown>) as typeof req.body;
        }
      },
      schema: {
        tags,
        summary:
          'Adds items of a codi set (codi_id or id), or of an outfit of one’s MY큐레이션 (curation_id and outfit); ' +
          'items must belong to it',
        body: CodiToCartRequest,
        response: { 200: CartAddBody, ...Errors },
      },
    },
    async (req) => {
      const { curation_id, outfit } = req.body;
      const owner = ownerOf(req.principal);
      const result =
        curation_id != null
          ? await curationOutfitToCart(
              db,
              owner,
              ctx.clock.now(),
              req.principal.userId === null
                ? null
                : await curationOutfitDisplays(db, req.principal.userId, curation_id, outfit ?? 0),
              req.body.items,
            )
          : await codiToCart(
              db,
              owner,
              ctx.clock.now(),
              (req.body.codi_id ?? req.body.id) as number,
              req.body.items,
            );
      fireAddToCart(ctx, req, req.body.items);
      return result;
    },
  );

  app.get(
    '/carts/:id/options',
    {
      config: guest,
      schema: {
        tags,
        summary:
          '[addition, not in API-CATALOGUE.md] The sizes and colours a cart line can change to, with stock',
        params: IdParams,
        response: { 200: CartLineOptions, ...Errors },
      },
    },
    async (req) => {
      const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
      if (id <= 0) throw notFound(MSG.lineNotFound);
      return lineOptions(db, ownerOf(req.principal), id);
    },
  );

  app.patch(
    '/carts/:id',
    {
      config: guest,
      schema: {
        tags,
        summary:
          'Changes the quantity, or the item: another size or colour (an item of the same product; joins a line of that item)',
        params: IdParams,
        body: UpdateCartLineRequest,
        response: { 200: CartAddedLine, ...Errors },
      },
    },
    async (req) => {
      const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
      if (id <= 0) throw notFound(MSG.lineNotFound);
      return updateLine(db, ownerOf(req.principal), ctx.clock.now(), id, req.body);
    },
  );

  for (const path of ['/carts', '/v1/carts/products-in-cart']) {
    app.delete(
      path,
      {
        config: guest,
        schema: {
          tags,
          summary: 'Deletes cart lines by id',
          body: DeleteCartLinesRequest,
          response: { 200: CartDeleteBody, ...Errors },
        },
      },
      async (req) => deleteLines(db, ownerOf(req.principal), req.body.ids),
    );
  }

  app.post(
    '/misc/cart-ses-soldout',
    {
      config: guest,
      schema: {
        tags,
        summary: 'Which of the given items are sold out',
        body: CartSoldOutRequest,
        response: { 200: CartSoldOutBody, ...Errors },
      },
    },
    async (req) => soldOutOf(db, req.body.product_item_ids),
  );
};

/**
 * SPEC.md §7: add-to-cart calls also fire the AddToCart conversion event (contents: product display
 * id, quantity added, unit price). Fire-and-forget: the answer never waits for the ad service.
 */
function fireAddToCart(
  ctx: AppContext,
  req: FastifyRequest,
  items: readonly { product_item_id: number; quantity: number }[],
): void {
  if (items.length === 0) return;
  const now = ctx.clock.now();
  void fireRequestAdEvents(ctx, req, { userId: req.principal.userId }, async (info) => {
    const byId = await cartItemRows(
      ctx.db,
      items.map((i) => i.product_item_id),
    );
    const lines = items.flatMap((i) => {
      const r = byId.get(i.product_item_id);
      return r
        ? [{ product_display_id: r.product_display_id, quantity: i.quantity, price: adUnitPrice(r) }]
        : [];
    });
    return lines.length ? [addToCartEvent(lines, now, info)] : [];
  });
}
