#!/usr/bin/env node
// Korean search under load: the built server on PostgreSQL, 20 connections, first the product
// search (GET /api/v1/search/product) over a mix of queries — words, 초성, English-keyboard typing,
// variants, brands, several words — then autocomplete (GET /api/contents/keywords) over prefixes
// as they are typed, each after a warm-up of the same load (2 s, reported apart: the first queries
// after the server reports ready). Latencies are measured per response and reported as
// p50/p95/p99, with the CPU milliseconds per request of the server, its PostgreSQL backends and
// this script (which shares the machine's cores with both).
//
// Usage: node bench/search.mjs [-- --products 2000 --connections 20 --duration 10 --warmup 2 --cache-ttl 30 --set head|tail --runs 1]
//        node bench/search.mjs -- --database postgres://…/bench_search   (an already seeded database, kept)
// Without --database a fresh database is created on --base, seeded with --products on the first
// start and dropped afterwards. --runs N starts the server N times (on the same database) and
// measures each start; the figures at the top are then the medians of the runs (each percentile
// on its own), `runs` lists every run and `spread` the lowest and highest p95. Writes
// bench/results/search.json; exits 1 when a median p95 target is missed (search ≤ 30 ms,
// autocomplete ≤ 15 ms).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { cliArgs, cpuBetween, cpuSnapshot, startServer } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    base: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    database: { type: 'string' },
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    port: { type: 'string', default: '3127' },
    products: { type: 'string', default: '2000' },
    // Seconds the server caches engine answers (SEARCH_CACHE_TTL_S); 0 measures the engine itself.
    'cache-ttl': { type: 'string', default: '30' },
    // head = common words with thousands of hits (default); tail = narrow queries (brands, rarer items).
    set: { type: 'string', default: 'head' },
    // Server starts (each with its warm-up and both loads); the report gives medians and spread.
    runs: { type: 'string', default: '1' },
  },
});

const SEARCH_QUERIES = [
  '슬랙스',
  '셔츠',
  '코트',
  '니트',
  '패딩',
  '맨투맨',
  'ㅅㄹㅅ',
  'ㄴㅌㅇ',
  'tmffortm',
  '슬렉스',
  '샤쓰',
  '와이드슬랙스',
  '와이드 슬랙스',
  '네이비 슬랙스',
  '어반테일러',
  'urban tailor',
  '청바지',
  '운동화',
  '출근룩',
  '오픈칼라',
];
const TAIL_QUERIES = [
  '헨리넥',
  '오픈칼라',
  'urban tailor',
  '아카이브넘버',
  'dkzkdlqmsjaqj',
  '러닝화',
  'ㅎㄹㄴ',
  '체스터필드',
  '블레이져',
  '백팩',
  '넥타이',
  '트렌치',
  '옥스포드',
  '가디간',
  '더비',
  '북촌레더',
  'monday lab',
  '와이드 데님',
  '헤링본',
  '플란넬',
];
const SUGGEST_QUERIES = [
  'ㅅ',
  'ㅅㄹ',
  'ㅅㄹㅅ',
  '슬',
  '슬래',
  '슬랙',
  '맨',
  '맨투',
  '맨투ㅁ',
  '셔',
  '코',
  '니',
  'ㅁㄷ',
  '어반',
  'urb',
  'tmff',
  '와이드',
  '네이',
  '청바',
  'ㅎㄱㄹ',
];

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 100) / 100;
}

