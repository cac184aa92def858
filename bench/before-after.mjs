#!/usr/bin/env node
// Two builds of the server measured in one run: runs a bench script --runs times against each,
// alternating which goes first in each round (a noisy machine then slows both alike), and prints the
// median and range of the chosen figures for each build and the ratio new / old of the medians.
// The "old" build is another checkout's built server (e.g. a git worktree of an earlier commit,
// built with `npm run build`); the bench runs it through BENCH_SERVER_ENTRY (bench/server.mjs), so
// it uses that checkout's migrations and storefront build.
// Usage: node bench/before-after.mjs --old /path/to/old/apps/api/dist/server.mjs --runs 5 \
//          --result bench/results/orders-pglite.json --metric orders_per_s \
//          --metric create_confirm_ms.p50 -- bench/orders.mjs --db pglite --duration 10
// Writes bench/results/before-after-<result name>.json.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const dashdash = process.argv.indexOf('--', 2);
const own = dashdash === -1 ? process.argv.slice(2) : process.argv.slice(2, dashdash);
const benchArgv = dashdash === -1 ? [] : process.argv.slice(dashdash + 1);
const { values } = parseArgs({
  args: own,
  options: {
    old: { type: 'string' },
    new: { type: 'string', default: 'apps/api/dist/server.mjs' },
    runs: { type: 'string', default: '5' },
    result: { type: 'string' },
    metric: { type: 'string', multiple: true },
  },
});
if (!values.old || !values.result || !values.metric?.length || benchArgv.length === 0) {
  console.error(
    'usage: before-after.mjs --old <server.mjs> --result <json> --metric <path>… -- <bench.mjs> [args]',
  );
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const builds = { old: resolve(values.old), new: resolve(root, values.new) };
const runs = Number(values.runs);
const pick = (obj, path) => path.split('.').reduce((o, k) => o?.[k], obj);

function runOnce(entry) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [benchArgv[0], ...benchArgv.slice(1)], {
      cwd: root,
      env: { ...process.env, BENCH_SERVER_ENTRY: entry },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', fail);
    child.once('exit', (code) => done(code));
  });
}

const samples = { old: [], new: [] };
for (let i = 0; i < runs; i++) {
  const order = i % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
  for (const side of order) {
    const code = await runOnce(builds[side]);
    const out = JSON.parse(readFileSync(resolve(root, values.result), 'utf8'));
    const figures = Object.fromEntries(values.metric.map((m) => [m, pick(out, m)]));
    samples[side].push({ exit: code, ...figures });
    console.error(`round ${i + 1} ${side}: ${JSON.stringify(figures)} (exit ${code})`);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const summary = {};
for (const m of values.metric) {
  const of = (side) => samples[side].map((s) => s[m]).filter((v) => typeof v === 'number');
  const [o, n] = [of('old'), of('new')];
  summary[m] = {
    old: { median: median(o), min: Math.min(...o), max: Math.max(...o) },
    new: { median: median(n), min: Math.min(...n), max: Math.max(...n) },
    new_over_old: Math.round((median(n) / median(o)) * 1000) / 1000,
  };
}
const report = { bench: benchArgv.join(' '), builds, runs, summary, samples };
console.log(JSON.stringify(report, null, 2));
mkdirSync(resolve(root, 'bench/results'), { recursive: true });
writeFileSync(
  resolve(root, `bench/results/before-after-${basename(values.result)}`),
  `${JSON.stringify(report, null, 2)}\n`,
);
