/**
 * The reviews domain's surface (docs/ARCHITECTURE.md, "Reviews" and "Sizing"): the routes of
 * /api/reviews, the size recommendation and the review import. Reviews reads the catalogue and pays
 * credit through benefits; no other domain imports from it yet.
 */
export { reviewRoutes } from './routes.ts';
