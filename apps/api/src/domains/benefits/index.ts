/**
 * The benefits domain's surface (SPEC.md, 'Benefits'): what the orders and
 * curations domains use, the routes, and the sign-up coupon (a users sign-up listener wired in
 * app.ts). Benefits imports from neither orders nor curations.
 */
export { pointBalance } from './balance.ts';
export {
  orderCouponRules,
  reserveCoupon,
  restoreCoupon,
  useReservedCouponsStep,
} from './coupons.ts';
export { autoIssueStyleQuizCoupons, grantSignUpCoupon, issueMonthlyCodiCoupon } from './issuing.ts';
export { couponExpiryJob } from './jobs.ts';
export { missionStates, revokeLostReviewMissions } from './missions.ts';
export { linesForItems, memberRules } from './optimiser.ts';
export {
  clawBackPoints,
  currentBalance,
  earnPoints,
  refundPoints,
  revokePoints,
  spendPoints,
} from './points.ts';
export {
  type BenefitsPorts,
  type CurationFacts,
  type OrderFacts,
  provideBenefitsPorts,
  type ReviewFacts,
} from './ports.ts';
export { promotionCoupon } from './promotion-coupon.ts';
export { usableCouponsForAdmin } from './reads-for-admin.ts';
export { runningEventCoupons } from './reads-for-catalog.ts';
export { couponPolicyExists } from './reads-for-contents.ts';
export { activeMissions, type MissionRow } from './reads-for-curations.ts';
export {
  couponsOfOrders,
  earnedPurchasePoints,
  type OrderCoupon,
  returnedOrderPoints,
} from './reads-for-orders.ts';
export { hasCartCoupon } from './reads-for-users.ts';
export { benefitRoutes } from './routes.ts';
