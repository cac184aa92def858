/**
 * The orders domain's surface (SPEC.md, 'Orders'). No other domain imports from orders today; the
 * app registers its routes (which include POST /api/payments/webhook).
 */
export { orderRoutes } from './routes.ts';
