#!/usr/bin/env node
// The curation engine against 1,000 generated quizzes (apps/api/test/curation-quality.test.ts, run
// by Vitest in process on the embedded database with the journeys' seed): random bodies, usual
// sizes, budgets, avoid lists, colours, styles, occasions and days of the year. Reports the count of
// each hard rule broken (every one must be 0: avoided items, avoided colours, disliked styles,
// outfits over budget, out-of-season items, items without a size or in an unexplained size, shoes
// without the member's shoe size), how often a pick's size is the product page's recommendation,
// coverage (quizzes answered with all outfits, some, none) and the draft time p50/p95.
// Usage: node bench/curation-quality.mjs [--quizzes 1000] [--products 300]
// Writes bench/results/curation-quality.json; exits 1 when any rule is broken.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cliArgs } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: { quizzes: { type: 'string', default: '1000' }, products: { type: 'string', default: '300' } },
});
const root = new URL('..', import.meta.url).pathname;
mkdirSync(`${root}bench/results`, { recursive: true });
const out = `${root}bench/results/curation-quality.json`;
rmSync(out, { force: true });
const run = spawnSync(
  process.execPath,
  [
    `${root}node_modules/vitest/vitest.mjs`,
    'run',
    'apps/api/test/curation-quality.test.ts',
    '--maxWorkers=1',
  ],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      CURATION_QUALITY_QUIZZES: values.quizzes,
      CURATION_QUALITY_PRODUCTS: values.products,
      CURATION_QUALITY_OUT: out,
    },
  },
);
const figures = JSON.parse(readFileSync(out, 'utf8'));
console.log(JSON.stringify(figures, null, 2));
const broken = Object.values(figures.broken).reduce((a, b) => a + b, 0);
process.exit(run.status === 0 && broken === 0 ? 0 : 1);
