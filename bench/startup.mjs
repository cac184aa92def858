#!/usr/bin/env node
// Cold start of the built server to the first GET /api/health 200, on PGlite.
// Usage: npm run bench:startup [-- --runs 5]
// First prepares a seeded data directory (that first start includes seeding and is reported
// separately), then restarts the server on it `runs` times.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '3199' } },
});
const runs = Number(values.runs);
const port = Number(values.port);
const dataDir = `/tmp/codiroom-bench-startup-${process.pid}`;
const root = new URL('..', import.meta.url).pathname;

async function startOnce() {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['apps/api/dist/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      // Production needs SMS keys to start; the bench sends no SMS (and this base URL goes nowhere).
      SOLAPI_API_KEY: 'bench',
      SOLAPI_API_SECRET: 'bench',
      SOLAPI_SENDER: '0200000000',
      SOLAPI_BASE_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  let ms = null;
  while (performance.now() - t0 < 600_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) {
        ms = performance.now() - t0;
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGTERM');
  await exited;
  if (ms === null) throw new Error('server never answered /api/health');
  return Math.round(ms);
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
