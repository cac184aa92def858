/** The admin domain's surface: its routes, and creating an operator (the CLI's first ADMIN). */
export { createOperator, listOperators } from './operators.ts';
export { adminRoutes } from './routes.ts';
