#!/usr/bin/env node
// POST /api/carts under load: the built server on a fresh PostgreSQL database (created here and
// dropped afterwards), 50 connections for 10 s, each request from a distinct guest id.
// Usage: node bench/cart.mjs [-- --base postgres://root@127.0.0.1:5432/postgres --connections 50 --duration 10]
// (--rate 300: a fixed 300 requests per second, to compare the CPU per request of two builds)
// Writes bench/results/cart.json; exits 1 when p99 is above the 30 ms target.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { benchGuestId, cliArgs, cpuBetween, cpuSnapshot, startServer } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    base: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3198' },
    products: { type: 'string', default: '300' },
    // Diagnosis: a fixed request rate (requests per second, all connections together) instead of
    // as many as the server answers, so that builds are compared on the same work per second
    // (CPU per request, and the cart batches' size, depend on the rate).
    rate: { type: 'string' },
    // Diagnosis only: another call under the same load (the result file is then not written).
    path: { type: 'string', default: '/api/carts' },
    method: { type: 'string', default: 'POST' },
  },
});
const port = Number(values.port);
const dbName = `codiroom_bench_cart_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
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

  // Items with stock; every guest adds one of them once, so stock never runs out.
  const db = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
  await db`update product_items set stock = 99, is_active = true`;
  const items = (
    await db`select i.id from product_items i join product_displays d on d.id = i.product_display_id
    where d.is_active order by i.id limit 500`
  ).map((r) => r.id);
  await db.end();
  if (items.length === 0) throw new Error('no items seeded');

  let n = 0;
  const cpu0 = await cpuSnapshot(admin, dbName, server.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Number(values.connections),
    duration: Number(values.duration),
    ...(values.rate ? { overallRate: Number(values.rate) } : {}),
    requests: [
      {
        method: values.method,
        path: values.path,
        setupRequest: (req) => {
          n += 1;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-guest-user-id': benchGuestId(),
            },
            body:
              values.method === 'GET'
                ? undefined
                : JSON.stringify({ product_item_id: items[n % items.length], quantity: 1 }),
          };
        },
      },
    ],
  });
  await new Promise((r) => setTimeout(r, 1100)); // the backends report their commits within 1 s
  const cpu1 = await cpuSnapshot(admin, dbName, server.pid);
  const used = cpuBetween(cpu0, cpu1);
  const perRequest = (ms) => Math.round((ms / Math.max(1, result.requests.total)) * 1000) / 1000;
  const non2xx = result.non2xx;
  const out = {
    bench: 'POST /api/carts, distinct guest ids (PostgreSQL)',
    node: process.version,
    connections: result.connections,
    duration_s: result.duration,
    requests: result.requests.total,
    rps_mean: Math.round(result.requests.average),
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.average,
    },
    // Diagnosis: CPU milliseconds per request of the server, the PostgreSQL backends and the load
    // generator (comparable across runs when the shared machine's load differs).
    cpu_ms_per_request: {
      server: perRequest(used.server),
      postgres: perRequest(used.pg),
      load_generator: perRequest(used.bench),
    },
    // Transactions the database committed per request (1 without batching).
    commits_per_request: Math.round((used.commits / Math.max(1, result.requests.total)) * 1000) / 1000,
    load_average: Number(loadavg()[0].toFixed(2)),
    non_2xx: non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    target_p99_ms: 30,
  };
  console.log(JSON.stringify(out, null, 2));
  if (values.path === '/api/carts' && values.method === 'POST' && !values.rate) {
    mkdirSync(new URL('./results', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/cart.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
  }
  process.exitCode = out.latency_ms.p99 > out.target_p99_ms || non2xx > 0 ? 1 : 0;
} finally {
  await server?.stop();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
