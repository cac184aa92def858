#!/usr/bin/env node
// Server-rendered pages under load (autocannon, 10 connections): the built server in production
// mode on a fresh PostgreSQL database (created here, dropped afterwards) or a fresh PGlite data
// directory, seeded with --products products. Alternates --runs rounds of the product page
// (`/product/{id}`, ids rotating over --ids seeded products, the rotation going on across rounds)
// and the ranking page (`/ranking`, rotating its tabs, periods and pages as a visitor would),
// swapping which goes first each round so a noisy machine slows both alike. Reports, per page:
// pages/s median and spread (min–max), p50/p99 latency, the server process's CPU ms per page
// (/proc/<pid>/stat utime+stime over each run) and non-2xx; the ratio product / ranking of the
// medians; and what the product page's loader waited on, by part (the detail, the stored document,
// the live cards laid over it: p50 and p90 from the server's codiroom_product_page_read_seconds).
// Target (SPEC.md 'Performance', PostgreSQL): product pages/s ≥ 0.8 × ranking pages/s, no non-2xx.
// Usage: node bench/pages.mjs [--db postgres|pglite] [--products 2000] [--ids 1500] [--runs 5]
//        [--duration 10] [--connections 10] [--port 3300] [--documents wait|cold]
//        [--base postgres://root@127.0.0.1:5432/postgres]
// BENCH_SERVER_ENTRY (bench/server.mjs) runs another build (bench/before-after.mjs).
// Writes bench/results/pages-{db}.json; exits 1 when the target is missed (PostgreSQL) or any
// page answered non-2xx.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import {
  assertPortFree,
  BENCH_METRICS_TOKEN,
  cliArgs,
  cpuMsOf,
  startServer,
  storeProductDocuments,
} from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    db: { type: 'string', default: 'postgres' },
    base: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    products: { type: 'string', default: '2000' },
    ids: { type: 'string', default: '1500' },
    runs: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3300' },
    'db-prefix': { type: 'string', default: 'h1_bench_pages_' },
    // wait: measure once the worker has computed the product documents (a running shop);
    // cold: measure at once (first visits compute their document).
    documents: { type: 'string', default: 'wait' },
  },
});
const port = Number(values.port);
const connections = Number(values.connections);
const duration = Number(values.duration);
const runs = Number(values.runs);
const usePg = values.db === 'postgres';

/** Where each rotation is: it goes on across runs, so a slow run does not see the same ids again. */
const cursors = new Map();

function run(name, url, paths, pid, seconds = duration) {
  const cursor = cursors.get(paths) ?? { n: 0 };
  cursors.set(paths, cursor);
  const cpu0 = cpuMsOf(pid);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              cursor.n += 1;
              return { ...req, path: paths[cursor.n % paths.length] };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        const cpu = cpuMsOf(pid) - cpu0;
        resolve({
          name,
          pages: r.requests.total,
          pages_per_s: Math.round((r.requests.total / seconds) * 10) / 10,
          latency_ms: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
          server_cpu_ms_per_page: Math.round((cpu / Math.max(1, r.requests.total)) * 100) / 100,
          non_2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
        });
      },
    );
  });
}

/**
 * The server's product page read histogram (codiroom_product_page_read_seconds, web/reads.ts) as
 * cumulative bucket counts per part: { part: [[le seconds, count], …] }.
 */
async function pageReadBuckets(origin) {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
  ).text();
  const out = {};
  for (const m of text.matchAll(/^codiroom_product_page_read_seconds_bucket\{([^}]*)\} (\S+)$/gm)) {
    const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    const buckets = out[labels.part] ?? [];
    buckets.push([labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le), Number(m[2])]);
    out[labels.part] = buckets;
  }
  return out;
}

/**
 * p50 and p90 in ms of each part's reads between two scrapes, interpolated within the histogram's
 * buckets (so as fine as its bounds: 0.1, 0.25, 0.5, 1, 2.5 ms …).
 */
