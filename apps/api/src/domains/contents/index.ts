/**
 * The contents domain as other domains use it: codi sets by id with their live product cards and
 * the active sets containing a product (the curations domain answers codi-detail and
 * codi-by-product with them), a running post (support checks the post a curator chat is about),
 * styles, codi sets and posts as like targets (the likes domain's port, wired by app.ts), and
 * styles and posts as the search index reads them (contents tells search of changes through the
 * port of search-hook.ts, wired by app.ts).
 */
export { activeCodiSetsByIds, codiIdsWith } from './codi-sets.ts';
export { codiSetsWithProducts, runningPost } from './editorial.ts';
export { activeCodiDisplayIds, type CodiHeading, codiHeadings } from './reads-for-carts.ts';
export { contentsLikeTargets } from './reads-for-likes.ts';
export { postSummaryRows, searchPostRows, searchStyleRows, styleSummaryRows } from './reads-for-search.ts';
export { type EditorialIndexer, useEditorialIndexer } from './search-hook.ts';
