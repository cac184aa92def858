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
import { orderReadRoutes } from './read-routes.ts';
import { paymentWebhookRoutes } from './webhook-routes.ts';

export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(checkoutRoutes, { ctx });
  await app.register(orderReadRoutes, { ctx });
  await app.register(claimRoutes, { ctx });
  await app.register(orderAdminRoutes, { ctx });
  await app.register(paymentWebhookRoutes, { ctx });
};
