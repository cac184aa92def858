#!/usr/bin/env node
// Cold start of the built server to the first GET /api/health 200, on PGlite.
// Usage: npm run bench:startup [-- --runs 5]
// First prepares a seeded data directory (that first start includes seeding and is reported
// separately), then restarts the server on it `runs` times.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cliArgs, startServer } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '3199' } },
});
const runs = Number(values.runs);
const port = Number(values.port);
const dataDir = `/tmp/codiroom-bench-startup-${process.pid}`;

async function startOnce() {
  const { ms, stop } = await startServer({ port, env: { DATA_DIR: dataDir } });
  await stop();
  return ms;
}

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const firstStartWithSeed = await startOnce();
const restarts = [];
for (let i = 0; i < runs; i++) restarts.push(await startOnce());
rmSync(dataDir, { recursive: true, force: true });
const sorted = [...restarts].sort((a, b) => a - b);
const result = {
  bench: 'cold start to first /api/health 200 (PGlite)',
  node: process.version,
  first_start_including_seed_ms: firstStartWithSeed,
  restarts_ms: restarts,
  median_ms: sorted[Math.floor(sorted.length / 2)],
  max_ms: sorted.at(-1),
  target_ms: 10_000,
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(new URL('./results', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/startup.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
if (result.max_ms > result.target_ms) process.exit(1);
