/**
 * POST /api/payments/webhook — Toss's PAYMENT_STATUS_CHANGED: the payment is re-read from the
 * gateway (the body is never trusted) and applied to its order. It lives with the orders (it moves
 * an order); the payments domain is the gateway adapters below it.
 */
import { PaymentWebhookRequest } from '@codiroom/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { GatewayError, gatewayOf } from '../payments/index.ts';
import { orders, payments } from './schema.ts';
import { applyGatewayPayment } from './settle.ts';

const tags = ['payments'];

/** Whether the key is one of our payment rows, or the order number one of our orders. */
async function isOurPayment(ctx: AppContext, paymentKey: string, orderNo: string | undefined) {
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(payments)
    .where(eq(payments.payment_key, paymentKey))
    .limit(1);
  if (row) return true;
  if (!orderNo) return false;
  const [order] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(eq(orders.order_no, orderNo))
    .limit(1);
  return !!order;
}

export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/payments/webhook',
    {
      schema: {
        tags,
        summary: 'Payment status webhook: re-reads the payment from the gateway before acting',
        body: PaymentWebhookRequest,
        response: {
          200: z.object({ result: z.string() }),
          400: z.object({ detail: z.string() }),
          502: z.object({ detail: z.string() }),
        },
      },
    },
    async (req) => {
      const key = req.body.data.paymentKey;
      if (!key) throw badRequest('data.paymentKey is required');
      // Anyone can post here: only a payment or order of ours makes the shop ask the gateway, so
      // made-up keys never turn into calls to the payment provider.
      if (!(await isOurPayment(ctx, key, req.body.data.orderId))) return { result: 'ignored' };
      let payment: Awaited<ReturnType<ReturnType<typeof gatewayOf>['get']>>;
      try {
        payment = await gatewayOf(ctx).get(key);
      } catch (err) {
        if (err instanceof GatewayError && !err.uncertain) return { result: 'ignored' };
        // Toss retries non-2xx answers: try again later.
        throw new HttpError(502, '결제 정보를 확인하지 못했습니다.');
      }
      return { result: await applyGatewayPayment(ctx, payment, key) };
    },
  );
};
