/**
 * The dependency rule of the API (docs/ARCHITECTURE.md): a domain is used by other domains only
 * through its `index.ts`; each domain imports only its own tables (its `schema.ts`, plus
 * platform-owned tables from `platform/schema.ts`); shared infrastructure (`platform/`, `db/`)
 * never depends on a domain except the `db/schema.ts` index gathering every owner's tables;
 * `packages/shared` never depends on an app; and there are no import cycles. The web app
 * (apps/web/app) has its own rules at the end of the list: no cycles, route modules imported by
 * nobody, and the back office kept apart from the storefront.
 *
 * The folder-level rule (no cycles between domains) lives in `.dependency-cruiser-domains.cjs`,
 * run by the same `npm run lint:deps`: it leaves out the tables (`domains/X/schema.ts`), whose
 * foreign keys point at other owners' tables and are data references, not code use.
 *
 * Run with `npm run lint:deps` (non-zero exit on any violation). Violations that existed when a
 * rule was introduced are listed in `.dependency-cruiser-known-violations.json` (passed as
 * `--ignore-known`): the lint blocks every new one; fixing one means regenerating the baseline
 * (`npm run lint:deps:baseline`) so it shrinks.
 *
 * Type-only imports count (`tsPreCompilationDeps: true`): a cycle through `import type` still
 * couples two domains' surfaces, and the rule is about module boundaries, not emitted code.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-deep-cross-domain-import',
      severity: 'error',
      comment:
        'A file in domains/X may import from another domain Y only domains/Y/index.ts (its public surface).',
      from: {
        path: '^apps/api/src/domains/([^/]+)/',
        pathNot: '^apps/api/src/domains/[^/]+/schema\\.ts$',
      },
      to: {
        path: '^apps/api/src/domains/([^/]+)/',
        pathNot: ['^apps/api/src/domains/$1/', '^apps/api/src/domains/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-deep-cross-domain-import',
      severity: 'error',
      comment:
        "A domain's table definitions (domains/X/schema.ts) may reference another owner's tables " +
        '(domains/Y/schema.ts) for foreign keys, and nothing else of another domain.',
      from: { path: '^apps/api/src/domains/([^/]+)/schema\\.ts$' },
      to: {
        path: '^apps/api/src/domains/([^/]+)/',
        pathNot: ['^apps/api/src/domains/$1/', '^apps/api/src/domains/[^/]+/schema\\.ts$'],
      },
    },
    {
      name: 'domain-imports-only-its-own-tables',
      severity: 'error',
      comment:
        'A domain imports only its own tables (domains/X/schema.ts) and platform-owned tables ' +
        "(platform/schema.ts), never the db/schema.ts index; another domain's data is read and " +
        "written through functions on that domain's index.ts. Known violations: see the header.",
      from: { path: '^apps/api/src/domains/' },
      to: { path: '^apps/api/src/db/schema\\.ts$' },
    },
    {
      name: 'surface-exports-no-tables',
      severity: 'error',
      comment:
        "A domain's surface (index.ts) does not export its tables: other domains get functions, " +
        'not tables or SQL fragments built on them.',
      from: { path: '^apps/api/src/domains/([^/]+)/index\\.ts$' },
      to: { path: '^apps/api/src/(domains/[^/]+|platform|db)/schema\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles under apps/api/src (type-only imports included).',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
    {
      name: 'platform-and-db-not-to-domains',
      severity: 'error',
      comment:
        'Shared infrastructure (platform/, db/) never depends on a domain; the one exception is the ' +
        "db/schema.ts index, which re-exports every owner's tables for drizzle-kit, migrations and tests.",
      from: { path: '^apps/api/src/(platform|db)/' },
      to: {
        path: '^apps/api/src/domains/',
        pathNot: '^apps/api/src/domains/[^/]+/schema\\.ts$',
      },
    },
    {
      name: 'platform-and-db-not-to-domains',
      severity: 'error',
      comment: "Only the db/schema.ts index gathers the domains' tables.",
      from: { path: '^apps/api/src/(platform|db)/', pathNot: '^apps/api/src/db/schema\\.ts$' },
      to: { path: '^apps/api/src/domains/[^/]+/schema\\.ts$' },
    },
    {
      name: 'shared-not-to-apps',
      severity: 'error',
      comment: 'packages/shared is used by the apps and never imports from them.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    // The storefront and back office (apps/web/app): the same no-cycle rule, route modules as
    // entry points only, and /admin kept apart from the storefront (docs/ARCHITECTURE.md).
    {
      name: 'web-no-circular',
      severity: 'error',
      comment: 'No import cycles under apps/web/app (type-only imports included).',
      from: { path: '^apps/web/app/' },
      to: { circular: true },
    },
    {
      name: 'web-route-modules-not-imported',
      severity: 'error',
      comment:
        'A route module (apps/web/app/routes/*.ts(x)) is loaded by routes.ts only: no file, route or ' +
        'not, imports one. What two routes share lives in a feature folder, components/ or lib/.',
      from: { path: '^apps/web/app/' },
      to: { path: '^apps/web/app/routes/[^/]+\\.tsx?$' },
    },
    {
      name: 'web-routes-folder-private',
      severity: 'error',
      comment:
        'routes/ holds routes and their own stylesheets: code outside routes/ imports nothing from it.',
      from: { path: '^apps/web/app/', pathNot: '^apps/web/app/routes/' },
      to: { path: '^apps/web/app/routes/' },
    },
    {
      name: 'web-storefront-not-to-admin',
      severity: 'error',
      comment: 'Storefront code never imports the back office (apps/web/app/admin/).',
      from: { path: '^apps/web/app/', pathNot: '^apps/web/app/admin/' },
      to: { path: '^apps/web/app/admin/' },
    },
    {
      name: 'web-admin-not-to-storefront',
      severity: 'error',
      comment:
        'The back office imports from the storefront only the shared layers (lib/, components/, ' +
        'styles/) and the address-change form it shares with the order detail screen.',
      from: { path: '^apps/web/app/admin/' },
      to: {
        path: '^apps/web/app/',
        pathNot: [
          '^apps/web/app/(admin|lib|components|styles)/',
          '^apps/web/app/orders/AddressChangeForm\\.tsx$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build)/' },
    // Count `import type` edges too (see the header comment).
    tsPreCompilationDeps: true,
    // The code imports with explicit `.ts` extensions (allowImportingTsExtensions); the resolver
    // takes them as written and resolves extension-less specifiers with these.
    tsConfig: { fileName: 'apps/api/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    moduleSystems: ['es6', 'cjs'],
    reporterOptions: { text: { highlightFocused: true } },
  },
};
