#!/usr/bin/env node
/**
 * Self-test of the dependency rule (.dependency-cruiser.cjs): cruises a small fixture tree with the
 * real config and checks that every rule fires on its violation and stays quiet on allowed imports.
 * Run first by `npm run lint:deps`, so a config edit that silently disables a rule fails the lint.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  // allowed: own domain, another domain's index, platform, db
  'apps/api/src/domains/a/ok.ts':
    "import { b } from '../b/index.ts';\nimport { own } from './own.ts';\nimport { tx } from '../../platform/tx.ts';\nimport { schema } from '../../db/schema.ts';\nexport const ok = [b, own, tx, schema];\n",
  'apps/api/src/domains/a/own.ts': 'export const own = 1;\n',
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
  'apps/api/src/db/schema.ts': "import { b } from '../domains/b/index.ts';\nexport const schema = b;\n",
  // shared reaching into an app
  'packages/shared/src/s.ts':
    "import { tx } from '../../../apps/api/src/platform/tx.ts';\nexport const s = tx;\n",
};

const expected = [
  'no-deep-cross-domain-import apps/api/src/domains/a/deep-import.ts → apps/api/src/domains/b/deep.ts',
  'no-circular apps/api/src/domains/c/one.ts ↔ apps/api/src/domains/c/two.ts',
  'no-circular-domains apps/api/src/domains/d → apps/api/src/domains/e',
  'no-circular-domains apps/api/src/domains/e → apps/api/src/domains/d',
  'platform-and-db-not-to-domains apps/api/src/platform/tx.ts → apps/api/src/domains/a/own.ts',
  'platform-and-db-not-to-domains apps/api/src/db/schema.ts → apps/api/src/domains/b/index.ts',
  'shared-not-to-apps packages/shared/src/s.ts → apps/api/src/platform/tx.ts',
].sort();

try {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  let out;
  try {
    out = execFileSync(
      path.join(ROOT, 'node_modules/.bin/depcruise'),
      [
        '--config',
        path.join(ROOT, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
        'apps/api/src',
        'packages/shared/src',
      ],
      { cwd: dir, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 },
    );
  } catch (err) {
    out = err.stdout; // depcruise exits non-zero on the violations this fixture is made of
    if (!out) throw err;
  }
  const { summary } = JSON.parse(out);
  // A file cycle is reported once, from whichever of its files comes first: compare it as a pair.
  const key = (v) =>
    v.rule.name === 'no-circular'
      ? `${v.rule.name} ${[v.from, v.to].sort().join(' ↔ ')}`
      : `${v.rule.name} ${v.from} → ${v.to}`;
  const got = [...new Set(summary.violations.map(key))].sort();
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
