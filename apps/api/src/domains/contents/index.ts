/**
 * The contents domain as other domains use it: codi sets with their live product cards (the
 * curations domain answers codi-detail and codi-by-product with them), and a running post (support
 * checks the post a curator chat is about).
 */
export { codiSetsWithProducts, runningPost } from './editorial.ts';
