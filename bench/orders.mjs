#!/usr/bin/env node
// Order create + confirm under load: the built server (production mode) on a fresh PostgreSQL
// database (created here and dropped afterwards), with the real Toss adapter pointed at a local
// fake Toss server run by this script. 50 buyers (distinct members) loop for 10 s; each iteration
// is POST /api/orders then POST /api/orders/confirm-order, timed together. A warm-up of the same
// load runs first (2 s, reported apart as `warmup`): the server's first second — connections to
// PostgreSQL opened, statements prepared on each, code not yet optimised — is start-up, not the
// steady state the target is about. Before it, every product page is visited once, so a build
// that keeps page documents has computed them (settleDocuments) before the seconds that count.
// --db pglite runs the same load on the embedded default (a fresh DATA_DIR): the server is started
// once to migrate and seed, stopped while this script prepares stock and buyers in the directory,
// then started again.
// Usage: node bench/orders.mjs [-- --db postgres|pglite --base postgres://root@127.0.0.1:5432/postgres
//        --buyers 50 --duration 10 --warmup 2]
// Writes bench/results/orders[-pglite].json; exits 1 when the p99 of create + confirm is above the
// target (150 ms on PostgreSQL; on PGlite, one connection for all buyers, none: the figure is for
// comparing builds).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { SignJWT } from 'jose';
import postgres from 'postgres';
import {
  BENCH_ENV,
  BENCH_METRICS_TOKEN,
  cliArgs,
  cpuBetween,
  cpuSnapshot,
  startServer,
  storedDocuments,
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
    buyers: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    port: { type: 'string', default: '3197' },
    products: { type: 'string', default: '300' },
  },
});
const port = Number(values.port);
if (values.db !== 'postgres' && values.db !== 'pglite') throw new Error('--db is postgres or pglite');
const usePg = values.db === 'postgres';
const buyers = Number(values.buyers);
const dbName = `codiroom_bench_orders_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = usePg ? postgres(values.base, { max: 1, onnotice: () => {} }) : null;
const dataDir = usePg ? null : mkdtempSync(join(tmpdir(), 'codiroom-bench-orders-'));
const dbUrl = new URL(values.base);
dbUrl.pathname = `/${dbName}`;

// A fake Toss: approves every confirm once, answers the payment.
const SECRET = 'test_sk_bench';
const toss = createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url === '/v1/payments/confirm') {
      const b = JSON.parse(raw);
      res.end(
        JSON.stringify({
          paymentKey: b.paymentKey,
          orderId: b.orderId,
          status: 'DONE',
          totalAmount: b.amount,
          balanceAmount: b.amount,
          method: '카드',
          approvedAt: new Date().toISOString(),
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ code: 'NOT_FOUND_PAYMENT', message: 'not found' }));
  });
});
await new Promise((r) => toss.listen(0, '127.0.0.1', r));
const tossBase = `http://127.0.0.1:${toss.address().port}`;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

if (usePg) await admin.unsafe(`create database ${dbName}`);
const serverEnv = {
  ...(usePg ? { DATABASE_URL: dbUrl.toString() } : { DATA_DIR: dataDir }),
  SEED_PRODUCTS: values.products,
  TOSS_SECRET_KEY: SECRET,
  TOSS_API_BASE: tossBase,
};
/**
 * Stock for every run, time-sale limits lifted (they keep their prices: a used-up limit is a 409 by
 * design), and `buyers` members; answers the item ids and the member ids. `query(text, params)`
 * answers rows, on either database.
 */
async function prepare(query) {
  await query('update product_items set stock = 1000000, is_active = true');
  await query('update product_displays set is_active = true');
  await query('update time_sale_items set stock_limit = 1000000');
  const items = (await query('select id from product_items order by id limit 500')).map((r) => r.id);
  const displays = (await query('select id from product_displays where is_active order by id')).map(
    (r) => r.id,
  );
  const users = [];
  for (let i = 0; i < buyers; i++) {
    const [u] = await query(`insert into users (phone, name) values ($1, '벤치') returning id`, [
      `0107${String(i).padStart(7, '0')}`,
    ]);
    users.push(u.id);
  }
  return { items, users, displays };
}
serverEnv.METRICS_TOKEN = BENCH_METRICS_TOKEN;

/**
 * A build that keeps product page documents (docs/ARCHITECTURE.md, "The page read path") computes
 * them after a start, a few seconds of every 30 s: start-up work like the warm-up load, not the
 * order path. They are stored first (storeProductDocuments), so the measured seconds carry orders
 * only. Answers the seconds it took (null: the build keeps no documents).
 */
async function settleDocuments(displays) {
  const origin = `http://127.0.0.1:${port}`;
  if ((await storedDocuments(origin)) === null) return null;
  return storeProductDocuments(origin, displays);
}

