/**
 * The reviews domain's surface (docs/ARCHITECTURE.md, "Reviews" and "Sizing"): the routes of
 * /api/reviews, the size recommendation and the review import. Reviews reads the catalogue and pays
 * credit through benefits. Orders withdraws the review of a returned or cancelled item.
 */
export { reviewCounts } from './reads-for-benefits.ts';
export { reviewRoutes } from './routes.ts';
export { afterReviewWithdrawn, withdrawItemReview } from './write.ts';
