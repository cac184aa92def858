/**
 * The contents domain as other domains use it: codi sets with their live product cards (the
 * curations domain answers codi-detail and codi-by-product with them).
 */
export { codiSetsWithProducts } from './editorial.ts';