let server;
try {
  server = await startServer({ port, env: serverEnv });
  let prepared;
  if (usePg) {
    const db = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
    prepared = await prepare((text, params = []) => db.unsafe(text, params));
    await db.end();
  } else {
    // The embedded database has one owner: stop the server, prepare the directory, start it again.
    await server.stop();
    server = undefined;
    const pg = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    prepared = await prepare(async (text, params = []) => (await pg.query(text, params)).rows);
    await pg.close();
    server = await startServer({ port, env: serverEnv });
  }
  const { items, users, displays } = prepared;
  const documentsS = await settleDocuments(displays);
  const key = new TextEncoder().encode(BENCH_ENV.JWT_SECRET);
  const now = Math.floor(Date.now() / 1000);
  // What the server issues (apps/api/src/platform/tokens.ts): a session id (`sid`) and at most
  // 15 minutes of life, longer than any run.
  const tokens = await Promise.all(
    users.map((id) =>
      new SignJWT({ typ: 'access', sid: randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setIssuedAt(now)
        .setExpirationTime(now + 15 * 60)
        .sign(key),
    ),
  );
  const base = `http://127.0.0.1:${port}`;
  const address = {
    recipient: '벤치',
    phone: '01012345678',
    zipcode: '06236',
    main_address: '서울 강남구 테헤란로 1',
    detail_address: '',
  };
  // node:http with keep-alive sockets (one per buyer): the load generator shares the machine's
  // cores with the server and PostgreSQL, and undici's fetch costs about twice its CPU.
  const agent = new Agent({ keepAlive: true, maxSockets: buyers });
  const post = (path, headers, body) =>
    new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { method: 'POST', headers, agent }, (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          raw += c;
        });
        res.on('end', () => resolve({ status: res.statusCode, text: raw }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  let both = [];
  let creates = [];
  let confirms = [];
  let failures = 0;
  const failureSamples = [];
  const failed = (what, r) => {
    failures += 1;
    if (failureSamples.length < 5) failureSamples.push(`${what} ${r.status}: ${r.text.slice(0, 200)}`);
  };
  let n = 0;
  let until = 0;
  async function buyer(i) {
    const headers = { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' };
    while (performance.now() < until) {
      n += 1;
      const item = items[n % items.length];
      const t0 = performance.now();
      const c = await post(
        '/api/orders',
        headers,
        JSON.stringify({ items: [{ product_item_id: item, quantity: 1 }], address }),
      );
      const t1 = performance.now();
      if (c.status !== 200) {
        failed('create', c);
        continue;
      }
      const order = JSON.parse(c.text);
      const f = await post(
        '/api/orders/confirm-order',
        headers,
        JSON.stringify({
          payment_key: `bench_${order.order_id}`,
          order_id: order.order_id,
          amount: order.amount,
        }),
      );
      const t2 = performance.now();
      if (f.status !== 200) {
        failed('confirm', f);
        continue;
      }
      creates.push(t1 - t0);
      confirms.push(t2 - t1);
      both.push(t2 - t0);
    }
  }
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const r = (v) => Math.round(v * 10) / 10;
    return { p50: r(pct(s, 50)), p90: r(pct(s, 90)), p99: r(pct(s, 99)), max: r(s.at(-1) ?? 0) };
  };
  const runFor = async (seconds) => {
    until = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: buyers }, (_, i) => buyer(i)));
  };
  await runFor(Number(values.warmup));
  const warmup = { seconds: Number(values.warmup), paid_orders: both.length, create_confirm_ms: stats(both) };
  both = [];
  creates = [];
  confirms = [];
  const cpu0 = usePg ? await cpuSnapshot(admin, dbName, server.pid) : null;
  await runFor(Number(values.duration));
  const cpu1 = usePg ? await cpuSnapshot(admin, dbName, server.pid) : null;
  agent.destroy();
  const used = usePg ? cpuBetween(cpu0, cpu1) : null;
  const perOrder = (ms) => Math.round((ms / Math.max(1, both.length)) * 100) / 100;
  const out = {
    bench: `POST /api/orders + POST /api/orders/confirm-order, distinct members (${usePg ? 'PostgreSQL' : 'PGlite'}, Toss adapter vs local fake)`,
    node: process.version,
    buyers,
    duration_s: Number(values.duration),
    paid_orders: both.length,
    orders_per_s: Math.round(both.length / Number(values.duration)),
    failures,
    ...(failureSamples.length ? { failure_samples: failureSamples } : {}),
    create_confirm_ms: stats(both),
    create_ms: stats(creates),
    confirm_ms: stats(confirms),
    target_p99_ms: usePg ? 150 : null,
    warmup,
    documents_settled_s: documentsS,
    load_avg_1m: Math.round(loadavg()[0] * 100) / 100,
    // CPU per paid order (create + confirm), to compare runs on a busy machine.
    ...(used && {
      cpu_ms_per_order: {
        server: perOrder(used.server),
        postgres: perOrder(used.pg),
        bench: perOrder(used.bench),
      },
    }),
  };
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL(`./results/orders${usePg ? '' : '-pglite'}.json`, import.meta.url),
    `${JSON.stringify(out, null, 2)}\n`,
  );
  const slow = out.target_p99_ms !== null && out.create_confirm_ms.p99 > out.target_p99_ms;
  process.exitCode = slow || failures > 0 ? 1 : 0;
} finally {
  await server?.stop();
  toss.close();
  if (usePg) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  } else {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
