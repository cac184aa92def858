/**
 * The carts domain as other domains use it: the cart's stock and quantity messages, its step of the
 * payment confirmation (payment-step.ts), and its steps of the users domain's guest merge and
 * withdrawal (wired in app.ts).
 */
export { clearBoughtLinesStep } from './payment-step.ts';
export { memberCartQuantities } from './reads-for-benefits.ts';
export { cartDisplayIds } from './reads-for-catalog.ts';
export { type MemberCartLine, memberCartLines } from './reads-for-orders.ts';
export { deleteMemberCartStep, mergeGuestCartStep } from './reads-for-users.ts';
export { MSG } from './service.ts';