function pageReadQuantiles(before, after) {
  const out = {};
  for (const [part, buckets] of Object.entries(after)) {
    const was = new Map(before[part] ?? []);
    const cum = buckets.map(([le, n]) => [le, n - (was.get(le) ?? 0)]);
    const total = cum.at(-1)?.[1] ?? 0;
    const q = (f) => {
      const want = f * total;
      let lo = 0;
      let below = 0;
      for (const [le, n] of cum) {
        if (n >= want) {
          const hi = Number.isFinite(le) ? le : lo;
          return Math.round((lo + ((want - below) / Math.max(1, n - below)) * (hi - lo)) * 1e5) / 100;
        }
        lo = le;
        below = n;
      }
      return null;
    };
    out[part] = { reads: total, p50: total ? q(0.5) : null, p90: total ? q(0.9) : null };
  }
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
function summary(samples) {
  const of = (f) => samples.map(f);
  const spread = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
  return {
    pages_per_s: spread(of((s) => s.pages_per_s)),
    latency_p50_ms: spread(of((s) => s.latency_ms.p50)),
    latency_p99_ms: spread(of((s) => s.latency_ms.p99)),
    server_cpu_ms_per_page: spread(of((s) => s.server_cpu_ms_per_page)),
    non_2xx: samples.reduce((a, s) => a + s.non_2xx + s.errors + s.timeouts, 0),
  };
}

await assertPortFree(port);

const dbName = `${values['db-prefix']}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = usePg ? postgres(values.base, { max: 1, onnotice: () => {} }) : null;
const dataDir = usePg ? null : join(tmpdir(), `codiroom-bench-pages-${process.pid}`);
let env;
if (usePg) {
  const dbUrl = new URL(values.base);
  dbUrl.pathname = `/${dbName}`;
  await admin.unsafe(`create database ${dbName}`);
  env = { DATABASE_URL: dbUrl.toString(), SEED_PRODUCTS: values.products };
} else {
  env = { DATA_DIR: dataDir, SEED_PRODUCTS: values.products };
}
env.METRICS_TOKEN = BENCH_METRICS_TOKEN;

let server;
try {
  server = await startServer({ port, env });
  const origin = `http://127.0.0.1:${port}`;
  // Product ids from the listing itself (works the same on both databases): every product on sale,
  // the first --ids of them measured.
  const allIds = new Set();
  for (let page = 1; page <= 500; page++) {
    const body = await (
      await fetch(`${origin}/api/products/category-products?sort=newest&page=${page}`)
    ).json();
    if (!body.result?.length) break;
    for (const p of body.result) allIds.add(p.id);
  }
  const ids = new Set([...allIds].slice(0, Number(values.ids)));
  if (ids.size === 0) throw new Error('no products seeded');
  const productPaths = [...ids].slice(0, Number(values.ids)).map((id) => `/product/${id}`);
  const tabs = ['all', 'rising', 'brands', 'outer', 'top', 'bottom', 'shoes', 'bag', 'accessories', 'sports'];
  const rankingPaths = tabs.flatMap((t) =>
    (t === 'rising' || t === 'brands' ? ['realtime'] : ['realtime', 'daily', 'weekly']).flatMap((period) =>
      (t === 'brands' ? [1] : [1, 2, 3]).map((p) => {
        const q = new URLSearchParams();
        if (t !== 'all') q.set('tab', t);
        if (period !== 'realtime') q.set('period', period);
        if (p > 1) q.set('page', String(p));
        const s = q.toString();
        return s ? `/ranking?${s}` : '/ranking';
      }),
    ),
  );
  // A running shop has every product's document (web/product-document.ts: the worker computes them,
  // a first visit stores its own). The worker's warm-up is paced (minutes for 2,000), so the bench
  // stores them by visiting every product once, then restarts the server: the documents stay in the
  // database, while the process's own caches start empty, as after a deploy. --documents cold
  // measures first visits instead.
  let documentsWarmS = null;
  if (values.documents === 'wait') {
    documentsWarmS = Math.round(await storeProductDocuments(origin, allIds));
    console.error(`product documents stored in ${documentsWarmS} s; restarting the server`);
    await server.stop();
    server = await startServer({ port, env });
  }
  // Warm-up (JIT, the first ranking recompute after start) on other product ids than the runs'
  // first ones: the measured rotation starts cold.
  await run('warm-up', origin, [...productPaths.slice(-100), ...rankingPaths], server.pid, 5).catch(() => {});

  const samples = { product: [], ranking: [] };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? ['product', 'ranking'] : ['ranking', 'product'];
    for (const side of order) {
      const reads0 = side === 'product' ? await pageReadBuckets(origin) : null;
      const r =
        side === 'product'
          ? await run('GET /product/{id}', origin, productPaths, server.pid)
          : await run('GET /ranking', origin, rankingPaths, server.pid);
      // What the product page's first byte waited on, part by part (the server's own histogram).
      if (reads0) r.page_reads_ms = pageReadQuantiles(reads0, await pageReadBuckets(origin));
      samples[side].push(r);
      console.error(
        `round ${i + 1} ${side}: ${r.pages_per_s} pages/s, p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms, ` +
          `${r.server_cpu_ms_per_page} CPU ms/page, non-2xx ${r.non_2xx}`,
      );
    }
  }
  const product = summary(samples.product);
  // Each part's p50 and p90 as the median over the rounds.
  product.page_reads_ms = Object.fromEntries(
    ['detail', 'document', 'live_cards'].map((part) => [
      part,
      Object.fromEntries(
        ['p50', 'p90'].map((k) => {
          const xs = samples.product.map((s) => s.page_reads_ms?.[part]?.[k]).filter((x) => x != null);
          return [k, xs.length ? median(xs) : null];
        }),
      ),
    ]),
  );
  const ranking = summary(samples.ranking);
  const ratio =
    Math.round((product.pages_per_s.median / Math.max(1, ranking.pages_per_s.median)) * 100) / 100;
  const targets = {
    product_over_ranking: ratio,
    product_over_ranking_ok: ratio >= 0.8,
    no_non_2xx: product.non_2xx === 0 && ranking.non_2xx === 0,
  };
  const out = {
    bench: `server-rendered pages (${usePg ? 'PostgreSQL' : 'PGlite'}, ${values.products} products, ${productPaths.length} product ids)`,
    server: process.env.BENCH_SERVER_ENTRY ?? 'apps/api/dist/server.mjs',
    documents: values.documents,
    documents_computed_s: documentsWarmS,
    node: process.version,
    connections,
    duration_s: duration,
    runs,
    product,
    ranking,
    targets,
    samples,
  };
  console.log(JSON.stringify({ ...out, samples: undefined }, null, 2));
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL(`./results/pages-${usePg ? 'postgres' : 'pglite'}.json`, import.meta.url),
    `${JSON.stringify(out, null, 2)}\n`,
  );
  const pass = usePg ? targets.product_over_ranking_ok && targets.no_non_2xx : targets.no_non_2xx;
  process.exitCode = pass ? 0 : 1;
} finally {
  await server?.stop();
  if (admin) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
