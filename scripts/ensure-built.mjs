#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone: installs dependencies when they are
// missing or older than package-lock.json, and rebuilds when any source is newer than the build
// output (`npm test` needs it: some API tests mount the storefront from apps/web/build).
// Runs on whatever Node the machine has (it may be older than the pinned Node 24).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const installOnly = process.argv.includes('--install-only');
// `npm test`: build only when there is no build at all (a fresh clone), so the tests that mount the
// storefront run; an existing build is not redone after every source edit.
const ifMissing = process.argv.includes('--if-missing');

function run(cmd, args) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function mtime(p) {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(dir) {
  let best = 0;
  if (!existsSync(dir)) return best;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    best = Math.max(best, entry.isDirectory() ? newest(p) : mtime(p));
  }
  return best;
}

const marker = join(root, 'node_modules', '.package-lock.json');
if (
  !existsSync(join(root, 'node_modules', 'node', 'bin', 'node')) ||
  mtime(join(root, 'package-lock.json')) > mtime(marker)
) {
  console.log('› installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
if (installOnly) process.exit(0);

const outputs = [join(root, 'apps/api/dist/server.mjs'), join(root, 'apps/web/build/server/index.js')];
const builtAt = Math.min(...outputs.map(mtime));
const sourcesAt = Math.max(
  ...[
    'packages',
    'apps/api/src',
    'apps/api/seed',
    'apps/api/art',
    'apps/api/drizzle',
    'apps/web/app',
    'apps/web/public',
  ].map((d) => newest(join(root, d))),
  ...[
    'apps/web/vite.config.ts',
    'apps/web/react-router.config.ts',
    'apps/api/build.mjs',
    'package-lock.json',
  ].map((f) => mtime(join(root, f))),
);
if (builtAt === 0 || (!ifMissing && sourcesAt > builtAt)) {
  console.log('› building the API and the storefront…');
  run('npm', ['run', 'build']);
}
