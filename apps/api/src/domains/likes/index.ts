/**
 * The likes domain as other domains use it: what can be liked, and where its rows live; the likes
 * the catalog (co-likes, preferred products) and the curation engine read.
 */
export { coLikedProducts, likedDisplayIds } from './reads-for-catalog.ts';
export { memberLikedDisplayIds } from './reads-for-curations.ts';
export { LIKE_TARGETS } from './targets.ts';
