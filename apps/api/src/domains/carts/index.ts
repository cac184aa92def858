/** The carts domain as other domains use it: the cart's stock and quantity messages. */
export { MSG } from './service.ts';
