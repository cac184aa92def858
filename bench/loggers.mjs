#!/usr/bin/env node
// The analytics write path under load (docs/ARCHITECTURE.md, "Analytics"): the built server on a
// fresh PostgreSQL database (created here and dropped afterwards); 200 clients post logger batches
// of 5 events (POST /api/loggers/batch) at 200 batches/s in all — 1,000 events/s — for 30 s, at
// random moments each, while 5 more clients read product details at 50 requests/s. Reports the p99 of both calls and checks
// that every accepted event was written (events written = events accepted).
// Usage: npx node bench/loggers.mjs [-- --connections 200 --duration 30 --rate 200 --events 5]
// Writes bench/results/loggers.json; exits 1 when an accepted event is missing or a p99 target is missed.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { benchGuestId, cliArgs, startServer } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    base: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '30' },
    rate: { type: 'string', default: '200' },
    events: { type: 'string', default: '5' },
    port: { type: 'string', default: '3196' },
    products: { type: 'string', default: '300' },
  },
});
const TARGET_LOGGER_P99_MS = 50;
const TARGET_DETAIL_P99_MS = 100;
const port = Number(values.port);
const perBatch = Number(values.events);
const dbName = `codiroom_bench_log_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = postgres(values.base, { max: 1, onnotice: () => {} });
const dbUrl = new URL(values.base);
dbUrl.pathname = `/${dbName}`;

await admin.unsafe(`create database ${dbName}`);
let server;
try {
  server = await startServer({
    port,
    env: { DATABASE_URL: dbUrl.toString(), SEED_PRODUCTS: values.products },
  });
  const db = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
  const products = (await db`select id from product_displays where is_active order by id limit 200`).map(
    (r) => r.id,
  );
  const before = Number((await db`select count(*)::int as n from event_logs`)[0].n);

  // 200 clients, each a storefront tab with its own guest and visit, each sending a batch at
  // random moments (exponential gaps averaging connections ÷ rate seconds): arrivals are spread
  // as a shop's are, not fired by every client on the same tick. 5 more clients read product
  // details at 50 requests/s in all, the same way.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(values.connections) + 10 });
  /** One request over the kept-alive sockets: its status and body text. */
  const request = (method, path, headers = {}, body = undefined) =>
    new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const until = performance.now() + Number(values.duration) * 1000;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const gap = (meanMs) => -Math.log(1 - Math.random()) * meanMs;
  const pct = (arr, q) => {
    const a = [...arr].sort((x, y) => x - y);
    return a.length ? Math.round(a[Math.min(a.length - 1, Math.floor(q * a.length))] * 10) / 10 : 0;
  };
  let n = 0;
  let acceptedByServer = 0;
  const acked = [];
  const loggerMs = [];
  const detailMs = [];
  const failures = { logger: 0, detail: 0, errors: 0 };
  const loggerGapMs = (Number(values.connections) / Number(values.rate)) * 1000;
  async function client() {
    const guest = benchGuestId();
    const session = `bench_${randomUUID()}`;
    await sleep(Math.random() * loggerGapMs);
    while (performance.now() < until) {
      n += 1;
      const batchNo = n;
      const id = products[batchNo % products.length];
      // Every event carries its batch number, so each acknowledged batch can be found in the table.
      const events = Array.from({ length: perBatch }, (_, i) =>
        i === 0
          ? {
              kind: 'page_view',
              path: `/product/${id}`,
              product_display_id: id,
              event_id: `b${batchNo}-${i}`,
            }
          : {
              kind: 'section',
              name: `product_section_${i}`,
              path: `/product/${id}`,
              event_id: `b${batchNo}-${i}`,
            },
      );
      const t0 = performance.now();
      try {
        const res = await request(
          'POST',
          '/api/loggers/batch',
          { 'content-type': 'application/json', 'x-guest-user-id': guest },
          JSON.stringify({ session_id: session, ab_group: 'AB', events }),
        );
        const body = JSON.parse(res.text);
        loggerMs.push(performance.now() - t0);
        if (res.status === 200) {
          acceptedByServer += body.accepted;
          acked.push(batchNo);
        } else failures.logger += 1;
      } catch {
        failures.errors += 1;
      }
      await sleep(Math.min(gap(loggerGapMs), Math.max(0, until - performance.now())));
    }
  }
  async function reader(k) {
    let m = k;
    while (performance.now() < until) {
      m += 5;
      const t0 = performance.now();
      try {
        const res = await request('GET', `/api/products/detail/${products[(m * 7) % products.length]}`);
        detailMs.push(performance.now() - t0);
        if (res.status !== 200) failures.detail += 1;
      } catch {
        failures.errors += 1;
      }
      await sleep(Math.min(gap(100), Math.max(0, until - performance.now())));
    }
  }
  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: Number(values.connections) }, client),
    ...Array.from({ length: 5 }, (_, k) => reader(k)),
  ]);
  const elapsedS = (performance.now() - started) / 1000;
  const l = {
    connections: Number(values.connections),
    duration: Math.round(elapsedS * 10) / 10,
    requests: { total: loggerMs.length },
    latency: {
      p50: pct(loggerMs, 0.5),
      p90: pct(loggerMs, 0.9),
      p99: pct(loggerMs, 0.99),
      max: pct(loggerMs, 1),
    },
    non2xx: failures.logger,
    errors: failures.errors,
    timeouts: 0,
  };
  const d = {
    requests: { total: detailMs.length },
    latency: {
      p50: pct(detailMs, 0.5),
      p90: pct(detailMs, 0.9),
      p99: pct(detailMs, 0.99),
      max: pct(detailMs, 1),
    },
    non2xx: failures.detail,
    errors: 0,
    timeouts: 0,
  };
  agent.destroy();
  // Requests still in flight when the clock stopped may be written without their answer being
  // read: the check is that every acknowledged batch is in the table, whole.
  const accepted = acceptedByServer;
  let written = 0;
  let missing = accepted;
  for (let i = 0; i < 20 && missing > 0; i++) {
    await new Promise((r) => setTimeout(r, 500));
    written = Number((await db`select count(*)::int as n from event_logs`)[0].n) - before;
    const rows = await db`select split_part(event_id, '-', 1) as b, count(*)::int as n from event_logs
      where event_id like 'b%' group by 1`;
    const per = new Map(rows.map((r) => [r.b, r.n]));
    missing = acked.reduce((s, b) => s + Math.max(0, perBatch - (per.get(`b${b}`) ?? 0)), 0);
  }
  await db.end();
  const lat = (r) => ({ p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max });
  const out = {
    bench:
      'POST /api/loggers/batch at 1,000 events/s from 200 clients, with GET /api/products/detail (PostgreSQL)',
    node: process.version,
    connections: l.connections,
    duration_s: l.duration,
    batches: l.requests.total,
    events_per_s: Math.round((accepted / l.duration) * 10) / 10,
    logger_latency_ms: lat(l),
    product_detail_latency_ms: lat(d),
    product_detail_requests: d.requests.total,
    events_accepted: accepted,
    events_written: written,
    acknowledged_events_missing: missing,
    logger_non_2xx: l.non2xx,
    detail_non_2xx: d.non2xx,
    errors: l.errors + d.errors,
    timeouts: l.timeouts + d.timeouts,
    load_average: Number(loadavg()[0].toFixed(2)),
    target_logger_p99_ms: TARGET_LOGGER_P99_MS,
    target_detail_p99_ms: TARGET_DETAIL_P99_MS,
  };
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/loggers.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
  process.exitCode =
    missing > 0 ||
    written < accepted ||
    l.non2xx > 0 ||
    out.logger_latency_ms.p99 > TARGET_LOGGER_P99_MS ||
    out.product_detail_latency_ms.p99 > TARGET_DETAIL_P99_MS
      ? 1
      : 0;
} finally {
  await server?.stop();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
