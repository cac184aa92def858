/**
 * The folder-level half of the dependency rule (see .dependency-cruiser.cjs, same options): no
 * cycles between domains. Each domain's tables (`domains/X/schema.ts`) are left out: a table's
 * foreign key to another owner's table (orders.user_id → users.id) is a data reference, while a
 * cycle this rule is about is code using code (users' surface calling orders, orders calling
 * users). File-level cycles, tables included, are caught by `no-circular` in the main config.
 */
const main = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-domains',
      severity: 'error',
      scope: 'folder',
      comment:
        'No cycles between domains (folder level: a domain-to-domain cycle through index files is ' +
        'not always a file cycle, e.g. payments/routes.ts → orders → payments/gateway.ts).',
      from: { path: '^apps/api/src/domains/[^/]+$' },
      to: { path: '^apps/api/src/domains/[^/]+$', circular: true },
    },
  ],
  options: {
    ...main.options,
    exclude: { path: '(^|/)(node_modules|dist|build)/|^apps/api/src/domains/[^/]+/schema\\.ts$' },
  },
};
