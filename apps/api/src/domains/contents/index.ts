/**
 * The contents domain as other domains use it: codi sets by id with their live product cards and
 * the active sets containing a product (the curations domain answers codi-detail and
 * codi-by-product with them), and a running post (support checks the post a curator chat is about).
 */
export { activeCodiSetsByIds, codiIdsWith } from './codi-sets.ts';
export { codiSetsWithProducts, runningPost } from './editorial.ts';
export { activeCodiDisplayIds, type CodiHeading, codiHeadings } from './reads-for-carts.ts';
