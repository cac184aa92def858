/**
 * The payments domain's surface: the gateway adapters (Toss, the sandbox) other domains use. The
 * orders domain sits above it (it confirms and settles orders with the gateway's answers); nothing
 * here imports from orders.
 */
export { GatewayError, type GatewayPayment, offeredMethods, type PaymentGateway } from './gateway.ts';
export { paymentRoutes } from './routes.ts';
export { gatewayOf, refusesPayment, setGateway } from './select.ts';
