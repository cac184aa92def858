/**
 * The reviews domain's surface (docs/ARCHITECTURE.md, "Reviews" and "Sizing"): the routes of
 * /api/reviews, the size recommendation and the review import. Reviews reads the catalogue and pays
 * credit through benefits. Orders withdraws the review of a returned or cancelled item, and
 * implements the port through which reviews reads order items (orders-port.ts, wired by app.ts).
 */
export {
  type MemberOrderItem,
  type ReviewedOrderItem,
  type ReviewOrders,
  useReviewOrders,
} from './orders-port.ts';
export { memberReviewCount } from './reads-for-admin.ts';
export { reviewCounts } from './reads-for-benefits.ts';
export { reviewerReads } from './reads-for-users.ts';
export { recommendedSize } from './recommend.ts';
export { reviewRoutes } from './routes.ts';
export { afterReviewWithdrawn, withdrawItemReview } from './write.ts';
