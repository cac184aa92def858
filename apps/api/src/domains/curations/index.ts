/** The curations domain's surface: its routes (no other domain imports from curations). */
export { curationRoutes } from './routes.ts';
