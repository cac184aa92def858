/**
 * The orders domain's surface (SPEC.md, 'Orders'): whether an order is a member's (support
 * tickets' order target); the app registers its routes (which include POST /api/payments/webhook)
 * and its outbox handlers (the Purchase ad event); it gives the reviews domain its order items
 * (`ordersForReviews`, the port reviews declares, wired by app.ts).
 */
export { purchaseOutboxHandlers } from './ad-purchase.ts';
export { orderDatabaseFunctions } from './database-functions.ts';
export { orderJobs } from './jobs.ts';
export { isMemberOrder } from './queries.ts';
export {
  memberOrdersForAdmin,
  orderWindowTotals,
  paidOrdersByCampaign,
  paidOrdersByKstDay,
  topSellers,
} from './reads-for-admin.ts';
export { hasPaidOrder, unpaidOrders } from './reads-for-benefits.ts';
export { coBoughtProducts } from './reads-for-catalog.ts';
export { keptDisplayIds } from './reads-for-curations.ts';
export { ordersForReviews } from './reads-for-reviews.ts';
export { orderRoutes } from './routes.ts';
