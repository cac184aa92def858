#!/usr/bin/env node
// Korean search under load: the built server on PostgreSQL, 20 connections, first the product
// search (GET /api/v1/search/product) over a mix of queries — words, 초성, English-keyboard typing,
// variants, brands, several words — then autocomplete (GET /api/contents/keywords) over prefixes
// as they are typed, each after a warm-up of the same load (2 s, reported apart). Latencies are
// measured per response and reported as p50/p95/p99.
//
// Usage: node bench/search.mjs [-- --products 2000 --connections 20 --duration 10 --warmup 2 --cache-ttl 30 --set head|tail]
//        node bench/search.mjs -- --database postgres://…/bench_search   (an already seeded database, kept)
// Without --database a fresh database is created on --base, seeded with --products on start and
// dropped afterwards. Writes bench/results/search.json; exits 1 when a p95 target is missed
// (search ≤ 30 ms, autocomplete ≤ 15 ms).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { cliArgs, startServer } from './server.mjs';

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
const own = !values.database;
const dbName = `codiroom_bench_search_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = own ? postgres(values.base, { max: 1, onnotice: () => {} }) : null;
let dbUrl;
if (own) {
  dbUrl = new URL(values.base);
  dbUrl.pathname = `/${dbName}`;
  await admin.unsafe(`create database ${dbName}`);
} else {
  dbUrl = new URL(values.database);
}

let server;
try {
  const seedStart = performance.now();
  server = await startServer({
    port,
    env: {
      DATABASE_URL: dbUrl.toString(),
      SEED_PRODUCTS: own ? values.products : '0',
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

  const searchPaths = (values.set === 'tail' ? TAIL_QUERIES : SEARCH_QUERIES).map(
    (q) => `/api/v1/search/product?query=${encodeURIComponent(q)}`,
  );
  const suggestPaths = SUGGEST_QUERIES.map(
    (q) => `/api/contents/keywords?query=${encodeURIComponent(q)}&limit=10`,
  );
  // Warm-up under the same load, reported apart: the server's first seconds (the in-memory index
  // loading while SQL answers, connections opening, code not yet optimised) are start-up, not the
  // steady state the targets are about.
  const warmupS = Number(values.warmup);
  const warmup =
    warmupS > 0
      ? {
          seconds: warmupS,
          search: (await run(port, 'warm-up search', searchPaths, warmupS)).latency_ms,
          autocomplete: (await run(port, 'warm-up autocomplete', suggestPaths, warmupS)).latency_ms,
        }
      : null;

  const search = await run(port, 'GET /api/v1/search/product', searchPaths);
  const suggest = await run(port, 'GET /api/contents/keywords (autocomplete)', suggestPaths);
  const out = {
    bench: 'Korean search and autocomplete (PostgreSQL)',
    node: process.version,
    products,
    search_documents: documents,
    server_start_ms: startMs,
    cache_ttl_s: Number(values['cache-ttl']),
    query_set: values.set,
    search: { ...search, target_p95_ms: 30 },
    autocomplete: { ...suggest, target_p95_ms: 15 },
    warmup,
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
  await server?.stop();
  if (own) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
