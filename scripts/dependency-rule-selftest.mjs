#!/usr/bin/env node
/**
 * Self-test of the dependency rule (.dependency-cruiser.cjs): cruises a small fixture tree with the
 * real config and checks that every rule fires on its violation and stays quiet on allowed imports.
 * Run first by `npm run lint:deps`, so a config edit that silently disables a rule fails the lint.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'dep-rule-'));

const files = {
  'apps/api/tsconfig.json': JSON.stringify({
    compilerOptions: {
      allowImportingTsExtensions: true,
      noEmit: true,
      module: 'ESNext',
      moduleResolution: 'Bundler',
    },
    include: ['src'],
  }),
  // allowed: own domain, another domain's index, platform, own tables, platform-owned tables
  'apps/api/src/domains/a/ok.ts':
    "import { b } from '../b/index.ts';\nimport { own } from './own.ts';\nimport { tx } from '../../platform/tx.ts';\nimport { at } from './schema.ts';\nimport { pt } from '../../platform/schema.ts';\nexport const ok = [b, own, tx, at, pt];\n",
  'apps/api/src/domains/a/own.ts': 'export const own = 1;\n',
  // allowed: a table definition references another owner's table (a foreign key)
  'apps/api/src/domains/a/schema.ts': "import { bt } from '../b/schema.ts';\nexport const at = bt;\n",
  'apps/api/src/domains/b/schema.ts': 'export const bt = 1;\n',
  'apps/api/src/platform/schema.ts': 'export const pt = 1;\n',
  // a domain reading tables through the gathering index, or another domain's tables directly
  'apps/api/src/domains/a/reads-index.ts': "import { bt } from '../../db/schema.ts';\nexport const x = bt;\n",
  'apps/api/src/domains/a/deep-table.ts': "import { bt } from '../b/schema.ts';\nexport const x = bt;\n",
  // a table definition reaching into another domain's code
  'apps/api/src/domains/f/schema.ts':
    "import { b } from '../b/deep.ts';\nimport { bt } from '../b/schema.ts';\nexport const ft = [b, bt];\n",
  // a surface exporting its tables
  'apps/api/src/domains/g/index.ts': "export { gt } from './schema.ts';\n",
  'apps/api/src/domains/g/schema.ts': 'export const gt = 1;\n',
  // allowed: a foreign key h → i while i's code uses h's surface (not a domain cycle)
  'apps/api/src/domains/h/schema.ts': "import { it } from '../i/schema.ts';\nexport const ht = it;\n",
  'apps/api/src/domains/h/index.ts': "export { hx } from './x.ts';\n",
  'apps/api/src/domains/h/x.ts': "import { ht } from './schema.ts';\nexport const hx = ht;\n",
  'apps/api/src/domains/i/schema.ts': 'export const it = 1;\n',
  'apps/api/src/domains/i/code.ts':
    "import { hx } from '../h/index.ts';\nimport { it } from './schema.ts';\nexport const ic = [hx, it];\n",
  'apps/api/src/domains/b/index.ts': "export { b } from './deep.ts';\n",
  'apps/api/src/domains/b/deep.ts': 'export const b = 1;\n',
  // deep cross-domain import
  'apps/api/src/domains/a/deep-import.ts': "import { b } from '../b/deep.ts';\nexport const x = b;\n",
  // a cycle made of type-only imports
  'apps/api/src/domains/c/one.ts': "import type { Two } from './two.ts';\nexport type One = { two?: Two };\n",
  'apps/api/src/domains/c/two.ts': "import type { One } from './one.ts';\nexport type Two = { one?: One };\n",
  // domain cycle through index files only (no file cycle): d/routes → e → d/core
  'apps/api/src/domains/d/index.ts': "export { core } from './core.ts';\n",
  'apps/api/src/domains/d/core.ts': 'export const core = 1;\n',
  'apps/api/src/domains/d/routes.ts': "import { e } from '../e/index.ts';\nexport const r = e;\n",
  'apps/api/src/domains/e/index.ts': "import { core } from '../d/index.ts';\nexport const e = core;\n",
  // infrastructure reaching into a domain
  'apps/api/src/platform/tx.ts': "import { own } from '../domains/a/own.ts';\nexport const tx = own;\n",
  'apps/api/src/db/schema.ts':
    "import { b } from '../domains/b/index.ts';\nexport const schema = b;\nexport * from '../domains/b/schema.ts';\n",
  'apps/api/src/platform/audit.ts':
    "import { bt } from '../domains/b/schema.ts';\nexport const audit = bt;\n",
  // shared reaching into an app
  'packages/shared/src/s.ts':
    "import { tx } from '../../../apps/api/src/platform/tx.ts';\nexport const s = tx;\n",
  // the web app (extension-less imports, as apps/web writes them)
  // a cycle: a component reading the root route that renders it
  'apps/web/app/root.tsx': "import { Shell } from './shell/Shell';\nexport const root = { Shell };\n",
  'apps/web/app/shell/Shell.tsx':
    "import { Header } from '../components/Header';\nexport const Shell = Header;\n",
  'apps/web/app/components/Header.tsx': "import { root } from '../root';\nexport const Header = root;\n",
  // allowed: a route's own stylesheet, shared layers; forbidden: another route module
  'apps/web/app/routes/a.tsx':
    "import css from './a.module.css';\nimport { util } from '../lib/util';\nimport { b } from './b';\nexport const a = [css, util, b];\n",
  'apps/web/app/routes/a.module.css': '.a { color: red; }\n',
  'apps/web/app/routes/b.tsx': 'export const b = 1;\n',
  // code outside routes/ reaching into it
  'apps/web/app/lib/util.ts': "import css from '../routes/a.module.css';\nexport const util = css;\n",
  // storefront into the back office, and the back office into the storefront
  'apps/web/app/components/Footer.tsx':
    "import { fmt } from '../admin/format';\nexport const Footer = fmt;\n",
  'apps/web/app/admin/format.ts': 'export const fmt = 1;\n',
  'apps/web/app/admin/order.tsx':
    "import { util } from '../lib/util';\nimport { Form } from '../orders/AddressChangeForm';\nimport { grid } from '../catalog/Grid';\nexport const order = [util, Form, grid];\n",
  'apps/web/app/orders/AddressChangeForm.tsx': 'export const Form = 1;\n',
  'apps/web/app/catalog/Grid.tsx': 'export const grid = 1;\n',
  // a cycle of type-only imports in the web app
  'apps/web/app/lib/one.ts': "import type { Two } from './two';\nexport type One = { two?: Two };\n",
  'apps/web/app/lib/two.ts': "import type { One } from './one';\nexport type Two = { one?: One };\n",
  // a cycle through the shared package, named by its package name (node_modules/@codiroom/shared is
  // a symlink, as npm workspaces make it) and left by a type-only re-export of its index
  'packages/shared/package.json': JSON.stringify({
    name: '@codiroom/shared',
    type: 'module',
    exports: { '.': './src/index.ts', './*': './src/*.ts' },
  }),
  'packages/shared/src/index.ts': "export * from './w.ts';\n",
  'packages/shared/src/w.ts':
    "import type { Page } from '../../../apps/web/app/lib/page.ts';\nexport type Shared = { page?: Page };\n",
  'apps/web/app/lib/page.ts':
    "import type { Shared } from '@codiroom/shared';\nexport type Page = { s?: Shared };\n",
};

const expected = [
  'no-deep-cross-domain-import apps/api/src/domains/a/deep-import.ts → apps/api/src/domains/b/deep.ts',
  'no-circular apps/api/src/domains/c/one.ts ↔ apps/api/src/domains/c/two.ts',
  'no-circular-domains apps/api/src/domains/d → apps/api/src/domains/e',
  'no-circular-domains apps/api/src/domains/e → apps/api/src/domains/d',
  'platform-and-db-not-to-domains apps/api/src/platform/tx.ts → apps/api/src/domains/a/own.ts',
  'platform-and-db-not-to-domains apps/api/src/db/schema.ts → apps/api/src/domains/b/index.ts',
  'platform-and-db-not-to-domains apps/api/src/platform/audit.ts → apps/api/src/domains/b/schema.ts',
  'domain-imports-only-its-own-tables apps/api/src/domains/a/reads-index.ts → apps/api/src/db/schema.ts',
  'no-deep-cross-domain-import apps/api/src/domains/a/deep-table.ts → apps/api/src/domains/b/schema.ts',
  'no-deep-cross-domain-import apps/api/src/domains/f/schema.ts → apps/api/src/domains/b/deep.ts',
  'surface-exports-no-tables apps/api/src/domains/g/index.ts → apps/api/src/domains/g/schema.ts',
  'shared-not-to-apps packages/shared/src/s.ts → apps/api/src/platform/tx.ts',
  'web-no-circular apps/web/app/components/Header.tsx ↔ apps/web/app/root.tsx ↔ apps/web/app/shell/Shell.tsx',
  'web-route-modules-not-imported apps/web/app/routes/a.tsx → apps/web/app/routes/b.tsx',
  'web-routes-folder-private apps/web/app/lib/util.ts → apps/web/app/routes/a.module.css',
  'web-storefront-not-to-admin apps/web/app/components/Footer.tsx → apps/web/app/admin/format.ts',
  'web-admin-not-to-storefront apps/web/app/admin/order.tsx → apps/web/app/catalog/Grid.tsx',
  'web-no-circular apps/web/app/lib/one.ts ↔ apps/web/app/lib/two.ts',
  'shared-not-to-apps packages/shared/src/w.ts → apps/web/app/lib/page.ts',
  'web-no-circular apps/web/app/lib/page.ts ↔ packages/shared/src/index.ts ↔ packages/shared/src/w.ts',
].sort();

try {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  mkdirSync(path.join(dir, 'node_modules/@codiroom'), { recursive: true });
  symlinkSync('../../packages/shared', path.join(dir, 'node_modules/@codiroom/shared'), 'dir');
  // Both configs of `npm run lint:deps`: the main one and the folder-level domain-cycle one.
  const violations = [];
  for (const config of ['.dependency-cruiser.cjs', '.dependency-cruiser-domains.cjs']) {
    let out;
    try {
      out = execFileSync(
        path.join(ROOT, 'node_modules/.bin/depcruise'),
        [
          '--config',
          path.join(ROOT, config),
          '--output-type',
          'json',
          'apps/api/src',
          'packages/shared/src',
          'apps/web/app',
        ],
        { cwd: dir, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 },
      );
    } catch (err) {
      out = err.stdout; // depcruise exits non-zero on the violations this fixture is made of
      if (!out) throw err;
    }
    violations.push(...JSON.parse(out).summary.violations);
  }
  // A file cycle is reported once, from whichever of its files comes first: compare it as the set
  // of its files.
  const cycleFiles = (v) => [...new Set([v.from, v.to, ...(v.cycle ?? []).map((c) => c.name ?? c)])];
  const key = (v) =>
    /^(web-)?no-circular$/.test(v.rule.name)
      ? `${v.rule.name} ${cycleFiles(v).sort().join(' ↔ ')}`
      : `${v.rule.name} ${v.from} → ${v.to}`;
  const got = [...new Set(violations.map(key))].sort();
  const missing = expected.filter((e) => !got.includes(e));
  const extra = got.filter((g) => !expected.includes(g));
  if (missing.length || extra.length) {
    console.error('dependency rule self-test failed');
    for (const m of missing) console.error(`  not reported: ${m}`);
    for (const e of extra) console.error(`  unexpected:   ${e}`);
    process.exitCode = 1;
  } else {
    console.log(`dependency rule self-test: ${expected.length} expected violations reported, no others`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