async function run(port, label, paths, duration = Number(values.duration)) {
  let n = 0;
  const times = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Number(values.connections),
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
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    call: label,
    connections: result.connections,
    duration_s: result.duration,
    requests: result.requests.total,
    rps_mean: Math.round(result.requests.average),
    latency_ms: {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      max: percentile(times, 100),
    },
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const port = Number(values.port);
const runs = Math.max(1, Math.trunc(Number(values.runs)) || 1);
const own = !values.database;
const dbName = `codiroom_bench_search_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = postgres(values.base, { max: 1, onnotice: () => {} });
let dbUrl;
if (own) {
  dbUrl = new URL(values.base);
  dbUrl.pathname = `/${dbName}`;
  await admin.unsafe(`create database ${dbName}`);
} else {
  dbUrl = new URL(values.database);
}
const monitoredDb = decodeURIComponent(dbUrl.pathname.slice(1));

const searchPaths = (values.set === 'tail' ? TAIL_QUERIES : SEARCH_QUERIES).map(
  (q) => `/api/v1/search/product?query=${encodeURIComponent(q)}`,
);
const suggestPaths = SUGGEST_QUERIES.map(
  (q) => `/api/contents/keywords?query=${encodeURIComponent(q)}&limit=10`,
);

/** A load `run` with the CPU milliseconds per request it cost the server, PostgreSQL and this script. */
async function measured(server, label, paths, duration) {
  const before = await cpuSnapshot(admin, monitoredDb, server.pid);
  const r = await run(port, label, paths, duration);
  const used = cpuBetween(before, await cpuSnapshot(admin, monitoredDb, server.pid));
  const per = (ms) => Math.round((ms / Math.max(1, r.requests)) * 1000) / 1000;
  return {
    ...r,
    cpu_ms_per_request: { server: per(used.server), postgres: per(used.pg), bench: per(used.bench) },
  };
}

/** One start of the server: its start time, the warm-up and both measured loads. */
async function oneRun(i) {
  let server;
  try {
    const seedStart = performance.now();
    server = await startServer({
      port,
      env: {
        DATABASE_URL: dbUrl.toString(),
        // Only the first start of an own database seeds it; later runs reuse it.
        SEED_PRODUCTS: own && i === 0 ? values.products : '0',
        SEARCH_CACHE_TTL_S: values['cache-ttl'],
      },
      timeoutMs: 3_600_000,
    });
    const startMs = Math.round(performance.now() - seedStart);
    const db = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
    const [{ n: products }] = await db`select count(*)::int as n from product_displays`;
    const [{ n: documents }] = await db`select count(*)::int as n from search_documents`;
    await db`analyze search_documents`;
    await db.end();

    // Warm-up under the same load, reported apart: the server's first seconds after it reports
    // ready (connections opening, code not yet optimised, anything not warmed at start) are
    // start-up, not the steady state the targets are about.
    const warmupS = Number(values.warmup);
    const warmup =
      warmupS > 0
        ? {
            seconds: warmupS,
            search: (await run(port, 'warm-up search', searchPaths, warmupS)).latency_ms,
            autocomplete: (await run(port, 'warm-up autocomplete', suggestPaths, warmupS)).latency_ms,
          }
        : null;
    const search = await measured(server, 'GET /api/v1/search/product', searchPaths, Number(values.duration));
    const suggest = await measured(
      server,
      'GET /api/contents/keywords (autocomplete)',
      suggestPaths,
      Number(values.duration),
    );
    return {
      products,
      search_documents: documents,
      server_start_ms: startMs,
      load_avg_1m: Math.round(loadavg()[0] * 100) / 100,
      search,
      autocomplete: suggest,
      warmup,
    };
  } finally {
    await server?.stop();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : Math.round(((s[m - 1] + s[m]) / 2) * 100) / 100;
};
/** Each field of the latency objects `xs` as the median over the runs. */
const medianLatency = (xs) =>
  Object.fromEntries(Object.keys(xs[0]).map((k) => [k, median(xs.map((x) => x[k]))]));
const medianOf = (results) => {
  const first = results[0];
  const sum = (f) => results.reduce((a, r) => a + f(r), 0);
  return {
    ...first,
    requests: median(results.map((r) => r.requests)),
    rps_mean: median(results.map((r) => r.rps_mean)),
    latency_ms: medianLatency(results.map((r) => r.latency_ms)),
    non_2xx: sum((r) => r.non_2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    cpu_ms_per_request: medianLatency(results.map((r) => r.cpu_ms_per_request)),
  };
};
const spreadOf = (xs) => ({ min: Math.min(...xs), max: Math.max(...xs) });

try {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = await oneRun(i);
    results.push(r);
    if (runs > 1) {
      console.error(
        `run ${i + 1}/${runs}: search p95 ${r.search.latency_ms.p95} ms (${r.search.rps_mean} req/s), ` +
          `autocomplete p95 ${r.autocomplete.latency_ms.p95} ms, first queries p95 ${r.warmup?.search.p95 ?? '–'} ms, ` +
          `start ${r.server_start_ms} ms, load ${r.load_avg_1m}`,
      );
    }
  }
  const last = results.at(-1);
  const search = medianOf(results.map((r) => r.search));
  const suggest = medianOf(results.map((r) => r.autocomplete));
  const warmups = results.map((r) => r.warmup).filter(Boolean);
  const out = {
    bench: 'Korean search and autocomplete (PostgreSQL)',
    node: process.version,
    products: last.products,
    search_documents: last.search_documents,
    server_start_ms: median(results.map((r) => r.server_start_ms)),
    cache_ttl_s: Number(values['cache-ttl']),
    query_set: values.set,
    search: { ...search, target_p95_ms: 30 },
    autocomplete: { ...suggest, target_p95_ms: 15 },
    warmup: warmups.length
      ? {
          seconds: warmups[0].seconds,
          search: medianLatency(warmups.map((w) => w.search)),
          autocomplete: medianLatency(warmups.map((w) => w.autocomplete)),
        }
      : null,
    load_avg_1m: median(results.map((r) => r.load_avg_1m)),
    ...(runs > 1
      ? {
          runs: results.length,
          // Lowest and highest p95 over the runs (the figures above are medians).
          spread: {
            search_p95_ms: spreadOf(results.map((r) => r.search.latency_ms.p95)),
            autocomplete_p95_ms: spreadOf(results.map((r) => r.autocomplete.latency_ms.p95)),
            first_queries_search_p95_ms: warmups.length ? spreadOf(warmups.map((w) => w.search.p95)) : null,
          },
          each_run: results,
        }
      : {}),
  };
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/search.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
  const failed =
    search.latency_ms.p95 > 30 ||
    suggest.latency_ms.p95 > 15 ||
    search.non_2xx > 0 ||
    suggest.non_2xx > 0 ||
    search.errors > 0 ||
    suggest.errors > 0;
  process.exitCode = failed ? 1 : 0;
} finally {
  if (own) await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
