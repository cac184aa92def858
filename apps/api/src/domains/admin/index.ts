/**
 * The admin domain's surface: its routes (the member look-up's are registered by app.ts where the
 * users domain's were), and creating an operator (the CLI's first ADMIN).
 */
export { memberAdminRoutes } from './member-routes.ts';
export { createOperator, listOperators } from './operators.ts';
export { adminRoutes } from './routes.ts';
