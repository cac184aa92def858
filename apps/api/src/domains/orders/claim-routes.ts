/** Item status changes, cancels, refunds, exchanges and return costs of a member's order items (API-CATALOGUE.md, 'orders'; claims.ts). */
import {
  CancelDetail,
  CancelRequest,
  CancelResult,
  ErrorBody,
  ExchangeBody,
  ExchangeDetail,
  ExchangeRequest,
  OrderListQuery,
  RefundBody,
  RefundList,
  RefundRequest,
  ReturnCostBody,
  ReturnCostQuery,
  StatusChangeRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { IdParams } from '../../platform/params.ts';
import { cancelDetail, cancelItem, returnCostOf } from './claims.ts';
import { MSG, pathId } from './model.ts';
import {
  changeStatus,
  completeRefund,
  exchangeDetail,
  refundList,
  refundOf,
  requestExchange,
  requestRefunds,
} from './returns.ts';
import { Errors, me, tags, token } from './route-common.ts';

export const claimRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/orders/order-items/:id/status',
    {
      // Members, and operators (CS, or the admin key) moving items through shipping.
      config: { ...token, operator: true, roles: ['CS'] },
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
      config: { access: 'admin', roles: ['CS'] },
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
};
