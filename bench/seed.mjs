#!/usr/bin/env node
// Seeding time on a fresh on-disk PGlite (or DATABASE_URL), through the built seed CLI.
// Usage: npm run bench:seed [-- --products 2000,100000]
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cliArgs } from './server.mjs';

const { values } = parseArgs({ args: cliArgs(), options: { products: { type: 'string', default: '2000' } } });
const root = new URL('..', import.meta.url).pathname;
const targets = { 2000: 30_000, 100000: 600_000 };
const results = [];
for (const n of values.products.split(',').map(Number)) {
  const dataDir = `/tmp/codiroom-bench-seed-${n}-${process.pid}`;
  rmSync(dataDir, { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['apps/api/dist/seed-cli.mjs', '--products', String(n), '--data-dir', dataDir],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    },
  );
  const wall = Math.round(performance.now() - t0);
  rmSync(dataDir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`seed of ${n} failed`);
  const out = JSON.parse(r.stdout.trim().split('\n').at(-1));
  results.push({
    products: n,
    wall_ms: wall,
    seed_ms: out.ms,
    target_ms: targets[n] ?? null,
    summary: out.summary,
  });
  console.log(`${n} products: ${wall} ms wall (${out.ms} ms seeding)`);
}
mkdirSync(new URL('./results', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./results/seed.json', import.meta.url),
  `${JSON.stringify({ node: process.version, results }, null, 2)}\n`,
);
if (results.some((r) => r.target_ms !== null && r.wall_ms > r.target_ms)) process.exit(1);
