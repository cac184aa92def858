/** Order reads: lists, details, the order form data, the closet, the guest lookup by phone (API-CATALOGUE.md, 'orders'). */
import {
  ClosetPage,
  ClosetQuery,
  OrderByPhoneQuery,
  OrderDetail,
  OrderForm,
  OrderFormLine,
  OrderList,
  OrderListQuery,
  SavedAddress,
  UpdateOrderAddressRequest,
  UserOrderData,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { IdParams } from '../../platform/params.ts';
import { changeOrderAddress } from './address.ts';
import { orderDetail } from './detail.ts';
import { pathId } from './model.ts';
import {
  closet,
  formWanted,
  isFirstOrder,
  latestAddress,
  orderByPhone,
  orderForm,
  orderList,
  userOrderData,
} from './queries.ts';
import { Errors, me, tags, token } from './route-common.ts';

export const orderReadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/orders/order-list-simple',
    {
      config: token,
      schema: {
        tags,
        summary: "The member's orders, newest first",
        querystring: OrderListQuery,
        response: { 200: OrderList, ...Errors },
      },
    },
    async (req) => orderList(ctx, me(req), req.query.page, req.query.limit),
  );

  app.get(
    '/orders/claim-list',
    {
      config: token,
      schema: {
        tags,
        summary:
          "The member's orders with a cancelled, returned or exchanged item, newest first [addition, not in API-CATALOGUE.md]",
        description: "Each order lists only those items (the storefront's /mypage/claims).",
        querystring: OrderListQuery,
        response: { 200: OrderList, ...Errors },
      },
    },
    async (req) => orderList(ctx, me(req), req.query.page, req.query.limit, true),
  );

  app.get(
    '/orders/:id/detail',
    {
      config: token,
      schema: {
        tags,
        summary: 'One order with items, payment and address',
        params: IdParams,
        response: { 200: OrderDetail, ...Errors },
      },
    },
    async (req) => orderDetail(ctx.db, pathId(req.params.id), me(req)),
  );

  app.put(
    '/orders/:id/detail2',
    {
      config: token,
      schema: {
        tags,
        summary: 'Changes the shipping address or request before anything shipped',
        params: IdParams,
        body: UpdateOrderAddressRequest,
        response: { 200: OrderDetail, ...Errors },
      },
    },
    // Check and write under the order row lock (address.ts).
    async (req) => changeOrderAddress(ctx, pathId(req.params.id), me(req), req.body),
  );

  app.get(
    '/orders/data',
    {
      config: token,
      schema: {
        tags,
        summary: 'Checkout form: lines, money, addresses (cart_ids or product_item_ids + quantities)',
        querystring: z.object({
          cart_ids: z
            .string()
            .regex(/^\d{1,9}(,\d{1,9}){0,99}$/)
            .optional(),
          product_item_ids: z
            .string()
            .regex(/^\d{1,9}(,\d{1,9}){0,99}$/)
            .optional(),
          quantities: z
            .string()
            .regex(/^\d{1,2}(,\d{1,2}){0,99}$/)
            .optional(),
        }),
        response: { 200: OrderForm, ...Errors },
      },
    },
    async (req) => orderForm(ctx, me(req), await formWanted(ctx, me(req), req.query)),
  );

  app.get(
    '/orders/product-displays',
    {
      config: token,
      schema: {
        tags,
        summary: 'The products of a checkout form',
        querystring: z.object({
          cart_ids: z
            .string()
            .regex(/^\d{1,9}(,\d{1,9}){0,99}$/)
            .optional(),
          product_item_ids: z
            .string()
            .regex(/^\d{1,9}(,\d{1,9}){0,99}$/)
            .optional(),
          quantities: z
            .string()
            .regex(/^\d{1,2}(,\d{1,2}){0,99}$/)
            .optional(),
        }),
        response: { 200: z.object({ result: z.array(OrderFormLine) }), ...Errors },
      },
    },
    async (req) => ({
      result: (await orderForm(ctx, me(req), await formWanted(ctx, me(req), req.query))).lines,
    }),
  );

  app.get(
    '/orders/latest-address',
    {
      config: token,
      schema: {
        tags,
        summary: 'The last shipping address (or the default saved one)',
        response: { 200: z.object({ result: SavedAddress.nullable() }), ...Errors },
      },
    },
    async (req) => ({ result: await latestAddress(ctx, me(req)) }),
  );

  app.get(
    '/orders/first-order-page',
    {
      config: token,
      schema: {
        tags,
        summary: 'Whether the member has never paid an order',
        response: { 200: z.object({ is_first_order: z.boolean() }), ...Errors },
      },
    },
    async (req) => ({ is_first_order: await isFirstOrder(ctx, me(req)) }),
  );

  app.get(
    '/orders/user-order-data',
    {
      config: token,
      schema: {
        tags,
        summary: 'Item counts per status, order count and total paid',
        response: { 200: UserOrderData, ...Errors },
      },
    },
    async (req) => userOrderData(ctx, me(req)),
  );

  app.get(
    '/orders/my-closet',
    {
      config: token,
      schema: {
        tags,
        summary: 'Purchased items kept (first page of 20)',
        response: { 200: ClosetPage, ...Errors },
      },
    },
    async (req) => closet(ctx, me(req), 1, 20),
  );

  app.get(
    '/orders/closet-list',
    {
      config: token,
      schema: {
        tags,
        summary: 'Purchased items kept, paginated',
        querystring: ClosetQuery,
        response: { 200: ClosetPage, ...Errors },
      },
    },
    async (req) => closet(ctx, me(req), req.query.page, req.query.limit),
  );

  app.get(
    '/v1/orders/closet-items',
    {
      config: token,
      schema: {
        tags,
        summary: 'Closet items (page 1, limit 10 by default)',
        querystring: ClosetQuery,
        response: { 200: ClosetPage, ...Errors },
      },
    },
    async (req) => closet(ctx, me(req), req.query.page, req.query.limit),
  );

  app.get(
    '/orders/order-by-phone',
    {
      schema: {
        tags,
        summary: 'Order look-up by recipient phone and order number',
        querystring: OrderByPhoneQuery,
        response: { 200: OrderDetail, ...Errors },
      },
    },
    async (req) => orderByPhone(ctx, req.query.phone, req.query.order_id),
  );
};
