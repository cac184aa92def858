/**
 * The dependency rule of the API (docs/ARCHITECTURE.md): a domain is used by other domains only
 * through its `index.ts`; shared infrastructure (`platform/`, `db/`) never depends on a domain;
 * `packages/shared` never depends on an app; and there are no import cycles.
 *
 * Run with `npm run lint:deps` (non-zero exit on any violation).
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
      from: { path: '^apps/api/src/domains/([^/]+)/' },
      to: {
        path: '^apps/api/src/domains/([^/]+)/',
        pathNot: ['^apps/api/src/domains/$1/', '^apps/api/src/domains/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles under apps/api/src (type-only imports included).',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
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
    {
      name: 'platform-and-db-not-to-domains',
      severity: 'error',
      comment: 'Shared infrastructure (platform/, db/) never depends on a domain.',
      from: { path: '^apps/api/src/(platform|db)/' },
      to: { path: '^apps/api/src/domains/' },
    },
    {
      name: 'shared-not-to-apps',
      severity: 'error',
      comment: 'packages/shared is used by the apps and never imports from them.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
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
