/** The curations domain's surface: its routes, and the outfit of a member's curation (for codi-to-cart). */
export { curationOutfitDisplays } from './codi.ts';
export { curationRoutes } from './routes.ts';
