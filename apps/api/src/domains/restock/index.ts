/**
 * Restock alerts as other domains use them: the back office's stock changes close the open alerts
 * of restocked items and notify their members (`notifyRestocked`); the app registers the routes.
 */
export { restockRoutes } from './routes.ts';
export { notifyRestocked } from './service.ts';
