/**
 * The `/api/orders/` calls of API-CATALOGUE.md (except best-coupon-combs, products-with-coupons and
 * post-coupon3, which the benefits domain registers) and POST
 * /api/products/product-displays/{id}/calculate-price.
 * Orders of other members answer 404. The calls are in checkout-routes.ts, read-routes.ts,
 * claim-routes.ts and webhook-routes.ts (POST /api/payments/webhook); the state machine is
 * payment-state.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { orderAdminRoutes } from './admin-routes.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { claimRoutes } from './claim-routes.ts';
import { autoConfirmItems } from './confirmation.ts';
import { installClaimFunction } from './payment-claim.ts';
import { installOrderPriceRows } from './price-rows.ts';
import { orderReadRoutes } from './read-routes.ts';
import { expireOrders, recoverPayments } from './settle.ts';
import { paymentWebhookRoutes } from './webhook-routes.ts';

export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The pricing function built from the catalogue's time-sale rule (price-rows.ts).
  // The database functions of this domain, built from its rules (price-rows.ts, payment-claim.ts).
  await installOrderPriceRows(ctx.db);
  await installClaimFunction(ctx.db);
  // Background work outside tests: recover payments left IN_PROGRESS at start, then every minute
  // expire unpaid orders (stock back), retry payments stuck for more than a minute and confirm
  // purchases due for automatic confirmation (confirmation.ts).
  if (ctx.config.BACKGROUND_JOBS === 'on') {
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
  await app.register(checkoutRoutes, { ctx });
  await app.register(orderReadRoutes, { ctx });
  await app.register(claimRoutes, { ctx });
  await app.register(orderAdminRoutes, { ctx });
  await app.register(paymentWebhookRoutes, { ctx });
};
