#!/usr/bin/env node
// Catalogue reads under load (autocannon, 50 connections): the built server on PostgreSQL (a fresh
// database created here and dropped afterwards) or PGlite (a fresh data directory), seeded with
// --products products. In the same run: a bare Fastify route (a separate process returning a
// small JSON body) as the throughput reference, then product detail (rotating ids), the category
// listing (rotating tabs, sorts and pages) and the ranking (rotating tabs and pages).
// Targets: product detail ≥ 50% of the bare route's requests/s; category listing and ranking
// p99 ≤ 50 ms; no errors or non-2xx anywhere.
// Usage: node bench/catalog.mjs [--db postgres|pglite] [--products 2000] [--duration 10]
//        [--connections 50] [--base postgres://root@127.0.0.1:5432/postgres]
//        node bench/catalog.mjs -- --database postgres://…/bench_search --products 100000
//        (an already seeded PostgreSQL database, kept; --products then only names the result file)
// Writes bench/results/catalog-{db}-{products}.json; exits 1 when a target is missed.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { assertPortFree, cliArgs, startServer } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    db: { type: 'string', default: 'postgres' },
    base: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    products: { type: 'string', default: '2000' },
    database: { type: 'string' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3182' },
    'bare-port': { type: 'string', default: '3183' },
  },
});
const port = Number(values.port);
const barePort = Number(values['bare-port']);
const connections = Number(values.connections);
const duration = Number(values.duration);
const root = new URL('..', import.meta.url).pathname;
const usePg = values.db === 'postgres' || Boolean(values.database);

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ id: 1, name: '베어 라우트', price: 39000, result: [] }));
await app.listen({ port: ${barePort}, host: '127.0.0.1' });
`;

async function startBare() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: join(root, 'apps/api'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  for (let i = 0; i < 500; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${barePort}/bare`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}

function run(name, url, paths) {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              n += 1;
              return { ...req, path: paths[n % paths.length] };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          name,
          requests: r.requests.total,
          rps_mean: Math.round(r.requests.average),
          latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
          non_2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
        });
      },
    );
  });
}

// Another bench on the same port would be measured instead: refuse to start.
for (const p of [port, barePort]) await assertPortFree(p);

const dbName = `codiroom_bench_catalog_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const own = !values.database;
const admin = usePg && own ? postgres(values.base, { max: 1, onnotice: () => {} }) : null;
const dataDir = usePg ? null : join(tmpdir(), `codiroom-bench-catalog-${process.pid}`);
let env;
if (!own) {
  env = { DATABASE_URL: values.database, SEED_PRODUCTS: '0' };
} else if (usePg) {
  const dbUrl = new URL(values.base);
  dbUrl.pathname = `/${dbName}`;
  await admin.unsafe(`create database ${dbName}`);
  env = { DATABASE_URL: dbUrl.toString(), SEED_PRODUCTS: values.products };
} else {
  env = { DATA_DIR: dataDir, SEED_PRODUCTS: values.products };
}

let server;
let stopBare;
try {
  server = await startServer({ port, env });
  const api = `http://127.0.0.1:${port}`;
  // Product ids from the listing itself (works the same on both databases).
  const ids = [];
  for (let page = 1; page <= 10; page++) {
    const body = await (await fetch(`${api}/api/products/category-products?sort=newest&page=${page}`)).json();
    ids.push(...body.result.map((p) => p.id));
  }
  if (ids.length === 0) throw new Error('no products seeded');
  const tabs = ['all', 'outer', 'top', 'bottom', 'shoes', 'bag', 'accessories', 'sports'];
  const sorts = ['popular', 'newest', 'price_asc', 'price_desc', 'discount', 'reviews'];
  const detailPaths = ids.map((id) => `/api/products/detail/${id}`);
  const listingPaths = tabs.flatMap((t) =>
    sorts.flatMap((s) =>
      [1, 2, 3].map((p) => `/api/products/category-products?category_main=${t}&sort=${s}&page=${p}`),
    ),
  );
  const rankingPaths = ['rising', ...tabs].flatMap((t) =>
    [1, 2, 3].map((p) => `/api/products/ranking-items?category_main=${t}&page=${p}`),
  );
  // Warm-up (JIT, caches, the first ranking recompute 5 s after start).
  await run('warm-up', api, [...detailPaths, ...listingPaths, ...rankingPaths]).catch(() => {});

  stopBare = await startBare();
  const bare = await run('bare Fastify route', `http://127.0.0.1:${barePort}`, ['/bare']);
  await stopBare();
  stopBare = null;
  const detail = await run('GET /api/products/detail/{id}', api, detailPaths);
  const listing = await run('GET /api/products/category-products', api, listingPaths);
  const ranking = await run('GET /api/products/ranking-items', api, rankingPaths);

  const ratio = Math.round((detail.rps_mean / Math.max(1, bare.rps_mean)) * 100) / 100;
  const ok = (r) => r.non_2xx === 0 && r.errors === 0 && r.timeouts === 0;
  const targets = {
    detail_vs_bare_ratio: ratio,
    detail_vs_bare_ok: ratio >= 0.5,
    listing_p99_ok: listing.latency_ms.p99 <= 50,
    ranking_p99_ok: ranking.latency_ms.p99 <= 50,
    no_errors: [detail, listing, ranking].every(ok),
  };
  const out = {
    bench: `catalogue reads (${usePg ? 'PostgreSQL' : 'PGlite'}, ${values.products} products)`,
    node: process.version,
    connections,
    duration_s: duration,
    runs: [bare, detail, listing, ranking],
    targets,
  };
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL(`./results/catalog-${usePg ? 'postgres' : 'pglite'}-${values.products}.json`, import.meta.url),
    `${JSON.stringify(out, null, 2)}\n`,
  );
  const pass = usePg
    ? targets.detail_vs_bare_ok && targets.listing_p99_ok && targets.ranking_p99_ok && targets.no_errors
    : targets.no_errors;
  process.exitCode = pass ? 0 : 1;
} finally {
  if (stopBare) await stopBare();
  await server?.stop();
  if (admin) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
