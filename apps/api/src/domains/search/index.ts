/**
 * The search domain's surface: what the app, the seed and other domains use. Everything else in
 * this folder (the engines, their SQL and in-memory parts, the relevance rules) is internal.
 *
 * - routes: `searchRoutes` (app.ts registers it);
 * - index sync (documents.ts): the seed rebuilds the whole index, code that writes products or
 *   brands re-indexes the changed ids (in its transaction when it has one); styles and posts are
 *   re-indexed through the contents domain's port (contents/search-hook.ts), which app.ts wires to
 *   `reindexStyles` and `reindexPosts`: search reads contents (the documents' and answers' rows),
 *   so contents may not import search;
 * - the engine interface (engine.ts), for another engine implementation (OpenSearch).
 */
export {
  rebuildSearchIndex,
  reindexBrands,
  reindexPosts,
  reindexProducts,
  reindexStyles,
} from './documents.ts';
export type { FacetCounts, Hits, Paging, ProductFilters, SearchEngine, TypeCounts } from './engine.ts';
export { topSearchKeywords } from './reads-for-admin.ts';
export { searchRoutes } from './routes.ts';
export { flushSearchStats } from './stats.ts';
