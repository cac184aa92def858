/**
 * The `/api/orders/` calls of API-CATALOGUE.md (except the coupon calls of the benefits domain and
 * post-coupon3, left for the coupon round) and POST /api/products/product-displays/{id}/calculate-price.
 * Orders of other members answer 404. See service.ts (state machine, stock, idempotency) and
 * claims.ts (cancel, refund, exchange).
 */
import {
  CalculatePriceBody,
  CalculatePriceRequest,
  CancelDetail,
  CancelRequest,
  CancelResult,
  ClosetPage,
  ClosetQuery,
  ConfirmOrderRequest,
  CreatedOrder,
  CreateOrderRequest,
  ErrorBody,
  ExchangeBody,
  ExchangeDetail,
  ExchangeRequest,
  OrderByPhoneQuery,
  OrderDetail,
  OrderForm,
  OrderFormLine,
  OrderIdString,
  OrderList,
  OrderListQuery,
  RefundBody,
  RefundList,
  RefundRequest,
  ReturnCostBody,
  ReturnCostQuery,
  SavedAddress,
  StatusChangeRequest,
  UpdateOrderAddressRequest,
  UserOrderData,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { IdParams } from '../../platform/params.ts';
import { changeOrderAddress } from './address.ts';
import {
  cancelDetail,
  cancelItem,
  changeStatus,
  completeRefund,
  exchangeDetail,
  refundList,
  refundOf,
  requestExchange,
  requestRefunds,
  returnCostOf,
} from './claims.ts';
import { autoConfirmItems } from './confirmation.ts';
import { assertInStock, orderMoney, PRICE_MSG, priceLines } from './pricing.ts';
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
import {
  abandonOrder,
  confirmOrder,
  createOrder,
  expireOrders,
  MSG,
  orderDetail,
  pathId,
  recoverPayments,
} from './service.ts';

const token = { access: 'token' as const };
const tags = ['orders'];
const Errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const me = (req: { principal: { userId: number | null } }) => req.principal.userId as number;

export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Background work outside tests: recover payments left IN_PROGRESS at start, then every minute
  // expire unpaid orders (stock back), retry payments stuck for more than a minute and confirm
  // purchases due for automatic confirmation (confirmation.ts).
  if (ctx.config.NODE_ENV !== 'test') {
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      void recoverPayments(ctx).catch((err: unknown) => app.log.warn({ err }, 'payment recovery failed'));
      timer = setInterval(() => {
        void expireOrders(ctx)
          .then(() => recoverPayments(ctx, 60_000))
          .catch((err: unknown) => app.log.warn({ err }, 'order sweep failed'))
          // Its own step: a failed expiry or payment recovery never holds confirmations back.
          .then(() => autoConfirmItems(ctx))
          .catch((err: unknown) => app.log.warn({ err }, 'purchase confirmation sweep failed'));
      }, 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }

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
    async (req) => createOrder(ctx, me(req), req.body),
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
    async (req) => confirmOrder(ctx, me(req), req.body),
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

  app.post(
    '/orders/order-items/:id/status',
    {
      config: token,
      schema: {
        tags,
        summary:
          'CANCEL, COMPLETE (arrived; or a return/exchange request withdrawn), CONFIRMED/CONFIRM (구매확정) or an operator status change of an order item',
        params: IdParams,
        body: StatusChangeRequest,
        response: {
          200: z.looseObject({ order_item_id: z.number().int(), status: z.string() }),
          ...Errors,
          502: ErrorBody,
        },
      },
    },
    async (req) =>
      changeStatus(
        ctx,
        req.principal,
        pathId(req.params.id, MSG.itemNotFound),
        req.body.status,
        req.body.reason,
      ),
  );

  for (const [path, despoke] of [
    ['/orders/order-items/:id/cancel', false],
    ['/orders/order-items/:id/cancel-despoke', true],
  ] as const) {
    app.post(
      path,
      {
        config: token,
        schema: {
          tags,
          summary: despoke
            ? 'Cancels a made-to-order item before production (refund through the gateway)'
            : 'Cancels one item before shipping (partial cancel through the gateway)',
          params: IdParams,
          body: CancelRequest.optional(),
          response: { 200: CancelResult, ...Errors, 502: ErrorBody },
        },
      },
      async (req) =>
        cancelItem(
          ctx,
          me(req),
          pathId(req.params.id, MSG.itemNotFound),
          req.body?.reason ?? '고객 요청',
          despoke,
        ),
    );
  }

  app.get(
    '/orders/order-items/:id/cancel-detail',
    {
      config: token,
      schema: {
        tags,
        summary: 'What cancelling the item would refund',
        params: IdParams,
        response: { 200: CancelDetail, ...Errors },
      },
    },
    async (req) => cancelDetail(ctx, me(req), pathId(req.params.id, MSG.itemNotFound)),
  );

  app.get(
    '/orders/order-items/:id/exchange-detail',
    {
      config: token,
      schema: {
        tags,
        summary: 'Exchange options, deadline and return cost of an item',
        params: IdParams,
        response: { 200: ExchangeDetail, ...Errors },
      },
    },
    async (req) => exchangeDetail(ctx, me(req), pathId(req.params.id, MSG.itemNotFound)),
  );

  app.post(
    '/orders/refunds',
    {
      config: token,
      schema: {
        tags,
        summary: 'Requests the return of delivered items (within 7 days of delivery)',
        body: RefundRequest,
        response: { 200: z.object({ result: z.array(RefundBody) }), ...Errors },
      },
    },
    async (req) => requestRefunds(ctx, me(req), req.body),
  );

  app.post(
    '/orders/refunds/:id/complete',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Operator: the return arrived; refunds through the gateway',
        params: IdParams,
        response: { 200: RefundBody, ...Errors, 502: ErrorBody },
      },
    },
    async (req) => {
      const r = await completeRefund(ctx, pathId(req.params.id, '반품 요청을 찾을 수 없습니다.'));
      if (!r) throw notFound('반품 요청을 찾을 수 없습니다.');
      return r;
    },
  );

  app.get(
    '/orders/refunds/:id',
    {
      config: token,
      schema: {
        tags,
        summary: 'One return request',
        params: IdParams,
        response: { 200: RefundBody, ...Errors },
      },
    },
    async (req) => refundOf(ctx, me(req), pathId(req.params.id, '반품 요청을 찾을 수 없습니다.')),
  );

  app.get(
    '/orders/refund-list-by-user',
    {
      config: token,
      schema: {
        tags,
        summary: "The member's return requests",
        querystring: OrderListQuery,
        response: { 200: RefundList, ...Errors },
      },
    },
    async (req) => refundList(ctx, me(req), req.query.page, req.query.limit),
  );

  app.post(
    '/orders/exchanges',
    {
      config: token,
      schema: {
        tags,
        summary: 'Requests an exchange for another size or colour of the same product',
        body: ExchangeRequest,
        response: { 200: ExchangeBody, ...Errors },
      },
    },
    async (req) => requestExchange(ctx, me(req), req.body),
  );

  app.get(
    '/v1/orders/return-cost',
    {
      config: token,
      schema: {
        tags,
        summary: 'Return shipping the shopper pays for a return or exchange',
        querystring: ReturnCostQuery,
        response: { 200: ReturnCostBody, ...Errors },
      },
    },
    async (req) => returnCostOf(ctx, me(req), req.query),
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
