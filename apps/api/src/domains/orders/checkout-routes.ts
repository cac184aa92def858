/**
 * Checkout: the price of a product page, order creation, payment confirmation, the failed window
 * and the return to the shop (API-CATALOGUE.md, 'orders'; the last two are additions).
 */
import {
  CalculatePriceBody,
  CalculatePriceRequest,
  ConfirmOrderRequest,
  CreatedOrder,
  CreateOrderRequest,
  ErrorBody,
  OrderDetail,
  OrderIdString,
  ReleasePendingBody,
  ReleasePendingRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestCampaignCode } from '../../platform/campaign.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { IdParams } from '../../platform/params.ts';
import { confirmOrder } from './confirm.ts';
import { createOrder } from './create.ts';
import { orderOf } from './detail.ts';
import { pathId } from './model.ts';
import { assertInStock, orderMoney, PRICE_MSG, priceLines } from './pricing.ts';
import { releaseAttempts } from './release.ts';
import { Errors, me, tags, token } from './route-common.ts';
import { abandonOrder } from './settle.ts';

export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/products/product-displays/:id/calculate-price',
    {
      config: { access: 'guest' },
      schema: {
        tags: ['products'],
        summary: 'Server price of product items of one display (never a client price)',
        description:
          "400 '재고가 부족합니다. (남은 수량: N개)' for a quantity beyond the stock (lines of one item added up), " +
          "'품절된 상품입니다.' for a sold-out item, with `product_item_id` and `stock` (units left) of the " +
          'first such item and `items` listing every one; never a price for more than is left.',
        params: IdParams,
        body: CalculatePriceRequest,
        response: { 200: CalculatePriceBody, ...Errors },
      },
    },
    async (req) => {
      const displayId = pathId(req.params.id, PRICE_MSG.itemNotFound);
      const lines = await priceLines(
        ctx.db,
        req.body.items.map((i) => ({ ...i, cart_id: null })),
        ctx.clock.now(),
      );
      if (lines.some((l) => l.product_display_id !== displayId)) throw badRequest(PRICE_MSG.notInDisplay);
      assertInStock(lines);
      const { money } = orderMoney(lines);
      return {
        product_display_id: displayId,
        ...money,
        lines: lines.map((l) => ({
          product_item_id: l.product_item_id,
          quantity: l.quantity,
          price: l.price,
          list_price: l.list_price,
          line_total: l.price * l.quantity,
        })),
      };
    },
  );

  app.post(
    '/orders',
    {
      config: token,
      // Small per-request JSON: brotli would cost more CPU than the bytes it saves.
      compress: false,
      schema: {
        tags,
        summary: 'Creates a pending order (stock reserved for 30 minutes) from cart lines or items',
        body: CreateOrderRequest,
        response: { 200: CreatedOrder, ...Errors },
      },
    },
    async (req) => createOrder(ctx, me(req), req.body, requestCampaignCode(req.headers)),
  );

  app.post(
    '/orders/confirm-order',
    {
      config: token,
      compress: false,
      schema: {
        tags,
        summary: 'Confirms the payment with the gateway after checking the amount (idempotent)',
        body: ConfirmOrderRequest,
        response: { 200: OrderDetail, ...Errors, 502: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => confirmOrder(ctx, me(req), req.body, req),
  );

  app.post(
    '/orders/payment-failed',
    {
      config: token,
      schema: {
        tags,
        summary: 'The payment window failed or was closed: the unpaid order fails and its stock returns now',
        body: z.object({ order_id: OrderIdString, code: z.string().max(100).optional() }),
        response: { 200: z.object({ order_id: z.string(), status: z.string() }), ...Errors },
      },
    },
    async (req) => ({
      order_id: req.body.order_id,
      status: await abandonOrder(ctx, me(req), req.body.order_id),
    }),
  );

  app.post(
    '/orders/release-pending',
    {
      config: token,
      schema: {
        tags,
        summary:
          "Addition: back in the shop after leaving the payment window, the member's unpaid orders end now " +
          '(FAILED) and their stock, coupons and points return',
        description:
          'Only `order_id` when given (404 when it is not the member’s order), else every PENDING order of the ' +
          'member. An order whose payment is being confirmed or was approved is never released. ' +
          'docs/ARCHITECTURE.md, "Reserved until paid".',
        body: ReleasePendingRequest,
        response: { 200: ReleasePendingBody, ...Errors },
      },
    },
    async (req) => {
      const userId = me(req);
      const orderNo = req.body.order_id;
      if (orderNo !== undefined) await orderOf(ctx.db, orderNo, userId);
      return { released: await releaseAttempts(ctx, userId, { orderNo }) };
    },
  );
};
